"""Fit the Monster team-success estimate (``games/monster/estimate.py``) and measure it on held-out games.

    python benchmarks/monster_estimate.py [--games 3000] [--test 500] [--noise 0.03] [--every 3]

Plays heuristic-team games (4 players, the default options; a little noise in the training games so that they
visit positions a search strays into), keeps every ``every``-th decision position with the game's outcome, fits a
logistic regression (Newton steps, a small L2 penalty; numpy) on ``estimate.features``, and prints the held-out log
loss and AUC (how well the estimate ranks positions of won games above lost ones) of the fitted model, of the
current ``WEIGHTS`` and of the old estimate (a sigmoid of villagers minus the attack), then the weights to paste.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import monsterbox  # noqa: E402
from monsterbox.games.monster.attack import attack_total  # noqa: E402
from monsterbox.games.monster.estimate import FEATURES, WEIGHTS, features  # noqa: E402
from monsterbox.games.monster.heuristic import MonsterPolicy  # noqa: E402
from monsterbox.games.monster.rules import apply, legal_actions  # noqa: E402
from monsterbox.games.monster.state import OVER, MonsterState  # noqa: E402


def old_estimate(s: MonsterState) -> float:
    """The estimate before the fitted one: a sigmoid of villagers minus the attack, halved while lairs are left."""
    return 1 / (1 + math.exp(-(s.villagers - attack_total(s)) / 10.0)) * (0.5 if s.stacks else 1.0)


def positions(seeds: range, noise: float, every: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(features, outcome, old estimate) of every ``every``-th decision of heuristic-team games."""
    policy, rng = MonsterPolicy(), random.Random(seed)
    xs: list[list[float]] = []
    ys: list[float] = []
    olds: list[float] = []
    for deal in seeds:
        s = monsterbox.new_game("monster", 4, seed=deal).state
        rows: list[tuple[list[float], float]] = []
        k = 0
        while s.phase != OVER:
            legal = legal_actions(s)
            if len(legal) > 1:
                if k % every == 0:
                    rows.append((features(s), old_estimate(s)))
                k += 1
            apply(s, policy.choose(s) if rng.random() >= noise else legal[int(rng.random() * len(legal))])
        assert s.result is not None
        won = 1.0 if s.result["won"] else 0.0
        for f, o in rows:
            xs.append(f)
            ys.append(won)
            olds.append(o)
    return np.array(xs), np.array(ys), np.array(olds)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-2, steps: int = 30) -> np.ndarray:
    """Logistic regression by Newton's method with an L2 penalty."""
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) + l2 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return w


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def auc(p: np.ndarray, y: np.ndarray) -> float:
    """The chance that a position of a won game is ranked above one of a lost game (ties at random)."""
    order = np.argsort(p, kind="stable")
    ranks = np.empty(len(p))
    ranks[order] = np.arange(len(p))
    for v in np.unique(p):  # average ranks of ties
        tie = p == v
        ranks[tie] = ranks[tie].mean()
    pos = y == 1
    return float((ranks[pos].mean() - (pos.sum() - 1) / 2) / (~pos).sum())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--test", type=int, default=500)
    ap.add_argument("--noise", type=float, default=0.03)
    ap.add_argument("--every", type=int, default=3)
    args = ap.parse_args()
    t0 = time.process_time()
    x, y, _ = positions(range(100_000, 100_000 + args.games), args.noise, args.every, seed=1)
    xt, yt, old_t = positions(range(200_000, 200_000 + args.test), 0.0, args.every, seed=2)
    w = fit(x, y)
    print(f"{args.games} training games ({len(y)} positions, team success {y.mean():.1%}, noise {args.noise}), "
          f"{args.test} held-out heuristic-team games ({len(yt)} positions, team success {yt.mean():.1%}); "
          f"CPU {time.process_time() - t0:.0f} s\n")
    print("| estimate | held-out log loss | held-out AUC |")
    print("|---|---|---|")
    base = np.full_like(yt, yt.mean())
    print(f"| constant (the held-out success rate) | {log_loss(base, yt):.4f} | 0.5000 |")
    print(f"| old: sigmoid((villagers - attack) / 10) | {log_loss(old_t, yt):.4f} | {auc(old_t, yt):.4f} |")
    cur = 1 / (1 + np.exp(-xt @ np.array(WEIGHTS)))
    print(f"| current `WEIGHTS` | {log_loss(cur, yt):.4f} | {auc(cur, yt):.4f} |")
    new = 1 / (1 + np.exp(-xt @ w))
    print(f"| refitted | {log_loss(new, yt):.4f} | {auc(new, yt):.4f} |")
    print("\nWEIGHTS = (" + ", ".join(f"{v:.4f}" for v in w) + ")")
    for name, v in zip(FEATURES, w, strict=True):
        print(f"#   {name}: {v:+.4f}")


if __name__ == "__main__":
    main()
