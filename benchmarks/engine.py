"""Engine speed: random playouts through the public path, ``simulate`` and the internal path that search uses.

    python benchmarks/engine.py [--games inn,maker] [--players 4] [--seconds 3]

Public path: ``new_game`` then ``legal_actions()`` / ``play(action_id)`` (string ids, every action checked).
Simulate: ``sim.simulate`` with random agents (the agent layer on top of the public path), 10 games a call.
Internal path: the ruleset's integer ``legal_actions(state)`` / ``apply(state, code)`` on a state copied
without its log, as ISMCTS does from a determinization. Also: the cost of copy, determinize and view.

Rates are decisions per second of this process's CPU time (the machine may be shared), measured in interleaved
bursts after a warm-up game so that a changing load affects every column alike; each rate is its best burst's
(as ``timeit`` advises: the others measure the load more than the code). The summary table gives each
game's public path as a ratio to Monster Inn's (goal >= 0.5) and simulate's ratio to the public path (goal >= 0.9).
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
from monsterbox.sim import simulate  # noqa: E402

#: CPU time of this process: wall time would charge other processes' work to us
clock = time.process_time


def bench_public(game_id: str, players: int, seconds: float, first_seed: int = 0) -> tuple[float, float]:
    rng = random.Random(first_seed)
    games = decisions = 0
    t0 = clock()
    while clock() - t0 < seconds:
        g = monsterbox.new_game(game_id, players, seed=first_seed + games)
        while not g.over:
            acts = g.legal_actions()
            g.play(acts[rng.randrange(len(acts))])
            decisions += 1
        games += 1
    dt = clock() - t0
    return games / dt, decisions / dt


def bench_simulate(game_id: str, players: int, seconds: float, first_seed: int = 0) -> float:
    decisions = 0.0
    seed = first_seed
    t0 = clock()
    while clock() - t0 < seconds:
        out = simulate(game_id, players, 10, ["random"] * players, seed=seed)  # as the CLI runs: many games a call
        decisions += out["mean_actions"] * out["games"]
        seed += 10
    return decisions / (clock() - t0)


def bench_internal(game_id: str, players: int, seconds: float, first_seed: int = 0) -> tuple[float, float]:
    rules = get_ruleset(game_id)
    root = monsterbox.new_game(game_id, players, seed=1)
    rng = random.Random(first_seed)
    rand = rng.random
    legal, apply, over = rules.legal_actions, rules.apply, rules.is_over
    games = decisions = 0
    t0 = clock()
    while clock() - t0 < seconds:
        s = rules.determinize(root.state, 0, rng, keep_log=False)
        while not over(s):
            acts = legal(s)
            apply(s, acts[int(rand() * len(acts))])
            decisions += 1
        games += 1
    dt = clock() - t0
    return games / dt, decisions / dt


def per_call(fn, seconds: float = 1.0) -> float:
    n = 0
    t0 = clock()
    while clock() - t0 < seconds:
        for _ in range(100):
            fn()
        n += 100
    return (clock() - t0) / n * 1e6


def mid_game_costs(game_id: str, players: int, seconds: float) -> str:
    g = monsterbox.new_game(game_id, players, seed=3)
    r = random.Random(1)
    for _ in range(40):
        acts = g.legal_actions()
        g.play(acts[r.randrange(len(acts))])
    rules = g.rules
    return (f"copy {per_call(lambda: rules.copy(g.state, False), seconds):.1f} us, "
            f"determinize {per_call(lambda: g.determinize(0, 1), seconds):.1f} us, "
            f"view {per_call(lambda: g.view(0), seconds):.1f} us")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default=",".join(implemented_games()),
                    help="comma-separated game ids (default: all built; Monster Inn first for the ratios)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=3.0, help="CPU time per measurement")
    ap.add_argument("--bursts", type=int, default=5, help="interleaved bursts per measurement (best one counts)")
    args = ap.parse_args()
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = [g for g in games if g not in implemented_games()]
    if unknown:
        ap.error(f"unknown game(s) {', '.join(unknown)}; choose among {', '.join(implemented_games())}")
    print(f"monsterbox {monsterbox.__version__}, Python {sys.version.split()[0]}, {args.players} players, "
          "random playouts, decisions per CPU second")
    for game_id in games:  # warm-up: imports and card files are loaded once
        bench_public(game_id, args.players, 0.01)
        bench_simulate(game_id, args.players, 0.01)
    k = args.bursts  # interleaved bursts; each rate is the best burst's (the least disturbed by other processes)
    pub = {g: 0.0 for g in games}
    sim = dict(pub)
    gps = dict(pub)
    for i in range(k):
        for game_id in games:
            g_s, d_s = bench_public(game_id, args.players, args.seconds / k, first_seed=1000 * i)
            if d_s > pub[game_id]:
                pub[game_id], gps[game_id] = d_s, g_s
            sim[game_id] = max(sim[game_id], bench_simulate(game_id, args.players, args.seconds / k,
                                                            first_seed=1000 * i))
    inn = pub.get("inn")
    print(f"{'game':8} {'games/s':>8} {'public/s':>9} {'vs inn':>6} {'simulate/s':>10} {'sim/pub':>7} "
          f"{'internal/s':>10}  mid-game costs")
    for game_id in games:
        _, internal = bench_internal(game_id, args.players, args.seconds / 2)
        ratio = f"{pub[game_id] / inn:6.2f}" if inn else f"{'-':>6}"
        print(f"{game_id:8} {gps[game_id]:8,.0f} {pub[game_id]:9,.0f} {ratio} {sim[game_id]:10,.0f} "
              f"{sim[game_id] / pub[game_id]:7.2f} {internal:10,.0f}  "
              + mid_game_costs(game_id, args.players, min(1.0, args.seconds / 3)), flush=True)


if __name__ == "__main__":
    main()
