"""Reinforcement-learning interfaces: a PettingZoo AEC environment for every game, a single-agent Gymnasium
environment (registered as ``monsterbox/Inn-v0``, ``Monster-v0``, ``Mansion-v0``, ``Maker-v0``) and an OpenSpiel
adapter (``monsterbox.rl.openspiel``). Observations are fixed-length vectors encoded from the acting seat's *view*
(so they can hold nothing that seat may not know) plus an action mask over the game's action table.

Install with ``pip install 'monsterbox[rl]'`` (numpy, gymnasium, pettingzoo); OpenSpiel with ``[openspiel]``."""

from monsterbox.rl.encode import encode, observation_size

__all__ = ["encode", "observation_size"]

try:
    from monsterbox.rl.registration import register_envs

    register_envs()
except ImportError:  # gymnasium is not installed (the rl extra): nothing to register
    pass
