"""The learned baselines at play: a Q(s, a) network read from an ``.npz`` file and evaluated with numpy alone (no
torch), and the agent kind ``learned`` (``learned``: the policy shipped for the game,
``src/monsterbox/data/learned/<game>.npz``; ``learned:path=<file.npz>``: a user's own, e.g. from ``monsterbox
train``).

The network (Deep Monte Carlo, as DouZero: ``rl.train``) scores one legal action of the seat to play: the seat's
observation vector ``x`` (``rl.encode``, what the seat may know) and the action's code ``a`` (its index in the
game's action table) go through

    h1 = relu(x @ w_obs + w_act[a] + b1);  h2 = relu(h1 @ w2 + b2);  q = h2 @ w3 + b3

(``w_act[a]`` is the first layer applied to the action's one-hot code). ``q`` estimates the seat's share of the
win (Monster: the team's win plus a part of its progress, ``rl.train.target``).

How the agent plays: with a ``margin``, the network corrects the game's heuristic bot: it plays the heuristic bot's
move unless the network rates another legal action higher by more than ``margin`` (then that action). Without one
it plays the legal action of the highest ``q`` (the first in the engine's order on a tie), deterministic whatever
its seed. The shipped policy of each game plays with the margin in ``SHIPPED_MARGIN``, chosen on the training's
evaluation deals (never the published figures' deals): the network's estimates are noisy where it has seen few
positions, and the margin keeps it to the deviations it is sure of (Monster Inn: 31.5% against three ``medium``
bots by the network alone, 44.1% with a margin of 0.05, 24.5% for the heuristic bot alone, on 400 deals;
``docs/results/learned-inn.md``).

A weights file is data, never code: it is read with ``allow_pickle=False``, and every array is checked (names,
float32, shapes that fit the game's encoding and action table, finite values); anything else is refused with
InvalidOptions. Paths are still the server's business: a client may seat ``learned`` but never name a file
(``server/bots.py``).
"""

from __future__ import annotations

import functools
import hashlib
import os
import zipfile
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from monsterbox.agents.base import Observation
from monsterbox.agents.registry import make_agent, register_agent
from monsterbox.core.errors import InvalidOptions
from monsterbox.rl.common import OBS_HIGH, OBS_LOW, action_space_size, check_game
from monsterbox.rl.encode import encode, observation_size

#: the layout of the network's input: bumped when an observation encoding or the network's form changes (a file of
#: another version is refused rather than misread)
ENCODING_VERSION = 1

#: the arrays of a weights file besides the parameters: the game, the encoding version
META = ("game", "version")
PARAMS = ("w_obs", "w_act", "b1", "w2", "b2", "w3", "b3")
#: a weights file larger than this is refused before it is read (the shipped ones are about 1 MB)
MAX_FILE_BYTES = 64 * 1024 * 1024
#: the margin the shipped policy of each game plays with (``LearnedAgent``; None: the network alone), chosen on the
#: evaluation deals of ``rl.train`` (seeds from 9,000,000) among 0, 0.02, 0.05 and 0.1
#: ``learned:margin=-1`` (the default): the shipped margin for the shipped network, the network alone for a file
DEFAULT_MARGIN = -1.0
SHIPPED_MARGIN: dict[str, float | None] = {"inn": 0.05, "maker": 0.1, "mansion": 0.05, "monster": 0.05}


def shipped_path(game_id: str) -> Path:
    """Where the package keeps the learned policy of ``game_id``."""
    return Path(str(resources.files("monsterbox") / "data" / "learned" / f"{game_id}.npz"))


@dataclass(frozen=True)
class QNet:
    """The network's parameters (float32), for one game."""

    game_id: str
    w_obs: np.ndarray
    w_act: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray
    w3: np.ndarray
    b3: np.ndarray

    def q_values(self, x: np.ndarray, codes: Any) -> np.ndarray:
        """Q of each action code in ``codes`` for the observation vector ``x``."""
        h1 = x @ self.w_obs + self.b1
        h = np.maximum(h1[None, :] + self.w_act[np.asarray(codes, dtype=np.intp)], 0.0)
        h2 = np.maximum(h @ self.w2 + self.b2, 0.0)
        out: np.ndarray = h2 @ self.w3 + self.b3
        return out

    def best(self, x: np.ndarray, codes: Any) -> int:
        """The index in ``codes`` of the action with the highest Q (the first one on a tie)."""
        return int(np.argmax(self.q_values(x, codes)))

    def arrays(self) -> dict[str, np.ndarray]:
        """The file's arrays (``save``)."""
        out = {k: getattr(self, k) for k in PARAMS}
        out["game"] = np.array(self.game_id)
        out["version"] = np.array(ENCODING_VERSION, dtype=np.int64)
        return out

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as fh:
            np.savez_compressed(fh, **self.arrays())  # type: ignore[arg-type]


