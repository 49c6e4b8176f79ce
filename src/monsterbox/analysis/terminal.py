"""Terminal presentation of hints and reviews (rich): kept here so the command line and the play loop need only a
call each."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from monsterbox.analysis.hint import format_hint, hint
from monsterbox.analysis.review import plot_review, review_record
from monsterbox.core.errors import MonsterboxError, RecordError
from monsterbox.core.i18n import _, ngettext
from monsterbox.core.wording import decimal, percent

if TYPE_CHECKING:
    from monsterbox.core.game import Game


def print_hint(console: Console, game: Game, seat: int, describe: Callable[[str], str] | None = None) -> None:
    """The ``h`` key at a terminal prompt: the suggestion and each option's estimate, from the seat's view only."""
    from monsterbox.core.i18n import _

    with console.status(_("thinking about a hint...")):
        h = hint(game, seat)
    for line in format_hint(h, describe):
        console.print(line, markup=False, highlight=False)


def read_record(path: Path) -> dict[str, Any]:
    """A record file as a dict; MonsterboxError-style messages via ValueError for the caller to print."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"no such file: {path}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path} is not a JSON record: {exc}") from None
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc}") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path} is not a game record (a JSON object)")
    return data


def run_review(path: Path, seat: int, samples: int | None, workers: int, plot: Path | None,
               as_json: bool, seed: int, console: Console, err_console: Console,
               max_samples: int | None = None) -> str | None:
    """``monsterbox review``: returns an error message for the caller to print, or None when done."""
    try:
        record = read_record(path)
    except ValueError as exc:
        return str(exc)
    if plot is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            return _("--plot is optional and needs matplotlib: pip install 'monsterbox[arena]'")
    try:
        with Progress(TextColumn("[bold]review[/]"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      console=err_console, transient=as_json) as progress:
            task = progress.add_task("review", total=None)

            def tick(done: int, total: int) -> None:
                progress.update(task, completed=done, total=total)

            rev = review_record(record, seat, samples, workers, seed, tick, max_samples=max_samples)
    except RecordError as exc:
        return f"{path}: {exc}"
    except MonsterboxError as exc:
        return str(exc)
    if plot is not None:
        plot_review(rev, plot)
    if as_json:
        print(json.dumps(rev))
        return None
    print_review(console, rev)
    if plot is not None:
        console.print(_("Win-chance curve: {path}").format(path=plot))
    return None


def print_review(console: Console, rev: dict[str, Any]) -> None:
    """The review as a table in words: each decision's move and the better one (card names, never ids)."""
    from monsterbox.core.registry import get_ruleset

    title = get_ruleset(rev["game_id"]).title
    names = rev.get("names") or [_("Player {seat}").format(seat=i + 1) for i in range(rev["players"])]
    player = names[rev["seat"]]
    what = _("team success") if rev["cooperative"] else _("win chance")
    table = Table(title=_("{game}: review of {player} ({what} from what that player knew, {samples} samples per "
                          "option)").format(game=title, player=player, what=what, samples=rev["samples"]))
    from monsterbox.analysis.quality import TIER_NAMES, TIERS

    for col, right in ((_("#"), True), (_("move"), True), (_("played"), False), (_("before"), False),
                       (_("after"), False), (_("loss"), True), (_("tier"), False), (_("better move"), False)):
        table.add_column(col, justify="right" if right else "left")
    for d in rev["decisions"]:
        style = "bold red" if d["flagged"] else None
        table.add_row(str(d["number"]), str(d["index"] + 1), escape(d.get("played_text", d["played"])),
                      percent(d["before"]), percent(d["after"]), percent(d["loss"]),
                      _(TIER_NAMES[d["tier"]]) if d["flagged"] else "",
                      escape(d.get("best_text", d["best"])) if d["flagged"] else "", style=style)
    console.print(table)
    n = len(rev["flagged"])
    marks = ", ".join(f"#{k}" for k in rev["flagged"]) or _("none")
    console.print(ngettext("{n} flagged decision (a move that surely lost {least} or more against the best one): "
                           "{marks}.",
                           "{n} flagged decisions (moves that surely lost {least} or more against the best one): "
                           "{marks}.", n).format(n=n, least=percent(TIERS[-1][1]), marks=marks))
    if rev.get("accuracy") is not None:
        tiers = ", ".join(f"{_(TIER_NAMES[k])} {v}" for k, v in rev.get("tiers", {}).items())
        console.print(_("Accuracy {accuracy}% ({tiers}).").format(accuracy=decimal(rev["accuracy"]), tiers=tiers))
        for d in rev["decisions"]:
            if d.get("why"):
                console.print(Text(_("#{number} {tier}: {why}").format(number=d["number"],
                                                                       tier=_(TIER_NAMES[d["tier"]]), why=d["why"])))
    if "result" in rev:
        res = rev["result"]
        scores = ", ".join(_("{player} {score}").format(player=names[i], score=sc)
                           for i, sc in enumerate(res["scores"]))
        if rev["cooperative"]:
            outcome = _("the team succeeded") if res["won"] else _("the team failed")
        else:
            outcome = (_("{player} won") if res["won"] else _("{player} did not win")).format(player=player)
        console.print(_("Result: {outcome} (scores: {scores}).").format(outcome=outcome, scores=scores))
    console.print(_("Method: {method}.").format(method=_(rev["method"])), highlight=False)
    console.print(_("Samples per option: {samples} to start with, up to {most} where the verdict was close.").format(
        samples=rev["samples"], most=rev["max_samples"]), highlight=False)
