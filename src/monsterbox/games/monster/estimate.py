"""The team-success estimate ISMCTS uses when it cuts a Monster playout short (and hints and reviews show).

A logistic model of the chance that the team wins from a position, fitted on positions of heuristic-team games
with their outcomes (``benchmarks/monster_estimate.py`` refits it and prints the weights below and the held-out
fit). Its features are what the rulebook's outcome turns on: the villagers against the monsters' attack if the day
ended now (MO Monster Attack, 2 per monster in a disturbed lair), the monsters and lairs left on the table (the team
wins when no lair is left, R2), the weapons still in play (the hands of players who have not passed; stored ones
for tomorrow), loot items, cubes, today's crises and the players still hunting. Everything it reads is on the
sampled state the search holds (a determinization of the seat's information set), never the true state.

The previous estimate, a sigmoid of villagers minus that attack alone, ranked held-out positions by outcome with an
AUC of about 0.60; this one about 0.75 (see the script's output).
"""

from __future__ import annotations

import math

from monsterbox.games.monster.attack import attack_total
from monsterbox.games.monster.state import MonsterState

#: feature names, in the order of ``features`` and of ``WEIGHTS``
FEATURES = ("bias", "villagers", "attack", "monsters", "lairs", "monsters in disturbed lairs",
            "monsters killed today", "weapons of active players", "min(weapons, monsters)", "stored weapons",
            "unused loot items", "cubes in play", "day crises", "players still hunting",
            "shortfall (villagers < attack)")

#: fitted by ``python benchmarks/monster_estimate.py`` (heuristic-team games, 4 players, level 1 crisis deck)
WEIGHTS = (-1.9079, 1.6753, 0.0413, -3.4374, 2.4242, -0.6823, -0.6316, 4.1348, -2.3258, 2.7713, 1.7355, 1.0198, -0.9353,
           -1.4333, -0.4266)


def features(s: MonsterState) -> list[float]:
    """The model's inputs, each scaled to about one unit."""
    stacks, dead, n = s.stacks, s.dead, s.n
    monsters = sum(len(x) for x in stacks)
    killed = sum(len(x) for x in dead)
    disturbed = sum(len(stacks[i]) for i in range(len(stacks)) if dead[i])
    weapons = 0
    active = 0
    for p in range(n):
        if not s.passed[p]:
            active += 1
            weapons += sum(s.hands[p]) + (1 if s.armed[p] >= 0 else 0)
    stored = sum(len(x) for x in s.stored)
    items = sum(len(i) - len(u) for i, u in zip(s.items, s.items_used, strict=True))
    threat = attack_total(s)
    v = s.villagers
    return [1.0, v / 10, threat / 10, monsters / 10, len(stacks) / 4, disturbed / 10, killed / 10,
            weapons / 10, min(weapons, monsters) / 10, stored / 10, items / 4, sum(s.cubes) / 4, len(s.day_crises),
            active / 4, min(v - threat, 0) / 10]


def success_chance(s: MonsterState, weights: tuple[float, ...] = WEIGHTS) -> float:
    """The fitted chance of team success from ``s``."""
    z = sum(w * f for w, f in zip(weights, features(s), strict=True))
    if z < -30:
        return 0.0
    return 1 / (1 + math.exp(-z))


def estimate(s: MonsterState) -> list[float]:
    """Team reward estimate for cut-off playouts: the same fitted success chance for every seat (cooperative)."""
    return [success_chance(s)] * s.n
