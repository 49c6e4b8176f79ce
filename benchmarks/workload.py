"""A fixed workload for counting instructions: seeded random games through the public path.

    valgrind --tool=cachegrind --cache-sim=no python benchmarks/workload.py monster --games 60 --warmup 20

Plays ``--warmup`` games (seeds from 10**6: imports, card files and the games' memos warmed, as in a benchmark
run), then ``--games`` games of seeds 0, 1, ... with random moves drawn from ``random.Random(0)`` through
``new_game``, ``legal_actions()`` and ``play(id)``, and prints the decisions played. Instructions a decision: the
run's count minus the same run with ``--games 0``, divided by the decisions. ``--no-gc`` disables the cyclic
garbage collector (to see its share); ``--time`` also prints the CPU seconds of the measured games.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import monsterbox  # noqa: E402
from monsterbox.core.registry import implemented_games  # noqa: E402


def play(game_id: str, players: int, seeds: range, rng: random.Random) -> int:
    decisions = 0
    for seed in seeds:
        g = monsterbox.new_game(game_id, players, seed=seed)
        while not g.over:
            acts = g.legal_actions()
            g.play(acts[rng.randrange(len(acts))])
            decisions += 1
    return decisions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", choices=implemented_games())
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--warmup", type=int, default=20)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--no-gc", action="store_true")
    ap.add_argument("--time", action="store_true")
    args = ap.parse_args()
    if args.no_gc:
        gc.disable()
    play(args.game, args.players, range(10**6, 10**6 + args.warmup), random.Random(1))
    t0 = time.process_time()
    n = play(args.game, args.players, range(args.games), random.Random(0))
    dt = time.process_time() - t0
    timing = f", {dt:.3f} CPU s, {n / dt:,.0f}/s" if args.time else ""
    print(f"{args.game}: {args.games} games, {n} decisions{timing}")


if __name__ == "__main__":
    main()
