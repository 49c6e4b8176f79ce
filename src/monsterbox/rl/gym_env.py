"""A single-agent Gymnasium environment: one learning seat against monsterbox agents in the other seats.

``gymnasium.make("monsterbox/Inn-v0")`` (also ``Monster-v0``, ``Mansion-v0``, ``Maker-v0``; registered by
``import monsterbox.rl``, by ``import monsterbox`` once gymnasium is imported, or with no import at all as
``gymnasium.make("monsterbox.rl:monsterbox/Inn-v0")``). Keyword options:

- ``players``: the player count (default: 4, Mansion 3).
- ``seat``: the learner's seat, or ``"random"`` for a new seat every episode.
- ``opponents``: an agent name (``"random"``, ``"heuristic"``, ``"ismcts:iterations=200"``), an agent object
  (anything with ``act(observation)``), a callable ``policy(observation, mask) -> action code`` (self-play with the
  learner's own policy), or a list of those, one per seat or one per other seat.
- ``illegal``: what an action that is not legal does. ``"terminate"`` (default): the episode ends with reward
  ``illegal_penalty`` (default -1) and ``info["illegal_action"] = True``, as PettingZoo's TerminateIllegalWrapper
  does; ``"penalize"``: nothing is played, the reward is ``illegal_penalty`` and the learner decides again;
  ``"raise"``: IllegalAction is raised (the game is unchanged).
- ``max_steps``: the episode is truncated after that many learner decisions (default: none).
- ``reward``: ``"win"`` (the learner's share of the win: 1 split among winners; the cooperative Monster: 1 on a
  team win) or ``"shaped"`` (Monster only: also the change of ``common.monster_progress`` after each step).
- ``render_mode="ansi"``: ``render()`` returns the recent events and the learner's choices in words (games/*/text);
  ``"rgb_array"``: the same text drawn as an image (an ``(H, W, 3)`` uint8 array; needs Pillow). Stable-Baselines3's
  ``make_vec_env`` asks for ``"rgb_array"`` by default.
- ``reset(options={"seat": k})``: the learner's seat for this episode (0..players-1 or ``"random"``); any other key
  is refused with InvalidOptions (the game's own options are given at construction).
- ``options``: the game's options.

Actions are codes of the game's action table, padded to the largest table over player counts
(``Discrete(common.action_space_size(game))``); ``action_masks()`` (for sb3-contrib's MaskablePPO) and
``info["action_mask"]`` give the legal ones. Observations are the vector of what the learner may know
(``seat_encode``: equal to the encoder's vector of its view), bounded (``Box(-4, 4)``). Nothing is rendered or
narrated unless ``render()`` is called.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from monsterbox.agents.base import Observation, observe
from monsterbox.agents.random_agent import RandomAgent
from monsterbox.core.errors import IllegalAction, InvalidOptions
from monsterbox.core.game import Game
from monsterbox.core.registry import game_part, get_ruleset, new_game
from monsterbox.rl.common import (
    DEFAULT_PLAYERS,
    OBS_HIGH,
    OBS_LOW,
    OpponentSpec,
    action_space_size,
    check_game,
    make_opponents,
    mask,
    mask_of,
    monster_progress,
    observation,
    observation_fn,
    win_reward,
)
from monsterbox.rl.encode import observation_size

_INT8 = np.dtype(np.int8)

ILLEGAL_RULES = ("terminate", "penalize", "raise")


class SeatEnv(gym.Env):  # type: ignore[misc]
    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 1}

    def __init__(self, game_id: str = "inn", players: int | None = None, seat: int | str = 0,
                 opponents: OpponentSpec = "random", options: dict[str, Any] | None = None,
                 illegal: str = "terminate", illegal_penalty: float = -1.0, max_steps: int | None = None,
                 reward: str = "win", render_mode: str | None = None) -> None:
        self.game_id = check_game(game_id)
        rules = get_ruleset(self.game_id)
        self.players = DEFAULT_PLAYERS[self.game_id] if players is None else players
        if isinstance(self.players, bool) or not isinstance(self.players, int) or \
                not rules.min_players <= self.players <= rules.max_players:
            raise InvalidOptions(f"players: {rules.title} is for {rules.min_players} to {rules.max_players} players, "
                                 f"got {players!r}")
        if seat != "random" and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < self.players):
            raise InvalidOptions(f"seat must be 0 to {self.players - 1} or 'random', got {seat!r}")
        if illegal not in ILLEGAL_RULES:
            raise InvalidOptions(f"illegal must be one of {', '.join(ILLEGAL_RULES)}, got {illegal!r}")
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int)
                                      or max_steps < 1):
            raise InvalidOptions(f"max_steps must be a positive integer or None, got {max_steps!r}")
        if reward not in ("win", "shaped") or (reward == "shaped" and self.game_id != "monster"):
            raise InvalidOptions(f"reward must be 'win' (or 'shaped' for the cooperative game monster), got {reward!r}")
        if render_mode not in (None, "ansi", "rgb_array"):
            raise InvalidOptions(f"render_mode must be None, 'ansi' or 'rgb_array', got {render_mode!r}")
        self.seat_option = seat
        self.seat_index = 0 if seat == "random" else int(seat)
        self.opponents = opponents
        self.game_options = options
        self.illegal, self.illegal_penalty = illegal, float(illegal_penalty)
        self.max_steps, self.reward_kind, self.render_mode = max_steps, reward, render_mode
        self.game: Game = new_game(self.game_id, self.players, 0, options)
        self.n_actions = action_space_size(self.game_id, options)
        size = observation_size(self.game_id, self.players)
        self.observation_space = spaces.Box(OBS_LOW, OBS_HIGH, (size,), np.float32)
        self.action_space = spaces.Discrete(self.n_actions)
        self.bots: dict[int, Any] = {}
        self._rngs: list[Any] = []
        self._seen: dict[int, tuple[Observation, Any]] = {}
        self._observation = observation_fn(self.game_id)
        self.steps = 0
        self._potential = 0.0
        self._done = True

    # --- gymnasium API -------------------------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        episode_seat = self._reset_options(options)
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        if episode_seat == "random":
            self.seat_index = int(self.np_random.integers(self.players))
        else:
            self.seat_index = int(episode_seat)
        self.game = new_game(self.game_id, self.players, game_seed, self.game_options)
        self.bots = make_opponents(self.opponents, self.game_id, self.players, self.seat_index, game_seed,
                                   self.n_actions)
        # per seat: a random opponent's generator (it draws straight from the legal codes), else None
        self._rngs = [bot.rng if type(bot) is RandomAgent else None for bot in map(self.bots.get, range(self.players))]
        self._seen = {p: (observe(self.game, p), getattr(bot, "act_code", None))
                      for p, bot in self.bots.items() if type(bot) is not RandomAgent}
        self.steps = 0
        self._done = False
        self._advance()
        self._potential = monster_progress(self.game) if self.reward_kind == "shaped" else 0.0
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self._done:
            raise gym.error.ResetNeeded("the episode is over: call reset() before step()")
        code = int(action)
        game = self.game
        rules, state, me = game.rules, game.state, self.seat_index
        legal = game.legal_codes_shared() if rules.to_play(state) == me else ()
        if code not in legal:
            if self.illegal == "raise":
                if 0 <= code < len(self.game.rules.action_tables(self.game.state)[0]):
                    self.game.play_code(code)  # raises IllegalAction saying why, and changes nothing
                raise IllegalAction(f"action code {code} is not legal now (legal codes: {list(legal)})")
            info = self._info()
            info["illegal_action"] = True
            if self.illegal == "terminate":
                self._done = True
                return self._obs(), self.illegal_penalty, True, False, info
            self.steps += 1
            truncated = self.max_steps is not None and self.steps >= self.max_steps
            self._done = truncated
            return self._obs(), self.illegal_penalty, False, truncated, info
        game.play_code(code)
        self.steps += 1
        seat = self._advance()  # the learner, or None once the game is over
        reward = 0.0
        if self.reward_kind == "shaped":
            potential = monster_progress(game)
            reward += potential - self._potential
            self._potential = potential
        if seat is None:  # as _info(): no legal action once over
            info = {"action_mask": np.zeros(self.n_actions, _INT8), "seat": me}
            reward += win_reward(game, me)
            info["result"] = game.result()
            self._done = True
            return self._observation(state, me), reward, True, False, info
        info = {"action_mask": mask_of(game.legal_codes_shared(), self.n_actions), "seat": me}
        truncated = self.max_steps is not None and self.steps >= self.max_steps
        self._done = truncated
        return self._observation(state, me), reward, False, truncated, info

    def action_masks(self) -> np.ndarray:
        """The legal actions of the learner now, as booleans (sb3-contrib's MaskablePPO calls this)."""
        return mask(self.game, self.seat_index, self.n_actions).astype(bool)

    def render(self) -> str | np.ndarray | None:
        if self.render_mode == "rgb_array":
            return _draw_text(self._text())
        if self.render_mode != "ansi":
            return None
        return self._text()

    def _reset_options(self, options: dict[str, Any] | None) -> int | str:
        """The seat of the next episode: ``options["seat"]`` if given, else the constructor's ``seat``."""
        if options is None:
            return self.seat_option
        if not isinstance(options, dict) or set(options) - {"seat"}:
            extra = sorted(map(str, set(options) - {"seat"})) if isinstance(options, dict) else [repr(options)]
            raise InvalidOptions(f"reset(options=...) takes only 'seat' (0 to {self.players - 1} or 'random'), got "
                                 f"{', '.join(extra)}; the game's options are given when the environment is made")
        seat = options.get("seat", self.seat_option)
        if seat != "random" and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < self.players):
            raise InvalidOptions(f"reset option seat must be 0 to {self.players - 1} or 'random', got {seat!r}")
        return seat

    def _text(self) -> str:
        text = game_part(self.game_id, "text")
        seat = self.seat_index
        v = self.game.view(seat)
        lines = [f"{self.game.rules.title}, {self.players} players; you are seat {seat}; "
                 f"{'game over' if self.game.over else f'seat {self.game.to_play} to play'}"]
        lines += [f"  {text.narrate(e, seat)}" for e in v["log"][-8:]]
        if self.game.over:
            res = self.game.result()
            lines.append(f"Scores {res['scores']}, winners {res['winners']}")
        elif self.game.to_play == seat:
            lines += [f"  [{self.game.action_code(a)}] {text.describe_action(v, a)} ({a})"
                      for a in self.game.legal_actions()]
        return "\n".join(lines)

    # --- internals -----------------------------------------------------------------------------------------------
    def _advance(self) -> int | None:
        """Play the opponents' moves until the learner's turn or the end; return the seat to play then (the learner,
        or None once the game is over). Each opponent sees its own Observation (refreshed before each decision, as
        ``sim`` runners do); one with ``act_code`` plays by code. A random opponent (``RandomAgent``) draws straight
        from the engine's legal codes: the same draw from its generator over the same sequence as its ``act_code``
        (``choice`` draws as ``randrange`` of the length does), without the Observation."""
        game = self.game
        to_play, state, me = game.rules.to_play, game.state, self.seat_index
        legal, play, rngs = game.legal_codes_shared, game.play_code, self._rngs
        seat = to_play(state)
        while seat is not None and seat != me:
            rng = rngs[seat]
            if rng is not None:
                play(rng.choice(legal()))
            else:
                obs, by_code = self._seen[seat]
                obs.refresh()
                if by_code is not None:
                    play(by_code(obs))
                else:
                    game.play(self.bots[seat].act(obs))
            seat = to_play(state)
        return seat

    def _obs(self) -> np.ndarray:
        return observation(self.game, self.seat_index)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": mask(self.game, self.seat_index, self.n_actions), "seat": self.seat_index}


def _draw_text(text: str) -> np.ndarray:
    """``text`` drawn black on white with Pillow's built-in font, as an ``(H, W, 3)`` uint8 array."""
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        raise InvalidOptions("render_mode='rgb_array' needs Pillow: pip install pillow") from None
    lines = text.splitlines() or [""]
    width = 8 + 6 * max(len(line) for line in lines)
    height = 8 + 12 * len(lines)
    image = Image.new("RGB", (width, height), "white")
    ImageDraw.Draw(image).multiline_text((4, 4), text, fill="black", spacing=1)
    return np.asarray(image, dtype=np.uint8)
