"""OpenSpiel adapter: ``import monsterbox.rl.openspiel`` registers ``python_monsterbox_inn``,
``python_monsterbox_monster``, ``python_monsterbox_mansion`` and ``python_monsterbox_maker`` with
``pyspiel.load_game`` (``pip install 'monsterbox[openspiel]'``). The games follow OpenSpiel's conventions (issue 29.3);
``docs/rl.md`` documents the encodings.

- Parameters: ``players`` (default: 4, Mansion 3), ``seed`` (default 0: which family of deals the deal chance node
  draws from) and ``options`` (the game's options as a JSON string, default ``"{}"``), e.g.
  ``pyspiel.load_game("python_monsterbox_maker", {"players": 3, "options": '{"distance": 40}'})``.
- Chance is **explicit** (``ChanceMode.EXPLICIT_STOCHASTIC``). ``new_initial_state()`` is always the same state: the
  deal, a chance node with ``DEAL_OUTCOMES`` equally likely outcomes; outcome ``k`` deals the engine's game of seed
  ``seed * DEAL_OUTCOMES + k`` (every shuffle of the setup: decks, lairs, bag order, first player). Every later random
  event is a chance node too: when a decision's engine step draws from the game's generator (Maker's dice and
  reshuffles, Mansion's skull bag and actor reshuffle, Monster's weapon-deck reshuffles and random effects), the
  decision is held and a chance node with ``PLAY_OUTCOMES`` equally likely outcomes follows; outcome ``k`` sets the
  engine's in-state generator to ``core.rng.seed_state(PLAY_SALT + k)`` and then plays the held decision. So a
  chance outcome is a generator seed: the probabilities of the events it leads to (a die's faces) are those of the
  engine's generator over the ``PLAY_OUTCOMES`` seeds (measured with the 128-bit generator: each face of a die
  within 1 per cent of 1/6, of a twenty-sided draw within 5 per cent of 1/20; 2**10 seeds gave 16 and 19 per
  cent). Monster Inn has no
  chance after the deal.
- No random generator lives in a state: the engine's in-state generator is overwritten from the chance outcome
  before every step that draws, so a ``clone()`` at a chance node has no future chance of its own (the caller picks
  the outcome) and two clones given different outcomes go different ways. A state is its history of chance
  outcomes and actions: ``serialize()`` is OpenSpiel's default (the history) and deserializing replays it.
- Actions: the codes of the game's action table, ``num_distinct_actions`` padded to the largest table over player
  counts (``common.action_space_size``); ``action_to_string`` gives the engine's action id (``deal:<k>`` and
  ``chance:<k>`` at chance nodes).
- Observers, by ``IIGObservationType``: public and private (the default): the player's table view (its view for
  perfect recall: ``Game.view``, the table and its recent events, with its own pending decision while a chance node
  waits); public only: the table as a spectator sees it (``table_view(None)``; ``spectator_view`` for perfect
  recall), the vector of the spectator's view (``rl.encode`` of it); private only: the parts of the player's view
  that differ from the spectator's, and the vector difference. ``ALL_PLAYERS`` private information is refused.
  Tensors are computed from the state (``rl.common.observation``: the environments' vector); at the deal node they
  are zero. The information state string determines the legal actions (``tests/test_rl_information.py``).
- ``resample_from_infostate(player, sampler)`` returns a state of ``Game.determinize(player, seed)`` (seed drawn
  from ``sampler``): the same information state for ``player``, hidden cards resampled (its history is the
  original's, so it is for search, not for ``serialize``). OpenSpiel's ``ISMCTSBot`` plays our games with it.
- Returns: each seat's share of the win, at the end. Monster Inn, Monster Mansion and Monster Maker are
  constant-sum (1 split among the winners: every game has a winner); the cooperative Monster is identical-interest
  (1 to every seat on a team win, else 0).
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from monsterbox.core import rng as crng
from monsterbox.core.errors import InvalidOptions
from monsterbox.core.game import Game
from monsterbox.core.registry import GAME_IDS, get_ruleset, new_game
from monsterbox.rl.common import DEFAULT_PLAYERS, OBS_HIGH, OBS_LOW, action_space_size, observation, win_reward
from monsterbox.rl.encode import encode, observation_size

#: a bound on the number of moves of a game (decisions and chance nodes), per game id (random play stays well
#: below: Maker's longest measured games have about 3,200 decisions; Mansion's 60-round safety net bounds it)
MAX_GAME_LENGTH = {"inn": 1_000, "monster": 10_000, "mansion": 20_000, "maker": 40_000}

#: the deal chance node's outcomes: deal seeds ``seed * DEAL_OUTCOMES + k``
DEAL_OUTCOMES = 2**16
#: a mid-game chance node's outcomes: seeds of the engine's in-state generator
PLAY_OUTCOMES = 2**16
#: added to a mid-game outcome before seeding (so that generator states differ from the deals')
PLAY_SALT = 0x5EED_0000

_DEAL = [(k, 1.0 / DEAL_OUTCOMES) for k in range(DEAL_OUTCOMES)]
_PLAY = [(k, 1.0 / PLAY_OUTCOMES) for k in range(PLAY_OUTCOMES)]

#: game ids whose chance is over once dealt
NO_PLAY_CHANCE = frozenset({"inn"})


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

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled empty (OpenSpiel's ``serialize`` pickles a state's attributes): the state rebuilds its game from
        its history of moves."""
        return (_GameBox, (None,))


