"""Heuristic bots as agents: a game's policy run on one determinization of the seat per decision.

A policy reads only what its seat knows from the sampled state (each game tests that its choice is the same in
every determinization), so giving it a determinization and never the true state keeps hidden cards hidden.
"""

from __future__ import annotations

import random
from typing import Any

from monsterbox.agents.base import Observation


class PolicyAgent:
    """Runs ``policy_class(**params).choose(state) -> action code`` on a fresh determinization per decision."""

    name = "heuristic"

    def __init__(self, policy_class: type, seed: int = 0, **params: Any) -> None:
        self.rng = random.Random(seed)
        self.policy = policy_class(**params)

    def act(self, obs: Observation) -> str:
        if len(obs.legal) == 1:
            return obs.legal[0]
        game = obs.sample(self.rng.randrange(2**31))
        return game.action_name(self.policy.choose(game.state))