def _bad(path: Path | str, why: str) -> InvalidOptions:
    return InvalidOptions(f"learned weights file {str(path)!r} is not usable: {why}")


def check_arrays(arrays: dict[str, np.ndarray], game_id: str, where: Path | str = "<arrays>") -> QNet:
    """A QNet from a weights file's arrays, each checked against the game's encoding and action table; else
    InvalidOptions saying what is wrong."""
    missing = [k for k in (*META, *PARAMS) if k not in arrays]
    if missing:
        raise _bad(where, f"missing arrays {', '.join(missing)}")
    extra = sorted(set(arrays) - {*META, *PARAMS})
    if extra:
        raise _bad(where, f"unexpected arrays {', '.join(extra)}")
    game, version = arrays["game"], arrays["version"]
    if game.shape != () or game.dtype.kind != "U" or str(game) != game_id:
        raise _bad(where, f"it was trained for game {str(game)[:40]!r}, not {game_id!r}")
    if version.shape != () or version.dtype.kind not in "iu" or int(version) != ENCODING_VERSION:
        raise _bad(where, f"encoding version {version!r} (this monsterbox reads version {ENCODING_VERSION}); "
                          f"train it again")
    size = observation_size(game_id, 4 if game_id != "mansion" else 3)
    n = action_space_size(game_id)
    p = {k: arrays[k] for k in PARAMS}
    for k, a in p.items():
        if a.dtype != np.float32:
            raise _bad(where, f"array {k} is {a.dtype}, not float32")
    hidden = p["b1"].shape[0] if p["b1"].ndim == 1 else -1
    hidden2 = p["b2"].shape[0] if p["b2"].ndim == 1 else -1
    shapes = {"w_obs": (size, hidden), "w_act": (n, hidden), "b1": (hidden,), "w2": (hidden, hidden2),
              "b2": (hidden2,), "w3": (hidden2,), "b3": ()}
    if hidden < 1 or hidden2 < 1 or hidden > 4096 or hidden2 > 4096:
        raise _bad(where, "the hidden layers must have 1 to 4096 units")
    for k, shape in shapes.items():
        if p[k].shape != shape:
            raise _bad(where, f"array {k} has shape {p[k].shape}, expected {shape} (observation size {size}, "
                              f"{n} action codes for {game_id})")
        if not np.all(np.isfinite(p[k])):
            raise _bad(where, f"array {k} holds values that are not finite")
    return QNet(game_id, **{k: np.array(v, dtype=np.float32, order="C") for k, v in p.items()})


def read_qnet(path: Path | str, game_id: str) -> QNet:
    """The network in the ``.npz`` file ``path`` for ``game_id`` (read without pickle), or InvalidOptions."""
    path = Path(path)
    if not path.is_file():
        raise InvalidOptions(f"learned weights file {str(path)!r} does not exist")
    if path.stat().st_size > MAX_FILE_BYTES:
        raise _bad(path, f"larger than {MAX_FILE_BYTES // 2**20} MB")
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {k: data[k] for k in data.files}
    except (ValueError, OSError, EOFError, zipfile.BadZipFile, KeyError) as exc:
        raise _bad(path, f"not a numpy .npz file of plain arrays ({type(exc).__name__}: {str(exc)[:120]})") from None
    for k, v in arrays.items():
        if not isinstance(v, np.ndarray):  # numpy hands a member that is not an .npy array over as raw bytes
            raise _bad(path, f"not a numpy .npz file of plain arrays (member {k[:40]!r} is not an array)")
    return check_arrays(arrays, game_id, path)


