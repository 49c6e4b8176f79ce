"""Reinforcement-learning interfaces: a PettingZoo AEC environment for every game and a single-agent Gymnasium
wrapper. Observations are fixed-length vectors encoded from the acting seat's *view* (so they can hold nothing that
seat may not know) plus an action mask over the game's action table.

Install with ``pip install 'monsterbox[rl]'`` (numpy, gymnasium, pettingzoo)."""

from monsterbox.rl.encode import encode, observation_size

__all__ = ["encode", "observation_size"]
