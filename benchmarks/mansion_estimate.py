"""Fit the Monster Mansion win-chance estimate (``games/mansion/estimate.py``) and measure it on held-out games.

    python benchmarks/mansion_estimate.py [--games 3000] [--test 600] [--noise 0.03] [--every 4] [--players 2,3,4]
        [--cut-games 12] [--worlds 64] [--depth 40]

Plays heuristic-bot games (every seat the heuristic bot, with a little noise in the training games so that they visit
positions a search strays into; the player counts in turn), keeps every ``every``-th decision position with the game's
winners (a shared win split), fits a conditional logit (a softmax over the seats of one linear score each; Newton's
method with a small L2 penalty; numpy) on ``estimate.features``, and prints the held-out log loss and accuracy (the
seat the estimate ranks first wins) of the fitted model, of the current ``WEIGHTS`` and of the estimate before it (a
softmax of minus the rounds each seat still needs, temperature 0.7), per player count, then the weights to paste.
A position "at the cut" is one the review's and the searches' playouts are scored at: the held-out positions are
every decision, so the figures cover the whole game.

Then what the review needs of it (``--cut-games``, 0 to skip): at every sixth decision of 2-player heuristic-bot games
(10% random moves, so that the positions vary), each option is played in ``--worlds`` sampled worlds of the deciding
seat (the review's own worlds: ``evaluate.sample_seeds``, ``Game.determinize``), then the heuristic bot for
``--depth`` actions; each option's value is the mean of the estimate there (or the result, if the game ended), and
the same playouts go on to the end for the value the estimate stands in for. Printed per estimate: the mean absolute
error of the options' values about their decision's mean (what a review's losses are made of), the options the cut
puts 10 points or more below the best where the end puts them under 5 (flags the cut would invent), and the
converse (flags it would miss). Part of those counts is the noise of the worlds after the cut, the same for both.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import monsterbox  # noqa: E402
from monsterbox.analysis.evaluate import sample_seeds  # noqa: E402
from monsterbox.games.mansion.estimate import FEATURES, WEIGHTS, estimate, features  # noqa: E402
from monsterbox.games.mansion.heuristic import MansionPolicy  # noqa: E402
from monsterbox.games.mansion.rules import apply, legal_actions  # noqa: E402
from monsterbox.games.mansion.show import rounds_to_finish  # noqa: E402

Sample = tuple[np.ndarray, np.ndarray]  # (seats x features, the seats' shares of the win)


def positions(seeds: range, players: list[int], noise: float, every: int, seed: int) -> list[Sample]:
    """(features per seat, win shares) of every ``every``-th decision of heuristic-bot games, with the old
    estimate's input (the rounds still needed) as the first feature already."""
    policy, rng = MansionPolicy(), random.Random(seed)
    out: list[Sample] = []
    for i, deal in enumerate(seeds):
        n = players[i % len(players)]
        s = monsterbox.new_game("mansion", n, seed=deal).state
        rows = []
        k = 0
        while not s.over:
            legal = legal_actions(s)
            if len(legal) > 1:
                if k % every == 0:
                    rows.append(np.array([features(s, p) for p in range(s.n)]))
                k += 1
            apply(s, policy.choose(s) if rng.random() >= noise else legal[int(rng.random() * len(legal))])
        assert s.result is not None
        winners = s.result["winners"]
        y = np.array([1.0 / len(winners) if p in winners else 0.0 for p in range(s.n)])
        out.extend((x, y) for x in rows)
    return out


def softmax(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max())
    return e / e.sum()


def stacked(data: list[Sample]) -> list[tuple[np.ndarray, np.ndarray]]:
    """The samples grouped by player count: (positions x seats x features, positions x seats)."""
    groups: dict[int, list[Sample]] = {}
    for x, y in data:
        groups.setdefault(len(y), []).append((x, y))
    return [(np.stack([x for x, _ in g]), np.stack([y for _, y in g])) for g in groups.values()]


