"""Paired comparison of two cooperative team runs on the same deals (Monster): McNemar's exact sign test.

    python benchmarks/paired.py ARENA_DIR_A[,DIR...] ARENA_DIR_B[,DIR...] [--label-a A] [--label-b B]

Each directory is an arena ``--out`` of a team run (one agent in every seat, so game ``i`` deals seed ``seed + i``);
several runs of one team (other seeds) are joined with commas.
Deals played by both runs are paired by seed; a deal counts as a success when the team won. Prints, as Markdown,
each team's success rate with its Wilson 95% interval over the common deals, the discordant deals (won by one team
only) and the exact two-sided sign test of those: far fewer games separate two teams this way than two
independent intervals, since the deals both teams win or both lose carry no information about the difference.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from monsterbox.arena.stats import sign_test, wilson  # noqa: E402


def outcomes(directories: str) -> tuple[str, dict[int, bool]]:
    """(agent spec, seed -> team won) of one or more arena runs of the same team (comma-separated)."""
    specs: set[str] = set()
    won: dict[int, bool] = {}
    for directory in map(Path, directories.split(",")):
        specs.add(json.loads((directory / "arena.json").read_text())["agents"][0])
        for line in (directory / "results.jsonl").read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                won[int(r["seed"])] = bool(r["winners"])
    if len(specs) != 1:
        sys.exit(f"the runs {directories} are not of one team: {', '.join(sorted(specs))}")
    return specs.pop(), won


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--label-a", default="")
    ap.add_argument("--label-b", default="")
    args = ap.parse_args()
    spec_a, a = outcomes(args.a)
    spec_b, b = outcomes(args.b)
    seeds = sorted(set(a) & set(b))
    if not seeds:
        sys.exit("the two runs share no deal (seed); run them with the same --seed")
    n = len(seeds)
    sa, sb = sum(a[s] for s in seeds), sum(b[s] for s in seeds)
    only_a = [s for s in seeds if a[s] and not b[s]]
    only_b = [s for s in seeds if b[s] and not a[s]]
    la, lb = args.label_a or f"`{spec_a}`", args.label_b or f"`{spec_b}`"
    print(f"Paired deals: {n} (seeds {seeds[0]}..{seeds[-1]})\n")
    print("| team | successes | rate | 95% CI (Wilson) |")
    print("|---|---|---|---|")
    for label, k in ((la, sa), (lb, sb)):
        lo, hi = wilson(k, n)
        print(f"| {label} | {k} / {n} | {k / n:.1%} | {lo:.1%}–{hi:.1%} |")
    print(f"\nBoth won {sum(a[s] and b[s] for s in seeds)}, both lost {sum(not a[s] and not b[s] for s in seeds)}; "
          f"discordant deals: {len(only_a)} won only by A, {len(only_b)} won only by B; "
          f"exact two-sided sign test (McNemar) p = {sign_test(len(only_a), len(only_b)):.4f}.")


if __name__ == "__main__":
    main()
