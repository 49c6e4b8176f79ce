"""A game's own figures under given agents, as TAG reports them: decisions per game, branching factor over the
game, share of forced moves, seat advantage, score spread."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from monsterbox.arena.runner import ArenaConfig, run_local
from monsterbox.arena.stats import mean_ci, stdev, wilson

DECILES = 10


def analyze(config: ArenaConfig, workers: int = 1) -> dict[str, Any]:
    """Play ``config.games`` games (seats rotated as in the arena) and measure the game itself."""
    config.validate()
    results: list[dict[str, Any]] = []
    for part in run_local(asdict(config), list(range(config.games)), workers, max(1, config.games // (8 * workers))):
        results.extend(part)
    results.sort(key=lambda r: r["index"])
    return summarise(config, results)


def summarise(config: ArenaConfig, results: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(results)
    decisions = [len(r["legal_sizes"]) for r in results]
    sizes = [s for r in results for s in r["legal_sizes"]]
    forced = sum(1 for s in sizes if s == 1)
    by_decile: list[list[int]] = [[] for _ in range(DECILES)]
    for r in results:
        total = len(r["legal_sizes"])
        for k, s in enumerate(r["legal_sizes"]):
            by_decile[min(DECILES - 1, k * DECILES // total)].append(s)
    mean_dec, dlo, dhi = mean_ci(decisions)
    seats = []
    for seat in range(config.players):
        wins = sum(1 for r in results if seat in r["winners"])
        lo, hi = wilson(wins, n)
        seats.append({"seat": seat, "win_rate": round(wins / n, 4), "win_rate_ci95": [round(lo, 4), round(hi, 4)],
                      "mean_score": round(sum(r["scores"][seat] for r in results) / n, 3)})
    all_scores = [sc for r in results for sc in r["scores"]]
    margins = []
    spreads = []
    for r in results:
        ordered = sorted(r["scores"], reverse=True)
        margins.append(ordered[0] - ordered[1])
        spreads.append(ordered[0] - ordered[-1])
    return {
        "game": config.game, "players": config.players, "agents": config.agents, "games": n, "seed": config.seed,
        "decisions_per_game": {"mean": round(mean_dec, 2), "ci95": [round(dlo, 2), round(dhi, 2)],
                               "min": min(decisions), "max": max(decisions)},
        "branching_factor": {
            "mean": round(sum(sizes) / len(sizes), 3),
            "max": max(sizes),
            "by_game_decile": [round(sum(d) / len(d), 3) if d else None for d in by_decile],
        },
        "forced_move_share": round(forced / len(sizes), 4),
        "seats": seats,
        "scores": {"mean": round(sum(all_scores) / len(all_scores), 3), "sd": round(stdev(all_scores), 3),
                   "min": min(all_scores), "max": max(all_scores),
                   "mean_winning_margin": round(sum(margins) / n, 3),
                   "mean_spread_first_to_last": round(sum(spreads) / n, 3)},
        "shared_wins": sum(1 for r in results if len(r["winners"]) > 1),
    }
