"""Engine speed: random playouts through the public path and through the internal path that search uses.

    python benchmarks/engine.py [--game inn] [--players 4] [--seconds 3]

Public path: ``new_game`` then ``legal_actions()`` / ``play(action_id)`` (string ids, every action checked).
Internal path: the ruleset's integer ``legal_actions(state)`` / ``apply(state, code)`` on a state copied
without its log, as ISMCTS does from a determinization. Also: the cost of copy, determinize and view.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import monsterbox  # noqa: E402
from monsterbox.core.registry import get_ruleset, implemented_games  # noqa: E402


def bench_public(game_id: str, players: int, seconds: float) -> tuple[float, float]:
    rng = random.Random(0)
    games = decisions = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        g = monsterbox.new_game(game_id, players, seed=games)
        while not g.over:
            acts = g.legal_actions()
            g.play(acts[rng.randrange(len(acts))])
            decisions += 1
        games += 1
    dt = time.perf_counter() - t0
    return games / dt, decisions / dt


def bench_internal(game_id: str, players: int, seconds: float) -> tuple[float, float]:
    rules = get_ruleset(game_id)
    root = monsterbox.new_game(game_id, players, seed=1)
    rng = random.Random(0)
    rand = rng.random
    legal, apply, over = rules.legal_actions, rules.apply, rules.is_over
    games = decisions = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        s = rules.determinize(root.state, 0, rng, keep_log=False)
        while not over(s):
            acts = legal(s)
            apply(s, acts[int(rand() * len(acts))])
            decisions += 1
        games += 1
    dt = time.perf_counter() - t0
    return games / dt, decisions / dt


def per_call(fn, seconds: float = 1.0) -> float:
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for _ in range(100):
            fn()
        n += 100
    return (time.perf_counter() - t0) / n * 1e6


def mid_game_costs(game_id: str, players: int) -> str:
    g = monsterbox.new_game(game_id, players, seed=3)
    r = random.Random(1)
    for _ in range(40):
        acts = g.legal_actions()
        g.play(acts[r.randrange(len(acts))])
    rules = g.rules
    return (f"copy {per_call(lambda: rules.copy(g.state, False)):.1f} us, "
            f"determinize {per_call(lambda: g.determinize(0, 1)):.1f} us, view {per_call(lambda: g.view(0)):.1f} us")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", choices=implemented_games(), default=None, help="one game (default: all built)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = ap.parse_args()
    games = [args.game] if args.game else list(implemented_games())
    print(f"monsterbox {monsterbox.__version__}, Python {sys.version.split()[0]}, {args.players} players, "
          "random playouts")
    for game_id in games:
        gps, dps = bench_public(game_id, args.players, args.seconds)
        print(f"{game_id:8s} public   path: {gps:10,.0f} games/s {dps:12,.0f} decisions/s")
        gps, dps = bench_internal(game_id, args.players, args.seconds)
        print(f"{game_id:8s} internal path: {gps:10,.0f} games/s {dps:12,.0f} decisions/s (incl. determinize)")
        print(f"{game_id:8s} mid-game costs: " + mid_game_costs(game_id, args.players))


if __name__ == "__main__":
    main()