def batch_softmax(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def objective(groups: list[tuple[np.ndarray, np.ndarray]], w: np.ndarray, l2: float) -> float:
    total = l2 * float(w @ w) / 2
    for x, y in groups:
        total -= float(np.sum(y * np.log(np.clip(batch_softmax(x @ w), 1e-12, 1.0))))
    return total


def fit(data: list[Sample], l2: float = 1e-2, steps: int = 30) -> np.ndarray:
    """Conditional logit by Newton's method from zero weights, each step halved until the penalised log loss
    ``-sum y . log softmax(X w) + l2 |w|^2 / 2`` falls (a feature equal for every seat moves nothing)."""
    groups = stacked(data)
    dim = groups[0][0].shape[2]
    w = np.zeros(dim)
    best = objective(groups, w, l2)
    for _ in range(steps):
        grad = l2 * w
        hess = l2 * np.eye(dim)
        for x, y in groups:
            p = batch_softmax(x @ w)  # positions x seats
            grad = grad + np.einsum("nsf,ns->f", x, p - y)
            mean = np.einsum("nsf,ns->nf", x, p)  # the features' expectation under p, per position
            hess = hess + np.einsum("nsf,ns,nsg->fg", x, p, x) - mean.T @ mean
        step = np.linalg.solve(hess, grad)
        for _half in range(30):
            value = objective(groups, w - step, l2)
            if value < best:
                break
            step = step / 2
        else:
            break
        w = w - step
        done = best - value < 1e-9 * max(1.0, best)
        best = value
        if done:
            break
    return w


def measure(data: list[Sample], predict) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Mean log loss (cross-entropy with the win shares) and how often the seat ranked first won (alone or shared)."""
    loss = hits = 0.0
    for x, y in data:
        p = np.clip(predict(x), 1e-6, 1.0)
        loss -= float(y @ np.log(p))
        hits += 1.0 if y[int(np.argmax(p))] > 0 else 0.0
    return loss / len(data), hits / len(data)


def old(x: np.ndarray) -> np.ndarray:
    return softmax(-x[:, 0] / 0.7)


def cut_check(games: int, worlds: int, depth: int, estimates: dict[str, Callable[[Any], list[float]]]) -> None:
    """The review's cut playouts scored by each estimate against the same playouts to the end (module docstring)."""
    policy, rng = MansionPolicy(), random.Random(3)
    found: list[monsterbox.Game] = []
    for deal in range(300_000, 300_000 + games):
        g = monsterbox.new_game("mansion", 2, seed=deal)
        k = 0
        while not g.over:
            legal = g.legal_actions()
            if len(legal) > 1:
                if k % 6 == 3:
                    found.append(g.copy())
                k += 1
            g.play(rng.choice(legal) if rng.random() < 0.1 else g.action_name(policy.choose(g.state)))
    error = {name: 0.0 for name in estimates}
    invented = {name: 0 for name in estimates}
    missed = {name: 0 for name in estimates}
    options = 0
    for g in found:
        seat, rules = g.to_play, g.rules
        assert seat is not None
        legal = g.legal_actions()
        cut = {name: {a: 0.0 for a in legal} for name in estimates}
        end = {a: 0.0 for a in legal}
        for s in sample_seeds(3, len(g.actions), worlds):
            d = g.determinize(seat, s)
            for a in legal:
                code = d.action_code(a)
                assert code is not None
                st = rules.copy(d.state, False)
                rules.apply(st, code)
                steps = 0
                while steps < depth and not rules.is_over(st):
                    rules.apply(st, policy.choose(st))
                    steps += 1
                for name, f in estimates.items():
                    cut[name][a] += (rules.rewards(st) if rules.is_over(st) else f(st))[seat] / worlds
                while not rules.is_over(st):
                    rules.apply(st, policy.choose(st))
                end[a] += rules.rewards(st)[seat] / worlds
        options += len(legal)
        end_mean, end_best = sum(end.values()) / len(legal), max(end.values())
        for name, values in cut.items():
            mean, best = sum(values.values()) / len(legal), max(values.values())
            for a in legal:
                error[name] += abs((values[a] - mean) - (end[a] - end_mean))
                invented[name] += best - values[a] >= 0.1 and end_best - end[a] < 0.05
                missed[name] += end_best - end[a] >= 0.1 and best - values[a] < 0.05
    print(f"\nThe review's cut (2 players, {len(found)} decisions of {games} games, {options} options, {worlds} worlds "
          f"each, cut after {depth} actions) against the same playouts to the end:\n")
    print("| estimate at the cut | mean absolute error of the options' values | flags invented (>= 10 points at "
          "the cut, < 5 at the end) | flags missed (the converse) |")
    print("|---|---|---|---|")
    for name in estimates:
        print(f"| {name} | {error[name] / options:.4f} | {invented[name]} | {missed[name]} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--test", type=int, default=600)
    ap.add_argument("--noise", type=float, default=0.03)
    ap.add_argument("--every", type=int, default=4)
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--cut-games", type=int, default=12)
    ap.add_argument("--worlds", type=int, default=64)
    ap.add_argument("--depth", type=int, default=40)
    args = ap.parse_args()
    try:
        players = [int(x) for x in args.players.split(",")]
    except ValueError:
        ap.error(f"--players: a comma-separated list of player counts from 2 to 4, got {args.players!r}")
    if not players or any(not 2 <= n <= 4 for n in players):
        ap.error(f"--players: player counts from 2 to 4, got {args.players!r}")
    t0 = time.process_time()
    train = positions(range(100_000, 100_000 + args.games), players, args.noise, args.every, seed=1)
    tests = {n: positions(range(200_000 + 10_000 * n, 200_000 + 10_000 * n + args.test), [n], 0.0, args.every,
                          seed=2) for n in players}
    w = fit(train)
    print(f"{args.games} training games ({len(train)} positions, players {args.players}, noise {args.noise}), "
          f"{args.test} held-out heuristic-bot games per player count; CPU {time.process_time() - t0:.0f} s\n")
    print("| estimate | players | held-out positions | log loss | the seat ranked first won |")
    print("|---|---|---|---|---|")
    current = np.array(WEIGHTS)
    for n, data in tests.items():
        uniform = measure(data, lambda x: np.full(len(x), 1 / len(x)))
        print(f"| uniform | {n} | {len(data)} | {uniform[0]:.4f} | - |")
        for name, predict in (("before: softmax(-rounds needed / 0.7)", old),
                              ("current `WEIGHTS`", lambda x: softmax(x @ current)),
                              ("refitted", lambda x: softmax(x @ w))):
            loss, acc = measure(data, predict)
            print(f"| {name} | {n} | {len(data)} | {loss:.4f} | {acc:.1%} |")
    print("\nWEIGHTS = (" + ", ".join(f"{v:.4f}" for v in w) + ")")
    for name, v in zip(FEATURES, w, strict=True):
        print(f"#   {name}: {v:+.4f}")
    if args.cut_games > 0:
        def before(st: Any) -> list[float]:
            need = np.array([min(rounds_to_finish(st, p), 20.0) for p in range(st.n)])
            return list(softmax(-need / 0.7))

        cut_check(args.cut_games, args.worlds, args.depth, {"before: softmax(-rounds needed / 0.7)": before,
                                                           "current `WEIGHTS`": estimate})


if __name__ == "__main__":
    main()