def _generator(game: Game) -> int | None:
    """The engine's in-state generator (an int: ``core.rng``), or None for a game without chance during play."""
    return getattr(game.state, "rng", None)


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
        try:
            self.options = json.loads(params.get("options", "{}") or "{}") or None
        except json.JSONDecodeError as e:
            raise InvalidOptions(f"options must be a JSON object, got {params.get('options')!r}: {e}") from None
        new_game(game_id, self.players, 0, self.options)  # bad players or options: InvalidOptions now
        self.n_actions = action_space_size(game_id)
        self.obs_size = observation_size(game_id, self.players)
        chance = DEAL_OUTCOMES if game_id in NO_PLAY_CHANCE else max(DEAL_OUTCOMES, PLAY_OUTCOMES)
        info = pyspiel.GameInfo(num_distinct_actions=self.n_actions, max_chance_outcomes=chance,
                                num_players=self.players, min_utility=0.0, max_utility=1.0,
                                utility_sum=None if game_id == "monster" else 1.0,
                                max_game_length=MAX_GAME_LENGTH[game_id])
        super().__init__(_game_type(game_id, rules.min_players, rules.max_players), info, params)

    def new_initial_state(self) -> MonsterboxSpielState:
        """The one initial state: the deal's chance node."""
        return MonsterboxSpielState(self)

    def spec(self) -> tuple[str, int, int, dict[str, Any] | None]:
        """What a deal needs: game id, players, the ``seed`` parameter, options."""
        return self.game_id, self.players, self.base_seed, self.options

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> MonsterboxObserver:
        return MonsterboxObserver(self, iig_obs_type, params)


def deal(spec: tuple[str, int, int, dict[str, Any] | None], outcome: int) -> Game:
    """The engine's game dealt by the deal node's ``outcome`` (``spec``: ``MonsterboxSpielGame.spec``)."""
    game_id, players, seed, options = spec
    return new_game(game_id, players, seed * DEAL_OUTCOMES + outcome, options)


