"""A PettingZoo AEC environment for any monsterbox game, built like PettingZoo's classic environments.

``env(game_id, players=N)`` returns the raw environment wrapped as the classic ones are
(``TerminateIllegalWrapper``: an illegal move ends the game with reward ``illegal_reward`` for the mover;
``AssertOutOfBoundsWrapper``; ``OrderEnforcingWrapper``: step or observe before reset is a clear error);
``raw_env(...)`` is the bare one (an illegal code raises IllegalAction and changes nothing).

- Agents are ``player_0`` .. ``player_{n-1}``; the acting agent is the game's ``to_play``.
- Actions: ``Discrete(common.action_space_size(game))``, fixed per game: the largest action table over the player
  counts, so one policy fits every table (codes past a smaller table are never legal).
- Observations: ``{"observation": float32 vector in [-4, 4], "action_mask": int8 vector}``: what that agent may
  know (``seat_encode``, equal to the encoding of its view) and its legal action codes. ``state()``: every seat's
  observation concatenated (what the seats know between them; never the deck order or other hidden cards), for
  centralised critics; ``state_space`` is its Box.
- Deals: ``reset(seed=s)`` deals game ``s``'s deal stream; an unseeded ``reset()`` draws the next deal from the
  environment's generator (from the last seed given, else from fresh entropy), so parallel workers differ.
- Rewards come at the end: each seat's share of the win (1 split among winners; the cooperative Monster: every
  seat 1 on a team win). ``reward="shaped"`` (Monster only) also pays every seat, after each step, the change of
  ``common.monster_progress`` (monsters killed, villagers saved): potential-based shaping for a game that random
  play never wins.
- ``max_steps``: every agent is truncated after that many moves in all (default: none).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from monsterbox.core.errors import InvalidOptions
from monsterbox.core.game import Game
from monsterbox.core.registry import game_part, get_ruleset, new_game
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
        self._seats = {a: i for i, a in enumerate(self.possible_agents)}
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
        return self._seats[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seats[agent]
        game = self.game
        return {"observation": observation(game, seat), "action_mask": mask(game, seat, self.n_actions)}

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
        game = self.game
        game.play_code(int(action))  # type: ignore[arg-type]  # an illegal code raises, changing nothing
        self._steps += 1
        self.rewards = rewards = dict.fromkeys(self.agents, 0.0)
        paid = False
        if self.reward_kind == "shaped":
            potential = monster_progress(game)
            for a in self.agents:
                rewards[a] = potential - self._potential
            self._potential = potential
            paid = True
        seat = game.rules.to_play(game.state)  # None once the game is over
        if seat is None:
            scores, winners = game.rules.outcome(game.state)  # not the result's details (Inn's breakdown)
            for i, a in enumerate(self.possible_agents):
                rewards[a] += win_reward(game, i, winners)
                self.terminations[a] = True
                self.infos[a] = {"scores": scores, "winners": winners}
            paid = True
        else:
            if self.max_steps is not None and self._steps >= self.max_steps:
                self.truncations = {a: True for a in self.agents}
            self.agent_selection = self.possible_agents[seat]
        if paid:  # else every reward is 0: adding them would change nothing
            self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        text = game_part(self.game_id, "text")
        v = self.game.spectator_view()
        head = f"{self.game.rules.title}: " + ("game over" if self.game.over else f"seat {self.game.to_play} to play")
        return "\n".join([head, *(f"  {text.narrate(e)}" for e in v["log"][-8:])])

    def close(self) -> None:
        pass


def raw_env(game_id: str = "inn", players: int = 4, options: dict[str, Any] | None = None,
            render_mode: str | None = None, reward: str = "win", max_steps: int | None = None) -> MonsterboxEnv:
    """The environment without PettingZoo's wrappers."""
    return MonsterboxEnv(game_id, players, options, render_mode, reward, max_steps)


class _DirectReads:
    """PettingZoo's wrappers forward each attribute read (``agent_selection``, ``terminations``, ...) through every
    layer's ``__getattr__``; these read the environment's own attributes directly (the same objects: the environment
    and the wrappers write them only on the environment)."""

    _env_itself: MonsterboxEnv

    @property
    def agent_selection(self) -> str:
        return self._env_itself.agent_selection

    @property
    def agents(self) -> list[str]:
        return self._env_itself.agents

    @property
    def terminations(self) -> dict[str, bool]:
        return self._env_itself.terminations

    @property
    def truncations(self) -> dict[str, bool]:
        return self._env_itself.truncations

    @property
    def rewards(self) -> dict[str, float]:
        return self._env_itself.rewards

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        return self._env_itself.infos

    @property
    def _cumulative_rewards(self) -> dict[str, float]:
        return self._env_itself._cumulative_rewards

    @property
    def possible_agents(self) -> list[str]:
        return self._env_itself.possible_agents


