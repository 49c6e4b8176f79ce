"""Cost of hints and reviews with the server's budgets (``monsterbox.server.analysis``): one core, no server.

    python benchmarks/analysis.py [--games inn,maker,mansion,monster] [--seed 5]

For each game, the heuristic bots play a game of two players (Inn: three); the review of seat 0 is timed with the
server's review budget (samples per option, playout cut-off), and a hint at a few of seat 0's decisions with the
server's hint budget (the slowest is printed). The review budget aims at a whole game in well under a minute.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import monsterbox  # noqa: E402
from monsterbox.agents import make_agent, observe  # noqa: E402
from monsterbox.analysis.hint import hint  # noqa: E402
from monsterbox.analysis.review import decision_points, review_record  # noqa: E402
from monsterbox.server.analysis import HINT_SAMPLES, REVIEW_DEPTH, REVIEW_SAMPLES  # noqa: E402

PLAYERS = {"inn": 3, "maker": 2, "mansion": 2, "monster": 2}
OPTIONS = {"maker": {"short": True}}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", default="inn,maker,mansion,monster")
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    print(f"{'game':8} {'moves':>5} {'decisions':>9} {'samples':>7} {'depth':>5} {'review s':>8} {'flagged':>8} "
          f"{'hint s (max of 5)':>17}")
    for gid in args.games.split(","):
        n = PLAYERS[gid]
        g = monsterbox.new_game(gid, n, args.seed, OPTIONS.get(gid))
        bots = [make_agent("heuristic", gid, i) for i in range(n)]
        while not g.over:
            g.play(bots[g.to_play].act(observe(g, g.to_play)))
        rec = g.record()
        t0 = time.perf_counter()
        r = review_record(rec, 0, REVIEW_SAMPLES[gid], depth=REVIEW_DEPTH[gid])
        review_s = time.perf_counter() - t0
        points = decision_points(rec, 0)
        worst = 0.0
        for i in points[:: max(1, len(points) // 5)][:5]:
            pos = monsterbox.new_game(gid, n, args.seed, OPTIONS.get(gid))
            for a in rec["actions"][:i]:
                pos.play(a)
            t0 = time.perf_counter()
            hint(pos, 0, HINT_SAMPLES[gid], depth=REVIEW_DEPTH[gid])
            worst = max(worst, time.perf_counter() - t0)
        print(f"{gid:8} {len(rec['actions']):>5} {len(r['decisions']):>9} {REVIEW_SAMPLES[gid]:>7} "
              f"{REVIEW_DEPTH[gid]:>5} {review_s:>8.1f} {len(r['flagged']):>8} {worst:>17.2f}")


if __name__ == "__main__":
    main()