class MonsterboxSpielState(pyspiel.State):  # type: ignore[misc]
    """A state: its moves (chance outcomes and actions, ``_moves``: what ``serialize`` keeps), the engine's game
    they lead to (none before the deal; rebuilt from the moves when a deserialized state first needs it) and, at a
    mid-game chance node, the decision it holds."""

    def __init__(self, game: MonsterboxSpielGame) -> None:
        super().__init__(game)
        self._spec = game.spec()  # plain data: a state's attributes are pickled by ``serialize``
        self._moves: list[int] = []
        self._box = _GameBox(None)
        self._held: int | None = None  # a decision whose engine step draws, played once the chance node is resolved

    def _engine(self) -> Game | None:
        """The engine's game (None at the deal), replayed from the moves if this state was deserialized."""
        if self._box.game is None and self._moves:
            self._held = None
            for move in self._moves:
                self._advance(move)
        return self._box.game

    @property
    def mb(self) -> Game:
        """The monsterbox game of this state (after the deal)."""
        g = self._engine()
        if g is None:
            raise InvalidOptions("the cards are not dealt yet: this state is the deal's chance node")
        return g

    def current_player(self) -> int:
        g = self._engine()
        if g is None or self._held is not None:
            return int(pyspiel.PlayerId.CHANCE)
        return int(pyspiel.PlayerId.TERMINAL) if g.over else int(g.to_play)  # type: ignore[arg-type]

    def is_chance_node(self) -> bool:
        return self._engine() is None or self._held is not None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._engine() is None:
            return _DEAL
        return _PLAY if self._held is not None else []

    def _legal_actions(self, player: int) -> list[int]:
        g = self._engine()
        if g is None or self._held is not None:
            return []
        return sorted(g.legal_codes()) if g.to_play == player else []

    def _apply_action(self, action: int) -> None:
        self._engine()
        self._advance(int(action))
        self._moves.append(int(action))

    def _advance(self, action: int) -> None:
        """One move: the deal, a mid-game chance outcome (the generator's seed, then the held decision), or a
        decision (held when its engine step draws)."""
        g = self._box.game
        if g is None:  # the deal
            self._box.game = deal(self._spec, action)
            return
        if self._held is not None:  # a mid-game chance outcome: seed the generator, then play the held decision
            g.state.rng = crng.seed_state(PLAY_SALT + action)
            held, self._held = self._held, None
            g.play_code(held)
            return
        before_rng = _generator(g)
        if before_rng is None:
            g.play_code(action)
            return
        before = g.copy()
        g.play_code(action)
        if _generator(g) != before_rng:  # the step drew: hold it until the chance node gives the generator's seed
            self._box.game = before
            self._held = action

    def _action_to_string(self, player: int, action: int) -> str:
        if self._engine() is None:
            return f"deal:{int(action)}"
        if player == pyspiel.PlayerId.CHANCE or self._held is not None:
            return f"chance:{int(action)}"
        return str(self.mb.action_name(int(action)))

    def is_terminal(self) -> bool:
        g = self._engine()
        return g is not None and self._held is None and bool(g.over)

    def returns(self) -> list[float]:
        g = self._engine()
        if g is None or not g.over:
            return [0.0] * self._spec[1]
        return [win_reward(g, p) for p in range(g.players)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> MonsterboxSpielState:
        """A state with the same information state for ``player_id``: ``Game.determinize`` with a seed drawn from
        ``probability_sampler`` (a callable giving a number in [0, 1)) or, without one, from Python's generator."""
        u = float(probability_sampler()) if callable(probability_sampler) else random.random()
        seed = int(u * 2**31) % 2**31
        clone: MonsterboxSpielState = self.clone()  # keeps OpenSpiel's own history and move number
        if self._engine() is not None:
            clone._box = _GameBox(self.mb.determinize(int(player_id), seed))
        return clone

    def __str__(self) -> str:
        g = self._engine()
        if g is None:
            return "(the deal)"
        text = json.dumps(g.rules.table_view(g.state, None), sort_keys=True)
        return text if self._held is None else f"{text}\n(chance before {g.action_name(self._held)})"


def _private(mine: Any, public: Any) -> Any:
    """The parts of ``mine`` (a seat's view) that differ from ``public`` (the spectator's), keys kept as paths."""
    if isinstance(mine, dict) and isinstance(public, dict):
        out = {}
        for k, v in mine.items():
            if k not in public:
                out[k] = v
            else:
                d = _private(v, public[k])
                if d is not None:
                    out[k] = d
        return out or None
    if isinstance(mine, list) and isinstance(public, list) and len(mine) == len(public):
        items = {str(i): _private(a, b) for i, (a, b) in enumerate(zip(mine, public, strict=True))}
        items = {k: v for k, v in items.items() if v is not None}
        return items or None
    return None if mine == public else mine


class MonsterboxObserver:
    """OpenSpiel's PyObserver for one ``IIGObservationType``: ``tensor`` and ``string_from`` (see the module)."""

    def __init__(self, game: MonsterboxSpielGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"monsterbox observers take no parameters, got {params!r}")
        if iig_obs_type is None:
            public, private, recall = True, pyspiel.PrivateInfoType.SINGLE_PLAYER, False
        else:
            public, private, recall = (bool(iig_obs_type.public_info), iig_obs_type.private_info,
                                       bool(iig_obs_type.perfect_recall))
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("monsterbox observers give one player's private information at most (hidden "
                             "information is hidden): private_info=ALL_PLAYERS is not offered")
        self.game_id = game.game_id
        self.public = public
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.perfect_recall = recall
        size = game.obs_size if (self.public or self.private) else 0
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def _public_vector(self, g: Game) -> np.ndarray:
        x = np.asarray(encode(self.game_id, g.rules.table_view(g.state, None)), np.float32)
        return np.clip(x, OBS_LOW, OBS_HIGH)

    def set_from(self, state: MonsterboxSpielState, player: int) -> None:
        g = state._engine()
        if g is None or not self.tensor.size:
            self.tensor[:] = 0.0
        elif self.public and self.private:
            self.tensor[:] = observation(g, player)
        elif self.public:
            self.tensor[:] = self._public_vector(g)
        else:
            self.tensor[:] = observation(g, player) - self._public_vector(g)

    def string_from(self, state: MonsterboxSpielState, player: int) -> str:
        g = state._engine()
        if g is None:
            return "deal"
        if not (self.public or self.private):
            return ""
        public = g.spectator_view() if self.perfect_recall else g.rules.table_view(g.state, None)
        if self.public and not self.private:
            return json.dumps(public, sort_keys=True)
        mine = g.view(player) if self.perfect_recall else g.rules.table_view(g.state, player)
        if state._held is not None and g.to_play == player:  # its own decision, waiting for the chance node
            mine = dict(mine, deciding=g.action_name(state._held))
        if not self.public:
            return json.dumps(_private(mine, public) or {}, sort_keys=True)
        return json.dumps(mine, sort_keys=True)


def _game_type(game_id: str, min_players: int, max_players: int) -> Any:
    utility = (pyspiel.GameType.Utility.IDENTICAL if game_id == "monster"
               else pyspiel.GameType.Utility.CONSTANT_SUM)
    return pyspiel.GameType(
        short_name=game_name(game_id),
        long_name=f"monsterbox {get_ruleset(game_id).title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
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
    globals()[_cls.__name__] = _cls  # found by name: games pickle (OpenSpiel's serialize_game_and_state)
    if game_name(_gid) not in pyspiel.registered_names():
        _rules = get_ruleset(_gid)
        pyspiel.register_game(_game_type(_gid, _rules.min_players, _rules.max_players), _cls)