class _TerminateIllegal(_DirectReads, wrappers.TerminateIllegalWrapper):  # type: ignore[misc]
    """PettingZoo's TerminateIllegalWrapper; a legal move of a live agent (checked against the mask it was last
    shown, as the wrapper does) goes straight to the environment, anything else through the wrapper's own step."""

    def __init__(self, env: MonsterboxEnv, illegal_reward: float) -> None:
        self._env_itself = env
        super().__init__(env, illegal_reward=illegal_reward)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        raw = self._env_itself
        obs = raw.observe(agent)
        if agent == raw.agent_selection:
            self._prev_obs = obs
            self._prev_info = raw.infos.get(agent, {})
        return obs

    def step(self, action: Any) -> None:
        raw = self._env_itself
        obs = self._prev_obs
        agent = raw.agent_selection
        if (type(obs) is dict and not self._terminated and not raw.terminations[agent]
                and not raw.truncations[agent] and obs["action_mask"][action]):
            self._prev_obs = self._prev_info = None
            raw.step(action)
        else:
            super().step(action)


class _AssertOutOfBounds(_DirectReads, wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    def __init__(self, env: Any) -> None:
        self._env_itself = env.unwrapped
        self._n = env.unwrapped.n_actions
        super().__init__(env)

    def observe(self, agent: str) -> Any:
        return self.env.observe(agent)

    def step(self, action: Any) -> None:
        if type(action) is int and 0 <= action < self._n:  # in the Discrete space: skip its generic check
            self.env.step(action)
        else:
            super().step(action)


class _OrderEnforcing(_DirectReads, wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """Reads before ``reset`` still fail as in PettingZoo's wrapper: the property raises AttributeError, and the
    wrapper's ``__getattr__`` then says what was read too early."""

    def __init__(self, env: Any) -> None:
        self._env_itself = env.unwrapped
        # the chain env() builds: a legal move then goes from here straight to the environment, checked as the two
        # inner wrappers check it (in the action space, legal in the mask last shown to the mover)
        self._illegal = env.env if isinstance(env, _AssertOutOfBounds) and isinstance(env.env, _TerminateIllegal) \
            else None
        super().__init__(env)

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self._env_itself.agent_selection

    @property
    def agents(self) -> list[str]:
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        return self._env_itself.agents

    @property
    def terminations(self) -> dict[str, bool]:
        if not self._has_reset:
            raise AttributeError("terminations cannot be accessed before reset")
        return self._env_itself.terminations

    @property
    def truncations(self) -> dict[str, bool]:
        if not self._has_reset:
            raise AttributeError("truncations cannot be accessed before reset")
        return self._env_itself.truncations

    @property
    def rewards(self) -> dict[str, float]:
        if not self._has_reset:
            raise AttributeError("rewards cannot be accessed before reset")
        return self._env_itself.rewards

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("infos cannot be accessed before reset")
        return self._env_itself.infos

    def observe(self, agent: str) -> Any:
        if not self._has_reset:
            return super().observe(agent)  # PettingZoo's error
        return self.env.observe(agent)

    def step(self, action: Any) -> None:
        raw = self._env_itself
        if self._has_reset and raw.agents:
            self._has_updated = True
            ti = self._illegal
            if ti is not None and type(action) is int and 0 <= action < raw.n_actions:
                obs = ti._prev_obs
                agent = raw.agent_selection
                if (type(obs) is dict and not ti._terminated and not raw.terminations[agent]
                        and not raw.truncations[agent] and obs["action_mask"][action]):
                    ti._prev_obs = ti._prev_info = None
                    raw.step(action)
                    return
            self.env.step(action)
        else:
            super().step(action)  # PettingZoo's error or warning

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            return super().last(observe)  # type: ignore[no-any-return]  # PettingZoo's error
        raw = self._env_itself
        agent = raw.agent_selection
        if not observe:
            obs = None
        elif self._illegal is not None:  # what _TerminateIllegal.observe does for the agent to act, inline
            obs = raw.observe(agent)
            ti = self._illegal
            ti._prev_obs = obs
            ti._prev_info = raw.infos.get(agent, {})
        else:
            obs = self.env.observe(agent)
        return obs, raw._cumulative_rewards[agent], raw.terminations[agent], raw.truncations[agent], raw.infos[agent]


def env(game_id: str = "inn", players: int = 4, options: dict[str, Any] | None = None,
        render_mode: str | None = None, reward: str = "win", max_steps: int | None = None,
        illegal_reward: float = -1.0) -> Any:
    """``monsterbox.rl.pettingzoo_env.env("maker", players=3)``: wrapped as PettingZoo's classic environments
    (subclasses of their three wrappers, which read the environment's attributes directly)."""
    e: Any = raw_env(game_id, players, options, render_mode, reward, max_steps)
    e = _TerminateIllegal(e, illegal_reward)
    e = _AssertOutOfBounds(e)
    return _OrderEnforcing(e)
