"""Heuristic bots as agents: a game's policy run on one determinization of the seat per decision.

A policy reads only what its seat knows from the sampled state (each game tests that its choice is the same in
every determinization), so giving it a determinization and never the true state keeps hidden cards hidden.
"""

from __future__ import annotations

import random
from typing import Any

from monsterbox.agents.base import Observation
from monsterbox.core.errors import InvalidOptions


class PolicyAgent:
    """Runs ``policy_class(**params).choose(state) -> action code`` on a fresh determinization per decision.

    ``noise`` (0 to 1): the share of decisions played uniformly at random instead (a weaker, more human bot: the
    ``easy`` level)."""

    name = "heuristic"

    def __init__(self, policy_class: type, seed: int = 0, noise: float = 0.0, **params: Any) -> None:
        if isinstance(noise, bool) or not isinstance(noise, int | float) or not 0 <= noise <= 1:
            raise InvalidOptions(f"heuristic noise must be a number from 0 to 1, got {noise!r}")
        self.rng = random.Random(seed)
        self.noise = float(noise)
        self.policy = policy_class(**params)

    def act(self, obs: Observation) -> str:
        if len(obs.legal) == 1:
            return obs.legal[0]
        if self.noise and self.rng.random() < self.noise:
            return obs.legal[self.rng.randrange(len(obs.legal))]
        game = obs.sample(self.rng.randrange(2**31))
        return game.action_name(self.policy.choose(game.state))
