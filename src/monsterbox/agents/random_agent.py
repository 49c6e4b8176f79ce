"""The uniformly random agent."""

from __future__ import annotations

import random

from monsterbox.agents.base import Observation


class RandomAgent:
    """Picks a legal action uniformly at random from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, obs: Observation) -> str:
        return obs.legal[self.rng.randrange(len(obs.legal))]
