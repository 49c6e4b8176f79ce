"""OpenSpiel adapter: ``import monsterbox.rl.openspiel`` registers ``python_monsterbox_inn``,
``python_monsterbox_monster``, ``python_monsterbox_mansion`` and ``python_monsterbox_maker`` with
``pyspiel.load_game`` (``pip install 'monsterbox[openspiel]'``).

- Parameters: ``players`` (default: 4, Mansion 3), ``seed`` (default 0) and ``options`` (the game's options as a
  JSON string, default ``"{}"``), e.g. ``pyspiel.load_game("python_monsterbox_maker", {"players": 3, "seed": 7,
  "options": '{"short": true}'})``.
- Chance is **sampled stochastic** (``ChanceMode.SAMPLED_STOCHASTIC``): there are no chance nodes. Each
  ``new_initial_state()`` deals the next game of a deal stream seeded by ``seed``; chance during play (Maker's dice
  and reshuffles, Mansion's skull bag, Monster's draws) is drawn by the engine from the generator kept in the game's
  state, so a ``clone()`` replays the same future chance and a resampled state has new, unknown chance.
- Actions: the codes of the game's action table, ``num_distinct_actions`` padded to the largest table over player
  counts (``common.action_space_size``); ``action_to_string`` gives the engine's action id.
- Information state string: the player's view as JSON (``Game.view``: the table as it knows it, counts it could
  derive from the whole history included, and its recent events with the index of the first), so it costs the
  same at any point of the game; it is identical in every determinization of the player. It is not a strict
  perfect-recall string (two histories leading to the same table and the same recent events share it), which
  search tolerates. Observation string: the table alone. Information-state and observation tensors: the RL
  environments' vector of the player (``rl.common.observation``: equal to the encoder's vector of its view,
  ``rl.encode``), the same for both.
- ``resample_from_infostate(player, sampler)`` returns a state of ``Game.determinize(player, seed)`` (seed drawn
  from ``sampler``): the same information state for ``player``, hidden cards and future chance resampled. So
  OpenSpiel's Python ISMCTS bot (``open_spiel.python.algorithms.ismcts.ISMCTSBot``) plays our games.
- Returns: each seat's share of the win (1 split among winners; the cooperative Monster: 1 to every seat on a team
  win), given only at the end.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from monsterbox.core.game import Game
from monsterbox.core.registry import GAME_IDS, get_ruleset, new_game
from monsterbox.rl.common import DEFAULT_PLAYERS, action_space_size, observation, win_reward
from monsterbox.rl.encode import observation_size

#: a bound on the number of decisions of a game, per game id (random play stays well below: Maker's longest
#: measured games have about 3,200 decisions; Mansion's 60-round safety net bounds it)
MAX_GAME_LENGTH = {"inn": 1_000, "monster": 5_000, "mansion": 10_000, "maker": 20_000}


def game_name(game_id: str) -> str:
    return f"python_monsterbox_{game_id}"


class _GameBox:
    """Holds a monsterbox Game inside an OpenSpiel state; OpenSpiel clones states by deep-copying their
    attributes, and a Game is copied with ``Game.copy`` (shared card data, copied state)."""

    __slots__ = ("game",)

    def __init__(self, game: Game | None) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _GameBox:
        return _GameBox(self.game.copy() if self.game is not None else None)


class MonsterboxSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One subclass per game id (``GAME_ID``), registered with pyspiel."""

    GAME_ID = "inn"

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id = self.GAME_ID
        params = dict(params or {})
        rules = get_ruleset(game_id)
        self.game_id = game_id
        self.players = int(params.get("players", DEFAULT_PLAYERS[game_id]))
        self.base_seed = int(params.get("seed", 0))
        self.options = json.loads(params.get("options", "{}") or "{}") or None
        new_game(game_id, self.players, 0, self.options)  # bad players or options: InvalidOptions now
        self.n_actions = action_space_size(game_id)
        self.obs_size = observation_size(game_id, self.players)
        info = pyspiel.GameInfo(num_distinct_actions=self.n_actions, max_chance_outcomes=0, num_players=self.players,
                                min_utility=0.0, max_utility=1.0, utility_sum=None,
                                max_game_length=MAX_GAME_LENGTH[game_id])
        super().__init__(_game_type(game_id, rules.min_players, rules.max_players), info, params)
        self._deals = random.Random(self.base_seed)

    def new_initial_state(self) -> MonsterboxSpielState:
        return MonsterboxSpielState(self, self._deals.randrange(2**31))

    def spec(self, seed: int) -> tuple[str, int, int, dict[str, Any] | None]:
        return self.game_id, self.players, seed, self.options

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> MonsterboxObserver:
        perfect_recall = bool(iig_obs_type.perfect_recall) if iig_obs_type is not None else False
        return MonsterboxObserver(self, perfect_recall, params)


