"""What the learning environments share: the padded action space, bounded observations, masks, opponents and the
rewards (the win share, and an optional shaped reward for the cooperative game)."""

from __future__ import annotations

import functools
import json
import struct
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from monsterbox.agents.base import Agent, Observation, observe
from monsterbox.agents.random_agent import RandomAgent
from monsterbox.agents.registry import make_agent
from monsterbox.core.errors import InvalidOptions
from monsterbox.core.game import Game
from monsterbox.core.registry import get_ruleset, implemented_games, new_game
from monsterbox.rl.encode import ENCODERS, encode
from monsterbox.rl.inn_track import observation_bytes as inn_observation_bytes
from monsterbox.rl.seat_encode import STATE_ENCODERS, encode_mansion_bytes

#: declared bounds of every observation feature (features are scaled to about [0, 1]; a few counts, e.g. tickets
#: sold beyond zero, leave that range, and the environments clip to these bounds so the declared space always holds)
OBS_LOW, OBS_HIGH = -4.0, 4.0

#: default player count of each game's environments
DEFAULT_PLAYERS = {"inn": 4, "monster": 4, "mansion": 3, "maker": 4}

#: a policy for self-play: ``policy(observation vector, action mask) -> action code``
PolicyFn = Callable[[np.ndarray, np.ndarray], int]


def check_game(game_id: Any) -> str:
    """``game_id`` if the learning environments know it (a boxed game, or one given to :func:`register_game`)."""
    if not isinstance(game_id, str) or game_id not in _OBSERVATIONS:
        known = [g for g in implemented_games() if g in _OBSERVATIONS]
        raise InvalidOptions(f"unknown game id {game_id!r}; known games: {', '.join(known)}")
    return game_id


@functools.lru_cache(maxsize=64)
def _action_space_size(game_id: str, options_json: str) -> int:
    rules = get_ruleset(game_id)
    options = json.loads(options_json) or None
    sizes = []
    for p in range(rules.min_players, rules.max_players + 1):
        g = new_game(game_id, p, 0, options)
        sizes.append(len(g.rules.action_tables(g.state)[0]))
    return max(sizes)


def action_space_size(game_id: str, options: dict[str, Any] | None = None) -> int:
    """The number of action codes of ``game_id``: the largest table over every player count, so one policy's
    output layer fits every table size (codes past a smaller table are never legal)."""
    return _action_space_size(game_id, json.dumps(options or {}, sort_keys=True))


#: numpy's dtypes as objects: numpy converts a type such as ``np.float32`` given as a dtype on every call, which costs
#: more than the rest of a call on a small array
_FLOAT32, _INT8 = np.dtype(np.float32), np.dtype(np.int8)

#: the bounds as float32 scalars (clipping with them is what ``np.clip`` to the bounds does, without its overhead)
_HIGH, _LOW = np.float32(OBS_HIGH), np.float32(OBS_LOW)


@functools.lru_cache(maxsize=64)
def _packer(size: int) -> struct.Struct:
    """Packs ``size`` Python floats as float32 (C's rounding, as numpy's) at once: the fastest way from a list of
    floats to a float32 array."""
    return struct.Struct(f"{size}f")


def to_array(x: list[float]) -> np.ndarray:
    """A new float32 array of the floats ``x`` (equal to ``np.array(x, dtype=np.float32)``)."""
    return np.frombuffer(bytearray(_packer(len(x)).pack(*x)), _FLOAT32)


def _inn_observation(s: Any, seat: int) -> np.ndarray:
    """Packed part by part, kept up to date from the game's events (``inn_track``); no clipping (Monster Inn's
    features stay inside the bounds by construction)."""
    return np.frombuffer(inn_observation_bytes(s, seat), _FLOAT32)


def _mansion_observation(s: Any, seat: int) -> np.ndarray:
    """Packed part by part and clipped as packed (``seat_encode.encode_mansion_bytes``)."""
    return np.frombuffer(encode_mansion_bytes(s, seat), _FLOAT32)


