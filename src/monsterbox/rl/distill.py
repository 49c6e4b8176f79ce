"""Search distillation: a Q(s, a) network fitted to what a search says every legal action is worth.

    monsterbox train monster --distill 16 --episodes 600 --out monster.npz

One step of expert iteration (Anthony, Tian & Barber, 2017; AlphaZero distils its tree search the same way): games are
played by a team (every seat) of the flat Monte Carlo search ``ismcts:search=flat:iterations=W:rollout=heuristic``
(``agents.ismcts.flat_search``: every legal option played out in the same ``W`` sampled worlds of the seat's
information set, then the heuristic bot for every seat, cut at the game's ``TEACHER_DEPTH`` and scored by its
estimate). At each decision with more than one legal action, every option's mean over the worlds is a sample:
``(the seat's observation, the option's code) -> the option's value``. The network (``rl.train.torch_network``, the
form ``rl.qnet.QNet`` plays) is regressed on these values by mean squared error (Adam, mini-batches, ``EPOCHS`` passes
over the samples, one twentieth held out). So the network learns the search's judgement of every option, not only the
move it chose, and plays it without searching: a move costs one pass of the network.

Deep Monte Carlo (``rl.train``) learns from the returns of whole games: in the cooperative Monster, where the reward
is shared and sparse and the decisions are long multi-step choices, it learned nothing a team could use
(``docs/results/learned-monster.md``). The search's values are dense (one per option), low in noise (the same worlds
for every option) and better than the heuristic bot's play (a team of this search with 16 worlds won 87% of its
games, the ``medium`` team about 50%).

The evaluations (``--eval-points`` over the fitting, on the training's evaluation deals ``rl.train.EVAL_SEED``) play
as ``learned:margin=M`` does with ``--margin M`` (the network alone without); the file keeps the best. Seeded
throughout: the same settings give the same network (``--episodes``; with ``--minutes`` the generation stops on CPU
time, three quarters of the budget, and the number of games depends on the machine).

Needs torch (the ``train`` extra) to fit; the games are played with the engine alone.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from monsterbox.agents.base import observe
from monsterbox.agents.ismcts import ISMCTSAgent
from monsterbox.agents.registry import make_agent
from monsterbox.core.errors import InvalidOptions
from monsterbox.core.registry import get_ruleset, new_game
from monsterbox.rl.common import DEFAULT_PLAYERS, action_space_size, observation_fn
from monsterbox.rl.encode import observation_size
from monsterbox.rl.qnet import ENCODING_VERSION
from monsterbox.rl.train import (
    EVAL_SEED,
    Settings,
    _commit,
    check_settings,
    command_line,
    play_eval,
    to_qnet,
    torch_network,
    train,
)

#: the teacher's playout cut-off per game: the game's own ``expert``/``hard`` searches' (``agents.levels``)
TEACHER_DEPTH = {"inn": 0, "maker": 30, "mansion": 40, "monster": 20}
#: the deals of the teacher's games (never the evaluation's ``EVAL_SEED`` nor the published arena seeds)
GAME_SEED = 5_000_000
EPOCHS = 30
BATCH = 512
LR = 1e-3
HOLD_OUT = 20


def teacher_spec(game_id: str, worlds: int) -> str:
    depth = TEACHER_DEPTH[game_id]
    return f"ismcts:search=flat:iterations={worlds}:rollout=heuristic" + (f":depth={depth}" if depth else "")


def generate(game_id: str, players: int, worlds: int, seed: int, games: int, cpu_seconds: float,
             log: Callable[[str], None] = print) -> tuple[np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
    """Play ``games`` games (or until ``cpu_seconds`` of CPU when ``games`` is 0) with every seat the teacher search;
    return the samples (observations, action codes, values) and a summary (games, decisions, teacher's wins)."""
    observe_fn = observation_fn(game_id)
    spec = teacher_spec(game_id, worlds)
    xs: list[np.ndarray] = []
    codes_out: list[int] = []
    values: list[float] = []
    start = time.process_time()
    played = decisions = won = 0
    while (played < games) if games else (time.process_time() - start < cpu_seconds):
        deal = GAME_SEED + seed * 100_000 + played
        g = new_game(game_id, players, deal)
        teachers = [make_agent(spec, game_id, deal * 8 + s) for s in range(players)]
        while not g.over:
            codes = g.legal_codes_shared()
            if len(codes) == 1:
                g.play_code(codes[0])
                continue
            seat = g.to_play
            assert seat is not None
            teacher = teachers[seat]
            assert isinstance(teacher, ISMCTSAgent)
            root_codes, stats = teacher.analyse(observe(g, seat))
            x = observe_fn(g.state, seat)
            means = {c: total / visits for c, (visits, total) in stats.items() if visits}
            for c in root_codes:
                if c in means:
                    xs.append(x)
                    codes_out.append(int(c))
                    values.append(means[c])
            # the teacher's move: the best mean (the first in legal order on a tie)
            g.play_code(max(root_codes, key=lambda c: means.get(c, -1.0)))
            decisions += 1
        played += 1
        won += bool(g.result()["winners"]) if game_id == "monster" else 0
        if played % 50 == 0:
            log(json.dumps({"games": played, "samples": len(values),
                            "cpu_seconds": round(time.process_time() - start, 1)}))
    summary = {"games": played, "decisions": decisions, "samples": len(values), "teacher": spec,
               "cpu_seconds": round(time.process_time() - start, 1)}
    if game_id == "monster":
        summary["teacher_team_success"] = round(won / played, 4) if played else None
    return (np.array(xs, np.float32).reshape(len(xs), -1), np.array(codes_out, np.int64),
            np.array(values, np.float32), summary)


def fit(game_id: str, players: int, x: np.ndarray, a: np.ndarray, v: np.ndarray, settings: Settings,
        evaluate: Callable[[Any, int], None]) -> dict[str, Any]:
    """Regress the network on the samples for ``EPOCHS`` passes; ``evaluate(qnet, epoch)`` is called at
    ``settings.eval_points`` evenly spaced epochs (the last included). Returns the losses."""
    import torch

    torch.set_num_threads(1)
    torch.manual_seed(settings.seed)
    rng = np.random.default_rng(settings.seed)
    model = torch_network(observation_size(game_id, players), action_space_size(game_id), settings.hidden)
    opt = torch.optim.Adam(model.parameters(), lr=LR)
    order = rng.permutation(len(v))
    held, train = order[: len(v) // HOLD_OUT], order[len(v) // HOLD_OUT:]
    tx, ta, tv = torch.from_numpy(x), torch.from_numpy(a), torch.from_numpy(v)
    points = sorted({round(EPOCHS * (k + 1) / settings.eval_points) - 1 for k in range(settings.eval_points)})
    losses: list[dict[str, float]] = []
    for epoch in range(EPOCHS):
        rng.shuffle(train)
        total = 0.0
        for i in range(0, len(train), BATCH):
            batch = train[i:i + BATCH]
            loss = torch.nn.functional.mse_loss(model(tx[batch], ta[batch]), tv[batch])
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(batch)
        with torch.no_grad():
            held_loss = torch.nn.functional.mse_loss(model(tx[held], ta[held]), tv[held]).item() if len(held) else 0.0
        losses.append({"epoch": epoch + 1, "train_loss": round(total / max(1, len(train)), 6),
                       "held_out_loss": round(held_loss, 6)})
        if epoch in points:
            evaluate(to_qnet(model, game_id), epoch + 1)
    return {"losses": losses}


def run(settings: Settings, out: Path, log: Callable[[str], None] = print) -> dict[str, Any]:
    """``monsterbox train``: the settings checked (``check_settings``: a clear error for a bad flag), then a search
    distilled with ``settings.distill`` worlds per option, else Deep Monte Carlo (``rl.train``)."""
    check_settings(settings)
    if settings.distill:
        return distill(settings, out, log)
    return train(settings, out, log)


def distill(settings: Settings, out: Path, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Generate the teacher's games, fit, and write ``out`` (the best network on the evaluation deals) and its
    sidecar ``out.json`` (command, teacher, games, samples, CPU time, the curve). Returns the sidecar."""
    try:
        import torch  # noqa: F401
    except ImportError:
        raise InvalidOptions("training needs torch: pip install 'monsterbox[train]'") from None
    check_settings(settings)
    game_id, worlds = settings.game_id, settings.distill
    if worlds < 1:
        raise InvalidOptions(f"--distill must be the teacher's worlds per option, 1 to 1024, got {worlds!r}")
    rules = get_ruleset(game_id)
    players = settings.players or DEFAULT_PLAYERS[game_id]
    if not rules.min_players <= players <= rules.max_players:
        raise InvalidOptions(f"--players: {rules.title} is for {rules.min_players} to {rules.max_players} players")
    start = time.process_time()
    x, a, v, summary = generate(game_id, players, worlds, settings.seed, settings.episodes,
                                0.75 * settings.minutes * 60.0, log)
    if len(v) < 2:
        raise InvalidOptions("the teacher's games gave fewer than 2 samples: give more --episodes or --minutes")
    eval_games = settings.eval_games or {"inn": 200, "monster": 60, "mansion": 90, "maker": 100}[game_id]
    # the cooperative game's yardstick: the ``medium`` team on the same evaluation deals
    baseline_rate = play_eval(game_id, players, None, eval_games, EVAL_SEED) if game_id == "monster" else None
    curve: list[dict[str, float]] = []
    best: list[Any] = [-1.0, None]

    def evaluate(net: Any, epoch: int) -> None:
        rate = play_eval(game_id, players, net, eval_games, EVAL_SEED, margin=settings.margin)
        point = {"epoch": epoch, "cpu_seconds": round(time.process_time() - start, 1), "win_rate": round(rate, 4)}
        curve.append(point)
        log(json.dumps(point))
        if rate >= best[0]:  # a later network on a tie
            best[0], best[1] = rate, net

    fitted = fit(game_id, players, x, a, v, settings, evaluate)
    best[1].save(out)
    sidecar = {
        "game": game_id, "players": players, "seed": settings.seed, "method": "search-distillation",
        "command": command_line(settings, out),
        "commit": _commit(), "encoding_version": ENCODING_VERSION, "hidden": list(settings.hidden),
        "teacher": summary, "epochs": EPOCHS, "episodes": summary["games"],
        "cpu_seconds": round(time.process_time() - start, 1), "complete": True,
        "margin": settings.margin if settings.margin >= 0 else None,
        "eval": {"opponents": "medium", "seeds_from": EVAL_SEED, "games": eval_games, "best_win_rate": best[0],
                 "monster_medium_team_rate": baseline_rate},
        "curve": curve, "losses": fitted["losses"],
    }
    out.with_suffix(".json").write_text(json.dumps(sidecar, indent=1) + "\n", encoding="utf-8")
    return sidecar
