"""Training the learned baselines: Deep Monte Carlo (DMC, as DouZero for DouDizhu) by self-play with a league.

    monsterbox train inn --seed 0 --minutes 10 --out inn.npz

One Q(s, a) network per game (``rl.qnet``: the seat's observation vector and the action's code in, the expected
return out) is regressed on Monte-Carlo returns: every game is played to its end, and each decision of a learning
seat (one with more than one legal action) is a sample whose target is that seat's return (``target``: its share
of the win; in the cooperative Monster, the team's win plus a quarter of its progress, ``common.monster_progress``).

Actors (in this process, alternating with the learner, numpy inference with the network's latest weights):

- the seats of a game are drawn each episode: each seat is a learning seat with probability ``SELF_SHARE`` (at least
  one), else an opponent from the league: the game's heuristic bot (the ``medium`` level) with probability
  ``HEURISTIC_SHARE``, else a past snapshot of the network (one is kept every ``SNAPSHOT_EVERY`` updates, the last
  ``LEAGUE`` of them), else (no snapshot yet) the heuristic bot too. The cooperative Monster's opponents are the
  heuristic bot as teammates.
- a learning seat plays epsilon-greedily: a random legal action with probability ``epsilon`` (0.1 falling to 0.02),
  the heuristic bot's choice with probability ``teacher`` (0.5 falling to 0 over the first half of the run: it seeds
  the network with the returns of good play, which self-play alone reached far more slowly), else the action of the
  highest Q. ``--teacher T`` keeps the teacher's share at ``T`` for the whole run: with ``T`` near 1 the network
  learns the value of the heuristic bot's play (each action tried, then the heuristic bot's), the policy evaluation
  half of a step of policy iteration, and ``--margin`` makes the improvement half (below).
- ``--margin M``: the evaluations (and so the network kept) play as ``learned:margin=M`` does, the heuristic bot's
  move unless the network rates another more than ``M`` higher (``rl.qnet.LearnedAgent``).

Every ``EPISODES_PER_UPDATE`` games the learner takes gradient steps (Adam, mean squared error) on batches from a
replay buffer of the latest samples. Evaluation during training (the learning curve) plays the greedy network
against the ``medium`` level on seeds from ``EVAL_SEED`` on (never the arena seeds of the published figures); the
file written is the network that did best on them. Everything is seeded (``--seed``): a run with ``--episodes`` is
reproduced exactly; a run with ``--minutes`` stops on CPU time, so its length depends on the machine (the sidecar
records the episodes played).

Needs torch (the ``train`` extra); playing the result needs numpy only.
"""

from __future__ import annotations

import json
import math
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from monsterbox.agents.base import observe
from monsterbox.agents.registry import make_agent
from monsterbox.core.errors import InvalidOptions
from monsterbox.core.game import Game
from monsterbox.core.registry import get_ruleset, new_game
from monsterbox.rl.common import (
    DEFAULT_PLAYERS,
    action_space_size,
    check_game,
    monster_progress,
    observation_fn,
    win_reward,
)
from monsterbox.rl.encode import observation_size
from monsterbox.rl.qnet import ENCODING_VERSION, PARAMS, QNet

SELF_SHARE = 0.5
HEURISTIC_SHARE = 0.6
LEAGUE = 5
SNAPSHOT_EVERY = 200
EPISODES_PER_UPDATE = 8
BATCH = 512
REPLAY = 100_000
#: gradient steps per sample gathered (on average)
REPLAY_RATIO = 2.0
HIDDEN = (256, 128)
LR = 5e-4
EVAL_SEED = 9_000_000
#: the cooperative game's target: win + MONSTER_PROGRESS * progress at the end
MONSTER_PROGRESS = 0.25


def target(game: Game, seat: int, winners: list[int]) -> float:
    """A learning seat's return: its share of the win; Monster: the team's win plus a quarter of its progress (the
    share of the lairs' monsters killed and the villagers left, ``common.monster_progress``), so that a lost game
    still tells a good defence from a bad one."""
    r = win_reward(game, seat, winners)
    if game.game_id == "monster":
        r += MONSTER_PROGRESS * monster_progress(game)
    return r


@dataclass
class Settings:
    game_id: str
    seed: int = 0
    minutes: float = 10.0
    episodes: int = 0  # 0: stop on minutes
    players: int = 0  # 0: the game's default
    eval_games: int = 0  # 0: a default per game
    eval_points: int = 10
    hidden: tuple[int, int] = HIDDEN
    teacher: float = -1.0  # -1: the schedule (0.5 falling to 0 over the first half); else the constant share
    margin: float = -1.0  # -1: the evaluations play the network alone; else with the heuristic bot as its prior
    distill: int = 0  # > 0: distil a flat search of this many worlds per option (``rl.distill``), not DMC


