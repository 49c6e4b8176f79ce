"""Monster Inn: the bidding game for 3 to 5 players (rulebooks monster-inn.en.txt / monster-inn.fr.txt)."""
