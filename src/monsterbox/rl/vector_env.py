"""A native Gymnasium vector environment: ``num_envs`` games of one learning seat each, stepped in one process
without a wrapper per game (issue 29.4).

``gymnasium.make_vec("monsterbox/Inn-v0", num_envs=8)`` (``vectorization_mode="vector_entry_point"`` is the
default for the monsterbox ids; ``"sync"`` and ``"async"`` still give Gymnasium's own vectorizers) or
``SeatVectorEnv("inn", num_envs=8)``. Keyword options are the single environment's (``gym_env.SeatEnv``: players,
seat, opponents, options, illegal, illegal_penalty, max_steps, reward); ``render_mode`` is not offered.

- Batches: observations ``(num_envs, size)`` float32, rewards float64, terminations and truncations bool, actions
  one code per game (``MultiDiscrete``). ``infos["action_mask"]`` is ``(num_envs, n_actions)`` int8 (with
  ``infos["_action_mask"]`` all true, Gymnasium's dictionary-of-arrays layout), ``infos["seat"]`` the learner's
  seat of each game; ``action_masks()`` gives the masks as booleans (sb3-contrib's convention), and a game's
  ``info["result"]`` (its scores and winners) comes at its end under ``infos["result"]``.
- Autoreset is Gymnasium 1.x's default, next step (``metadata["autoreset_mode"] = AutoresetMode.NEXT_STEP``): the
  step after a game ended resets it and returns its first observation with reward 0; that game's action is ignored.
- Seeds: ``reset(seed=s)`` seeds game ``i`` with ``s + i`` (a list gives one seed per game), as
  ``SyncVectorEnv`` does, so a batch equals ``num_envs`` single environments seeded alike, step for step
  (``tests/test_rl_vector.py``); later episodes continue each game's own generator.

**Self-play** (``opponents="self"``: ``SelfPlayVectorEnv``): every seat of every game is the learner, and every
decision is a step. Each game's observation, mask and ``infos["seat"]`` are those of the seat to play; ``step``
plays each game's action for that seat. At a game's end the reward is the share of the win of the seat that made
the last move and ``infos["returns"]`` gives every seat's (``(num_envs, players)``, with ``infos["_returns"]``), so
that a policy shared by the seats credits each seat's decisions with its own return. An illegal code ends the
game with ``illegal_penalty`` for the seat that played it (``illegal="terminate"``, with
``infos["illegal_action"]``) or raises IllegalAction (``"raise"``). Same autoreset and seeds (game ``i``'s deals
drawn from a generator seeded ``s + i``).
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from monsterbox.core.errors import IllegalAction, InvalidOptions
from monsterbox.core.game import Game
from monsterbox.core.registry import get_ruleset, new_game
from monsterbox.rl.common import (
    DEFAULT_PLAYERS,
    OBS_HIGH,
    OBS_LOW,
    action_space_size,
    check_game,
    mask_of,
    observation_fn,
    win_reward,
)
from monsterbox.rl.encode import observation_size
from monsterbox.rl.gym_env import SeatEnv
from monsterbox.rl.inn_track import observation_bytes as inn_observation_bytes
from monsterbox.rl.seat_encode import STATE_ENCODERS, encode_mansion_bytes


def make_vector_env(game_id: str = "inn", num_envs: int = 1, **kwargs: Any) -> VectorEnv:
    """The ids' vector entry point: ``SelfPlayVectorEnv`` for ``opponents="self"``, else ``SeatVectorEnv``."""
    if kwargs.get("opponents") == "self":
        kwargs.pop("opponents")
        return SelfPlayVectorEnv(game_id, num_envs, **kwargs)
    return SeatVectorEnv(game_id, num_envs, **kwargs)


