"""Playing whole games between agents: one game, or many (optionally over worker processes)."""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from monsterbox.agents.base import Observation
from monsterbox.agents.registry import make_agent
from monsterbox.core.errors import InvalidOptions
from monsterbox.core.registry import new_game


def agent_seed(game_seed: int, seat: int) -> int:
    """Each agent's own seed, derived from the game's seed and its seat."""
    return (game_seed * 7919 + seat * 104729 + 1) % (2**31)


def play_game(game_id: str, players: int, agents: list[str], seed: int,
              options: dict[str, Any] | None = None, collect: bool = False,
              with_record: bool = True) -> dict[str, Any]:
    """Play one game; each agent sees only its observation. Returns the outcome and the record; with ``collect``,
    also ``legal_sizes``: the number of legal actions at every decision, in order (for game analysis)."""
    game = new_game(game_id, players, seed, options)
    bots = [make_agent(spec, game_id, agent_seed(seed, i)) for i, spec in enumerate(agents)]
    # one Observation per seat, refreshed before each decision; agents with act_code play by code (no ids built)
    seats = [Observation(game, p) for p in range(players)]
    by_code = [getattr(b, "act_code", None) for b in bots]
    sizes: list[int] = []
    rules, state = game.rules, game.state
    to_play, is_over = rules.to_play, rules.is_over
    play, play_code = game.play, game.play_code
    while not is_over(state):
        seat = to_play(state)
        assert seat is not None
        obs = seats[seat]
        obs._legal = obs._codes = obs._cached_view = None  # obs.refresh(), inlined on the hot path
        if collect:
            sizes.append(len(obs.legal_codes))
        fast = by_code[seat]
        if fast is not None:
            play_code(fast(obs))
        else:
            play(bots[seat].act(obs))
    scores, winners = rules.outcome(state)  # the result's details (a scoring breakdown) are not kept here
    out: dict[str, Any] = {"seed": seed, "scores": scores, "winners": winners, "actions": len(game.actions)}
    if with_record:
        out["record"] = game.record()
    if collect:
        out["legal_sizes"] = sizes
    return out


def _play_chunk(args: tuple[str, int, list[str], list[int], dict[str, Any] | None]) -> list[dict[str, Any]]:
    game_id, players, agents, seeds, options = args
    out = []
    for s in seeds:
        out.append(play_game(game_id, players, agents, s, options, with_record=False))
    return out


def simulate(game_id: str, players: int, games: int, agents: list[str], seed: int = 0,
             options: dict[str, Any] | None = None, workers: int = 1,
             progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games with seeds ``seed, seed+1, ...`` and summarise (fields of DESIGN.md's simulate --json)."""
    if games < 1:
        raise InvalidOptions(f"--games must be at least 1, got {games}")
    if workers < 1:
        raise InvalidOptions(f"--workers must be at least 1, got {workers}")
    seeds = list(range(seed, seed + games))
    t0 = time.perf_counter()
    outcomes: list[dict[str, Any]] = []
    if workers == 1:  # the first game's ``new_game`` checks the game, players and options before anything is played
        for s in seeds:
            outcomes.extend(_play_chunk((game_id, players, agents, [s], options)))
            if progress:
                progress(1)
    else:
        new_game(game_id, players, seed, options)  # checked here, before spawning any worker process
        size = max(1, min(50, games // (workers * 8) or 1))
        chunks = [seeds[i:i + size] for i in range(0, games, size)]
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(_play_chunk, (game_id, players, agents, c, options)) for c in chunks]
            for fut in as_completed(futures):
                part = fut.result()
                outcomes.extend(part)
                if progress:
                    progress(len(part))
    seconds = time.perf_counter() - t0
    outcomes.sort(key=lambda o: o["seed"])
    return summarise(game_id, players, agents, outcomes, seconds)


def summarise(game_id: str, players: int, agents: list[str], outcomes: list[dict[str, Any]],
              seconds: float) -> dict[str, Any]:
    n = len(outcomes)
    wins = [0] * players
    shares = [0.0] * players
    totals = [0.0] * players
    actions = 0
    for o in outcomes:
        for w in o["winners"]:
            wins[w] += 1
            shares[w] += 1 / len(o["winners"])
        for i, sc in enumerate(o["scores"]):
            totals[i] += sc
        actions += o["actions"]
    return {
        "game": game_id,
        "games": n,
        "players": players,
        "agents": agents,
        "wins": wins,
        "win_shares": [round(x, 3) for x in shares],
        "win_rates": [round(w / n, 4) for w in wins],
        "mean_scores": [round(t / n, 3) for t in totals],
        "mean_actions": round(actions / n, 2),
        "seconds": round(seconds, 3),
        "games_per_second": round(n / seconds, 2) if seconds > 0 else None,
        "actions_per_second": round(actions / seconds, 1) if seconds > 0 else None,
    }
