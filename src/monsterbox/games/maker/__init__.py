"""Monster Maker: the press-your-luck labyrinth game for 2 to 6 players (rulebook monster-maker.txt)."""
