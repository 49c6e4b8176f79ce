"""Heuristic bots as agents: a game's policy run on one determinization of the seat per decision.

A policy reads only what its seat knows from the sampled state (each game tests that its choice is the same in
every determinization), so giving it a determinization and never the true state keeps hidden cards hidden.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from monsterbox.agents.base import Observation


class PolicyAgent:
    """``policy_class(**params).choose(state) -> action code``."""

    name = "heuristic"
    policy_class: ClassVar[type]

    def __init__(self, seed: int = 0, **params: Any) -> None:
        self.rng = random.Random(seed)
        self.policy = self.policy_class(**params)

    def act(self, obs: Observation) -> str:
        if len(obs.legal) == 1:
            return obs.legal[0]
        game = obs.sample(self.rng.randrange(2**31))
        return game.action_name(self.policy.choose(game.state))
