"""The review of a finished game for one seat: every decision of that seat evaluated from its information set at
that moment (``evaluate``), the win chance before (best play) and after the move played, and the mistakes: moves
whose estimate is more than ``threshold`` below the best option's, with the better move.

``review_record`` returns a JSON-serialisable dict (for the command line, the server and the web replay page);
``plot_review`` draws the win-chance curve as a PNG. Decisions can be spread over worker processes; the result is
the same with any number of workers (each decision's seeds depend only on the review's seed and the moment).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from monsterbox.analysis.evaluate import DEFAULT_DEPTH, DEFAULT_SAMPLES, check_budget, evaluate_options
from monsterbox.analysis.quality import grade
from monsterbox.core.errors import InvalidOptions
from monsterbox.core.game import Game
from monsterbox.core.i18n import _
from monsterbox.core.record import replay
from monsterbox.core.registry import new_game
from monsterbox.core.wording import percent, record_seats, seat_names

REVIEW_FORMAT = "monsterbox-review"
DEFAULT_THRESHOLD = 0.15
METHOD = ("flat Monte Carlo over determinizations of the seat's information set: each option played, then every "
          "seat's heuristic bot to the end, the same samples for every option")


def _start(record: dict[str, Any]) -> Game:
    return new_game(record["game_id"], record["players"], record["seed"], record.get("options") or None)


def decision_points(record: dict[str, Any], seat: int) -> list[int]:
    """Indices (into the record's actions) of the decisions ``seat`` made with more than one legal option."""
    g = _start(record)
    out = []
    for i, action in enumerate(record["actions"]):
        if g.to_play == seat and len(g.legal_actions()) > 1:
            out.append(i)
        g.play(action)
    return out


def _entry(ev_json: dict[str, Any], index: int, played: str, threshold: float) -> dict[str, Any]:
    estimates = {o["action"]: o["estimate"] for o in ev_json["options"]}
    before = ev_json["value"]
    after = estimates[played]
    loss = round(before - after, 4)
    return {"index": index, "played": played, "best": ev_json["best"], "before": before, "after": after,
            "loss": loss, "mistake": loss > threshold, "options": ev_json["options"]}


def _review_one(args: tuple[dict[str, Any], int, int, int, int, float, int | None]) -> dict[str, Any]:
    """One decision, in a worker: replay to it, evaluate from the seat's information."""
    record, seat, index, samples, seed, threshold, depth = args
    g = _start(record)
    for action in record["actions"][:index]:
        g.play(action)
    ev = evaluate_options(g, seat, samples, seed, depth)
    return _entry(ev.to_json(), index, record["actions"][index], threshold)


def review_record(record: dict[str, Any], seat: int, samples: int | None = None,
                  threshold: float = DEFAULT_THRESHOLD, workers: int = 1, seed: int = 0,
                  progress: Callable[[int, int], None] | None = None, depth: int | None = None) -> dict[str, Any]:
    """Review ``seat``'s decisions in ``record`` (see the module docstring). ``samples``: determinizations per
    option (the budget; default per game); ``depth``: playouts cut after that many actions and scored by the game's
    estimate (default per game; 0: to the end); ``progress(done, total)`` is called as decisions are evaluated."""
    final = replay(record)  # re-checks every action; a clear RecordError otherwise
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < final.players:
        raise InvalidOptions(f"--seat must be from 0 to {final.players - 1}, got {seat!r}")
    n = DEFAULT_SAMPLES.get(final.game_id, 32) if samples is None else samples
    cut = DEFAULT_DEPTH.get(final.game_id, 0) if depth is None else depth
    check_budget(n, cut)
    if isinstance(threshold, bool) or not isinstance(threshold, int | float) or not 0 <= threshold <= 1:
        raise InvalidOptions(f"--threshold must be a win-chance difference from 0 to 1, got {threshold!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= 64:
        raise InvalidOptions(f"--workers must be an integer from 1 to 64, got {workers!r}")
    names = seat_names(record_seats(record))  # as play and replay name them
    record = {"game_id": final.game_id, "players": final.players, "seed": final.seed,
              "options": final.options, "actions": final.actions, "seats": record_seats(record)}
    points = decision_points(record, seat)
    total = len(points)
    if progress:
        progress(0, total)
    entries: list[dict[str, Any]] = []
    if workers == 1 or total < 2:
        g = _start(record)
        done = 0
        todo = set(points)
        for i, action in enumerate(record["actions"]):
            if i in todo:
                ev = evaluate_options(g, seat, n, seed, cut)
                entries.append(_entry(ev.to_json(), i, action, threshold))
                done += 1
                if progress:
                    progress(done, total)
            g.play(action)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(_review_one, (record, seat, i, n, seed, threshold, cut)) for i in points]
            for done, fut in enumerate(as_completed(futures), 1):
                entries.append(fut.result())
                if progress:
                    progress(done, total)
        entries.sort(key=lambda e: e["index"])
    for k, e in enumerate(entries, 1):
        e["number"] = k
    word_moves(record, seat, entries)
    out: dict[str, Any] = {
        "format": REVIEW_FORMAT, "game_id": final.game_id, "players": final.players, "seat": seat,
        "samples": n, "depth": cut, "threshold": threshold, "seed": seed,
        "method": METHOD, "cooperative": final.game_id == "monster",
        "decisions": entries, "mistakes": [e["number"] for e in entries if e["mistake"]],
        "names": names,
    }
    if final.over:
        res = final.result()
        out["result"] = {"scores": res["scores"], "winners": res["winners"], "won": seat in res["winners"]}
    grade(out)  # tiers by win chance lost, the seat's accuracy, and why each flagged move was worse
    return out


def word_moves(record: dict[str, Any], seat: int, entries: list[dict[str, Any]]) -> None:
    """Each decision's played and best move in words (``played_text``, ``best_text``), as the seat read them at that
    moment, in the language in force (the game's wording layer: card names, never ids)."""
    import importlib

    g = _start(record)
    text = importlib.import_module(f"monsterbox.games.{g.game_id}.text")
    names = seat_names(record_seats(record))  # as play and replay name them
    at = {e["index"]: e for e in entries}
    for i, action in enumerate(record["actions"]):
        e = at.get(i)
        if e is not None:
            view = g.view(seat)
            e["played_text"] = text.describe_action(view, e["played"], names, g.state.cards)
            e["best_text"] = text.describe_action(view, e["best"], names, g.state.cards)
        g.play(action)


def plot_review(review: dict[str, Any], path: Path) -> Path:
    """The win-chance curve (before and after each decision), mistakes marked, as a PNG at ``path``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ds = review["decisions"]
    xs = [d["number"] for d in ds]
    fig, ax = plt.subplots(figsize=(9, 3.8))
    ax.plot(xs, [d["before"] for d in ds], "-", color="tab:blue", label=_("best move"))
    ax.plot(xs, [d["after"] for d in ds], ".", color="tab:green", label=_("move played"))
    bad = [d for d in ds if d["mistake"]]
    if bad:
        ax.plot([d["number"] for d in bad], [d["after"] for d in bad], "x", color="tab:red", markersize=9,
                label=_("mistake (lost more than {threshold})").format(threshold=percent(review["threshold"])))
        for k, d in enumerate(bad):  # the better move, labels staggered so that neighbours do not overlap
            ax.annotate(short(d.get("best_text", d["best"]), 26), (d["number"], d["after"]),
                        textcoords="offset points", xytext=(4, 8 + 10 * (k % 3)), fontsize=7, color="tab:red")
    from monsterbox.core.registry import get_ruleset

    title = get_ruleset(review["game_id"]).title
    names = review.get("names") or [_("Player {seat}").format(seat=i + 1) for i in range(review["players"])]
    player = names[review["seat"]]
    what = _("estimated team success") if review.get("cooperative") else _("estimated win chance")
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel(_("decisions of {player}").format(player=player))
    ax.set_ylabel(what)
    ax.set_title(_("{game}: review of {player} ({samples} samples per option)").format(
        game=title, player=player, samples=review["samples"]))
    ax.legend(fontsize=8, loc="best")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def short(text: str, limit: int = 40) -> str:
    """A label for the plot: at most ``limit`` characters, cut at a word."""
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0] + "…"
