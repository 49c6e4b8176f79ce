"""Learning curves of the learned baselines: ``python scripts/plot_learned.py GAME RUN.json [RUN.json ...]`` draws the
win rate against ``medium`` on the evaluation seeds (``rl.train``: never the arena seeds of the published figures)
over CPU minutes, one line per seed, into ``docs/results/learned-GAME.png``, and prints the curves as a Markdown
table (for ``docs/results/learned-GAME.md``). Runs of a distilled search (``monsterbox train --distill``, the sidecar's
``"method": "search-distillation"``) are drawn over the passes of the fit into ``learned-GAME-distill.png``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

FAIR = {"inn": 0.25, "maker": 0.25, "mansion": 1 / 3}


def main(game: str, runs: list[Path]) -> None:
    fig, ax = plt.subplots(figsize=(6.4, 4.0), dpi=100)
    rows = []
    distilled = False
    for run in runs:
        side = json.loads(run.read_text())
        distilled = side.get("method") == "search-distillation"
        xs = [p["epoch"] if distilled else p["cpu_seconds"] / 60 for p in side["curve"]]
        ys = [p["win_rate"] for p in side["curve"]]
        ax.plot(xs, ys, marker="o", label=f"seed {side['seed']}")
        rows.append(side)
    if game in FAIR:
        ax.axhline(FAIR[game], color="grey", linestyle="--", label="fair share")
        ax.set_ylabel("win rate against medium bots (seat rotated)")
    else:
        base = rows[0]["eval"].get("monster_medium_team_rate")
        if base is not None:
            ax.axhline(base, color="grey", linestyle="--", label="medium team")
        ax.set_ylabel("team success rate (learned team)")
    ax.set_xlabel("passes over the teacher's samples" if distilled else "CPU minutes of training")
    method = f"a search distilled ({rows[0]['teacher']['games']} games)" if distilled else "Deep Monte Carlo"
    ax.set_title(f"learned {game}: {method}, {rows[0]['players']} players")
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    out = Path("docs/results") / f"learned-{game}{'-distill' if distilled else ''}.png"
    fig.savefig(out)
    print(f"wrote {out}")
    for side in rows:
        print(f"\nseed {side['seed']}: {side['episodes']} games, {side['cpu_seconds']} s CPU, "
              f"evaluation {side['eval']['games']} games per point")
        if distilled:
            print("| passes | CPU s | win rate |\n| --- | --- | --- |")
            for p in side["curve"]:
                print(f"| {p['epoch']} | {p['cpu_seconds']} | {p['win_rate']:.3f} |")
            continue
        print("| CPU s | games | win rate | loss |\n| --- | --- | --- | --- |")
        for p in side["curve"]:
            print(f"| {p['cpu_seconds']} | {p['episodes']} | {p['win_rate']:.3f} | {p['loss']} |")


if __name__ == "__main__":
    main(sys.argv[1], [Path(a) for a in sys.argv[2:]])
