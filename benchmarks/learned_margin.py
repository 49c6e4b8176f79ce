"""How much should the learned network be trusted over the heuristic bot? The margin of ``learned:margin=M``.

    python benchmarks/learned_margin.py GAME [--games 400] [--seed 9000000] [--margins none,0,0.02,0.05,0.1]
        [--path FILE.npz]

One seat of ``learned:path=<net>:margin=M`` against ``medium`` bots (seats rotated, the game's training player
count), for each margin, on the same deals: the deals of ``monsterbox train``'s evaluations (seeds from 9,000,000),
never the arena's, so the margin is not chosen on the deals its figure is published on. In the cooperative Monster
the whole team plays it. ``none``: the heuristic bot alone (``medium``); ``alone``: the network alone (no margin).
Printed per margin: the win rate (Monster: the team's success rate) with its 95% interval, and how many of the
learning seats' decisions differ from the heuristic bot's choice. Everything is seeded.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import monsterbox  # noqa: E402
from monsterbox.agents import make_agent, observe  # noqa: E402
from monsterbox.core.errors import MonsterboxError  # noqa: E402
from monsterbox.rl.common import DEFAULT_PLAYERS  # noqa: E402
from monsterbox.rl.qnet import shipped_path  # noqa: E402


def spec_for(margin: str, path: str) -> str:
    if margin == "none":
        return "medium"
    if margin == "alone":
        return f"learned:path={path}"
    return f"learned:path={path}:margin={margin}"


def run(game_id: str, spec: str, games: int, seed0: int) -> tuple[float, int, int]:
    players = DEFAULT_PLAYERS[game_id]
    wins = 0.0
    differ = decisions = 0
    for i in range(games):
        g = monsterbox.new_game(game_id, players, seed0 + i)
        me = i % players
        learners = set(range(players)) if game_id == "monster" else {me}
        bots = [make_agent(spec if s in learners else "medium", game_id, seed0 + 7 * i + s) for s in range(players)]
        usual = [make_agent("medium", game_id, seed0 + 7 * i + s) for s in range(players)]
        while not g.over:
            seat = g.to_play
            assert seat is not None
            obs = observe(g, seat)
            action = bots[seat].act(obs)
            if seat in learners and len(obs.legal) > 1:
                decisions += 1
                differ += action != usual[seat].act(obs)
            g.play(action)
        winners = g.result()["winners"]
        wins += (1.0 if winners else 0.0) if game_id == "monster" else (1.0 if me in winners else 0.0)
    return wins / games, differ, decisions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", choices=monsterbox.GAME_IDS)
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=9_000_000, help="seed of the first deal")
    ap.add_argument("--margins", default="none,alone,0.02,0.05,0.1",
                    help="comma-separated: none (the heuristic bot), alone (the network alone), or numbers 0 to 1")
    ap.add_argument("--path", default=None, help="the network (default: the one shipped for the game)")
    args = ap.parse_args()
    if args.games < 1:
        ap.error("--games must be at least 1")
    path = args.path or str(shipped_path(args.game))
    margins = [m.strip() for m in args.margins.split(",") if m.strip()]
    for m in margins:
        try:
            make_agent(spec_for(m, path), args.game, 0)
        except MonsterboxError as exc:
            ap.error(f"--margins: {m!r}: {exc}")
    print(f"{args.game}: {args.games} deals from seed {args.seed}, network {path}")
    for m in margins:
        p, differ, decisions = run(args.game, spec_for(m, path), args.games, args.seed)
        half = 1.96 * math.sqrt(p * (1 - p) / args.games)
        print(f"  margin {m:>5}: {p:6.1%} ± {half:.1%}, {differ} of {decisions} decisions differ from the "
              f"heuristic bot's", flush=True)


if __name__ == "__main__":
    main()