@dataclass
class Curve:
    points: list[dict[str, float]] = field(default_factory=list)


def play_eval(game_id: str, players: int, net: QNet | None, games: int, seed0: int,
              baseline: str = "medium", margin: float = -1.0) -> float:
    """The greedy network's win rate (seat rotated) against ``players - 1`` ``baseline`` bots; Monster: the success
    rate of a team of ``players`` networks (``net`` None: of the ``baseline`` team) on the deals ``seed0...``. With
    ``margin`` (0 to 1) the network corrects the ``baseline`` bot's move only where it rates another more than
    ``margin`` higher."""
    observe_fn = observation_fn(game_id)
    wins = 0.0
    for i in range(games):
        g = new_game(game_id, players, seed0 + i)
        seat_net = i % players
        bots = [make_agent(baseline, game_id, seed0 + i * 7 + s) for s in range(players)]
        while not g.over:
            seat = g.to_play
            assert seat is not None
            codes = g.legal_codes_shared()
            use_net = net is not None and (game_id == "monster" or seat == seat_net)
            if len(codes) == 1:
                g.play_code(codes[0])
            elif use_net:
                assert net is not None
                q = net.q_values(observe_fn(g.state, seat), codes)
                best_index = int(np.argmax(q))
                if margin >= 0:
                    usual = g.action_code(bots[seat].act(observe(g, seat)))
                    usual_index = list(codes).index(usual)
                    if q[best_index] - q[usual_index] <= margin:
                        best_index = usual_index
                g.play_code(codes[best_index])
            else:
                g.play(bots[seat].act(observe(g, seat)))
        winners = g.rules.outcome(g.state)[1]
        if game_id == "monster":
            wins += 1.0 if winners else 0.0
        else:
            wins += 1.0 if seat_net in winners else 0.0
    return wins / games


def _commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, timeout=10,
                             cwd=Path(__file__).parent)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"



