"""A PettingZoo AEC environment for any monsterbox game, built like PettingZoo's classic environments.

``env(game_id, players=N)`` returns the raw environment wrapped as the classic ones are
(``TerminateIllegalWrapper``: an illegal move ends the game with reward ``illegal_reward`` for the mover;
``AssertOutOfBoundsWrapper``; ``OrderEnforcingWrapper``: step or observe before reset is a clear error);
``raw_env(...)`` is the bare one (an illegal code raises IllegalAction and changes nothing).

- Agents are ``player_0`` .. ``player_{n-1}``; the acting agent is the game's ``to_play``.
- Actions: ``Discrete(common.action_space_size(game))``, fixed per game: the largest action table over the player
  counts, so one policy fits every table (codes past a smaller table are never legal).
- Observations: ``{"observation": float32 vector in [-4, 4], "action_mask": int8 vector}`` built from that agent's
  view only. ``state()``: every seat's observation concatenated (what the seats know between them; never the deck
  order or other hidden cards), for centralised critics; ``state_space`` is its Box.
- Deals: ``reset(seed=s)`` deals game ``s``'s deal stream; an unseeded ``reset()`` draws the next deal from the
  environment's generator (from the last seed given, else from fresh entropy), so parallel workers differ.
- Rewards come at the end: each seat's share of the win (1 split among winners; the cooperative Monster: every
  seat 1 on a team win). ``reward="shaped"`` (Monster only) also pays every seat, after each step, the change of
  ``common.monster_progress`` (monsters killed, villagers saved): potential-based shaping for a game that random
  play never wins.
- ``max_steps``: every agent is truncated after that many moves in all (default: none).
"""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from monsterbox.core.errors import InvalidOptions
from monsterbox.core.game import Game
from monsterbox.core.registry import get_ruleset, new_game
from monsterbox.rl.common import (
    OBS_HIGH,
    OBS_LOW,
    action_space_size,
    check_game,
    mask,
    monster_progress,
    observation,
    win_reward,
)
from monsterbox.rl.encode import observation_size


class MonsterboxEnv(AECEnv):  # type: ignore[misc]
    metadata = {"render_modes": ["ansi"], "name": "monsterbox_v0", "is_parallelizable": False, "render_fps": 1}

    def __init__(self, game_id: str = "inn", players: int = 4, options: dict[str, Any] | None = None,
                 render_mode: str | None = None, reward: str = "win", max_steps: int | None = None) -> None:
        super().__init__()
        self.game_id = check_game(game_id)
        rules = get_ruleset(self.game_id)
        if isinstance(players, bool) or not isinstance(players, int) or \
                not rules.min_players <= players <= rules.max_players:
            raise InvalidOptions(f"players: {rules.title} is for {rules.min_players} to {rules.max_players} players, "
                                 f"got {players!r}")
        if reward not in ("win", "shaped") or (reward == "shaped" and self.game_id != "monster"):
            raise InvalidOptions(f"reward must be 'win' (or 'shaped' for the cooperative game monster), got {reward!r}")
        if render_mode not in (None, "ansi"):
            raise InvalidOptions(f"render_mode must be None or 'ansi', got {render_mode!r}")
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int)
                                      or max_steps < 1):
            raise InvalidOptions(f"max_steps must be a positive integer or None, got {max_steps!r}")
        self.players = players
        self.game_options = options
        self.render_mode = render_mode
        self.reward_kind = reward
        self.max_steps = max_steps
        self.game: Game = new_game(self.game_id, players, 0, options)
        self.n_actions = action_space_size(self.game_id, options)
        self.obs_size = observation_size(self.game_id, players)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = self.possible_agents[:]
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(OBS_LOW, OBS_HIGH, (self.obs_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.n_actions,), np.int8),
            }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.n_actions) for a in self.possible_agents}
        self.state_space = spaces.Box(OBS_LOW, OBS_HIGH, (self.obs_size * players,), np.float32)
        self._rng = np.random.default_rng()
        self._steps = 0
        self._potential = 0.0

    def observation_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        return self.action_spaces[agent]

    def seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.seat(agent)
        return {"observation": observation(self.game, seat), "action_mask": mask(self.game, seat, self.n_actions)}

    def state(self) -> np.ndarray:
        """Every seat's observation, concatenated in seat order (for a centralised critic)."""
        return np.concatenate([observation(self.game, p) for p in range(self.players)])

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        game_seed = int(self._rng.integers(2**31))
        self.game = new_game(self.game_id, self.players, game_seed, self.game_options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._steps = 0
        self._potential = monster_progress(self.game) if self.reward_kind == "shaped" else 0.0
        seat = self.game.to_play
        assert seat is not None
        self.agent_selection = self.possible_agents[seat]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game.play_code(int(action))  # type: ignore[arg-type]  # an illegal code raises, changing nothing
        self._steps += 1
        self.rewards = {a: 0.0 for a in self.agents}
        if self.reward_kind == "shaped":
            potential = monster_progress(self.game)
            for a in self.agents:
                self.rewards[a] = potential - self._potential
            self._potential = potential
        if self.game.over:
            result = self.game.result()
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] += win_reward(self.game, i)
                self.terminations[a] = True
                self.infos[a] = {"scores": result["scores"], "winners": result["winners"]}
        else:
            if self.max_steps is not None and self._steps >= self.max_steps:
                self.truncations = {a: True for a in self.agents}
            seat = self.game.to_play
            assert seat is not None
            self.agent_selection = self.possible_agents[seat]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        text = importlib.import_module(f"monsterbox.games.{self.game_id}.text")
        v = self.game.spectator_view()
        head = f"{self.game.rules.title}: " + ("game over" if self.game.over else f"seat {self.game.to_play} to play")
        return "\n".join([head, *(f"  {text.narrate(e)}" for e in v["log"][-8:])])

    def close(self) -> None:
        pass


def raw_env(game_id: str = "inn", players: int = 4, options: dict[str, Any] | None = None,
            render_mode: str | None = None, reward: str = "win", max_steps: int | None = None) -> MonsterboxEnv:
    """The environment without PettingZoo's wrappers."""
    return MonsterboxEnv(game_id, players, options, render_mode, reward, max_steps)


def env(game_id: str = "inn", players: int = 4, options: dict[str, Any] | None = None,
        render_mode: str | None = None, reward: str = "win", max_steps: int | None = None,
        illegal_reward: float = -1.0) -> Any:
    """``monsterbox.rl.pettingzoo_env.env("maker", players=3)``: wrapped as PettingZoo's classic environments."""
    e: Any = raw_env(game_id, players, options, render_mode, reward, max_steps)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=illegal_reward)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)
