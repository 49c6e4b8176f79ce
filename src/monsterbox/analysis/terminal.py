"""Terminal presentation of hints and reviews (rich): kept here so the command line and the play loop need only a
call each."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from monsterbox.analysis.hint import format_hint, hint
from monsterbox.analysis.review import plot_review, review_record
from monsterbox.core.errors import MonsterboxError, RecordError

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


def run_review(path: Path, seat: int, samples: int | None, workers: int, threshold: float, plot: Path | None,
               as_json: bool, seed: int, console: Console, err_console: Console) -> str | None:
    """``monsterbox review``: returns an error message for the caller to print, or None when done."""
    try:
        record = read_record(path)
    except ValueError as exc:
        return str(exc)
    try:
        with Progress(TextColumn("[bold]review[/]"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      console=err_console, transient=as_json) as progress:
            task = progress.add_task("review", total=None)

            def tick(done: int, total: int) -> None:
                progress.update(task, completed=done, total=total)

            rev = review_record(record, seat, samples, threshold, workers, seed, tick)
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
        console.print(f"Win-chance curve: {plot}")
    return None


def print_review(console: Console, rev: dict[str, Any]) -> None:
    what = "team success" if rev["cooperative"] else "win chance"
    table = Table(title=f"{rev['game_id']}: review of seat {rev['seat']} ({what} from the seat's information, "
                        f"{rev['samples']} samples per option)")
    for col in ("#", "move", "played", f"{what} before", "after", "loss", "better move"):
        table.add_column(col, justify="right" if col in ("#", "move", "loss") else "left")
    for d in rev["decisions"]:
        style = "bold red" if d["mistake"] else None
        table.add_row(str(d["number"]), str(d["index"] + 1), d["played"], f"{d['before']:.0%}", f"{d['after']:.0%}",
                      f"{d['loss']:.0%}", d["best"] if d["mistake"] else "", style=style)
    console.print(table)
    n = len(rev["mistakes"])
    console.print(f"{n} mistake{'s' if n != 1 else ''} (a move losing more than {rev['threshold']:.0%} against the "
                  f"best one): {', '.join(f'#{k}' for k in rev['mistakes']) or 'none'}.")
    if "result" in rev:
        res = rev["result"]
        if rev["cooperative"]:
            outcome = "the team succeeded" if res["won"] else "the team failed"
        else:
            outcome = f"seat {rev['seat']} {'won' if res['won'] else 'did not win'}"
        console.print(f"Result: scores {res['scores']}, winners {res['winners']}; {outcome}.")
    console.print(f"Method: {rev['method']}.", highlight=False)