@functools.lru_cache(maxsize=16)
def _cached(path: str, game_id: str, mtime_ns: int, size: int) -> QNet:
    return read_qnet(path, game_id)


def load_qnet(path: Path | str, game_id: str) -> QNet:
    """``read_qnet``, kept while the file is unchanged (a server builds a bot's agent at every move)."""
    p = Path(path)
    try:
        st = os.stat(p)
    except OSError:
        raise InvalidOptions(f"learned weights file {str(p)!r} does not exist") from None
    return _cached(str(p), game_id, st.st_mtime_ns, st.st_size)


def identity(game_id: str, path: str = "", margin: float = DEFAULT_MARGIN) -> dict[str, Any]:
    """What a ``learned`` agent plays with beyond its spec's text: the network file's SHA-256 (its first 16 hex digits;
    None if there is no file) and the margin it plays with (None: the network alone), resolved as ``LearnedAgent``
    resolves them. A cache of results (``arena.benchmark``) keyed by it is not fooled by a new shipped network or
    margin under the same spec ``learned``."""
    if not path:
        path = str(shipped_path(game_id))
        if margin == DEFAULT_MARGIN:
            margin = SHIPPED_MARGIN.get(game_id) if SHIPPED_MARGIN.get(game_id) is not None else DEFAULT_MARGIN
    file = Path(path)
    digest = hashlib.sha256(file.read_bytes()).hexdigest()[:16] if file.is_file() else None
    return {"network": digest, "margin": None if margin == DEFAULT_MARGIN else float(margin)}


class LearnedAgent:
    """``learned`` (the shipped policy of the game, with its ``SHIPPED_MARGIN``), ``learned:path=<file.npz>`` (a
    network of one's own, alone) and ``learned:margin=<m>`` (0 to 1: the heuristic bot's move unless the network
    rates another legal action more than ``m`` higher, for either network; -1, the default: as shipped)."""

    name = "learned"

    def __init__(self, game_id: str, path: str = "", seed: int = 0, margin: float = DEFAULT_MARGIN) -> None:
        game_id = check_game(game_id)
        if not isinstance(path, str):
            raise InvalidOptions("agent 'learned': path must be a file name, e.g. learned:path=inn.npz")
        if isinstance(margin, bool) or not isinstance(margin, int | float) or not (
                margin == DEFAULT_MARGIN or 0 <= margin <= 1):
            raise InvalidOptions(f"agent 'learned': margin must be a number from 0 to 1 (the win share by which "
                                 f"the network must prefer a move to the heuristic bot's), got {margin!r}")
        if not path:
            default = shipped_path(game_id)
            if not default.is_file():
                raise InvalidOptions(f"no learned policy is shipped for {game_id}; train one with "
                                     f"'monsterbox train {game_id}' and seat learned:path=<file>")
            path = str(default)
            shipped = SHIPPED_MARGIN.get(game_id)
            if margin == DEFAULT_MARGIN and shipped is not None:
                margin = shipped
        self.game_id = game_id
        self.seed = seed
        self.net = load_qnet(path, game_id)
        self.margin = None if margin == DEFAULT_MARGIN else float(margin)
        # the heuristic bot the network corrects (it samples a world consistent with the seat's view: seeded)
        self.prior = make_agent("medium", game_id, seed) if self.margin is not None else None

    def _vector(self, obs: Observation) -> np.ndarray:
        x = np.asarray(encode(self.game_id, obs.view), dtype=np.float32)
        return np.clip(x, OBS_LOW, OBS_HIGH)

    def choose(self, obs: Observation) -> int:
        """The index in ``obs.legal`` of the move to play (more than one legal move)."""
        q = self.net.q_values(self._vector(obs), obs.legal_codes)
        best = int(np.argmax(q))
        if self.prior is None or self.margin is None:
            return best
        usual = obs.legal.index(self.prior.act(obs))
        return best if q[best] - q[usual] > self.margin else usual

    def act_code(self, obs: Observation) -> int:
        codes = obs.legal_codes
        if len(codes) == 1:
            return int(codes[0])
        return int(codes[self.choose(obs)])

    def act(self, obs: Observation) -> str:
        if len(obs.legal) == 1:
            return obs.legal[0]
        return obs.legal[self.choose(obs)]


register_agent("learned", LearnedAgent, skip=("seed", "game_id"))
