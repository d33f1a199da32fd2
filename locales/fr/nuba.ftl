# nuba
