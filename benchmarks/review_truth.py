"""Is a flag on a strong bot's move real? Play the position on between strong bots, once after each option.

    python benchmarks/review_truth.py GAME SEED INDEX [--strong expert] [--opponent easy] [--worlds 16]
        [--options A,B] [--level expert] [--review-seed 1] [--first 0]

The game is the one ``benchmarks/review_agreement.py`` plays for its strong line: ``SEED`` (1000 and up there), the
strong bot (``--strong``, a level or an agent spec) at seat 0 against ``--opponent`` bots (cooperative Monster: a team
of the strong bot), so a flag printed there can be checked here by its game seed and record index (``INDEX``). At that
decision, the seat's information set is sampled (``Game.determinize``) in ``--worlds`` worlds: the review's own worlds,
the same seeds ``analysis.evaluate.sample_seeds`` gives review seed ``--review-seed`` at that moment. In each world
every option (``--options``: by default the move played and the review's better move, the one the review printed, or
every legal option with ``--options all``) is played from a copy of the same world, then every seat plays the
``--level`` bot (default ``expert``) to the end. Printed: each world's winners per option, each option's wins (a shared
win split), and the paired difference of the first two options with its standard error.

The review's yardstick is heuristic play to the end (cut and scored by the game's estimate); this measures the same
decision with searching players on both sides instead: slower (tens of CPU seconds a game), a check, not a review.
Seeded throughout: the same command prints the same figures.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from monsterbox.agents import make_agent, observe  # noqa: E402
from monsterbox.analysis.evaluate import sample_seeds  # noqa: E402
from monsterbox.analysis.review import REVIEW_DEPTH, judge, rival  # noqa: E402
from monsterbox.core.errors import MonsterboxError  # noqa: E402
from monsterbox.core.registry import new_game  # noqa: E402
from review_agreement import PLAYERS, play, strong_seats  # noqa: E402


def reward(result: dict, seat: int) -> float:
    """The seat's share of the win: 1 alone, 1/k for a win shared by k, 0 for a loss."""
    winners = result["winners"]
    return 1 / len(winners) if seat in winners else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", choices=sorted(PLAYERS))
    ap.add_argument("seed", type=int, help="the game's seed (review_agreement's strong games: 1000 and up)")
    ap.add_argument("index", type=int, help="the decision's index in the record (the review's 'index')")
    ap.add_argument("--strong", default="expert", help="the bot at seat 0 in the recorded game (level or spec)")
    ap.add_argument("--worlds", type=int, default=16)
    ap.add_argument("--first", type=int, default=0, help="start at this world (to split a run over processes)")
    ap.add_argument("--options", default="", help="comma-separated action ids, or 'all' (default: the move played "
                    "and the review's better move at this decision)")
    ap.add_argument("--level", default="expert", help="the bot every seat plays after the option")
    ap.add_argument("--review-seed", type=int, default=1)
    args = ap.parse_args()
    if args.worlds < 1 or not 0 <= args.first < args.worlds:
        ap.error("--worlds must be at least 1 and --first from 0 to --worlds - 1")
    players = PLAYERS[args.game]
    try:
        make_agent(args.level, args.game, 0)
        record = play(args.game, args.seed, strong_seats(args.game, args.strong, players))
    except MonsterboxError as exc:
        ap.error(str(exc))
    if not 0 <= args.index < len(record["actions"]):
        ap.error(f"INDEX must be from 0 to {len(record['actions']) - 1} in this game")
    g = new_game(args.game, record["players"], record["seed"], record.get("options") or None)
    for action in record["actions"][:args.index]:
        g.play(action)
    seat = g.to_play
    played = record["actions"][args.index]
    legal = g.legal_actions()
    if args.options == "all":
        options = legal
    elif args.options:
        options = args.options.split(",")
        bad = [o for o in options if o not in legal]
        if bad:
            ap.error(f"--options: {', '.join(bad)} not legal here; legal: {', '.join(legal)}")
    else:
        # the review's own verdict at this decision (its budget, seed and cut): the move played and its rival
        ev = judge(g, seat, played, 16, 4096, args.review_seed, REVIEW_DEPTH.get(args.game, 0))
        options = [played, rival(ev, played)]
    print(f"{args.game} seed {args.seed}, decision {args.index} (seat {seat}): played {played}; options "
          f"{', '.join(options)}; {args.worlds} worlds, every seat {args.level} after the option", flush=True)
    seeds = sample_seeds(args.review_seed, args.index, args.worlds)
    wins: dict[str, list[float]] = {o: [] for o in options}
    t0 = time.process_time()
    for k in range(args.first, args.worlds):
        world = g.determinize(seat, seeds[k])
        row = []
        for o in options:
            d = world.copy()
            d.play(o)
            bots = [make_agent(args.level, args.game, 7919 * k + i) for i in range(players)]
            while not d.over:
                d.play(bots[d.to_play].act(observe(d, d.to_play)))
            r = reward(d.result(), seat)
            wins[o].append(r)
            row.append(f"{o} {r:g}")
        print(f"world {k:3}: " + ", ".join(row), flush=True)
    n = len(wins[options[0]])
    for o in options:
        print(f"{o}: {sum(wins[o]):g} of {n} worlds won")
    if len(options) >= 2 and n >= 2:
        diffs = [x - y for x, y in zip(wins[options[1]], wins[options[0]], strict=True)]
        mean = sum(diffs) / n
        se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
        print(f"{options[1]} minus {options[0]}: {mean:+.3f} (standard error {se:.3f}), "
              f"{time.process_time() - t0:.0f} CPU s")


if __name__ == "__main__":
    main()
