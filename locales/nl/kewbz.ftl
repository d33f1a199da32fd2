# kewbz
