"""A PettingZoo AEC environment for any monsterbox game.

Agents are ``player_0`` .. ``player_{n-1}``; the acting agent is the game's ``to_play``. Actions are integer codes
of the game's action table (``Discrete(len(table))``); observations are ``{"observation": float32 vector,
"action_mask": int8 vector}`` built from that agent's view. Rewards come at the end: each seat's share of the win
(1 split among winners; in the cooperative Monster every seat gets 1 on a win).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import monsterbox
from monsterbox.rl.encode import encode


class MonsterboxEnv(AECEnv):  # type: ignore[misc]
    metadata = {"render_modes": ["ansi"], "name": "monsterbox_v0", "is_parallelizable": False}

    def __init__(self, game_id: str = "inn", players: int = 4, options: dict[str, Any] | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.game_id = game_id
        self.players = players
        self.game_options = options
        self.render_mode = render_mode
        probe = monsterbox.new_game(game_id, players, 0, options)
        self.n_actions = len(probe.rules.action_tables(probe.state)[0])
        self.obs_size = len(encode(game_id, probe.view(0)))
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = self.possible_agents[:]
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(-np.inf, np.inf, (self.obs_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.n_actions,), np.int8),
            }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.n_actions) for a in self.possible_agents}
        self.game = probe
        self._seed = 0

    def observation_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        return self.action_spaces[agent]

    def seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.seat(agent)
        mask = np.zeros(self.n_actions, dtype=np.int8)
        if self.game.to_play == seat:
            mask[self.game.legal_codes()] = 1
        return {"observation": np.asarray(encode(self.game_id, self.game.view(seat)), dtype=np.float32),
                "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed = seed
        else:
            self._seed += 1
        self.game = monsterbox.new_game(self.game_id, self.players, self._seed, self.game_options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        seat = self.game.to_play
        assert seat is not None
        self.agent_selection = self.possible_agents[seat]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game.play_code(int(action))  # an illegal code raises IllegalAction and changes nothing
        if self.game.over:
            result = self.game.result()
            won = result["winners"]
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = (1.0 if self.game_id == "monster" else 1.0 / len(won)) if i in won else 0.0
                self.terminations[a] = True
                self.infos[a] = {"scores": result["scores"], "winners": won}
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            seat = self.game.to_play
            assert seat is not None
            self.agent_selection = self.possible_agents[seat]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return str(self.game.spectator_view()["phase"]) + f" to play: {self.game.to_play}"
        return None

    def close(self) -> None:
        pass


def env(game_id: str = "inn", players: int = 4, options: dict[str, Any] | None = None,
        render_mode: str | None = None) -> MonsterboxEnv:
    """``monsterbox.rl.pettingzoo_env.env("maker", players=3)``."""
    return MonsterboxEnv(game_id, players, options, render_mode)
