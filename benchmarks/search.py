"""Search and tournament speed.

    python benchmarks/search.py [--game inn] [--players 4] [--iterations 2000] [--games 200]

Prints ISMCTS iterations per second (random and heuristic rollouts, averaged over positions from early, middle and
late game) and arena games per second with 1 and 2 worker processes.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import monsterbox  # noqa: E402
from monsterbox.agents import observe  # noqa: E402
from monsterbox.agents.ismcts import ISMCTSAgent  # noqa: E402
from monsterbox.arena.runner import ArenaConfig, run_arena  # noqa: E402


def positions(game_id: str, players: int) -> list[monsterbox.Game]:
    out = []
    for steps in (0, 30, 60):
        g = monsterbox.new_game(game_id, players, seed=steps + 1)
        r = random.Random(steps)
        for _ in range(steps):
            acts = g.legal_actions()
            g.play(acts[r.randrange(len(acts))])
        while len(g.legal_actions()) == 1:
            g.play(g.legal_actions()[0])
        out.append(g)
    return out


def ismcts_rate(game_id: str, players: int, iterations: int, rollout: str) -> float:
    total_it = 0
    total_t = 0.0
    for g in positions(game_id, players):
        agent = ISMCTSAgent(seed=1, iterations=iterations, rollout=rollout)
        t0 = time.perf_counter()
        agent.act(observe(g, g.to_play))
        total_t += time.perf_counter() - t0
        total_it += agent.last_iterations
    return total_it / total_t


def arena_rate(game_id: str, players: int, games: int, workers: int, agents: list[str]) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        cfg = ArenaConfig(game_id, players, agents, games, seed=0)
        t0 = time.perf_counter()
        run_arena(cfg, Path(tmp), workers=workers)
        return games / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="inn")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--iterations", type=int, default=2000)
    ap.add_argument("--games", type=int, default=400)
    args = ap.parse_args()
    print(f"monsterbox {monsterbox.__version__}, {args.game}, {args.players} players")
    for rollout in ("random", "heuristic"):
        rate = ismcts_rate(args.game, args.players, args.iterations, rollout)
        print(f"ISMCTS ({rollout} rollouts): {rate:,.0f} iterations/s "
              f"({1000 / rate * 1000:.0f} ms for 1,000 iterations)")
    agents = ["heuristic"] + ["random"] * (args.players - 1)
    for workers in (1, 2):
        rate = arena_rate(args.game, args.players, args.games, workers, agents)
        print(f"arena, {','.join(agents)}, {workers} worker(s): {rate:,.1f} games/s")
    agents = ["ismcts:iterations=200"] + ["heuristic"] * (args.players - 1)
    for workers in (1, 2):
        rate = arena_rate(args.game, args.players, 8, workers, agents)
        print(f"arena, {','.join(agents)}, {workers} worker(s): {rate:,.2f} games/s")


if __name__ == "__main__":
    main()
