"""Tournament reports: per-agent win rates (Wilson 95%), mean scores (95%), openskill ratings, seat advantage,
game length; written as JSON, Markdown and PNG plots."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from monsterbox.arena.runner import ArenaConfig
from monsterbox.arena.stats import mean_ci, stdev, wilson


def ratings(config: ArenaConfig, results: list[dict[str, Any]]) -> list[dict[str, float]]:
    """openskill (Plackett-Luce) ratings per entrant, each game a free-for-all ranked by score (ties share a rank),
    games taken in schedule order."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    table = [model.rating(name=f"{i}:{a}") for i, a in enumerate(config.agents)]
    for r in results:
        teams = [[table[e]] for e in r["entrants"]]
        order = sorted(set(r["scores"]), reverse=True)
        ranks = [order.index(sc) + 1 for sc in r["scores"]]
        new = model.rate(teams, ranks=ranks)
        for seat, e in enumerate(r["entrants"]):
            table[e] = new[seat][0]
    return [{"mu": round(t.mu, 3), "sigma": round(t.sigma, 3), "ordinal": round(t.ordinal(), 3)} for t in table]


def build_report(config: ArenaConfig, results: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(results)
    players = config.players
    entrants = []
    for e, spec in enumerate(config.agents):
        wins = shares = 0.0
        scores: list[float] = []
        for r in results:
            seat = r["entrants"].index(e)
            scores.append(r["scores"][seat])
            if seat in r["winners"]:
                wins += 1
                shares += 1 / len(r["winners"])
        lo, hi = wilson(wins, n)
        mean, mlo, mhi = mean_ci(scores)
        entrants.append({"entrant": e, "agent": spec, "games": n, "wins": wins, "win_share": round(shares, 3),
                         "win_rate": round(wins / n, 4) if n else None, "win_rate_ci95": [round(lo, 4), round(hi, 4)],
                         "mean_score": round(mean, 3), "mean_score_ci95": [round(mlo, 3), round(mhi, 3)],
                         "score_sd": round(stdev(scores), 3)})
    for entry, rating in zip(entrants, ratings(config, results), strict=True):
        entry["rating"] = rating
    # the same agent spec in several seats: pooled
    by_agent: dict[str, dict[str, Any]] = {}
    for spec in dict.fromkeys(config.agents):
        idx = [e for e, s in enumerate(config.agents) if s == spec]
        wins = sum(entrants[e]["wins"] for e in idx)
        trials = n * len(idx)
        lo, hi = wilson(wins, trials)
        by_agent[spec] = {"entrants": idx, "seat_games": trials, "wins": wins,
                          "win_rate": round(wins / trials, 4) if trials else None,
                          "win_rate_ci95": [round(lo, 4), round(hi, 4)],
                          "fair_share": round(1 / players, 4)}
    seats = []
    for seat in range(players):
        wins = sum(1 for r in results if seat in r["winners"])
        lo, hi = wilson(wins, n)
        mean, mlo, mhi = mean_ci([r["scores"][seat] for r in results])
        seats.append({"seat": seat, "wins": wins, "win_rate": round(wins / n, 4) if n else None,
                      "win_rate_ci95": [round(lo, 4), round(hi, 4)], "mean_score": round(mean, 3),
                      "mean_score_ci95": [round(mlo, 3), round(mhi, 3)]})
    lengths = [r["actions"] for r in results]
    mean_len, llo, lhi = mean_ci(lengths)
    return {
        "config": {"game": config.game, "players": players, "agents": config.agents, "games": config.games,
                   "seed": config.seed, "options": config.options},
        "games_played": n,
        "entrants": entrants,
        "agents": by_agent,
        "seats": seats,
        "length": {"mean_actions": round(mean_len, 2), "ci95": [round(llo, 2), round(lhi, 2)],
                   "min": min(lengths) if lengths else None, "max": max(lengths) if lengths else None,
                   "histogram": dict(sorted(Counter(lengths).items()))},
        "shared_wins": sum(1 for r in results if len(r["winners"]) > 1),
        "seconds_per_game": round(sum(r["seconds"] for r in results) / n, 4) if n else None,
    }


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def markdown(report: dict[str, Any]) -> str:
    c = report["config"]
    lines = [f"# Arena: {c['game']}, {c['players']} players, {report['games_played']} games",
             "", f"Agents (one per seat, rotated): {', '.join(c['agents'])}; seed {c['seed']}.", "",
             "## Entrants", "",
             "| entrant | agent | win rate | 95% CI | mean score | 95% CI | rating (mu ± sigma) |",
             "|---|---|---|---|---|---|---|"]
    for e in report["entrants"]:
        lo, hi = e["win_rate_ci95"]
        slo, shi = e["mean_score_ci95"]
        lines.append(f"| {e['entrant']} | `{e['agent']}` | {pct(e['win_rate'])} | {pct(lo)}–{pct(hi)} | "
                     f"{e['mean_score']:.2f} | {slo:.2f}–{shi:.2f} | {e['rating']['mu']:.1f} ± "
                     f"{e['rating']['sigma']:.1f} |")
    lines += ["", "## Agents (pooled over their seats)", "", "| agent | seat-games | win rate | 95% CI | fair share |",
              "|---|---|---|---|---|"]
    for spec, a in report["agents"].items():
        lo, hi = a["win_rate_ci95"]
        lines.append(f"| `{spec}` | {a['seat_games']} | {pct(a['win_rate'])} | {pct(lo)}–{pct(hi)} | "
                     f"{pct(a['fair_share'])} |")
    lines += ["", "## Seat advantage", "", "| seat | win rate | 95% CI | mean score |", "|---|---|---|---|"]
    for s in report["seats"]:
        lo, hi = s["win_rate_ci95"]
        lines.append(f"| {s['seat']} | {pct(s['win_rate'])} | {pct(lo)}–{pct(hi)} | {s['mean_score']:.2f} |")
    ln = report["length"]
    lines += ["", "## Game length", "",
              f"Mean {ln['mean_actions']} actions per game (95% CI {ln['ci95'][0]}–{ln['ci95'][1]}), "
              f"min {ln['min']}, max {ln['max']}. Shared victories: {report['shared_wins']}.", "",
              "Plots: `winrates.png`, `scores.png`, `length.png`.", ""]
    return "\n".join(lines)


def plots(report: dict[str, Any], results: list[dict[str, Any]], out: Path) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    paths = []
    ents = report["entrants"]
    labels = [f"{e['entrant']}: {e['agent']}" for e in ents]
    rates = [e["win_rate"] for e in ents]
    err = [[r - e["win_rate_ci95"][0] for r, e in zip(rates, ents, strict=True)],
           [e["win_rate_ci95"][1] - r for r, e in zip(rates, ents, strict=True)]]
    fig, ax = plt.subplots(figsize=(7, 3.5))
    ax.bar(range(len(ents)), rates, yerr=err, capsize=5, color="tab:blue")
    ax.axhline(1 / report["config"]["players"], color="grey", linestyle="--", label="fair share")
    ax.set_xticks(range(len(ents)), labels, rotation=15, fontsize=8)
    ax.set_ylabel("win rate (95% Wilson CI)")
    ax.set_ylim(0, 1)
    ax.legend()
    fig.tight_layout()
    paths.append(out / "winrates.png")
    fig.savefig(paths[-1], dpi=100)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(7, 3.5))
    data = [[r["scores"][r["entrants"].index(e["entrant"])] for r in results] for e in ents]
    ax.boxplot(data)
    ax.set_xticks(range(1, len(ents) + 1), labels, rotation=15, fontsize=8)
    ax.set_ylabel("final score")
    fig.tight_layout()
    paths.append(out / "scores.png")
    fig.savefig(paths[-1], dpi=100)
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(7, 3.5))
    ax.hist([r["actions"] for r in results], bins=30, color="tab:green")
    ax.set_xlabel("actions per game")
    ax.set_ylabel("games")
    fig.tight_layout()
    paths.append(out / "length.png")
    fig.savefig(paths[-1], dpi=100)
    plt.close(fig)
    return paths


def write_report(config: ArenaConfig, results: list[dict[str, Any]], out: Path, with_plots: bool = True
                 ) -> dict[str, Any]:
    report = build_report(config, results)
    (out / "report.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
    (out / "report.md").write_text(markdown(report), encoding="utf-8")
    if with_plots and results:
        report["plots"] = [p.name for p in plots(report, results, out)]
    return report
