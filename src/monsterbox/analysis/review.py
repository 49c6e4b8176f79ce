"""The review of a finished game for one seat: every decision of that seat evaluated from its information set at
that moment (``evaluate``), the win chance before (best play) and after the move played, and the flagged decisions:
moves that lost significantly more win chance than a tier's threshold (``quality.TIERS``), with the better move.

Variance reduction, so that two reviews with different seeds flag the same decisions:

- common random numbers: every option of a decision is played in the same sampled worlds (``evaluate``), so the
  loss of the move played is a paired difference in which the luck of each world cancels out;
- sequential testing: the played move is compared with its rival (the best other option) by the paired interval of
  its loss, the mean plus or minus ``Z`` standard errors; a decision starts with ``samples`` worlds, and the number
  of worlds doubles while the interval leaves the verdict open (``settled``), up to ``max_samples`` (default
  ``GROWTH`` times ``samples``, per game: close calls get many more worlds than clear ones) while it is open whether
  the move is flagged, up to a quarter of that while only its tier is;
- significance: a decision's tier is that of the interval's lower bound (``loss_low``), so a move is flagged early
  only when it lost at least the tier's threshold with about 97.7% confidence (one-sided, ``Z`` = 2, shared among the
  other options when there are several: ``confidence_z``);
- a forced verdict at the cap: a decision still open after every world the budget allows (``close``: its interval
  holds 5 points) is judged by the loss less ``CAP_Z`` standard error (about 84% one-sided), provided the loss is
  significant at all (``loss_low`` above 0). Without it the verdict depended on when a review happened to stop: one
  seed's bound crossed 5 points after 2048 worlds, the other's stayed a close call at 4096 (Maker: 86% agreement;
  88.5 to 92.6% with a forced verdict at 0 to 1.5 standard errors, ``docs/results/review-agreement.md``). The bound
  the tier is taken from is ``loss_bound``;
- small samples: the paired variance carries two pseudo-worlds (``evaluate.PRIOR_WORLDS``), so a verdict is never
  reached on a few worlds that happen to agree;
- a flag confirmed to the end (``assess``, ``CONFIRM_TO_END``: Mansion): where the playouts are cut and scored by
  the game's estimate (``REVIEW_DEPTH``), a flagged move is judged again in the same worlds with playouts to the end
  of the game, and the flag keeps the smaller of the two bounds. An estimate can be wrong where heuristic play to the
  end is not: Mansion's scored a won position 85% after the move played and 98% after its rival, where both won every
  playout to the end (``docs/results/review-agreement.md``). Only flagged moves are judged again.

``review_record`` returns a JSON-serialisable dict (for the command line, the server and the web replay page);
``plot_review`` draws the win-chance curve as a PNG. Decisions can be spread over worker processes; the result is
the same with any number of workers (each decision's seeds depend only on the review's seed and the moment).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from statistics import NormalDist
from typing import Any

from monsterbox.analysis.evaluate import (
    MAX_SAMPLES,
    Evaluation,
    check_budget,
    evaluate_options,
    extend,
    paired_difference,
)
from monsterbox.analysis.quality import TIERS, grade
from monsterbox.core.errors import InvalidOptions
from monsterbox.core.game import Game
from monsterbox.core.i18n import N_, _
from monsterbox.core.record import replay
from monsterbox.core.registry import new_game
from monsterbox.core.wording import percent, record_seats, seat_names

REVIEW_FORMAT = "monsterbox-review"
#: standard errors of the paired loss on each side: the lower bound decides the tier (about 97.7% one-sided)
Z = 2.0
#: standard errors below the mean loss that decide a close call at the cap (about 84% one-sided): the benefit of the
#: doubt stays with the player, but a close call is no longer a verdict of its own
CAP_Z = 1.0
#: a review's budget per game, the same for ``monsterbox review``, the terminal and the server's replay page:
#: worlds per option to start with, at most ``GROWTH`` times as many where the verdict is close, and playouts cut
#: after ``REVIEW_DEPTH`` actions and scored by the game's estimate (0: to the end). Measured by
#: benchmarks/review_agreement.py (docs/results/review-agreement.md): tens of CPU seconds for a game.
REVIEW_SAMPLES = {"inn": 16, "maker": 16, "mansion": 16, "monster": 16}
GROWTH = {"inn": 256, "maker": 256, "mansion": 256, "monster": 256}
REVIEW_DEPTH = {"inn": 0, "maker": 30, "mansion": 40, "monster": 20}
#: whether a flag of cut playouts must hold with playouts to the end (``assess``). Mansion's cut estimate misjudged
#: decided positions; its playouts to the end cost a few times the cut's, about half again the CPU of a review. Maker's
#: and Monster's reviews flag no strong play without it, and Monster's playouts to the end cost about 23 CPU s a
#: flagged decision (measured in docs/results/review-agreement.md, seventh session).
CONFIRM_TO_END = {"inn": False, "maker": False, "mansion": True, "monster": False}
#: in English in the JSON (a stable text); the terminal shows its translation
METHOD = N_("flat Monte Carlo over determinizations of the seat's information set: each option played, then every "
          "seat's heuristic bot to the end, the same samples for every option; more samples where the verdict is "
          "close; a move is flagged when the lower bound of its loss reaches a tier, or, still close after every "
          "sample, when its loss less one standard error does; in Mansion, whose playouts are cut and scored by an "
          "estimate, a flag must also hold with playouts to the end of the game")


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


def rival(ev: Evaluation, played: str) -> str:
    """The best option other than the move played, by the estimates (the first in legal order on a tie): what the
    played move is compared with, whether or not it looks best in this sample."""
    others = [a for a in ev.options if a != played]
    return max(others, key=lambda a: ev.options[a])


def confidence_z(options: int) -> float:
    """Standard errors on each side of a loss: ``Z`` for a decision between two options; with more, the rival is
    the best of ``options - 1`` estimates, which flatters it (the largest of several noisy estimates is too large),
    so the one-sided level is shared among them (Bonferroni): 2.28 standard errors for three options, 2.54 for
    five, 2.84 for ten."""
    if options <= 2:
        return Z
    alpha = 1 - NormalDist().cdf(Z)
    return NormalDist().inv_cdf(1 - alpha / (options - 1))


def loss_interval(ev: Evaluation, played: str) -> tuple[float, float]:
    """The interval of the win chance the played move lost against its rival (``rival``): the paired mean minus and
    plus ``confidence_z`` standard errors over the same worlds. It may reach below 0: the played move may be the
    better one."""
    mean, se = paired_difference(ev, rival(ev, played), played)
    z = confidence_z(len(ev.options))
    return mean - z * se, mean + z * se


def settled(low: float, high: float, flag_only: bool = False) -> bool:
    """Whether a loss interval decides the verdict: its upper bound is below the smallest tier (the move is not
    flagged whatever more worlds show), or its lower bound has reached a tier and no tier threshold lies inside it
    (the tier is known; with ``flag_only``, the flag is known: the lower bound has reached the smallest tier)."""
    least = TIERS[-1][1]
    if high < least:
        return True
    if flag_only:
        return low >= least
    return low >= least and not any(low < t <= high for _name, t in TIERS)


def judge(game: Game, seat: int, played: str, samples: int, max_samples: int, seed: int, depth: int
          ) -> Evaluation:
    """The evaluation of one decision by sequential testing: ``samples`` worlds, then twice as many at a time while
    the paired interval of the played move's loss against its rival does not settle the verdict (``settled``): up
    to ``max_samples`` worlds while it is open whether the move is flagged at all, up to a quarter of that while only
    its tier is open. The test does not stop because the played move looks best in a few worlds: another sample
    might not say so. Deterministic: the worlds are a prefix of one seeded sequence (``evaluate``)."""
    ev = evaluate_options(game, seat, samples, seed, depth)
    tier_cap = max(samples, max_samples // 4)
    while ev.samples < max_samples and len(ev.options) > 1:
        low, high = loss_interval(ev, played)
        if settled(low, high, flag_only=ev.samples >= tier_cap):
            break
        ev = extend(game, ev, seed, min(ev.samples, max_samples - ev.samples))
    return ev


def verdict(ev: Evaluation, played: str) -> tuple[float, float, bool, float]:
    """The paired interval of the played move's loss (``loss_interval``; (0, 0) with a single option), whether it
    is a close call (it holds the smallest tier's threshold) and the bound its tier is taken from: the lower bound,
    or for a close call with a significant loss the mean less ``CAP_Z`` standard errors (a forced verdict: every
    world the budget allows was drawn, ``judge``)."""
    if len(ev.options) < 2:
        return 0.0, 0.0, False, 0.0
    low, high = loss_interval(ev, played)
    close = low < TIERS[-1][1] <= high
    bound = low
    if close and low > 0:
        mean, se = paired_difference(ev, rival(ev, played), played)
        bound = mean - CAP_Z * se
    return low, high, close, bound


def _entry(ev: Evaluation, index: int, played: str) -> dict[str, Any]:
    ev_json = ev.to_json()
    estimates = {o["action"]: o["estimate"] for o in ev_json["options"]}
    before = ev_json["value"]
    after = estimates[played]
    loss = round(before - after, 4)
    low, high, close, bound = verdict(ev, played)
    return {"index": index, "played": played, "best": ev_json["best"], "before": before, "after": after,
            # the bounds unrounded: a rounded bound could cross a threshold the verdict was reached on (0.049996
            # written 0.05: graded an inaccuracy, or a settled upper bound no longer under 5 points)
            "loss": loss, "loss_low": max(0.0, low), "loss_high": max(0.0, high), "loss_bound": max(0.0, bound),
            "close": close, "samples": ev.samples, "options": ev_json["options"]}


def assess(game: Game, seat: int, index: int, played: str, samples: int, max_samples: int, seed: int,
           depth: int, confirm: bool = True) -> dict[str, Any]:
    """One decision's entry: judged with playouts cut after ``depth`` actions (``judge``) and, with ``confirm``,
    when that flags the move, judged again in the same worlds with playouts to the end of the game (``to_end``): the
    flag stands at the smaller of the two bounds. The cut's estimate is a guess about the rest of the game; where it
    is wrong (a game won whatever the move, scored 85% after one move and 98% after the other), only play to the end
    shows it. Only flagged moves are judged again, a few in a game (``CONFIRM_TO_END``: the games that need it)."""
    entry = _entry(judge(game, seat, played, samples, max_samples, seed, depth), index, played)
    if confirm and depth and entry["loss_bound"] >= TIERS[-1][1]:
        end = judge(game, seat, played, samples, max_samples, seed, 0)
        _low, _high, _close, bound = verdict(end, played)
        entry["to_end"] = {"loss": round(end.value - end.options[played], 4), "loss_bound": max(0.0, bound),
                           "best": end.best, "samples": end.samples}
        entry["loss_bound"] = min(entry["loss_bound"], max(0.0, bound))
    return entry


def _review_one(args: tuple[dict[str, Any], int, int, int, int, int, int, bool]) -> dict[str, Any]:
    """One decision, in a worker: replay to it, evaluate from the seat's information."""
    record, seat, index, samples, max_samples, seed, depth, confirm = args
    g = _start(record)
    for action in record["actions"][:index]:
        g.play(action)
    return assess(g, seat, index, record["actions"][index], samples, max_samples, seed, depth, confirm)


def review_record(record: dict[str, Any], seat: int, samples: int | None = None, workers: int = 1, seed: int = 0,
                  progress: Callable[[int, int], None] | None = None, depth: int | None = None,
                  max_samples: int | None = None) -> dict[str, Any]:
    """Review ``seat``'s decisions in ``record`` (see the module docstring). ``samples``: determinizations per
    option to start with (default per game); ``max_samples``: at most this many where the verdict is close (default
    ``GROWTH`` times ``samples``; equal to ``samples``: no sequential sampling); ``depth``: playouts cut after that
    many actions and scored by the game's estimate (default per game; 0: to the end); ``progress(done, total)`` is
    called as decisions are evaluated."""
    final = replay(record)  # re-checks every action; a clear RecordError otherwise
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < final.players:
        raise InvalidOptions(f"--seat must be from 0 to {final.players - 1}, got {seat!r}")
    n = REVIEW_SAMPLES.get(final.game_id, 16) if samples is None else samples
    cut = REVIEW_DEPTH.get(final.game_id, 0) if depth is None else depth
    check_budget(n, cut)
    most = min(MAX_SAMPLES, GROWTH.get(final.game_id, 16) * n) if max_samples is None else max_samples
    if isinstance(most, bool) or not isinstance(most, int) or not n <= most <= MAX_SAMPLES:
        raise InvalidOptions(f"--max-budget must be an integer from the budget ({n}) to {MAX_SAMPLES}, got {most!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= 64:
        raise InvalidOptions(f"--workers must be an integer from 1 to 64, got {workers!r}")
    names = seat_names(record_seats(record))  # as play and replay name them
    record = {"game_id": final.game_id, "players": final.players, "seed": final.seed,
              "options": final.options, "actions": final.actions, "seats": record_seats(record)}
    confirm = bool(cut) and CONFIRM_TO_END.get(final.game_id, False)
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
                entries.append(assess(g, seat, i, action, n, most, seed, cut, confirm))
                done += 1
                if progress:
                    progress(done, total)
            g.play(action)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(_review_one, (record, seat, i, n, most, seed, cut, confirm)) for i in points]
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
        "samples": n, "max_samples": most, "depth": cut, "confirm_to_end": confirm, "seed": seed, "confidence_z": Z,
        "least": TIERS[-1][1],
        "method": METHOD, "cooperative": final.game_id == "monster",
        "decisions": entries, "names": names,
    }
    if final.over:
        res = final.result()
        out["result"] = {"scores": res["scores"], "winners": res["winners"], "won": seat in res["winners"]}
    grade(out)  # tiers by the significant win chance lost, the seat's accuracy, and why each flagged move was worse
    out["flagged"] = [e["number"] for e in entries if e["flagged"]]
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
    """The win-chance curve (before and after each decision), flagged decisions marked, as a PNG at ``path``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ds = review["decisions"]
    xs = [d["number"] for d in ds]
    fig, ax = plt.subplots(figsize=(9, 3.8))
    ax.plot(xs, [d["before"] for d in ds], "-", color="tab:blue", label=_("best move"))
    ax.plot(xs, [d["after"] for d in ds], ".", color="tab:green", label=_("move played"))
    bad = [d for d in ds if d["flagged"]]
    if bad:
        ax.plot([d["number"] for d in bad], [d["after"] for d in bad], "x", color="tab:red", markersize=9,
                label=_("flagged move (surely lost {least} or more)").format(least=percent(TIERS[-1][1])))
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
