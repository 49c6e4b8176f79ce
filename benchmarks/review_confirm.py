"""Saved reviews confirmed to the end: what the review's confirmation (``analysis.review.assess``) changes.

    python benchmarks/review_confirm.py [--out FILE.jsonl] FILE.jsonl [FILE.jsonl ...]

A file is what ``benchmarks/review_agreement.py --save`` wrote: each seeded game's two reviews (review seeds 1 and 2;
a strong bot's game: one review, seed 1) made with playouts cut after ``review.REVIEW_DEPTH`` actions. The review now
judges every move its cut flags a second time in the same worlds with playouts to the end of the game, and keeps the
flag at the smaller of the two bounds. Decisions the cut does not flag are not judged again, so only the flagged ones
need new playouts: this replays each game from its seed and judges those, with the review's own budget and seed.
Printed per file and pooled: the flags of each review and the agreement |A and B| / |A or B| before (the current
rule on the saved cut, ``review_regrade.graded``) and after the confirmation, the flags on strong bots' moves, and the
CPU seconds. ``--out`` appends each confirmed decision (game, seed, review, index, both bounds) as JSON lines.
Deterministic: the same files give the same figures.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import monsterbox  # noqa: E402
from monsterbox.analysis.quality import tier  # noqa: E402
from monsterbox.analysis.review import GROWTH, REVIEW_DEPTH, REVIEW_SAMPLES, judge, verdict  # noqa: E402
from review_agreement import OPTIONS, PLAYERS, play, strong_seats  # noqa: E402
from review_regrade import graded, graded_bound  # noqa: E402


def confirm_line(line: dict[str, Any], out: list[dict[str, Any]]) -> list[tuple[set[int], set[int]]]:
    """The line's flag sets per review, (by the cut alone, after the confirmation to the end)."""
    gid, players = line["game"], PLAYERS[line["game"]]
    strong = line.get("strong")
    specs = strong_seats(gid, strong, players) if strong else ["easy"] + ["medium"] * (players - 1)
    rec = play(gid, line["seed"], specs)
    n = REVIEW_SAMPLES[gid]
    most = GROWTH[gid] * n
    g = monsterbox.new_game(gid, players, rec["seed"], OPTIONS.get(gid))
    states = {}
    wanted = {d["index"] for review in line["reviews"] for d in review}
    for i, action in enumerate(rec["actions"]):
        if i in wanted:
            states[i] = (g.copy(), len(g.legal_actions()))
        g.play(action)
    sets = []
    for k, review in enumerate(line["reviews"]):
        seed = k + 1
        cut, kept = set(), set()
        for d in review:
            state, options = states[d["index"]]
            if not graded(d, options):
                continue
            cut.add(d["index"])
            if not REVIEW_DEPTH[gid]:
                kept.add(d["index"])
                continue
            end = judge(state, state.to_play, d["played"], n, most, seed, 0)
            bound = max(0.0, verdict(end, d["played"])[3])
            both = min(bound, graded_bound(d, options))
            if tier(both):
                kept.add(d["index"])
            out.append({"game": gid, "seed": line["seed"], "strong": strong or "", "review": seed,
                        "index": d["index"], "played": d["played"], "cut_bound": graded_bound(d, options),
                        "end_bound": round(bound, 4), "end_samples": end.samples, "kept": bool(tier(both))})
        sets.append((cut, kept))
    return sets


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--out", type=Path, default=None, help="append each confirmed decision here (JSON lines)")
    args = ap.parse_args()
    pooled = {"cut": [0, 0, 0, 0], "confirmed": [0, 0, 0, 0]}  # both, either, flags A, flags B
    strong_total = {"cut": 0, "confirmed": 0}
    for path in args.files:
        t0 = time.process_time()
        lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
        here = {"cut": [0, 0, 0, 0], "confirmed": [0, 0, 0, 0]}
        strong = {"cut": 0, "confirmed": 0}
        for line in lines:
            records: list[dict[str, Any]] = []
            sets = confirm_line(line, records)
            if args.out:
                with args.out.open("a", encoding="utf-8") as fh:
                    fh.writelines(json.dumps(r) + "\n" for r in records)
            for rule, pick in (("cut", 0), ("confirmed", 1)):
                if line.get("strong"):
                    strong[rule] += len(sets[0][pick])
                    continue
                a, b = sets[0][pick], sets[1][pick]
                for tally in (here[rule], pooled[rule]):
                    tally[0] += len(a & b)
                    tally[1] += len(a | b)
                    tally[2] += len(a)
                    tally[3] += len(b)
            print(f"  {path.name} {line['game']} seed {line['seed']}{' strong' if line.get('strong') else ''}: "
                  f"cut {[len(s[0]) for s in sets]}, confirmed {[len(s[1]) for s in sets]}, "
                  f"{time.process_time() - t0:.0f} CPU s", file=sys.stderr, flush=True)
        for rule in ("cut", "confirmed"):
            strong_total[rule] += strong[rule]
        print(f"{path}: {len(lines)} lines, {time.process_time() - t0:.0f} CPU s")
        report(here, strong)
    if len(args.files) > 1:
        print("all files:")
        report(pooled, strong_total)


def report(tally: dict[str, list[int]], strong: dict[str, int]) -> None:
    for rule in ("cut", "confirmed"):
        both, either, fa, fb = tally[rule]
        agree = f"{both / either:.1%}" if either else "-"
        print(f"  {rule:9} flags A {fa:4} B {fb:4}  agree {agree:>6} ({both} of {either})  strong flags {strong[rule]}")


if __name__ == "__main__":
    main()
