"""Monster: the cooperative, no-talking monster hunt for 2 to 6 players (rulebook monster.txt)."""