def _clipped(game_id: str) -> Callable[[Any, int], np.ndarray]:
    encoder = STATE_ENCODERS[game_id]

    def observe_state(s: Any, seat: int) -> np.ndarray:
        """The encoder's floats packed as float32, then clipped to the declared bounds."""
        x = to_array(encoder(s, seat))
        np.minimum(x, _HIGH, out=x)
        np.maximum(x, _LOW, out=x)
        return x

    return observe_state


#: per game: ``f(state, seat)`` -> the seat's observation vector (see ``observation``)
_OBSERVATIONS: dict[str, Callable[[Any, int], np.ndarray]] = {
    "inn": _inn_observation, "mansion": _mansion_observation, "monster": _clipped("monster"),
    "maker": _clipped("maker")}


def register_game(game_id: str, encoder: Callable[[dict[str, Any]], list[float]], players: int) -> None:
    """Make a game registered with the game registry (``core.registry.register_game``) playable by the learning
    environments (Gymnasium, PettingZoo): ``encoder(view)`` is its observation vector (it reads the table of a view,
    not its log: the environments give it ``Ruleset.table_view``), ``players`` the environments' default count.
    The boxed games have their own, faster encoders from the state (``seat_encode``)."""
    rules = get_ruleset(game_id)
    ENCODERS[game_id] = encoder
    DEFAULT_PLAYERS[game_id] = players

    def observe_state(s: Any, seat: int) -> np.ndarray:
        x = to_array(encoder(rules.table_view(s, seat)))
        np.minimum(x, _HIGH, out=x)
        np.maximum(x, _LOW, out=x)
        return x

    _OBSERVATIONS[game_id] = observe_state


def unregister_game(game_id: str) -> None:
    """Forget a game given to :func:`register_game` (a test's toy game)."""
    for table in (ENCODERS, DEFAULT_PLAYERS, _OBSERVATIONS):
        table.pop(game_id, None)


def observation_fn(game_id: str) -> Callable[[Any, int], np.ndarray]:
    """``observation`` of a game of ``game_id`` as a function of its state: ``f(game.state, seat)`` (for an
    environment, which looks it up once)."""
    return _OBSERVATIONS[game_id]


def observation(game: Game, seat: int) -> np.ndarray:
    """The seat's observation vector, read from the state for that seat only (``seat_encode``: the same vector as
    ``encode`` of the seat's view, without building the view), clipped to the declared bounds (Monster Inn's
    features stay inside them by construction)."""
    return _OBSERVATIONS[game.game_id](game.state, seat)


#: masks by their legal codes, for a game whose rules return shared immutable sequences (Monster Inn's bids and
#: bonus choices are tuples built once): the id of the tuple -> (the tuple, the table size, the mask); each entry
#: holds its tuple, so that an id is never taken for another object's
_MASKS: dict[int, tuple[Sequence[int], int, np.ndarray]] = {}


def mask(game: Game, seat: int, n: int) -> np.ndarray:
    """1 for each legal action code of ``seat`` (all 0 when another seat is to play or the game is over), from the
    engine's legal action codes; a new array at each call."""
    if game.rules.to_play(game.state) != seat:
        return np.zeros(n, _INT8)
    return mask_of(game.legal_codes_shared(), n)


def mask_of(codes: Sequence[int], n: int) -> np.ndarray:
    """1 for each of the action codes ``codes`` (of the seat to play), of ``n``; a new array at each call."""
    hit = _MASKS.get(id(codes))
    if hit is not None and hit[0] is codes and hit[1] == n:
        return hit[2].copy()  # copying an array costs less than making one from bytes
    m = bytearray(n)  # zeros; set byte by byte (cheaper than numpy's item assignment), then viewed as int8
    for code in codes:
        m[code] = 1
    arr = np.frombuffer(m, _INT8)
    if type(codes) is tuple:  # immutable: the same tuple always gives this mask
        if len(_MASKS) >= 256:
            _MASKS.clear()
        _MASKS[id(codes)] = (codes, n, arr.copy())
    return arr


