"""Can a player trust the review? Two reviews of the same game with different seeds should flag the same decisions.

    python benchmarks/review_agreement.py [--games inn,maker,mansion,monster] [--n 20] [--samples N]
        [--max-samples N] [--strong 5] [--strong-level expert] [--seed 0] [--progress]

For each game: ``--n`` seeded bot games (seat 0 the ``easy`` level, the other seats ``medium``; Inn 3 players, the
others 2, Maker short), each reviewed twice for seat 0 with review seeds 1 and 2 (``--samples`` worlds per option to
start with, up to ``--max-samples`` where the verdict is close; both by default the review's own budget, which
``monsterbox review`` and the server use). Printed per game: decisions reviewed, decisions flagged by each review, the
agreement |A and B| / |A or B| over all games pooled (1 when neither flags anything), the share of the common flags
given the same tier, and for comparison the agreement of two other rules on the same estimates: "naive" (a tier by the
point estimate of the loss, as the first review did) and "sig" (a tier by the significant bound only, a close call at
the cap never flagged, as the review did until 2026-12-04). Then ``--strong`` games of a strong bot (``--strong-level``:
a level, the game's ``expert`` by default, or an agent spec) at seat 0 against ``easy`` bots (cooperative Monster: a
team of the strong bot): the games it won easily (``easy_win``: alone, with a 10% lead; Monster: the team succeeded) are
reviewed once, and the flags on its moves are counted (the target is none); the mean worlds per decision and the CPU
seconds of the whole line (CPU time, not wall time: the machine may be shared). ``--progress`` prints the running
figures after each game (to stderr), for a run that may not finish. Everything is seeded: the same command prints the
same figures."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import monsterbox  # noqa: E402
from monsterbox.agents import make_agent, observe  # noqa: E402
from monsterbox.analysis.quality import tier  # noqa: E402
from monsterbox.analysis.review import review_record  # noqa: E402
from monsterbox.core.errors import MonsterboxError  # noqa: E402

PLAYERS = {"inn": 3, "maker": 2, "mansion": 2, "monster": 2}
OPTIONS: dict[str, dict[str, Any]] = {"maker": {"short": True}}


def play(game_id: str, seed: int, specs: list[str]) -> dict[str, Any]:
    g = monsterbox.new_game(game_id, len(specs), seed, OPTIONS.get(game_id))
    bots = [make_agent(s, game_id, i) for i, s in enumerate(specs)]
    while not g.over:
        g.play(bots[g.to_play].act(observe(g, g.to_play)))
    return g.record()


def strong_seats(game_id: str, strong: str, players: int) -> list[str]:
    """The seats of a strong game: the strong bot at seat 0 against ``easy`` bots; in the cooperative Monster a
    team of strong bots (an ``easy`` teammate would sink the team: it is the team that wins or loses)."""
    if game_id == "monster":
        return [strong] * players
    return [strong] + ["easy"] * (players - 1)


def easy_win(result: dict[str, Any], game_id: str) -> bool:
    """Whether seat 0 won easily: alone, with at least 10% more points than every other seat (a tie broken in its
    favour is no easy win); in cooperative Monster, the team succeeded."""
    if 0 not in result["winners"]:
        return False
    if game_id == "monster":
        return True
    scores = result["scores"]
    return len(result["winners"]) == 1 and all(scores[0] >= 1.1 * s and scores[0] > s for s in scores[1:])


def flags(review: dict[str, Any], rule: str = "review") -> dict[int, str]:
    """Flagged decisions (record index -> tier): by the review's rule, ``naive`` (the point estimate's tier) or
    ``sig`` (the significant lower bound's tier: a close call at the cap never flagged)."""
    out = {}
    for d in review["decisions"]:
        t = {"review": d["tier"], "naive": tier(d["loss"]), "sig": tier(d["loss_low"])}[rule]
        if t:
            out[d["index"]] = t
    return out


def counts(pairs: list[tuple[dict[int, str], dict[int, str]]]) -> tuple[int, int, int]:
    """Decisions flagged by both reviews, by either, and by both with the same tier (pooled over the games): the
    exact counts, so that runs over different games (``--seed``, ``--n``) can be pooled afterwards."""
    both = sum(len(a.keys() & b.keys()) for a, b in pairs)
    either = sum(len(a.keys() | b.keys()) for a, b in pairs)
    same_tier = sum(sum(1 for k in a.keys() & b.keys() if a[k] == b[k]) for a, b in pairs)
    return both, either, same_tier


def save(path: Path, game_id: str, seed: int, *reviews: dict[str, Any], strong: str = "") -> None:
    keep = ("index", "samples", "loss", "loss_low", "loss_high", "loss_bound", "close", "tier", "played", "best")
    line = {"game": game_id, "seed": seed, "strong": strong,
            "reviews": [[{k: d[k] for k in keep} for d in r["decisions"]] for r in reviews]}
    with path.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(line) + "\n")


