"""Learning environments' speed beside the engine's, measured in the same run.

    python benchmarks/rl.py [--seconds 2] [--games inn,maker]

Per game (its default player count in the environments: 4, Mansion 3), random masked play:
- public: the engine's public path (``legal_actions()`` / ``play(id)``), decisions/s;
- simulate: ``sim.simulate`` with random agents (the agent layer on top of the public path), decisions/s;
- AEC: ``pettingzoo_env.env`` (wrapped as classic envs), ``last()`` + ``step()`` per decision, steps/s;
- Gym: ``gymnasium.make("monsterbox/<Game>-v0")`` against random opponents, learner steps/s (each step also plays
  the opponents' moves until the learner's turn) and all decisions/s;
- vector: ``gymnasium.make_vec("monsterbox/<Game>-v0", num_envs=--num-envs)`` (the native ``SeatVectorEnv``), learner
  steps/s summed over its games (a batch of 8 is 8 steps) and all decisions/s;
- self-play vector: the same with ``opponents="self"`` (every decision is a step), steps/s;
with each one's ratio to the public path (goals: simulate >= 0.9, AEC >= 0.2, Gym >= 0.1, vector >= 0.25;
the vector's decisions/s ratio is printed too). Every loop picks its move
uniformly with Python's ``random`` (the public path among ``legal_actions()``, AEC and Gym among the mask's ones), so
the environments are charged for their own work, not for a costlier random choice. Rates are per second of this
process's CPU time, measured in interleaved rounds after a warm-up game; each ratio is the median of the ratios
taken within each round (``--bursts``), so that a change in the machine's speed between rounds does not move it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402

import monsterbox  # noqa: E402
from monsterbox.rl.common import DEFAULT_PLAYERS  # noqa: E402
from monsterbox.rl.pettingzoo_env import env as aec_env  # noqa: E402
from monsterbox.rl.registration import ENV_IDS  # noqa: E402
from monsterbox.sim import simulate  # noqa: E402

#: CPU time of this process: the machine may be shared, and wall time would charge other processes' work to us
clock = time.process_time


def public(game_id: str, players: int, seconds: float) -> float:
    rng = random.Random(0)
    n = seed = 0
    t0 = clock()
    while clock() - t0 < seconds:
        g = monsterbox.new_game(game_id, players, seed)
        while not g.over:
            acts = g.legal_actions()
            g.play(acts[rng.randrange(len(acts))])
            n += 1
        seed += 1
    return n / (clock() - t0)


def simulated(game_id: str, players: int, seconds: float) -> float:
    n = 0.0
    seed = 0
    t0 = clock()
    while clock() - t0 < seconds:
        out = simulate(game_id, players, 10, ["random"] * players, seed=seed)  # as the CLI runs: many games a call
        n += out["mean_actions"] * out["games"]
        seed += 10
    return n / (clock() - t0)


def aec(game_id: str, players: int, seconds: float) -> float:
    e = aec_env(game_id, players)
    rng = random.Random(0)
    n = 0
    t0 = clock()
    seed = 0
    while clock() - t0 < seconds:
        e.reset(seed=seed)
        for _agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            e.step(int(legal[rng.randrange(len(legal))]))
            n += 1
        seed += 1
    return n / (clock() - t0)


def gym(game_id: str, seconds: float) -> tuple[float, float]:
    e = gymnasium.make(ENV_IDS[game_id])
    rng = random.Random(0)
    steps = decisions = 0
    t0 = clock()
    seed = 0
    while clock() - t0 < seconds:
        _, info = e.reset(seed=seed)
        done = False
        while not done:
            legal = info["action_mask"].nonzero()[0]
            _, _, term, trunc, info = e.step(int(legal[rng.randrange(len(legal))]))
            done = term or trunc
            steps += 1
        decisions += len(e.unwrapped.game.actions)
        seed += 1
    dt = clock() - t0
    return steps / dt, decisions / dt


def self_play(game_id: str, seconds: float, num_envs: int) -> float:
    e = gymnasium.make_vec(ENV_IDS[game_id], num_envs=num_envs, opponents="self")
    rng = random.Random(0)
    steps = 0
    _, info = e.reset(seed=0)
    t0 = clock()
    while clock() - t0 < seconds:
        actions = []
        for row in info["action_mask"]:
            legal = row.nonzero()[0]
            actions.append(int(legal[rng.randrange(len(legal))]) if len(legal) else 0)
        _, _, _, _, info = e.step(actions)
        steps += num_envs
    return steps / (clock() - t0)


def vector(game_id: str, seconds: float, num_envs: int) -> tuple[float, float]:
    e = gymnasium.make_vec(ENV_IDS[game_id], num_envs=num_envs, vectorization_mode="vector_entry_point")
    games = e.unwrapped.envs
    rng = random.Random(0)
    steps = 0
    _, info = e.reset(seed=0)
    # decisions: every ended game's, plus the games in progress at the end, less those already made at the start
    decisions = -sum(len(g.game.actions) for g in games)
    ended = np.zeros(num_envs, bool)
    t0 = clock()
    while clock() - t0 < seconds:
        actions = []
        for row in info["action_mask"]:
            legal = row.nonzero()[0]
            actions.append(int(legal[rng.randrange(len(legal))]) if len(legal) else 0)
        _, _, term, trunc, info = e.step(actions)
        steps += num_envs
        ended = term | trunc
        for i in ended.nonzero()[0]:
            decisions += len(games[i].game.actions)
    dt = clock() - t0
    decisions += sum(len(g.game.actions) for g, done in zip(games, ended, strict=True) if not done)
    return steps / dt, decisions / dt


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per path and game (default 2)")
    ap.add_argument("--bursts", type=int, default=8,
                    help="rounds the seconds are split into, each running every path in turn (default 8)")
    ap.add_argument("--games", default=",".join(monsterbox.GAME_IDS))
    ap.add_argument("--num-envs", type=int, default=8, help="games in the vector environment (default 8)")
    args = ap.parse_args()
    if not 0.05 <= args.seconds <= 600:
        ap.error("--seconds must be from 0.05 to 600")
    if not 1 <= args.bursts <= 100:
        ap.error("--bursts must be from 1 to 100")
    if not 1 <= args.num_envs <= 1024:
        ap.error("--num-envs must be from 1 to 1024")
    unknown = [g for g in args.games.split(",") if g not in monsterbox.GAME_IDS]
    if unknown:
        ap.error(f"unknown game(s) {', '.join(unknown)}; games: {', '.join(monsterbox.GAME_IDS)}")
    print(f"{'game':8} {'pl':>2} {'public/s':>9} {'simulate/s':>10} {'ratio':>5} {'AEC/s':>8} {'ratio':>5} "
          f"{'Gym steps/s':>11} {'ratio':>5} {'Gym dec/s':>9} "
          f"{'vec steps/s':>11} {'ratio':>5} {'vec dec/s':>9} {'ratio':>5} {'self/s':>8} {'ratio':>5}"
          f"   ratios: median of {args.bursts} rounds")
    for game_id in args.games.split(","):
        players = DEFAULT_PLAYERS[game_id]
        public(game_id, players, 0.01)  # warm-up: imports and card files are loaded once
        gym(game_id, 0.01)
        # interleaved in short rounds, each ratio taken within its round (rates measured seconds apart), so that a
        # machine whose speed changes affects a ratio's two sides alike; the median of the rounds is printed
        k = args.bursts
        vector(game_id, 0.01, args.num_envs)
        self_play(game_id, 0.01, args.num_envs)
        pub = sim = a = gs = gd = vs = vd = sp = 0.0
        ratios: list[tuple[float, float, float, float, float, float]] = []
        for _ in range(k):
            p = public(game_id, players, args.seconds / k)
            si = simulated(game_id, players, args.seconds / k)
            ae = aec(game_id, players, args.seconds / k)
            s, d = gym(game_id, args.seconds / k)
            v, vdec = vector(game_id, args.seconds / k, args.num_envs)
            pub, sim, a, gs, gd = pub + p / k, sim + si / k, a + ae / k, gs + s / k, gd + d / k
            selfp = self_play(game_id, args.seconds / k, args.num_envs)
            vs, vd, sp = vs + v / k, vd + vdec / k, sp + selfp / k
            ratios.append((si / p, ae / p, s / p, v / p, vdec / p, selfp / p))
        r_sim, r_aec, r_gym, r_vec, r_vdec, r_self = (statistics.median(r[i] for r in ratios) for i in range(6))
        print(f"{game_id:8} {players:2d} {pub:9.0f} {sim:10.0f} {r_sim:5.2f} {a:8.0f} {r_aec:5.2f} "
              f"{gs:11.0f} {r_gym:5.2f} {gd:9.0f} {vs:11.0f} {r_vec:5.2f} {vd:9.0f} {r_vdec:5.2f} {sp:8.0f} "
              f"{r_self:5.2f}", flush=True)


if __name__ == "__main__":
    main()