def torch_network(size: int, actions: int, hidden: tuple[int, int]) -> Any:
    """The Q(s, a) network in torch, the form ``rl.qnet.QNet`` evaluates with numpy: the observation (``size``) and
    the action's code (one of ``actions``) through two hidden layers to one value."""
    import torch

    h1, h2 = hidden

    class Net(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.obs = torch.nn.Linear(size, h1)
            self.act = torch.nn.Embedding(actions, h1)
            self.l2 = torch.nn.Linear(h1, h2)
            self.l3 = torch.nn.Linear(h2, 1)
            torch.nn.init.normal_(self.act.weight, std=1.0 / math.sqrt(h1))

        def forward(self, x: Any, a: Any) -> Any:
            h = torch.relu(self.obs(x) + self.act(a))
            return self.l3(torch.relu(self.l2(h))).squeeze(-1)

    return Net()


def to_qnet(model: Any, game_id: str) -> QNet:
    """A copy of the torch network's weights as the numpy ``QNet`` the ``learned`` agent plays."""
    import torch

    with torch.no_grad():
        return QNet(game_id, w_obs=model.obs.weight.T.contiguous().numpy().copy(),
                    w_act=model.act.weight.numpy().copy(), b1=model.obs.bias.numpy().copy(),
                    w2=model.l2.weight.T.contiguous().numpy().copy(), b2=model.l2.bias.numpy().copy(),
                    w3=model.l3.weight[0].numpy().copy(), b3=model.l3.bias[0].numpy().copy())


def train(settings: Settings, out: Path, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Train and write ``out`` (the best network on the evaluation seeds) and ``out.json`` (the sidecar: command,
    seed, CPU time, episodes, encoding version, the learning curve). Returns the sidecar."""
    try:
        import torch
    except ImportError:
        raise InvalidOptions("training needs torch: pip install 'monsterbox[train]'") from None
    game_id = check_game(settings.game_id)
    rules = get_ruleset(game_id)
    players = settings.players or DEFAULT_PLAYERS[game_id]
    if not rules.min_players <= players <= rules.max_players:
        raise InvalidOptions(f"--players: {rules.title} is for {rules.min_players} to {rules.max_players} players")
    torch.set_num_threads(1)
    torch.manual_seed(settings.seed)
    rng = np.random.default_rng(settings.seed)
    size, n = observation_size(game_id, players), action_space_size(game_id)

    model = torch_network(size, n, settings.hidden)
    opt = torch.optim.Adam(model.parameters(), lr=LR)

    def snapshot() -> QNet:
        return to_qnet(model, game_id)

    observe_fn = observation_fn(game_id)
    buf_x = np.zeros((REPLAY, size), np.float32)
    buf_a = np.zeros(REPLAY, np.int64)
    buf_r = np.zeros(REPLAY, np.float32)
    filled = head = 0
    net = first = snapshot()
    league: list[QNet] = []
    eval_games = settings.eval_games or {"inn": 200, "monster": 60, "mansion": 90, "maker": 100}[game_id]
    baseline_rate = play_eval(game_id, players, None, eval_games, EVAL_SEED) if game_id == "monster" else None
    start = time.process_time()
    budget = settings.minutes * 60.0
    next_eval, eval_step = 0.0, (budget / settings.eval_points if not settings.episodes else 0.0)
    curve: list[dict[str, float]] = []
    best: tuple[float, QNet | None] = (-1.0, None)
    episodes = updates = 0
    losses: list[float] = []
    progress = 0.0

    def write(complete: bool) -> dict[str, Any]:
        """The best network so far and its sidecar (at every evaluation that improved, and at the end)."""
        chosen = best[1] if best[1] is not None else net
        chosen.save(out)
        sidecar = {
            "game": game_id, "players": players, "seed": settings.seed, "minutes": settings.minutes,
            "episodes_limit": settings.episodes, "episodes": episodes, "updates": updates,
            "cpu_seconds": round(time.process_time() - start, 1), "complete": complete,
            "command": command_line(settings, out), "commit": _commit(),
            "encoding_version": ENCODING_VERSION, "hidden": list(settings.hidden), "method": "deep-monte-carlo",
            "teacher": settings.teacher if settings.teacher >= 0 else "0.5 falling to 0",
            "margin": settings.margin if settings.margin >= 0 else None,
            "eval": {"opponents": "medium", "seeds_from": EVAL_SEED, "games": eval_games,
                     "best_win_rate": round(best[0], 4), "monster_medium_team_rate": baseline_rate},
            "curve": curve, "final_loss": round(float(np.mean(losses[-50:])), 5) if losses else None,
            "first_loss": round(float(np.mean(losses[:50])), 5) if losses else None,
            "weight_change": float(max(np.max(np.abs(getattr(chosen, k) - getattr(first, k))) for k in PARAMS)),
        }
        out.with_suffix(".json").write_text(json.dumps(sidecar, indent=1) + "\n", encoding="utf-8")
        return sidecar

    def evaluate() -> None:
        nonlocal best
        rate = play_eval(game_id, players, net, eval_games, EVAL_SEED, margin=settings.margin)
        point = {"cpu_seconds": round(time.process_time() - start, 1), "episodes": episodes,
                 "win_rate": round(rate, 4), "loss": round(float(np.mean(losses[-50:])) if losses else 0.0, 5)}
        curve.append(point)
        log(json.dumps(point))
        if rate >= best[0]:  # a later network on a tie
            best = (rate, net)
            write(False)

    previous = _stop_on_sigterm()
    try:
        while True:
            elapsed = time.process_time() - start
            progress = episodes / settings.episodes if settings.episodes else elapsed / budget
            if (settings.episodes and episodes % max(1, settings.episodes // settings.eval_points) == 0) or \
                    (not settings.episodes and elapsed >= next_eval):
                evaluate()
                next_eval += eval_step
            if progress >= 1.0:
                break
            epsilon = 0.1 - 0.08 * progress
            teacher = settings.teacher if settings.teacher >= 0 else max(0.0, 0.5 * (1.0 - 2.0 * progress))
            g = new_game(game_id, players, int(rng.integers(2**31)))
            share = 0.75 if game_id == "monster" else SELF_SHARE
            learners = [bool(rng.random() < share) for _ in range(players)]
            if not any(learners):
                learners[int(rng.integers(players))] = True
            bots: dict[int, Any] = {}
            opponent_nets: dict[int, QNet] = {}
            for s in range(players):
                if not learners[s] and game_id != "monster" and league and rng.random() >= HEURISTIC_SHARE:
                    opponent_nets[s] = league[int(rng.integers(len(league)))]
                bots[s] = make_agent("medium", game_id, int(rng.integers(2**31)))
            samples: dict[int, list[tuple[np.ndarray, int]]] = {s: [] for s in range(players) if learners[s]}
            while not g.over:
                seat = g.to_play
                assert seat is not None
                codes = g.legal_codes_shared()
                if len(codes) == 1:
                    g.play_code(codes[0])
                    continue
                if learners[seat]:
                    x = observe_fn(g.state, seat)
                    u = rng.random()
                    if u < epsilon:
                        code = int(codes[int(rng.integers(len(codes)))])
                    elif u < epsilon + teacher:
                        code_id = bots[seat].act(observe(g, seat))
                        code = g.action_code(code_id)
                        assert code is not None
                    else:
                        code = int(codes[net.best(x, codes)])
                    samples[seat].append((x, code))
                    g.play_code(code)
                elif seat in opponent_nets:
                    g.play_code(codes[opponent_nets[seat].best(observe_fn(g.state, seat), codes)])
                else:
                    g.play(bots[seat].act(observe(g, seat)))
            winners = g.rules.outcome(g.state)[1]
            gathered = 0
            for seat, rows in samples.items():
                r = target(g, seat, winners)
                for x, code in rows:
                    buf_x[head], buf_a[head], buf_r[head] = x, code, r
                    head = (head + 1) % REPLAY
                    filled = min(filled + 1, REPLAY)
                    gathered += 1
            episodes += 1
            steps_due = gathered * REPLAY_RATIO / BATCH
            # gradient steps in proportion to the samples gathered (fractional steps carried by chance)
            k = int(steps_due) + (1 if rng.random() < steps_due - int(steps_due) else 0)
            if filled >= BATCH:
                for _ in range(k):
                    idx = rng.integers(filled, size=BATCH)
                    x_t, a_t, r_t = (torch.from_numpy(buf_x[idx]), torch.from_numpy(buf_a[idx]),
                                     torch.from_numpy(buf_r[idx]))
                    loss = torch.nn.functional.mse_loss(model(x_t, a_t), r_t)
                    opt.zero_grad()
                    loss.backward()
                    torch.nn.utils.clip_grad_norm_(model.parameters(), 10.0)
                    opt.step()
                    losses.append(loss.item())
                    updates += 1
                    if updates % SNAPSHOT_EVERY == 0:
                        league.append(snapshot())
                        del league[:-LEAGUE]
                if episodes % EPISODES_PER_UPDATE == 0:
                    net = snapshot()
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM: the best network so far is kept (the sidecar says incomplete)
        log("stopped: the best network so far is written")
        return write(False)
    finally:
        _restore(previous)
    return write(True)


def _stop_on_sigterm() -> Any:
    """SIGTERM ends a run as Ctrl-C does (in the main thread only); returns the previous handler."""
    if threading.current_thread() is not threading.main_thread():
        return None

    def stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    return signal.signal(signal.SIGTERM, stop)


def _restore(previous: Any) -> None:
    if previous is not None:
        signal.signal(signal.SIGTERM, previous)


def command_line(settings: Settings, out: Path) -> str:
    parts = ["monsterbox", "train", settings.game_id, "--seed", str(settings.seed)]
    if settings.episodes:
        parts += ["--episodes", str(settings.episodes)]
    else:
        parts += ["--minutes", f"{settings.minutes:g}"]
    if settings.players:
        parts += ["--players", str(settings.players)]
    if settings.eval_games:
        parts += ["--eval-games", str(settings.eval_games)]
    if settings.eval_points != 10:
        parts += ["--eval-points", str(settings.eval_points)]
    if settings.teacher >= 0:
        parts += ["--teacher", f"{settings.teacher:g}"]
    if settings.margin >= 0:
        parts += ["--margin", f"{settings.margin:g}"]
    if settings.distill:
        parts += ["--distill", str(settings.distill)]
    parts += ["--out", str(out)]
    return " ".join(parts)


def check_settings(settings: Settings) -> None:
    """Clear errors for bad flags."""
    check_game(settings.game_id)
    if not math.isfinite(settings.minutes) or settings.minutes <= 0 or settings.minutes > 24 * 60:
        raise InvalidOptions(f"--minutes must be more than 0 and at most 1440, got {settings.minutes}")
    if settings.episodes < 0 or settings.episodes > 10**8:
        raise InvalidOptions(f"--episodes must be 0 (stop on --minutes) to 100000000, got {settings.episodes}")
    if settings.eval_games < 0 or settings.eval_games > 100_000:
        raise InvalidOptions(f"--eval-games must be 0 (the game's default) to 100000, got {settings.eval_games}")
    if settings.seed < 0 or settings.seed >= 2**31:
        raise InvalidOptions(f"--seed must be 0 to {2**31 - 1}, got {settings.seed}")
    if not 1 <= settings.eval_points <= 1000:
        raise InvalidOptions(f"--eval-points must be 1 to 1000, got {settings.eval_points}")
    if isinstance(settings.distill, bool) or not isinstance(settings.distill, int) or not 0 <= settings.distill <= 1024:
        raise InvalidOptions(f"--distill must be 0 (Deep Monte Carlo) or the teacher's worlds per option, 1 to 1024, "
                             f"got {settings.distill!r}")
    if settings.distill and settings.teacher != -1:
        raise InvalidOptions("--teacher is Deep Monte Carlo's; a distilled search has its own teacher (--distill)")
    for flag, value in (("--teacher", settings.teacher), ("--margin", settings.margin)):
        if not math.isfinite(value) or not (value == -1 or 0 <= value <= 1):
            raise InvalidOptions(f"{flag} must be 0 to 1 (or -1, the default), got {value}")