class MonsterboxSpielState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: MonsterboxSpielGame, seed: int) -> None:
        super().__init__(game)
        self._spec = game.spec(seed)
        self._box = _GameBox(None)  # built on first use (a clone overwrites it)

    @property
    def mb(self) -> Game:
        """The monsterbox game of this state."""
        if self._box.game is None:
            game_id, players, seed, options = self._spec
            self._box.game = new_game(game_id, players, seed, options)
        return self._box.game

    def current_player(self) -> int:
        g = self.mb
        return int(pyspiel.PlayerId.TERMINAL) if g.over else int(g.to_play)  # type: ignore[arg-type]

    def _legal_actions(self, player: int) -> list[int]:
        g = self.mb
        return sorted(g.legal_codes()) if g.to_play == player else []

    def _apply_action(self, action: int) -> None:
        self.mb.play_code(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.mb.action_name(int(action)))

    def is_terminal(self) -> bool:
        return bool(self.mb.over)

    def returns(self) -> list[float]:
        g = self.mb
        if not g.over:
            return [0.0] * g.players
        return [win_reward(g, p) for p in range(g.players)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> MonsterboxSpielState:
        """A state with the same information state for ``player_id``: ``Game.determinize`` with a seed drawn from
        ``probability_sampler`` (a callable giving a number in [0, 1)) or, without one, from Python's generator."""
        u = float(probability_sampler()) if callable(probability_sampler) else random.random()
        seed = int(u * 2**31) % 2**31
        clone: MonsterboxSpielState = self.clone()  # keeps OpenSpiel's own history and move number
        clone._box = _GameBox(self.mb.determinize(int(player_id), seed))
        return clone

    def __str__(self) -> str:
        g = self.mb
        return json.dumps(g.rules.table_view(g.state, None), sort_keys=True)


class MonsterboxObserver:
    """OpenSpiel's PyObserver: ``tensor`` (the player's observation vector, ``rl.common.observation``) and
    ``string_from``."""

    def __init__(self, game: MonsterboxSpielGame, perfect_recall: bool, params: Any) -> None:
        if params:
            raise ValueError(f"monsterbox observers take no parameters, got {params!r}")
        self.game_id = game.game_id
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(game.obs_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: MonsterboxSpielState, player: int) -> None:
        self.tensor[:] = observation(state.mb, player)

    def string_from(self, state: MonsterboxSpielState, player: int) -> str:
        g = state.mb
        if not self.perfect_recall:
            return json.dumps(g.rules.table_view(g.state, player), sort_keys=True)
        return json.dumps(g.view(player), sort_keys=True)


def _game_type(game_id: str, min_players: int, max_players: int) -> Any:
    return pyspiel.GameType(
        short_name=game_name(game_id),
        long_name=f"monsterbox {get_ruleset(game_id).title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_players,
        min_num_players=min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": DEFAULT_PLAYERS[game_id], "seed": 0, "options": "{}"},
    )


#: game id -> its pyspiel.Game class
GAME_CLASSES: dict[str, type[MonsterboxSpielGame]] = {
    gid: type(f"Monsterbox{gid.capitalize()}SpielGame", (MonsterboxSpielGame,), {"GAME_ID": gid}) for gid in GAME_IDS
}

for _gid, _cls in GAME_CLASSES.items():
    if game_name(_gid) not in pyspiel.registered_names():
        _rules = get_ruleset(_gid)
        pyspiel.register_game(_game_type(_gid, _rules.min_players, _rules.max_players), _cls)
