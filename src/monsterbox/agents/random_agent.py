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
        legal = obs.legal
        return legal[self.rng.randrange(len(legal))]

    def act_code(self, obs: Observation) -> int:
        """The same choice as ``act``, as an action code (the runner's fast path: no action ids are built)."""
        codes = obs.legal_codes
        return codes[self.rng.randrange(len(codes))]