class SeatVectorEnv(VectorEnv):  # type: ignore[misc]
    """``num_envs`` games of ``game_id``, each with one learning seat (see the module)."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(self, game_id: str = "inn", num_envs: int = 1, **kwargs: Any) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise InvalidOptions(f"num_envs must be a positive integer, got {num_envs!r}")
        if kwargs.get("render_mode") is not None:
            raise InvalidOptions("the vector environment renders nothing: make single environments to render")
        kwargs.pop("render_mode", None)
        kwargs.pop("max_episode_steps", None)  # from the spec (none is declared); max_steps is the option
        self.envs = [SeatEnv(game_id, **kwargs) for _ in range(num_envs)]
        first = self.envs[0]
        self.game_id, self.players = first.game_id, first.players
        self.num_envs = num_envs
        self.n_actions = first.n_actions
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, self.n_actions, np.int64))
        self.render_mode = None
        size = self.single_observation_space.shape[0]
        self._obs = np.zeros((num_envs, size), np.float32)
        self._rewards = np.zeros(num_envs, np.float64)
        self._terminations = np.zeros(num_envs, np.bool_)
        self._truncations = np.zeros(num_envs, np.bool_)
        self._autoreset = np.zeros(num_envs, np.bool_)
        self._masks = np.zeros((num_envs, self.n_actions), np.int8)
        self._seats = np.zeros(num_envs, np.int64)
        self._every = np.ones(num_envs, np.bool_)
        self._started = False

    def reset(self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        """Reset every game (``options`` as the single environment's, e.g. ``{"seat": "random"}``)."""
        if seed is None:
            seeds: list[int | None] = [None] * self.num_envs
        elif isinstance(seed, int) and not isinstance(seed, bool):
            seeds = [seed + i for i in range(self.num_envs)]
        elif isinstance(seed, Sequence) and len(seed) == self.num_envs:
            seeds = list(seed)
        else:
            raise InvalidOptions(f"seed must be an int, None or a list of {self.num_envs} seeds, got {seed!r}")
        extra: dict[str, Any] = {}
        for i, (env, s) in enumerate(zip(self.envs, seeds, strict=True)):
            obs, info = env.reset(seed=s, options=options)
            self._obs[i] = obs
            self._masks[i] = info["action_mask"]
            self._seats[i] = info["seat"]
        self._autoreset[:] = False
        self._rewards[:] = 0.0
        self._terminations[:] = False
        self._truncations[:] = False
        self._started = True
        return self._obs.copy(), self._infos(extra)

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        if not self._started:
            raise gym.error.ResetNeeded("call reset() before step()")
        codes = np.asarray(actions)
        if codes.shape != (self.num_envs,):
            raise InvalidOptions(f"actions must be {self.num_envs} action codes (one per game), got shape "
                                 f"{codes.shape}")
        extra: dict[str, Any] = {}
        obs, rewards, terms, truncs = self._obs, self._rewards, self._terminations, self._truncations
        masks, seats, autoreset = self._masks, self._seats, self._autoreset
        for i, env in enumerate(self.envs):
            if autoreset[i]:
                o, info = env.reset()
                rewards[i] = 0.0
                terms[i] = truncs[i] = False
            else:
                o, r, terminated, truncated, info = env.step(codes[i])
                rewards[i] = r
                terms[i] = terminated
                truncs[i] = truncated
                if len(info) > 2:  # the result at the end, an illegal action
                    extra = self._add_info(extra, {k: v for k, v in info.items()
                                                   if k not in ("action_mask", "seat")}, i)
            obs[i] = o
            masks[i] = info["action_mask"]
            seats[i] = info["seat"]
        np.logical_or(terms, truncs, out=autoreset)
        return obs.copy(), rewards.copy(), terms.copy(), truncs.copy(), self._infos(extra)

    def action_masks(self) -> np.ndarray:
        """The legal actions of each game's learner now, ``(num_envs, n_actions)`` booleans (all false for a game
        that ended and waits for its autoreset)."""
        return self._masks.astype(bool)

    def close_extras(self, **kwargs: Any) -> None:
        self.envs = []

    def _infos(self, extra: dict[str, Any]) -> dict[str, Any]:
        every = self._every
        infos = {"action_mask": self._masks.copy(), "_action_mask": every.copy(), "seat": self._seats.copy(),
                 "_seat": every.copy()}
        infos.update(extra)
        return infos


class SelfPlayVectorEnv(VectorEnv):  # type: ignore[misc]
    """``num_envs`` games in which every seat is the learner: one step is one decision (see the module)."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(self, game_id: str = "inn", num_envs: int = 1, players: int | None = None,
                 options: dict[str, Any] | None = None, illegal: str = "terminate", illegal_penalty: float = -1.0,
                 **kwargs: Any) -> None:
        kwargs.pop("max_episode_steps", None)
        if kwargs.pop("render_mode", None) is not None:
            raise InvalidOptions("the vector environment renders nothing: make single environments to render")
        if kwargs:
            raise InvalidOptions(f"self-play takes players, options, illegal and illegal_penalty; got "
                                 f"{', '.join(sorted(kwargs))}")
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise InvalidOptions(f"num_envs must be a positive integer, got {num_envs!r}")
        self.game_id = check_game(game_id)
        rules = get_ruleset(self.game_id)
        self.players = DEFAULT_PLAYERS[self.game_id] if players is None else players
        if isinstance(self.players, bool) or not isinstance(self.players, int) or \
                not rules.min_players <= self.players <= rules.max_players:
            raise InvalidOptions(f"players: {rules.title} is for {rules.min_players} to {rules.max_players} players, "
                                 f"got {players!r}")
        if illegal not in ("terminate", "raise"):
            raise InvalidOptions(f"illegal must be terminate or raise in self-play, got {illegal!r}")
        new_game(self.game_id, self.players, 0, options)  # bad options: InvalidOptions now
        self.game_options, self.illegal, self.illegal_penalty = options, illegal, float(illegal_penalty)
        self.num_envs = num_envs
        self.n_actions = action_space_size(self.game_id, options)
        size = observation_size(self.game_id, self.players)
        self.single_observation_space = spaces.Box(OBS_LOW, OBS_HIGH, (size,), np.float32)
        self.single_action_space = spaces.Discrete(self.n_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, self.n_actions, np.int64))
        self.render_mode = None
        self._observation = observation_fn(self.game_id)
        self.games: list[Game] = []
        self.game_seeds = [0] * num_envs  # each game's deal (``new_game`` seed), for replays
        self._rngs: list[np.random.Generator] = []
        self._obs = np.zeros((num_envs, size), np.float32)
        self._rewards = np.zeros(num_envs, np.float64)
        self._terminations = np.zeros(num_envs, np.bool_)
        self._truncations = np.zeros(num_envs, np.bool_)
        self._autoreset = np.zeros(num_envs, np.bool_)
        self._masks = np.zeros((num_envs, self.n_actions), np.int8)
        self._seats = np.zeros(num_envs, np.int64)
        self._every = np.ones(num_envs, np.bool_)
        self._write, self._clip = self._writer(size)

    def _writer(self, size: int) -> tuple[Callable[[int, Any, int], None], bool]:
        """``write(i, state, seat)``: the seat's observation (``common.observation``) written into row ``i`` of the
        batch in place, and whether the batch must then be clipped to the bounds (once a step, not once a row).
        Monster Inn's and Mansion's vectors come as float32 bytes (already within the bounds), Monster's and
        Maker's as floats packed straight into the row."""
        flat = memoryview(self._obs).cast("B")
        width = 4 * size
        if self.game_id in ("inn", "mansion"):
            encode_bytes = inn_observation_bytes if self.game_id == "inn" else encode_mansion_bytes

            def write_bytes(i: int, state: Any, seat: int) -> None:
                flat[i * width:(i + 1) * width] = encode_bytes(state, seat)

            return write_bytes, False
        if self.game_id in ("monster", "maker"):
            encode, pack_into = STATE_ENCODERS[self.game_id], struct.Struct(f"{size}f").pack_into

            def write_floats(i: int, state: Any, seat: int) -> None:
                pack_into(flat, i * width, *encode(state, seat))

            return write_floats, True
        observe, obs = self._observation, self._obs

        def write_array(i: int, state: Any, seat: int) -> None:
            obs[i] = observe(state, seat)

        return write_array, False

    def _new_game(self, i: int) -> None:
        seed = int(self._rngs[i].integers(2**31))
        self.game_seeds[i] = seed
        game = new_game(self.game_id, self.players, seed, self.game_options)
        self.games[i] = game
        seat = game.rules.to_play(game.state)
        self._seats[i] = seat
        self._write(i, game.state, seat)
        self._masks[i] = mask_of(game.legal_codes_shared(), self.n_actions)

    def reset(self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        if options:
            raise InvalidOptions("self-play reset takes no options (every seat is the learner)")
        if seed is None:
            seeds: list[int | None] = [None] * self.num_envs
        elif isinstance(seed, int) and not isinstance(seed, bool):
            seeds = [seed + i for i in range(self.num_envs)]
        elif isinstance(seed, Sequence) and len(seed) == self.num_envs:
            seeds = list(seed)
        else:
            raise InvalidOptions(f"seed must be an int, None or a list of {self.num_envs} seeds, got {seed!r}")
        if seed is not None or not self._rngs:
            self._rngs = [np.random.default_rng(s) for s in seeds]
        self.games = [None] * self.num_envs  # type: ignore[list-item]
        for i in range(self.num_envs):
            self._new_game(i)
        if self._clip:
            np.clip(self._obs, OBS_LOW, OBS_HIGH, out=self._obs)
        self._autoreset[:] = False
        self._rewards[:] = 0.0
        self._terminations[:] = False
        return self._obs.copy(), self._infos({})

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        if not self.games:
            raise gym.error.ResetNeeded("call reset() before step()")
        codes = np.asarray(actions)
        if codes.shape != (self.num_envs,):
            raise InvalidOptions(f"actions must be {self.num_envs} action codes (one per game), got shape "
                                 f"{codes.shape}")
        extra: dict[str, Any] = {}
        rewards = [0.0] * self.num_envs
        terms = [False] * self.num_envs
        obs, masks, seats, autoreset = self._obs, self._masks, self._seats, self._autoreset.tolist()
        write, n = self._write, self.n_actions
        for i, (game, code, seat) in enumerate(zip(self.games, codes.tolist(), seats.tolist(), strict=True)):
            if autoreset[i]:
                self._new_game(i)
                continue
            state = game.state
            if code not in game.legal_codes_shared():
                if self.illegal == "raise":
                    raise IllegalAction(f"game {i}: action code {code} is not legal now (legal codes: "
                                        f"{list(game.legal_codes_shared())})")
                rewards[i], terms[i] = self.illegal_penalty, True
                masks[i] = 0
                extra = self._add_info(extra, {"illegal_action": True}, i)
                continue
            game.play_code(code)
            nxt = game.rules.to_play(state)
            if nxt is None:  # over: the mover's share, every seat's returns
                winners = game.rules.outcome(state)[1]
                returns = np.array([win_reward(game, p, winners) for p in range(self.players)])
                rewards[i], terms[i] = float(returns[seat]), True
                write(i, state, seat)
                masks[i] = 0
                extra = self._add_info(extra, {"returns": returns}, i)
                continue
            seats[i] = nxt
            write(i, state, nxt)
            masks[i] = mask_of(game.legal_codes_shared(), n)
        if self._clip:
            np.clip(obs, OBS_LOW, OBS_HIGH, out=obs)
        terminations = np.array(terms, np.bool_)
        self._autoreset = terminations
        return (obs.copy(), np.array(rewards, np.float64), terminations.copy(), self._truncations.copy(),
                self._infos(extra))

    def action_masks(self) -> np.ndarray:
        """The legal actions of each game's seat to play, ``(num_envs, n_actions)`` booleans."""
        return self._masks.astype(bool)

    def _infos(self, extra: dict[str, Any]) -> dict[str, Any]:
        every = self._every
        infos = {"action_mask": self._masks.copy(), "_action_mask": every.copy(), "seat": self._seats.copy(),
                 "_seat": every.copy()}
        infos.update(extra)
        return infos
