"""A single-agent Gymnasium environment: one learning seat against monsterbox agents in the other seats."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

import monsterbox
from monsterbox.agents import make_agent, observe
from monsterbox.rl.encode import encode


class SeatEnv(gym.Env):  # type: ignore[misc]
    """``SeatEnv("inn", players=4, seat=0, opponents="heuristic")``; the action is a code of the game's table and
    ``info["action_mask"]`` gives the legal ones (an illegal action raises IllegalAction)."""

    metadata = {"render_modes": []}

    def __init__(self, game_id: str = "inn", players: int = 4, seat: int = 0, opponents: str = "random",
                 options: dict[str, Any] | None = None) -> None:
        self.game_id, self.players, self.seat_index = game_id, players, seat
        self.opponents = opponents
        self.game_options = options
        probe = monsterbox.new_game(game_id, players, 0, options)
        self.n_actions = len(probe.rules.action_tables(probe.state)[0])
        self.observation_space = spaces.Box(-np.inf, np.inf, (len(encode(game_id, probe.view(seat))),), np.float32)
        self.action_space = spaces.Discrete(self.n_actions)
        self.game = probe
        self.bots: dict[int, Any] = {}

    def _mask(self) -> np.ndarray:
        mask = np.zeros(self.n_actions, dtype=np.int8)
        if self.game.to_play == self.seat_index:
            mask[self.game.legal_codes()] = 1
        return mask

    def _advance(self) -> None:
        while not self.game.over and self.game.to_play != self.seat_index:
            seat = self.game.to_play
            assert seat is not None
            self.game.play(self.bots[seat].act(observe(self.game, seat)))

    def _obs(self) -> np.ndarray:
        return np.asarray(encode(self.game_id, self.game.view(self.seat_index)), dtype=np.float32)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31)) if seed is None else seed
        self.game = monsterbox.new_game(self.game_id, self.players, game_seed, self.game_options)
        self.bots = {p: make_agent(self.opponents, self.game_id, game_seed + p)
                     for p in range(self.players) if p != self.seat_index}
        self._advance()
        return self._obs(), {"action_mask": self._mask()}

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        self.game.play_code(int(action))
        self._advance()
        reward = 0.0
        info: dict[str, Any] = {"action_mask": self._mask()}
        if self.game.over:
            won = self.game.result()["winners"]
            reward = (1.0 if self.game_id == "monster" else 1.0 / len(won)) if self.seat_index in won else 0.0
            info["result"] = self.game.result()
        return self._obs(), reward, self.game.over, False, info
