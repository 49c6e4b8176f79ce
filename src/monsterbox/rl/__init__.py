"""Reinforcement-learning interfaces: a PettingZoo AEC environment for every game, a single-agent Gymnasium
environment (registered as ``monsterbox/Inn-v0``, ``Monster-v0``, ``Mansion-v0``, ``Maker-v0``) and an OpenSpiel
adapter (``monsterbox.rl.openspiel``). Observations are fixed-length vectors of what the acting seat may know plus an
action mask over the game's action table: ``encode`` encodes a seat's *view* (the reference, and what agents holding
only an Observation use); the environments read the same vector straight from the state for that seat
(``seat_encode``), without building the view.

Install with ``pip install 'monsterbox[rl]'`` (numpy, gymnasium, pettingzoo); OpenSpiel with ``[openspiel]``."""

from monsterbox.rl.encode import encode, observation_size

__all__ = ["encode", "observation_size"]

try:
    from monsterbox.rl.registration import register_envs

    register_envs()
except ImportError:  # gymnasium is not installed (the rl extra): nothing to register
    pass