def agreement(pairs: list[tuple[dict[int, str], dict[int, str]]]) -> tuple[float, float]:
    both, either, same_tier = counts(pairs)
    return (both / either if either else 1.0), (same_tier / both if both else 1.0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default="inn,maker,mansion,monster")
    ap.add_argument("--n", type=int, default=20, help="seeded games per game")
    ap.add_argument("--samples", type=int, default=None, help="worlds per option to start with (default: the "
                    "review's, per game)")
    ap.add_argument("--max-samples", type=int, default=None, help="at most this many where the verdict is close "
                    "(default: the review's, per game)")
    ap.add_argument("--depth", type=int, default=None, help="playouts cut after this many actions and scored by the "
                    "game's estimate, 0: to the end (default: the review's, per game: review.REVIEW_DEPTH)")
    ap.add_argument("--progress", action="store_true", help="running figures after each game, on stderr")
    ap.add_argument("--strong", type=int, default=5, help="games of the strong level at seat 0 (easy wins reviewed)")
    ap.add_argument("--strong-level", default="expert",
                    help="the strong bot: a level (default: expert, the strongest) or an agent spec")
    ap.add_argument("--seed", type=int, default=0, help="seed of the first game")
    ap.add_argument("--save", type=Path, default=None, help="append each game's two reviews (their decisions: "
                    "worlds, loss and interval, close call, tier) to this JSON-lines file, so that another flagging "
                    "rule can be compared later without reviewing again")
    args = ap.parse_args()
    for gid in args.games.split(","):
        if gid not in PLAYERS:
            ap.error(f"--games: unknown game {gid!r}; the games are {', '.join(PLAYERS)}")
        try:
            make_agent(args.strong_level, gid, 0)
        except MonsterboxError as exc:
            ap.error(f"--strong-level: {exc}")
    budget = "the review's budget" if args.samples is None else f"{args.samples} to {args.max_samples}"
    print(f"samples per option: {budget}, {args.n} games per game, review seeds 1 and 2, strong level "
          f"{args.strong_level}")
    print(f"{'game':8} {'decisions':>9} {'flags A':>7} {'flags B':>7} {'agree':>6} {'same tier':>9} "
          f"{'naive agree':>11} {'naive flags':>11} {'sig agree':>9} {'strong won':>10} {'strong flags':>12} "
          f"{'worlds':>6} {'CPU s':>7}")
    for gid in args.games.split(","):
        t0 = time.process_time()
        n = PLAYERS[gid]
        won = strong_flags = 0
        for i in range(args.strong):
            rec = play(gid, 1000 + args.seed + i, strong_seats(gid, args.strong_level, n))
            if not easy_win(rec["result"], gid):
                continue
            won += 1
            r = review_record(rec, 0, args.samples, seed=1, max_samples=args.max_samples, depth=args.depth)
            strong_flags += len(r["flagged"])
            if args.save:
                save(args.save, gid, 1000 + args.seed + i, r, strong=args.strong_level)
            if args.progress:
                print(f"  {gid} strong game {i + 1}: won, {len(r['flagged'])} flags of {len(r['decisions'])} "
                      f"decisions, {time.process_time() - t0:.0f} CPU s", file=sys.stderr, flush=True)
        pairs, naive_pairs, sig_pairs, decisions, worlds = [], [], [], 0, 0
        for i in range(args.n):
            rec = play(gid, args.seed + i, ["easy"] + ["medium"] * (n - 1))
            a, b = (review_record(rec, 0, args.samples, seed=s, max_samples=args.max_samples, depth=args.depth)
                    for s in (1, 2))
            decisions += len(a["decisions"])
            worlds += sum(d["samples"] for d in a["decisions"] + b["decisions"])
            pairs.append((flags(a), flags(b)))
            if args.save:
                save(args.save, gid, args.seed + i, a, b)
            naive_pairs.append((flags(a, "naive"), flags(b, "naive")))
            sig_pairs.append((flags(a, "sig"), flags(b, "sig")))
            if args.progress:
                agree, same = agreement(pairs)
                both, either, same_tier = counts(pairs)
                print(f"  {gid} game {args.seed + i}: flags {sum(len(x) for x, _ in pairs)} / "
                      f"{sum(len(y) for _, y in pairs)}, agree {agree:.0%} ({both} of {either}), same tier {same:.0%} "
                      f"({same_tier}), {decisions} decisions, "
                      f"{time.process_time() - t0:.0f} CPU s", file=sys.stderr, flush=True)
        agree, same = agreement(pairs)
        naive, _same = agreement(naive_pairs)
        sig, _same = agreement(sig_pairs)
        both, either, _ = counts(pairs)
        print(f"{gid:8} {decisions:>9} {sum(len(a) for a, _ in pairs):>7} {sum(len(b) for _, b in pairs):>7} "
              f"{agree:>6.0%} {same:>9.0%} {naive:>11.0%} {sum(len(a) for a, _ in naive_pairs):>11} {sig:>9.0%} "
              f"{won:>4} of {args.strong:<3} {strong_flags:>12} {worlds / max(2 * decisions, 1):>6.0f} "
              f"{time.process_time() - t0:>7.0f}  ({both} of {either} flags in common)", flush=True)


if __name__ == "__main__":
    main()
