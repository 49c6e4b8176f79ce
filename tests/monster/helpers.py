"""Helpers to set up Monster positions."""

from __future__ import annotations

from typing import Any

import monsterbox
from monsterbox.core.game import Game
from monsterbox.games.monster.cards import COLOURS

# MO Setup example (6 players, 20 monsters): the first lair has 4 monsters with a Goblin on top, the second is
# Vampire-Zombie-Vampire, the third has 6 with a Goblin on top, the fourth 7 (the attack example's lair).
EXAMPLE_LAIRS = ["lair_5", "lair_1", "lair_19", "lair_26"]
W = {"stake": 0, "holy_water": 1, "net": 2, "silver_bullet": 3, "torch": 4}


def monster_game(players: int = 3, leader: int = 0, seed: int = 0, **options: Any) -> Game:
    return monsterbox.new_game("monster", players, seed, {"first_leader": leader, **options})


def set_hand(g: Game, seat: int, weapons: list[str]) -> None:
    """Replace a hand (old cards back to the deck, new ones taken from the deck)."""
    s = g.state
    s.step += 1
    for w in range(5):
        s.weapon_deck[0:0] = [w] * s.hands[seat][w]
    s.hands[seat] = [0] * 5
    s.known[seat] = []
    for name in weapons:
        w = W[name]
        s.weapon_deck.remove(w)
        s.hands[seat][w] += 1


def set_lair(g: Game, index: int, monsters_top_first: list[str]) -> None:
    """Replace the monster stack of the table lair at ``index``."""
    s = g.state
    s.step += 1
    s.stacks[index] = [COLOURS.index(m) for m in reversed(monsters_top_first)]
    s.dead[index] = []


def weapon_total(g: Game) -> int:
    s = g.state
    return (len(s.weapon_deck) + len(s.weapon_discard) + sum(len(b) for b in s.bank) + sum(sum(h) for h in s.hands)
            + sum(1 for a in s.armed if a >= 0) + sum(len(x) for x in s.stored))


def start_hunt_at(g: Game, seat: int) -> None:
    s = g.state
    s.step += 1
    s.current = seat
