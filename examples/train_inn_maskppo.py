"""Train a Monster Inn player with sb3-contrib's MaskablePPO (CPU), then evaluate it at the table through the
arena's own runner, as the agent ``policy:path=<model>``.

    pip install -e '.[train]'            # torch (CPU) and sb3-contrib
    python examples/train_inn_maskppo.py --steps 30000 --opponents random --out models/inn_maskppo.zip
    monsterbox simulate inn --players 4 --games 200 --agents policy:path=models/inn_maskppo.zip,random,random,random

The learner plays a random seat each episode (``seat="random"``) of ``gymnasium.make("monsterbox/Inn-v0")``
against the given opponents; illegal actions never happen (the mask), so the default illegal-action rule does not
matter here. The evaluation plays ``--eval-games`` games with the policy in seat 0 and prints its win rate beside
the 1/players of an equal player. See the README for the steps, minutes and results measured.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import gymnasium
import torch
from sb3_contrib import MaskablePPO

import monsterbox  # noqa: F401  (registers the gymnasium ids)
from monsterbox.sim import simulate


def train(steps: int, opponents: str, players: int, seed: int, out: Path) -> float:
    torch.manual_seed(seed)
    torch.set_num_threads(1)
    env = gymnasium.make("monsterbox/Inn-v0", players=players, seat="random", opponents=opponents)
    model = MaskablePPO("MlpPolicy", env, n_steps=512, batch_size=128, learning_rate=3e-4, gamma=1.0,
                        ent_coef=0.01, seed=seed, device="cpu", verbose=0)
    t0 = time.perf_counter()
    model.learn(total_timesteps=steps)
    minutes = (time.perf_counter() - t0) / 60
    out.parent.mkdir(parents=True, exist_ok=True)
    model.save(out)
    return minutes


def evaluate(model: Path, opponents: str, players: int, games: int, seed: int) -> dict:
    agents = [f"policy:path={model}"] + [opponents] * (players - 1)
    res = simulate("inn", players, games, agents, seed=seed)
    return {"games": games, "opponents": opponents, "win_rate_seat0": res["win_rates"][0],
            "win_share_seat0": round(res["win_shares"][0] / games, 3), "equal_share": round(1 / players, 3),
            "mean_scores": res["mean_scores"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--steps", type=int, default=30_000)
    ap.add_argument("--opponents", default="random", help="agent name of the other seats (random, heuristic, ...)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=Path("models/inn_maskppo.zip"))
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--eval-opponents", default=None, help="default: the training opponents")
    args = ap.parse_args()
    minutes = train(args.steps, args.opponents, args.players, args.seed, args.out)
    print(f"trained {args.steps} steps against {args.opponents} in {minutes:.1f} min -> {args.out}", flush=True)
    if args.eval_games:
        report = evaluate(args.out, args.eval_opponents or args.opponents, args.players, args.eval_games,
                          seed=10_000 + args.seed)
        report.update(steps=args.steps, train_minutes=round(minutes, 2))
        print(json.dumps(report))


if __name__ == "__main__":
    main()
