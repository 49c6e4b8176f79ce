"""Seconds per move of each level (easy, medium, hard, expert) in every game.

    python benchmarks/levels.py [--games inn,maker,mansion,monster] [--positions 6] [--players 4] [--spec SPEC ...]

Positions: the first ``positions`` decisions with a real choice, spread over a game of heuristic bots (every 4th
decision). Prints CPU seconds per move (the time on one idle core; what ``expert answers within 2 s`` is about) and
wall seconds (inflated when the machine is shared), mean and max, as a Markdown table. ``--spec`` (repeatable)
measures those agent specs on the same positions instead of the levels (candidates for a level).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import monsterbox  # noqa: E402
from monsterbox.agents import make_agent, observe  # noqa: E402
from monsterbox.agents.ismcts import rollout_policy  # noqa: E402
from monsterbox.agents.levels import LEVEL_NAMES, LEVELS  # noqa: E402


def positions(game_id: str, players: int, count: int) -> list[monsterbox.Game]:
    g = monsterbox.new_game(game_id, players, seed=101)
    policy = rollout_policy(game_id)
    out: list[monsterbox.Game] = []
    k = 0
    while not g.over and len(out) < count:
        if len(g.legal_actions()) > 1:
            if k % 4 == 0:
                out.append(g.copy())
            k += 1
        g.play(g.action_name(policy(g.state)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", default=",".join(monsterbox.GAME_IDS))
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--spec", action="append", default=[], help="an agent spec to measure instead of the levels")
    args = ap.parse_args()
    print(f"monsterbox {monsterbox.__version__}, {args.players} players, {args.positions} positions per game")
    print("| game | level | agent | CPU s/move (mean) | CPU s/move (max) | wall s/move (mean) |")
    print("|---|---|---|---|---|---|")
    for game_id in args.games.split(","):
        pos = positions(game_id, args.players, args.positions)
        for level in args.spec or LEVEL_NAMES:
            agent = make_agent(level, game_id, seed=1)
            cpu, wall = [], []
            for g in pos:
                obs = observe(g, g.to_play)
                t0, w0 = time.process_time(), time.perf_counter()
                agent.act(obs)
                cpu.append(time.process_time() - t0)
                wall.append(time.perf_counter() - w0)
            spec, name = LEVELS[game_id].get(level, level), level if level in LEVEL_NAMES else "candidate"
            print(f"| {game_id} | {name} | `{spec}` | {sum(cpu) / len(cpu):.3f} | {max(cpu):.3f} | "
                  f"{sum(wall) / len(wall):.3f} |", flush=True)


if __name__ == "__main__":
    main()