class PolicyFnAgent:
    """A callable ``policy(observation, mask) -> action code`` as an agent (self-play: the learner's own policy)."""

    name = "policy-fn"

    def __init__(self, fn: PolicyFn, game_id: str, n_actions: int) -> None:
        self.fn, self.game_id, self.n = fn, game_id, n_actions

    def act(self, obs: Observation) -> str:
        x = np.clip(np.asarray(encode(self.game_id, obs.view), dtype=np.float32), OBS_LOW, OBS_HIGH)
        m = np.zeros(self.n, dtype=np.int8)
        m[list(obs.legal_codes)] = 1
        code = int(self.fn(x, m))
        if code not in obs.legal_codes:
            raise InvalidOptions(f"the opponent policy chose action code {code}, which is not legal "
                                 f"(legal codes: {sorted(obs.legal_codes)})")
        return obs.legal[obs.legal_codes.index(code)]


OpponentSpec = str | Agent | PolicyFn | Sequence[Any] | None


def make_opponents(spec: OpponentSpec, game_id: str, players: int, learner: int, seed: int,
                   n_actions: int) -> dict[int, Agent]:
    """The agents of every seat but ``learner``. ``spec``: an agent name (``"heuristic"``,
    ``"ismcts:iterations=200"``), an agent object (anything with ``act(observation)``), a callable policy
    ``f(observation vector, mask) -> code`` (self-play), or a list of those, one per seat (``players`` long, the
    learner's entry ignored) or one per other seat (``players - 1`` long, in seat order)."""
    others = [p for p in range(players) if p != learner]
    if isinstance(spec, str) or spec is None or not isinstance(spec, Sequence):
        specs = {p: spec for p in others}
    elif len(spec) == players:
        specs = {p: spec[p] for p in others}
    elif len(spec) == players - 1:
        specs = dict(zip(others, spec, strict=True))
    else:
        raise InvalidOptions(f"opponents: give one for every seat ({players}) or for every other seat "
                             f"({players - 1}), got {len(spec)}")
    out: dict[int, Agent] = {}
    for p, s in specs.items():
        out[p] = one_opponent(s, game_id, seed * 131 + p, n_actions)
    return out


def one_opponent(spec: Any, game_id: str, seed: int, n_actions: int) -> Agent:
    if spec is None or spec == "random":
        return RandomAgent(seed)  # what make_agent("random", ...) builds, without parsing the name every episode
    if isinstance(spec, str):
        return make_agent(spec, game_id, seed)
    if hasattr(spec, "act"):
        agent: Agent = spec
        return agent
    if callable(spec):
        return PolicyFnAgent(spec, game_id, n_actions)
    raise InvalidOptions(f"an opponent is an agent name, an agent object with act(observation) or a callable "
                         f"policy(observation, mask) -> code; got {spec!r}")


def win_reward(game: Game, seat: int, winners: list[int] | None = None) -> float:
    """1 split among the winners (the cooperative Monster: 1 to every seat when the team wins), else 0. ``winners``:
    the finished game's winners when the caller has them (``Ruleset.outcome``, without the result's details)."""
    won = game.rules.outcome(game.state)[1] if winners is None else winners
    if seat not in won:
        return 0.0
    return 1.0 if game.game_id == "monster" else 1.0 / len(won)


def monster_progress(game: Game) -> float:
    """The cooperative game's shaping potential in [0, 1]: half the share of the lairs' monsters killed, half the
    villagers left (out of 20). ``reward="shaped"`` pays every seat the change of this value after each step (a
    potential-based shaping, so the best policies are those of the win reward) plus the win reward at the end."""
    v = game.rules.table_view(game.state, None)
    killed = sum(len(lair["killed"]) for lair in v["lairs"])
    alive = sum(len(lair["monsters"]) for lair in v["lairs"])
    share = killed / (killed + alive) if killed + alive else 0.0
    return 0.5 * share + 0.5 * max(0.0, min(1.0, v["villagers"] / 20.0))


def act_for(game: Game, seat: int, agent: Agent) -> None:
    game.play(agent.act(observe(game, seat)))
