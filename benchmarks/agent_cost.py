"""The figures behind the server's cost model (``agents/cost.py``), measured, and the model checked against real moves.

    python benchmarks/agent_cost.py [--games inn,maker,mansion,monster] [--seeds 8] [--levels hard,expert]
        [--moves 12]

Part 1, the figures (``PlayoutCost``), at each game's largest player count, one core's CPU time (``process_time``,
so a shared machine does not inflate them): over ``--seeds`` deals, the cost per action of a whole playout from the
start of the game with random moves, with the heuristic bot's, and with random moves for seat 0 while the heuristic
bot plays the others (``opponents=heuristic``); the longest playout of any kind in actions; one determinization of
seat 0's information set; and the number of options at seat 0's decisions in heuristic games (90th percentile,
largest). The largest of the deals is printed, then with a third added (``cost.py`` keeps the larger of a
quiet run's largest doubled and a loaded run's with a third added).

Part 2, the check: each level in ``--levels`` plays seat 0 of a game at the largest player count (the other seats
the heuristic bot) for its first ``--moves`` decisions with more than one option, where playouts are longest; the
model's estimate (``move_seconds``) is printed beside the measured mean and largest CPU seconds of a move. The model
is an upper-end figure: it should not be below the largest move. Everything is seeded.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import monsterbox  # noqa: E402
from monsterbox.agents import make_agent, observe  # noqa: E402
from monsterbox.agents.cost import PLAYOUTS, move_seconds  # noqa: E402
from monsterbox.agents.ismcts import rollout_policy  # noqa: E402
from monsterbox.agents.levels import level_spec  # noqa: E402
from monsterbox.core.registry import get_ruleset  # noqa: E402

LARGEST = {"inn": 5, "maker": 6, "mansion": 4, "monster": 6}


def playout(rules, state, choose) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    """CPU seconds and actions of one playout from ``state`` (copied) to the end, ``choose(state)`` picking."""
    st = rules.copy(state, False)
    t = time.process_time()
    n = 0
    while not rules.is_over(st):
        rules.apply(st, choose(st))
        n += 1
    return time.process_time() - t, n


def figures(game_id: str, seeds: int) -> None:
    rules = get_ruleset(game_id)
    policy = rollout_policy(game_id)
    players = LARGEST[game_id]
    per_action: dict[str, list[float]] = {"random": [], "heuristic": [], "model": []}
    determinize: list[float] = []
    length = 0
    options: list[int] = []
    for seed in range(seeds + 1):  # the first deal warms the caches and is not counted
        g = monsterbox.new_game(game_id, players, seed)
        rng = random.Random(seed)

        def rand(st, rng=rng):  # type: ignore[no-untyped-def]
            acts = rules.legal_actions(st)
            return acts[int(rng.random() * len(acts))]

        def model(st, rand=rand):  # type: ignore[no-untyped-def]
            return rand(st) if rules.to_play(st) == 0 else policy(st)

        measured = {name: playout(rules, g.state, fn) for name, fn in
                    (("random", rand), ("heuristic", policy), ("model", model))}
        t = time.process_time()
        for _ in range(10):
            rules.determinize(g.state, 0, rng, False)
        det = (time.process_time() - t) / 10
        h = monsterbox.new_game(game_id, players, seed)
        while not h.over:
            if h.to_play == 0 and len(h.legal_actions()) > 1:
                options.append(len(h.legal_actions()))
            h.play(h.action_name(policy(h.state)))
        if seed == 0:
            continue
        for name, (seconds, n) in measured.items():
            per_action[name].append(seconds / max(n, 1))
            length = max(length, n)
        determinize.append(det)
    options.sort()
    p90 = options[int(0.9 * (len(options) - 1))]
    kept = PLAYOUTS.get(game_id)
    print(f"{game_id} ({players} players, {seeds} deals): the largest, then with a third added | cost.py now")
    for name in ("random", "heuristic", "model"):
        worst = max(per_action[name])
        print(f"  {name:12} {worst * 1e6:.1f} us an action ({worst * 4 / 3 * 1e6:.1f}) | "
              f"{getattr(kept, name) * 1e6 if kept else float('nan'):.1f}")
    worst = max(determinize)
    print(f"  {'determinize':12} {worst * 1e3:.3f} ms ({worst * 4 / 3 * 1e3:.3f}) | "
          f"{kept.determinize * 1e3 if kept else float('nan'):.3f}")
    print(f"  {'length':12} {length} actions, the longest playout of any kind | {kept.length if kept else '-'}")
    print(f"  {'options':12} 90th percentile {p90}, largest {options[-1]}, mean {statistics.mean(options):.1f} | "
          f"{kept.options if kept else '-'}")


def check(game_id: str, level: str, moves: int) -> None:
    players = LARGEST[game_id]
    spec = level_spec(level, game_id)
    g = monsterbox.new_game(game_id, players, 7)
    bots = [make_agent(spec if i == 0 else "medium", game_id, 70 + i) for i in range(players)]
    spent: list[float] = []
    while not g.over and len(spent) < moves:
        obs = observe(g, g.to_play)
        t = time.process_time()
        action = bots[g.to_play].act(obs)
        if g.to_play == 0 and len(obs.legal) > 1:
            spent.append(time.process_time() - t)
        g.play(action)
    print(f"  {game_id} {level:7} {spec}: model {move_seconds(spec, game_id):.2f} s; measured over {len(spent)} "
          f"moves mean {statistics.mean(spent):.2f} s, largest {max(spent):.2f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default="inn,maker,mansion,monster")
    ap.add_argument("--seeds", type=int, default=8, help="deals measured per game (after one to warm up)")
    ap.add_argument("--levels", default="hard,expert", help="levels whose moves are checked against the model "
                    "('' for none)")
    ap.add_argument("--moves", type=int, default=12, help="decisions of seat 0 timed per level")
    args = ap.parse_args()
    games = args.games.split(",")
    for gid in games:
        if gid not in LARGEST:
            ap.error(f"--games: unknown game {gid!r}; the games are {', '.join(LARGEST)}")
    if args.seeds < 1 or args.moves < 1:
        ap.error("--seeds and --moves must be at least 1")
    for gid in games:
        figures(gid, args.seeds)
    levels = [x for x in args.levels.split(",") if x]
    if levels:
        print("the model against real moves (CPU seconds of one core per move):")
    for gid in games:
        for level in levels:
            check(gid, level, args.moves)


if __name__ == "__main__":
    main()
