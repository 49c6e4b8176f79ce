"""Grade saved reviews again by the review's current rule, without reviewing again.

    python benchmarks/review_regrade.py FILE.jsonl [FILE.jsonl ...]

A file is what ``benchmarks/review_agreement.py --save`` wrote: for each seeded game, its two reviews' decisions
(worlds, mean loss, interval, close call, tier). A flagging rule only decides what an interval means: the worlds
drawn are the same under any rule (``analysis.review.judge`` stops on the same intervals), so the saved figures
can be graded again exactly. The standard error of a decision is its interval's width over twice the standard
errors it spans (``review.confidence_z`` of its number of options, found by replaying the seeded game). Printed per
file: the agreement |A and B| / |A or B| pooled over its games as saved and as graded now (a close call at the
cap judged by its loss less ``review.CAP_Z`` standard error), the flags of each review, and the flags on strong
bots' moves (lines saved with ``strong``); with several files, the agreement pooled over all of them. Only the
cut's verdicts are graded here: Mansion's confirmation of each flag to the end needs new playouts
(``benchmarks/review_confirm.py``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import monsterbox  # noqa: E402
from monsterbox.analysis.quality import tier  # noqa: E402
from monsterbox.analysis.review import CAP_Z, confidence_z  # noqa: E402
from review_agreement import OPTIONS, PLAYERS, play, strong_seats  # noqa: E402


def option_counts(line: dict[str, Any]) -> dict[int, int]:
    """The number of legal options at each action of the line's game, replayed from its seed."""
    gid, players = line["game"], PLAYERS[line["game"]]
    strong = line.get("strong")
    specs = strong_seats(gid, strong, players) if strong else ["easy"] + ["medium"] * (players - 1)
    rec = play(gid, line["seed"], specs)
    g = monsterbox.new_game(gid, players, rec["seed"], OPTIONS.get(gid))
    out = {}
    for i, action in enumerate(rec["actions"]):
        out[i] = len(g.legal_actions())
        g.play(action)
    return out


def graded_bound(d: dict[str, Any], options: int) -> float:
    """The bound the current rule takes the saved decision's tier from: the lower bound, or for a close call with a
    significant loss the loss less ``CAP_Z`` standard errors."""
    if not d["close"] or d["loss_low"] <= 0:
        return float(d["loss_low"])
    se = (d["loss_high"] - d["loss_low"]) / (2 * confidence_z(options))
    return max(0.0, d["loss"] - CAP_Z * se)


def graded(d: dict[str, Any], options: int) -> str:
    """The decision's tier by the current rule."""
    return tier(graded_bound(d, options))


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit("usage: review_regrade.py FILE.jsonl [FILE.jsonl ...]")
    total = {"saved": [0, 0], "now": [0, 0]}
    for name in sys.argv[1:]:
        lines = [json.loads(x) for x in Path(name).read_text(encoding="utf-8").splitlines() if x.strip()]
        pooled = {"saved": [0, 0], "now": [0, 0]}
        flags = {"saved": [0, 0], "now": [0, 0]}
        strong = {"saved": 0, "now": 0}
        for line in lines:
            counts = option_counts(line)
            sets = {"saved": [], "now": []}
            for review in line["reviews"]:
                sets["saved"].append({d["index"] for d in review if d["tier"]})
                sets["now"].append({d["index"] for d in review if graded(d, counts[d["index"]])})
            for rule, (a, *rest) in sets.items():
                if line.get("strong"):
                    strong[rule] += len(a)
                    continue
                b = rest[0]
                pooled[rule][0] += len(a & b)
                pooled[rule][1] += len(a | b)
                flags[rule][0] += len(a)
                flags[rule][1] += len(b)
        games = sum(1 for x in lines if not x.get("strong"))
        print(f"{name}: {games} games, {len(lines) - games} strong games")
        for rule in ("saved", "now"):
            both, either = pooled[rule]
            agree = both / either if either else 1.0
            print(f"  {rule:5}: agree {agree:.1%} ({both} of {either}), flags A {flags[rule][0]} B "
                  f"{flags[rule][1]}, strong flags {strong[rule]}")
            total[rule][0] += both
            total[rule][1] += either
    if len(sys.argv) > 2:  # the files pooled (e.g. one game's runs over different seeds)
        for rule in ("saved", "now"):
            both, either = total[rule]
            print(f"all files, {rule}: agree {both / either if either else 1.0:.1%} ({both} of {either})")


if __name__ == "__main__":
    main()
