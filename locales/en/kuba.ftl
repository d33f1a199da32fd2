# kuba
