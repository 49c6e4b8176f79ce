"""Monster's difficulty table: the heuristic team's win rate by crisis level, variant and player count.

    python benchmarks/monster_difficulty.py --games 200 --seed 1 --out docs/results/monster-difficulty.md
    python benchmarks/monster_difficulty.py --games 300 --players 4 --levels 1 --variants standard   # one cell

Every seat is the ``heuristic`` team bot (each decides from a determinization of its own seat, as in
``monsterbox simulate``). Game i of a cell uses seed ``seed + i``, the same seeds in every cell. Win rates come with
95% Wilson intervals. One worker process by default (the machine is shared); ``--workers`` to change it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from monsterbox.arena.stats import wilson  # noqa: E402
from monsterbox.sim import simulate  # noqa: E402

LEVELS: dict[str, dict[str, Any]] = {
    "1": {"crisis_level": 1},
    "2": {"crisis_level": 2},
    "elite": {"elite": True},
}
LEVEL_NAMES = {"1": "Level 1", "2": "Level 2", "elite": "Elite (both decks)"}
VARIANTS: dict[str, dict[str, Any]] = {
    "standard": {},
    "unreliable": {"unreliable_weaponry": True},
}
VARIANT_NAMES = {"standard": "standard bank", "unreliable": "unreliable weaponry"}


METHOD = [
    "Method: every seat is the `heuristic` team bot (`monsterbox.games.monster.heuristic`), which decides from a",
    "determinization of its own seat only (hands it cannot see resampled), follows the rulebook's tips (finish",
    "disturbed lairs, do not disturb a lair the team cannot finish, arm and place cubes as signals) and takes loot",
    "unless the villagers are short. A cell plays the same seeds for each crisis deck (`crisis_level` 1 or 2, or",
    "`elite`: a Level 1 then a Level 2 crisis every day), bank (standard, or `unreliable_weaponry`) and player count;",
    "the team wins when no lair is left. The interval is the 95% Wilson score interval of the win rate over the",
    "cell's games. The card data is the recalibrated reconstruction of issue 12 (docs/rules/monster.md, R5).",
]


def run_cell(players: int, level: str, variant: str, games: int, seed: int, workers: int) -> dict[str, Any]:
    options = {**LEVELS[level], **VARIANTS[variant]}
    summary = simulate("monster", players, games, ["heuristic"] * players, seed, options, workers)
    wins = summary["wins"][0]
    lo, hi = wilson(wins, games)
    return {"players": players, "level": level, "variant": variant, "games": games, "wins": wins,
            "rate": wins / games, "lo": lo, "hi": hi, "seconds": summary["seconds"],
            "mean_actions": summary["mean_actions"]}


def markdown(cells: list[dict[str, Any]], args: argparse.Namespace, command: str, cpu: float) -> str:
    players = sorted({c["players"] for c in cells})
    lines = [
        "# Monster: difficulty table (heuristic team)",
        "",
        f"Win rate of a team of `heuristic` bots, {args.games} games per cell (seeds {args.seed}.."
        f"{args.seed + args.games - 1}, the same in every cell), with 95% Wilson intervals. Produced by:",
        "",
        f"    {command}",
        "",
        f"({len(cells)} cells, {sum(c['games'] for c in cells)} games, {cpu:.0f} s of CPU on one worker.)",
        "",
        *METHOD,
        "",
    ]
    for variant in dict.fromkeys(c["variant"] for c in cells):
        lines += [f"## {VARIANT_NAMES[variant]}", "",
                  "| crisis deck | " + " | ".join(f"{p} players" for p in players) + " |",
                  "|---|" + "---|" * len(players)]
        for level in dict.fromkeys(c["level"] for c in cells):
            row = []
            for p in players:
                c = next((x for x in cells if x["players"] == p and x["level"] == level and x["variant"] == variant),
                         None)
                row.append(f"{c['rate']:.1%} ({c['lo']:.1%}–{c['hi']:.1%})" if c else "")
            lines.append(f"| {LEVEL_NAMES[level]} | " + " | ".join(row) + " |")
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="games per cell")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default="2,3,4,5,6")
    ap.add_argument("--levels", default="1,2,elite", help="comma-separated: 1, 2, elite")
    ap.add_argument("--variants", default="standard,unreliable", help="comma-separated: standard, unreliable")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", type=Path, default=None, help="write the markdown table there")
    args = ap.parse_args()
    levels = args.levels.split(",")
    variants = args.variants.split(",")
    for x in levels:
        if x not in LEVELS:
            ap.error(f"unknown level {x!r}; levels: {', '.join(LEVELS)}")
    for x in variants:
        if x not in VARIANTS:
            ap.error(f"unknown variant {x!r}; variants: {', '.join(VARIANTS)}")
    cells = []
    t0 = time.process_time()
    for variant in variants:
        for level in levels:
            for p in (int(x) for x in args.players.split(",")):
                c = run_cell(p, level, variant, args.games, args.seed, args.workers)
                cells.append(c)
                print(f"{VARIANT_NAMES[variant]:20} {LEVEL_NAMES[level]:18} {p} players: {c['wins']:4}/{c['games']} "
                      f"= {c['rate']:.1%} ({c['lo']:.1%}-{c['hi']:.1%}), {c['mean_actions']:.0f} actions/game, "
                      f"{c['seconds']:.0f} s", flush=True)
    cpu = time.process_time() - t0
    if args.out:
        command = "python benchmarks/monster_difficulty.py " + " ".join(sys.argv[1:])
        args.out.write_text(markdown(cells, args, command, cpu) + "\n")
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
