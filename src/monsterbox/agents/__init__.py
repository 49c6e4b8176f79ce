"""Game-agnostic agents (random; each game's heuristic bot is found through the registry)."""

from monsterbox.agents.base import Agent, Observation, observe
from monsterbox.agents.registry import AGENT_NAMES, make_agent, parse_agent_spec

__all__ = ["AGENT_NAMES", "Agent", "Observation", "make_agent", "observe", "parse_agent_spec"]
