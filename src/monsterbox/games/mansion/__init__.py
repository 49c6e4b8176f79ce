"""Monster Mansion: the casting game for 2 to 4 players (rulebook monster-mansion.txt)."""
