"""Helpers to script Monster Inn positions through the public API (explicit deck order and first player)."""

from __future__ import annotations

import random
from typing import Any

import monsterbox
from monsterbox.core.game import Game


def inn(players: int = 3, deck: list[str] | None = None, first: int = 0, seed: int = 0, **options: Any) -> Game:
    opts: dict[str, Any] = {"first_player": first, **options}
    if deck is not None:
        opts["deck"] = deck
    return monsterbox.new_game("inn", players, seed, opts)


def play(g: Game, *actions: str) -> Game:
    for a in actions:
        g.play(a)
    return g


def random_game(seed: int, players: int = 4, options: dict[str, Any] | None = None,
                stop_after: int | None = None) -> Game:
    """A game played by uniformly random choices (from ``seed``), optionally stopped early."""
    g = monsterbox.new_game("inn", players, seed, options)
    r = random.Random(seed * 31 + 7)
    n = 0
    while not g.over and (stop_after is None or n < stop_after):
        acts = g.legal_actions()
        g.play(acts[r.randrange(len(acts))])
        n += 1
    return g


def hand(g: Game, seat: int) -> tuple[int, int]:
    s = g.state
    return s.hands[2 * seat], s.hands[2 * seat + 1]
