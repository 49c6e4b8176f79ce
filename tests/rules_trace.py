"""Recorded traces of seeded games: what the rules offered and did, to compare a changed engine against.

A trace plays one seeded game with one agent kind for every seat and keeps, at every decision, the legal action ids
(in order) and the id chosen; every ``DET_EVERY`` decisions, a digest of a determinization of the seat to play
(every seat's table view of it, then a short seeded random walk from it: its legal lists and choices); at the end,
the result and the spectator's table view. ``compare`` names the first difference (game, seat count, seed, agent,
decision number, the last actions before it and both legal lists), so a failure says where the rules changed.

Regenerate the recorded file only for an intended change of the rules (with its ruling and test):
``python -m tests.rules_trace`` (from the repository root) rewrites ``tests/data/rules-traces.json.gz``.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import monsterbox
from monsterbox.agents.base import Observation
from monsterbox.agents.registry import make_agent
from monsterbox.sim import agent_seed

PATH = Path(__file__).parent / "data" / "rules-traces.json.gz"
DET_EVERY = 40
DET_WALK = 12

#: (game, players, seeds, agent kind): small enough to replay in a few seconds
CASES: list[tuple[str, int, tuple[int, ...], str]] = [
    *[(g, n, (0, 1, 2), "random") for g, counts in
      (("inn", (3, 4, 5)), ("maker", (2, 3, 4)), ("mansion", (2, 3, 4)), ("monster", (2, 4, 6)))
      for n in counts],
    *[(g, n, (3,), "heuristic") for g, n in (("inn", 4), ("maker", 4), ("mansion", 3), ("monster", 4))],
]


def _digest(obj: Any) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True, default=repr).encode()).hexdigest()[:16]


def _det_digest(game: monsterbox.Game, seat: int, seed: int) -> str:
    det = game.determinize(seat, seed)
    rules = det.rules
    parts: list[Any] = [rules.table_view(det.state, q) for q in range(det.players)]
    r = random.Random(seed)
    for _ in range(DET_WALK):
        if det.over:
            break
        legal = det.legal_actions()
        pick = legal[r.randrange(len(legal))]
        parts.append((legal, pick))
        det.play(pick)
    parts.append(rules.table_view(det.state, None))
    return _digest(parts)


def trace(game_id: str, players: int, seed: int, agent: str) -> dict[str, Any]:
    """Play the game and record it (see the module docstring)."""
    game = monsterbox.new_game(game_id, players, seed)
    bots = [make_agent(agent, game_id, agent_seed(seed, i)) for i in range(players)]
    decisions: list[list[Any]] = []
    dets: list[list[Any]] = []
    while not game.over:
        seat = game.to_play
        assert seat is not None
        if len(decisions) % DET_EVERY == 0:
            dets.append([len(decisions), _det_digest(game, seat, len(decisions))])
        legal = game.legal_actions()
        pick = bots[seat].act(Observation(game, seat))
        decisions.append([legal, pick])
        game.play(pick)
    return {"game": game_id, "players": players, "seed": seed, "agent": agent, "decisions": decisions,
            "determinizations": dets, "result": json.loads(json.dumps(game.result())),
            "table": _digest(game.rules.table_view(game.state, None))}


def compare(expected: dict[str, Any], actual: dict[str, Any]) -> str | None:
    """None when the traces agree, else a sentence naming the first difference."""
    where = f"{expected['game']} {expected['players']}p seed {expected['seed']} {expected['agent']}"
    exp, act = expected["decisions"], actual["decisions"]
    for i, (e, a) in enumerate(zip(exp, act, strict=False)):
        if e != a:
            before = [d[1] for d in exp[max(0, i - 5):i]]
            return (f"{where}: decision {i} (after ...{before}) differs:\n  recorded legal {e[0]} chose {e[1]!r}"
                    f"\n  now      legal {a[0]} chose {a[1]!r}")
    if len(exp) != len(act):
        return f"{where}: the game now lasts {len(act)} decisions, recorded {len(exp)}"
    for e, a in zip(expected["determinizations"], actual["determinizations"], strict=True):
        if e != a:
            return (f"{where}: the determinization at decision {e[0]} differs (its seats' views or a short random "
                    "walk from it)")
    if expected["result"] != actual["result"]:
        return f"{where}: result differs:\n  recorded {expected['result']}\n  now      {actual['result']}"
    if expected["table"] != actual["table"]:
        return f"{where}: the final spectator table view differs"
    return None


def record_all() -> list[dict[str, Any]]:
    return [trace(g, n, s, agent) for g, n, seeds, agent in CASES for s in seeds]


def load() -> list[dict[str, Any]]:
    with gzip.open(PATH, "rt", encoding="utf-8") as f:
        data: list[dict[str, Any]] = json.load(f)
    return data


if __name__ == "__main__":
    traces = record_all()
    PATH.parent.mkdir(exist_ok=True)
    with gzip.GzipFile(PATH, "wb", mtime=0) as f:
        f.write(json.dumps(traces, separators=(",", ":")).encode())
    print(f"{len(traces)} traces, {sum(len(t['decisions']) for t in traces)} decisions -> {PATH} "
          f"({PATH.stat().st_size:,} bytes)")
