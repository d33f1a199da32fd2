# games
