"""The ``monsterbox`` command line (typer + rich): play, simulate, replay, cards."""

from __future__ import annotations

import contextlib
import json
import math
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.text import Text

from monsterbox import __version__
from monsterbox.core.errors import MonsterboxError
from monsterbox.core.i18n import N_, _, localized_error
from monsterbox.core.registry import GAME_IDS
from monsterbox.core.wording import count, record_seats, seat_names, table_seats

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="monsterbox: play and study four monster-themed card games.")
console = Console(highlight=False, markup=False)  # data is printed as it is: styles come from Text objects
err_console = Console(stderr=True, highlight=False, markup=False)


def fail(message: str, code: int = 2) -> NoReturn:
    """A user mistake: print a clear message (no traceback, the message never read as markup) and exit."""
    line = Text(_("error: "), style="bold red")
    line.append(message)
    err_console.print(line)
    raise typer.Exit(code)


def usage_message(exc: Exception) -> str:
    """A command-line mistake found by the argument parser (an unknown option, a bad value, a missing argument), in
    the language in force: the parser's own messages are English, so the common ones are worded here."""
    name = type(exc).__name__
    hint = getattr(exc, "param_hint", None)
    param = getattr(exc, "param", None)
    if hint is None and param is not None:
        hint = param.get_error_hint(getattr(exc, "ctx", None)) if "ctx" in \
            param.get_error_hint.__code__.co_varnames else param.get_error_hint()
    if isinstance(hint, list | tuple):
        hint = " / ".join(f"'{h}'" for h in hint)
    if name == "NoSuchOption":
        text = _("no such option: {option}").format(option=exc.option_name)  # type: ignore[attr-defined]
        options = sorted(getattr(exc, "possibilities", None) or [])
        if options:
            text += " " + _("(did you mean {options}?)").format(options=", ".join(options))
        return text
    if name == "MissingParameter":
        if "argument" in (getattr(exc, "param_type", None), getattr(param, "param_type_name", None)):
            return _("missing argument {name}").format(name=hint)
        return _("missing option {name}").format(name=hint) if hint else _("a value is missing")
    if name == "BadOptionUsage" and "requires an argument" in str(getattr(exc, "message", "")):
        return _("{option} needs a value").format(option=exc.option_name)  # type: ignore[attr-defined]
    if name == "BadParameter" and hint:
        detail = str(getattr(exc, "message", "")) or _("not allowed")
        if "valid integer" in detail:
            detail = _("a whole number is expected")
        elif "valid number" in detail:
            detail = _("a number is expected")
        return _("invalid value for {option}: {detail}").format(option=hint, detail=detail)
    message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
    if message.startswith("No such command"):
        return _("no such command: {name}").format(name=message.removeprefix("No such command").strip(" .'\""))
    if message.startswith("Got unexpected extra argument"):
        return _("too many arguments: {args}").format(args=message.rpartition("(")[2].rstrip(")"))
    return message


def print_usage_error(exc: Exception) -> None:
    """Typer's hook for parser errors: one clean, translated line and where to find help (no box, no traceback)."""
    if type(exc).__name__ == "NoArgsIsHelpError":
        return
    err = Console(stderr=True, highlight=False, markup=False)
    line = Text(_("error: "), style="bold red")
    line.append(usage_message(exc))
    err.print(line)
    ctx = getattr(exc, "ctx", None)
    if ctx is not None:
        err.print(Text(_("Try '{command} --help' for help.").format(command=ctx.command_path), style="dim"))


def _use_clean_usage_errors() -> None:
    from typer import rich_utils

    rich_utils.rich_format_error = print_usage_error  # type: ignore[assignment]


_use_clean_usage_errors()

#: the parameters' types as ``--help`` shows them, in words ("<int>" is Python's)
TYPE_WORDS = {"int": N_("integer"), "float": N_("number"), "str": N_("text"), "path": N_("file"),
              "list[str]": N_("KEY=VALUE")}
#: typer's own words in its help screens (its module constants), by the English each one holds
TYPER_WORDS = {"ARGUMENTS_PANEL_TITLE": N_("Arguments"), "OPTIONS_PANEL_TITLE": N_("Options"),
               "COMMANDS_PANEL_TITLE": N_("Commands"), "DEFAULT_STRING": N_("[default: {}]"),
               "REQUIRED_LONG_STRING": N_("[required]"), "ENVVAR_STRING": N_("[env var: {}]")}
HELP_OPTION = N_("Show this message and exit.")  # click's --help, translated like the others


def help_text(text: str | None) -> str | None:
    """A help text of this module (a command's docstring or a parameter's ``help``, all catalogue messages: see
    ``core.catalog``) in the language in force, ``{games}`` filled in."""
    if not text:
        return text
    return _(text).replace("{games}", ", ".join(GAME_IDS))


@contextlib.contextmanager
def localized_help(command: Any, ctx: Any) -> Iterator[None]:
    """While ``--help`` is drawn: the command's help, its parameters' and its subcommands' (a group's list), the
    parameters' types and typer's own headings in the language in force; everything put back after."""
    from typer import rich_utils

    saved: list[tuple[Any, str, Any]] = []

    def put(obj: Any, attr: str, value: Any) -> None:
        saved.append((obj, attr, obj.__dict__.get(attr, _MISSING)))
        setattr(obj, attr, value)

    put(command, "help", help_text(command.help))
    for sub in getattr(command, "commands", {}).values():
        put(sub, "help", help_text(sub.help))
        if sub.short_help:
            put(sub, "short_help", help_text(sub.short_help))
    for param in command.get_params(ctx):  # --help included
        put(param, "help", help_text(getattr(param, "help", None)))
        shown = None if getattr(param, "is_flag", False) else param.display_type_rich(ctx)
        if shown in ("<bool>", "bool"):  # a flag takes no value
            shown = None
        if shown:
            bare = shown.strip("<>.")
            word = _(TYPE_WORDS[bare]) if bare in TYPE_WORDS else bare
            shown = f"<{word}>" + ("..." if shown.endswith("...") else "")
        put(param, "display_type_rich", lambda ctx, shown=shown: shown)
    usage = command.get_usage(ctx)
    put(command, "get_usage", lambda ctx: usage.replace("Usage:", _("Usage:"), 1))
    for name, word in TYPER_WORDS.items():
        saved.append((rich_utils, name, getattr(rich_utils, name)))
        setattr(rich_utils, name, _(word))
    try:
        yield
    finally:
        for obj, attr, value in reversed(saved):
            if obj is rich_utils:
                setattr(obj, attr, value)
            elif value is _MISSING:
                obj.__dict__.pop(attr, None)
            else:
                obj.__dict__[attr] = value


_MISSING = object()


def _use_localized_help() -> None:
    """typer draws ``--help`` with ``rich_utils.rich_format_help``: wrapped so that the help is in the language in
    force (``--lang`` is eager and read before ``--help``; MONSTERBOX_LANG always)."""
    from typer import rich_utils

    draw = rich_utils.rich_format_help

    def localized(*, obj: Any, ctx: Any, markup_mode: Any) -> None:
        with localized_help(obj, ctx):
            draw(obj=obj, ctx=ctx, markup_mode=markup_mode)

    rich_utils.rich_format_help = localized  # type: ignore[assignment]


_use_localized_help()


def check_players(game: str, players: int) -> None:
    """The player count and nothing else, before anything is drawn or played."""
    from monsterbox.core.registry import get_ruleset

    rules = get_ruleset(game)
    if not rules.min_players <= players <= rules.max_players:
        fail(_("{game} is for {low} to {high} players, got {players}").format(
            game=rules.title, low=rules.min_players, high=rules.max_players, players=players))


def check_setup(game: str, players: int, opts: dict[str, Any]) -> None:
    """Players and options checked before a progress bar or a game starts."""
    from monsterbox.core.registry import get_ruleset

    check_players(game, players)
    try:
        get_ruleset(game).validate_options(players, opts)
    except MonsterboxError as exc:
        fail(localized_error(exc))


def parse_options(items: list[str] | None) -> dict[str, Any]:
    """``--option KEY=VALUE``: VALUE is read as JSON when it parses (true, 3, ["M1"]), else as a string."""
    out: dict[str, Any] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key:
            fail(_("--option expects KEY=VALUE (e.g. open_treasures=true), got {item}").format(item=repr(item)))
        try:
            out[key] = json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
    return out


def check_game(game: str) -> None:
    if game not in GAME_IDS:
        fail(_("unknown game {game}; games: {games}").format(game=repr(game), games=", ".join(GAME_IDS)))


def version_callback(value: bool) -> None:
    if value:
        console.print(f"monsterbox {__version__}")
        raise typer.Exit()


def lang_callback(value: str | None) -> str | None:
    from monsterbox.core.i18n import check_language, set_language

    try:
        set_language(check_language(value) if value else None)  # each run starts from --lang or MONSTERBOX_LANG
    except MonsterboxError as exc:
        fail(localized_error(exc))
    return value


@app.callback()
def root(version: bool = typer.Option(False, "--version", callback=version_callback, is_eager=True,
                                      help="Print the version and exit."),
         lang: str | None = typer.Option(None, "--lang", callback=lang_callback, is_eager=True,
                                         help="Language of the games' text: en or fr (default: MONSTERBOX_LANG, "
                                              "else en).")) -> None:
    """monsterbox: play and study four monster-themed card games."""
    global console, err_console
    console = Console(highlight=False, markup=False)  # each run measures the terminal it runs in (COLUMNS included)
    err_console = Console(stderr=True, highlight=False, markup=False)


@app.command()
def play(
    game: str = typer.Argument(None, help="Game id: {games} (not needed with --resume)"),
    players: int = typer.Option(4, "--players", "-p", help="Number of players."),
    seat: int = typer.Option(0, "--seat", "-s", help="Your seat (0-based)."),
    bots: str = typer.Option("heuristic", "--bots", "-b",
                             help="Agent for the other seats: one name, or one per other seat, comma-separated; "
                                  "a level: easy, medium, hard, expert, learned (the policy learned by self-play)."),
    seed: int | None = typer.Option(None, "--seed", help="Seed (default: a fresh one, printed)."),
    option: list[str] = typer.Option(None, "--option", "-o", help="Game option KEY=VALUE (repeatable)."),
    save: Path | None = typer.Option(None, "--save", help="Where to write the game record (JSON); an existing file "
                                                           "is never overwritten."),
    name: str | None = typer.Option(None, "--name", help="Your name at the table (default: You)."),
    resume: Path | None = typer.Option(None, "--resume", help="Go on with an unfinished game from its record."),
) -> None:
    """Play a game in the terminal against bots (Ctrl-C saves the game; --resume goes on with it)."""
    from monsterbox.agents.registry import check_agent_spec, make_agent
    from monsterbox.core.registry import new_game
    from monsterbox.sim import agent_seed
    from monsterbox.tui import Interrupted, Seats, play_loop

    shown = 0
    if resume is not None:
        record = read_record(resume)
        table = record.get("table") if isinstance(record.get("table"), dict) else {}
        try:
            from monsterbox.core.record import replay as do_replay

            g = do_replay(record)
        except MonsterboxError as exc:
            fail(_("{file}: {error}").format(file=resume, error=localized_error(exc)), 1)
        if g.over:
            fail(_("{file}: this game is already over; see it with: monsterbox replay {file}").format(file=resume), 1)
        if game is not None and game != g.game_id:
            fail(_("{file} is a game of {game}, not {other}").format(file=resume, game=g.game_id, other=game))
        players, seed = g.players, g.seed
        seat = int(table.get("seat", seat))
        bot_specs = table.get("bots")
        specs = list(bot_specs) if isinstance(bot_specs, list) else [bots]
        name = name or table.get("name")
        save_path = save or resume
        if save is not None:
            check_save_path(save)
        shown = -1  # the story so far is told again from the start
    else:
        if game is None:
            fail(_("name a game ({games}) or give --resume RECORD").format(games=", ".join(GAME_IDS)))
        check_game(game)
        opts = parse_options(option)
        if seed is None:
            seed = random.SystemRandom().randrange(10**6)
        check_players(game, players)
        try:
            g = new_game(game, players, seed, opts)
        except MonsterboxError as exc:
            fail(localized_error(exc))
        specs = [s.strip() for s in bots.split(",")]
        save_path = save or free_record_path(Path(f"monsterbox-{game}-seed{seed}.record.json"))
        check_save_path(save_path)
    if not 0 <= seat < players:
        fail(_("--seat must be from 0 to {last}, got {seat}").format(last=players - 1, seat=seat))
    if len(specs) == 1:
        specs = specs * (players - 1)
    if len(specs) != players - 1:
        fail(_("--bots needs 1 or {n} comma-separated names, got {count}").format(n=players - 1, count=len(specs)))
    agents: dict[int, Any] = {}
    others = [p for p in range(players) if p != seat]
    try:
        for spec in specs:
            check_agent_spec(spec, g.game_id)
        for p, spec in zip(others, specs, strict=True):
            agents[p] = make_agent(spec, g.game_id, agent_seed(seed, p))
    except MonsterboxError as exc:
        fail(localized_error(exc))
    names = seat_names(table_seats(players, seat, specs, name), reader=seat)  # as replay and review name them
    table = {"seat": seat, "bots": specs, "name": name}
    if shown < 0:
        shown = 0
    try:
        play_loop(g, Seats(seat, names), agents, save_path, console, table, shown)
    except Interrupted:
        raise typer.Exit(130) from None
    except OSError as exc:
        fail(_("cannot write the record {path}: {error}").format(path=save_path, error=exc), 1)


def free_record_path(path: Path) -> Path:
    """``path``, or ``name-2.record.json``, ``-3``... when it exists: a record is never silently overwritten."""
    if not path.exists():
        return path
    stem = path.name.removesuffix(".record.json")
    k = 2
    while (path.with_name(f"{stem}-{k}.record.json")).exists():
        k += 1
    return path.with_name(f"{stem}-{k}.record.json")


def check_save_path(path: Path) -> None:
    """Before the game starts: the record's folder exists and is writable, and no file is in the way."""
    if path.exists():
        fail(_("{path} already exists; choose another --save path (a record is never overwritten)").format(path=path))
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        fail(_("cannot save the record to {path}: the folder {folder} does not exist").format(path=path, folder=parent))
    import os

    if not os.access(parent, os.W_OK):
        fail(_("cannot save the record to {path}: the folder {folder} is not writable").format(path=path,
                                                                                             folder=parent))


def read_record(file: Path) -> dict[str, Any]:
    try:
        record = json.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        fail(_("no such file: {file}").format(file=file))
    except IsADirectoryError:
        fail(_("{file} is a folder, not a record").format(file=file))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        fail(_("{file} is not a JSON record: {error}").format(file=file, error=exc))
    except OSError as exc:
        fail(_("cannot read {file}: {error}").format(file=file, error=exc))
    if not isinstance(record, dict):
        fail(_("{file} is not a monsterbox record (a JSON object is expected)").format(file=file))
    return record


@app.command()
def simulate(
    game: str = typer.Argument(..., help="Game id: {games}"),
    players: int = typer.Option(4, "--players", "-p", help="Number of players."),
    games: int = typer.Option(100, "--games", "-n", help="Number of games."),
    agents: str = typer.Option("random", "--agents", "-a",
                               help="One agent name for all seats, or one per seat, comma-separated."),
    seed: int = typer.Option(0, "--seed", help="Seed of the first game (game i uses seed+i)."),
    option: list[str] = typer.Option(None, "--option", "-o", help="Game option KEY=VALUE (repeatable)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object (for scripts)."),
    workers: int = typer.Option(1, "--workers", "-w", help="Worker processes."),
) -> None:
    """Play many games between bots and summarise them."""
    from monsterbox.agents.registry import parse_agents
    from monsterbox.sim import simulate as run

    check_game(game)
    opts = parse_options(option)
    check_setup(game, players, opts)
    if games < 1:
        fail(_("--games must be at least 1, got {games}").format(games=games))
    try:
        specs = parse_agents(agents, players, game)
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TextColumn("{task.fields[rate]}"), TimeRemainingColumn(), console=err_console,
                      transient=as_json, disable=not sys.stderr.isatty() and as_json) as progress:
            task = progress.add_task(f"{game} x{games}", total=games, rate="")

            def tick(k: int) -> None:
                progress.advance(task, k)
                t = progress.tasks[0]
                if t.elapsed:
                    progress.update(task, rate=f"{t.completed / t.elapsed:.0f} games/s")

            summary = run(game, players, games, specs, seed, opts, workers, tick)
    except MonsterboxError as exc:
        fail(localized_error(exc))
    if as_json:
        print(json.dumps(summary))
        return
    from rich.table import Table

    table = Table(title=f"{games} games of {game}, {players} players, seeds {seed}..{seed + games - 1}")
    for col in ("seat", "agent", "wins", "win rate", "mean score"):
        table.add_column(col, justify="right" if col != "agent" else "left")
    for i in range(players):
        table.add_row(str(i), summary["agents"][i], str(summary["wins"][i]), f"{summary['win_rates'][i]:.1%}",
                      f"{summary['mean_scores'][i]:.2f}")
    console.print(table)
    console.print(f"{summary['mean_actions']} actions per game; {summary['seconds']} s; "
                  f"{summary['games_per_second']} games/s; {summary['actions_per_second']} actions/s")


@app.command()
def arena(
    game: str = typer.Argument(..., help="Game id: {games}"),
    players: int = typer.Option(4, "--players", "-p", help="Number of players."),
    agents: str = typer.Option(..., "--agents", "-a", help="One agent per seat, comma-separated (rotated)."),
    games: int = typer.Option(100, "--games", "-n", help="Number of games (a multiple of players keeps seats even)."),
    seed: int = typer.Option(0, "--seed", help="Seed of the first deal."),
    option: list[str] = typer.Option(None, "--option", "-o", help="Game option KEY=VALUE (repeatable)."),
    workers: int = typer.Option(1, "--workers", "-w", help="Worker processes (local) or CPUs to use (ray)."),
    backend: str = typer.Option("local", "--backend", help="local (processes) or ray."),
    address: str | None = typer.Option(None, "--address", help="Ray cluster address (ray backend)."),
    out: Path = typer.Option(Path("arena-out"), "--out", help="Directory for results, report and plots."),
    no_plots: bool = typer.Option(False, "--no-plots", help="Skip the PNG plots."),
) -> None:
    """A tournament: seats rotated, results streamed (resumable), report with intervals, ratings and plots."""
    from rich.table import Table

    from monsterbox.agents.registry import check_agent_spec
    from monsterbox.arena.report import write_report
    from monsterbox.arena.runner import ArenaConfig, run_arena

    try:
        import matplotlib  # noqa: F401
        import openskill  # noqa: F401
    except ImportError:
        fail(_("the arena needs its extra: pip install 'monsterbox[arena]'"))

    check_game(game)
    opts = parse_options(option)
    check_setup(game, players, opts)
    specs = [s.strip() for s in agents.split(",")]
    if len(specs) == 1:
        specs = specs * players
    try:
        for s in specs:
            check_agent_spec(s, game)
        config = ArenaConfig(game, players, specs, games, seed, opts)
        with Progress(TextColumn("[bold]arena"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[rate]}"),
                      TimeRemainingColumn(), console=err_console) as progress:
            task = progress.add_task("arena", total=games, rate="")
            t0 = [0.0, -1]

            def tick(done: int, total: int) -> None:
                import time as _time

                if t0[1] < 0:
                    t0[0], t0[1] = _time.perf_counter(), done
                progress.update(task, completed=done)
                dt = _time.perf_counter() - t0[0]
                if dt > 0 and done > t0[1]:
                    progress.update(task, rate=f"{(done - t0[1]) / dt:.2f} games/s")

            results = run_arena(config, out, workers, backend, address, tick)
        report = write_report(config, results, out, with_plots=not no_plots)
    except MonsterboxError as exc:
        fail(localized_error(exc))
    table = Table(title=f"{report['games_played']} games of {game}, {players} players")
    for col in ("entrant", "agent", "win rate", "95% CI", "mean score", "rating"):
        table.add_column(col)
    for e in report["entrants"]:
        lo, hi = e["win_rate_ci95"]
        table.add_row(str(e["entrant"]), e["agent"], f"{e['win_rate']:.1%}", f"{lo:.1%}-{hi:.1%}",
                      f"{e['mean_score']:.2f}", f"{e['rating']['mu']:.1f}±{e['rating']['sigma']:.1f}")
    console.print(table)
    console.print(f"Report: {out / 'report.md'}, {out / 'report.json'}" + ("" if no_plots else ", plots *.png"))


@app.command()
def train(
    game: str = typer.Argument(..., help="Game id: {games}"),
    seed: int = typer.Option(0, "--seed", help="Seed of the run (deals, exploration, the network's start)."),
    minutes: float = typer.Option(10.0, "--minutes", "-m", help="CPU minutes to train (ignored with --episodes)."),
    episodes: int = typer.Option(0, "--episodes", help="Games to train on instead of minutes (exactly reproducible)."),
    players: int = typer.Option(0, "--players", "-p", help="Number of players (0: the game's default)."),
    eval_games: int = typer.Option(0, "--eval-games", help="Games per evaluation point (0: the game's default)."),
    eval_points: int = typer.Option(10, "--eval-points", help="Evaluations over the run (the learning curve)."),
    teacher: float = typer.Option(-1.0, "--teacher", help="Share of the learning seats' moves the heuristic bot "
                                  "plays, 0 to 1, for the whole run (-1: 0.5 falling to 0 over its first half)."),
    margin: float = typer.Option(-1.0, "--margin", help="Evaluate as learned:margin=M plays (the heuristic bot's move "
                                 "unless the network prefers another by more than M), 0 to 1; -1: the network alone."),
    out: Path = typer.Option(..., "--out", help="The weights file to write (.npz; a .json sidecar beside it)."),
    distill: int = typer.Option(0, "--distill", help="Distil a flat search of this many worlds per option instead, "
                                "1 to 1024 (its games: --episodes or 3/4 of --minutes; 0: Deep Monte Carlo)."),
) -> None:
    """Train a learned policy (Deep Monte Carlo, or --distill a search) for learned:path=<file>; needs torch."""
    from monsterbox.rl.distill import run as run_train
    from monsterbox.rl.train import Settings

    check_game(game)
    if out.suffix != ".npz":
        fail(_("--out must name a .npz file, got {path}").format(path=str(out)))
    try:
        settings = Settings(game, seed, minutes, episodes, players, eval_games, eval_points, teacher=teacher,
                            margin=margin, distill=distill)
        sidecar = run_train(settings, out, log=err_console.print)  # the settings checked first
    except MonsterboxError as exc:
        fail(localized_error(exc))
    console.print(f"{out}: {sidecar['episodes']} games, {sidecar['cpu_seconds']} s of CPU, best win rate "
                  f"{sidecar['eval']['best_win_rate']:.1%} against medium on the evaluation seeds")


@app.command()
def benchmark(
    game: str = typer.Argument(..., help="Game id: {games}"),
    games: int | None = typer.Option(None, "--games", "-n",
                                     help="Games per cell (default: the protocol's, a multiple of the players)."),
    levels: str | None = typer.Option(None, "--levels",
                                      help="Tested agents, comma-separated (default: every level)."),
    pools: str | None = typer.Option(None, "--pools",
                                     help="Opponent pools, comma-separated (default: random and every level)."),
    only: str | None = typer.Option(None, "--only", help="Compute only the cells of this level (its row and column)."),
    workers: int = typer.Option(1, "--workers", "-w", help="Worker processes (local) or CPUs to use (ray)."),
    backend: str = typer.Option("local", "--backend", help="local (processes) or ray."),
    address: str | None = typer.Option(None, "--address", help="Ray cluster address (ray backend)."),
    out: Path = typer.Option(Path("docs/results"), "--out", help="Directory of the cache and the report."),
    work: Path = typer.Option(Path("benchmark-out"), "--work", help="Directory of the cells' arena runs."),
    report_only: bool = typer.Option(False, "--report-only", help="Only write the report from the cache."),
) -> None:
    """The benchmark protocol: levels against opponent pools, win rates and mean scores with their intervals, a
    cross-play matrix; cells cached, only missing ones computed."""
    from monsterbox.arena.benchmark import command_line, make_protocol, run_benchmark

    check_game(game)
    names = {}
    for flag, value in (("--levels", levels), ("--pools", pools)):
        names[flag] = [n.strip() for n in value.split(",")] if value is not None else None
    argv: list[str] = []
    for flag, value in (("--games", games), ("--levels", levels), ("--pools", pools), ("--only", only)):
        if value is not None:
            argv += [flag, str(value)]
    if backend != "local":
        argv += ["--backend", backend]
    if workers != 1:
        argv += ["--workers", str(workers)]
    try:
        protocol = make_protocol(game, names["--levels"], names["--pools"], games, only)
        cells = protocol.cells()

        def tick(tested: str, pool: str, cached: bool) -> None:
            err_console.print(f"{tested} vs {pool}: " + ("cached" if cached else "done"))

        result = run_benchmark(protocol, out, work, workers, backend, address, command_line(game, argv), tick,
                               play=not report_only)
    except MonsterboxError as exc:
        fail(localized_error(exc))
    done = "no cell computed (--report-only)" if report_only else \
        f"{len(result['computed'])} of {len(cells)} cells computed, the rest cached"
    console.print(f"{done}; report: {out / f'benchmark-{game}.md'}, cache: {out / f'benchmark-{game}.json'}")


@app.command()
def analyze(
    game: str = typer.Argument(..., help="Game id: {games}"),
    players: int = typer.Option(4, "--players", "-p", help="Number of players."),
    agents: str = typer.Option("random", "--agents", "-a", help="One agent for all seats, or one per seat."),
    games: int = typer.Option(200, "--games", "-n", help="Number of games."),
    seed: int = typer.Option(0, "--seed", help="Seed of the first deal."),
    option: list[str] = typer.Option(None, "--option", "-o", help="Game option KEY=VALUE (repeatable)."),
    workers: int = typer.Option(1, "--workers", "-w", help="Worker processes."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """The game's own figures: decisions per game, branching factor, forced moves, seat advantage, score spread."""
    from monsterbox.agents.registry import parse_agents
    from monsterbox.arena.analyze import analyze as run_analyze
    from monsterbox.arena.runner import ArenaConfig

    check_game(game)
    opts = parse_options(option)
    check_setup(game, players, opts)
    try:
        specs = parse_agents(agents, players, game)
        res = run_analyze(ArenaConfig(game, players, specs, games, seed, opts), workers)
    except MonsterboxError as exc:
        fail(localized_error(exc))
    if as_json:
        print(json.dumps(res))
        return
    d, b = res["decisions_per_game"], res["branching_factor"]
    console.print(f"{game}, {players} players, {res['games']} games, agents {', '.join(specs)}")
    console.print(f"decisions per game: {d['mean']} (95% CI {d['ci95'][0]}-{d['ci95'][1]}, min {d['min']}, "
                  f"max {d['max']})")
    console.print(f"branching factor: mean {b['mean']}, max {b['max']}; by tenth of the game: "
                  + " ".join(str(x) for x in b["by_game_decile"]))
    console.print(f"forced moves: {res['forced_move_share']:.1%}")
    for s in res["seats"]:
        lo, hi = s["win_rate_ci95"]
        console.print(f"seat {s['seat']}: win rate {s['win_rate']:.1%} ({lo:.1%}-{hi:.1%}), "
                      f"mean score {s['mean_score']}")
    sc = res["scores"]
    console.print(f"scores: mean {sc['mean']}, sd {sc['sd']}, range {sc['min']}..{sc['max']}, winning margin "
                  f"{sc['mean_winning_margin']}, first-to-last {sc['mean_spread_first_to_last']}")


@app.command()
def review(
    file: Path = typer.Argument(..., help="A game record (JSON), as written by play or record()."),
    seat: int = typer.Option(..., "--seat", "-s", help="The seat whose decisions are reviewed (0-based)."),
    budget: int | None = typer.Option(None, "--budget", help="Samples of the hidden cards per option to start with "
                                      "(default 16, as the replay page's review)."),
    max_budget: int | None = typer.Option(None, "--max-budget",
                                          help="At most this many samples per option where the verdict is close "
                                               "(default: 256 times --budget, at most 4096; "
                                               "equal to --budget: no more samples)."),
    workers: int = typer.Option(1, "--workers", "-w", help="Worker processes."),
    plot: Path | None = typer.Option(None, "--plot", help="Optional: also write the win-chance curve to this PNG "
                                     "(needs matplotlib, the arena extra: pip install 'monsterbox[arena]')."),
    seed: int = typer.Option(0, "--seed", help="Seed of the samples (same seed, same review)."),
    as_json: bool = typer.Option(False, "--json", help="Print the review as one JSON object."),
) -> None:
    """Review a seat's decisions in a finished game: win chance before and after each, the flagged moves by tier
    (inaccuracy, mistake, blunder) with the better move and why, and the player's accuracy. The same numbers as the
    replay page's review. A move is flagged only when it surely lost win chance: every option is played in the same
    sampled worlds, more worlds where the verdict is close. --plot is optional (matplotlib)."""
    from monsterbox.analysis.terminal import run_review

    error = run_review(file, seat, budget, workers, plot, as_json, seed, console, err_console, max_budget)
    if error:
        fail(error)


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
    db: str = typer.Option("sqlite:///monsterbox.db", "--db",
                           help="Database URL (SQLite by default; postgresql://... for PostgreSQL)."),
    workers: int = typer.Option(1, "--workers",
                                help="Server processes (sharing the games through a SQLite file or PostgreSQL)."),
    no_rate_limits: bool = typer.Option(False, "--no-rate-limits",
                                        help="Turn the per-client rate limits and the per-address connection cap "
                                             "off (load tests on loopback only)."),
    max_head_bytes: int = typer.Option(16 * 1024, "--max-head-bytes",
                                       help="Largest request line and headers (bytes); larger: 431, closed."),
    head_timeout: float = typer.Option(10.0, "--head-timeout",
                                       help="Seconds a request's head may take to arrive; then 408, closed."),
    body_timeout: float = typer.Option(30.0, "--body-timeout",
                                       help="Seconds a request's body may take to arrive after its head; then closed."),
    keep_alive: int = typer.Option(5, "--keep-alive", help="Seconds an idle kept-alive connection stays open."),
    max_connections: int = typer.Option(1000, "--max-connections",
                                        help="Connections and requests at once (more: 503)."),
    max_per_address: int = typer.Option(64, "--max-per-address",
                                        help="Connections at once from one client address (more: closed)."),
    ws_max_size: int = typer.Option(64 * 1024, "--ws-max-size", help="Largest WebSocket message (bytes)."),
    max_tables: int = typer.Option(10_000, "--max-tables",
                                   help="Tables each process holds in memory at most (the least recently used leave "
                                        "it first, kept in the database; all busy: 503)."),
    max_spectators: int = typer.Option(200, "--max-spectators",
                                       help="Sockets without a seat (spectators) at once on one table, in each process "
                                            "(more: refused, 503; players always get in)."),
    spectator_idle: float = typer.Option(1800.0, "--spectator-idle",
                                         help="Seconds a spectator's socket stays open while its table does not change "
                                              "(then closed; players' sockets never are)."),
    ws_ping_interval: float = typer.Option(20.0, "--ws-ping-interval",
                                           help="Seconds between the server's pings on each WebSocket (0: none)."),
    ws_ping_timeout: float = typer.Option(20.0, "--ws-ping-timeout",
                                          help="Seconds a WebSocket has to answer a ping before it is closed."),
    trusted_proxy: list[str] = typer.Option(
        [], "--trusted-proxy", envvar="MONSTERBOX_TRUSTED_PROXIES",
        help="A reverse proxy in front of the server (an address or network, e.g. 127.0.0.1 or 10.0.0.0/8; "
             "repeatable; the environment variable takes a comma-separated list): the client's address is the "
             "rightmost X-Forwarded-For entry that is not a trusted proxy, and X-Forwarded-Proto is believed, only "
             "for connections from these. See docs/deploy.md."),
) -> None:
    """Serve the games in the browser: lobby, seats, bots, stored games (a restart loses nothing)."""
    try:
        import uvicorn

        from monsterbox.server.app import Settings, create_app
        from monsterbox.server.store import Store
    except ImportError:
        fail(_("the server needs its extra: pip install 'monsterbox[server]'"))
    if not 0 < port < 65536:
        fail(_("--port must be from 1 to 65535, got {port}").format(port=port))
    if not 1 <= workers <= 64:
        fail(_("--workers must be from 1 to 64, got {workers}").format(workers=workers))
    if workers > 1 and not db.startswith(("postgresql://", "postgres://", "postgresql+psycopg://")) and (
            not db.startswith("sqlite:///") or db.rstrip("/").endswith(":memory:")):
        fail(_("several --workers share their games through a database file (--db sqlite:///games.db) or "
               "PostgreSQL (--db postgresql://...)"))
    if "://" not in db:  # a file path given where a URL is asked for: say how to write it
        fail(_("--db takes a database URL, got {db}: a SQLite file is sqlite:///games.db (relative) or "
               "sqlite:////var/lib/games.db (absolute: four slashes); PostgreSQL is postgresql://user@host/name")
             .format(db=repr(db)))
    try:
        Store(db).close()  # opens (and migrates) the database once, so a bad URL is reported here
    except Exception as exc:  # a bad database URL: say so instead of a traceback
        fail(_("cannot open the database {db}: {error}").format(db=repr(db), error=exc))
    for flag, value in (("--max-head-bytes", max_head_bytes), ("--head-timeout", head_timeout),
                        ("--body-timeout", body_timeout), ("--keep-alive", keep_alive),
                        ("--max-connections", max_connections), ("--max-per-address", max_per_address),
                        ("--ws-max-size", ws_max_size), ("--max-tables", max_tables),
                        ("--max-spectators", max_spectators), ("--spectator-idle", spectator_idle)):
        if not (isinstance(value, (int, float)) and math.isfinite(value) and value > 0):
            fail(_("{flag} must be a positive number, got {value}").format(flag=flag, value=value))
    for flag, value in (("--ws-ping-interval", ws_ping_interval), ("--ws-ping-timeout", ws_ping_timeout)):
        if not (math.isfinite(value) and value >= 0):
            fail(_("{flag} must be a positive number, got {value}").format(flag=flag, value=value))
    from monsterbox.server.security import Proxies

    try:
        proxies = Proxies(p for entry in trusted_proxy for p in entry.split(","))
    except MonsterboxError as exc:
        fail(_("--trusted-proxy: {error}").format(error=localized_error(exc)))
    from monsterbox.server.protocol import ConnectionLimits, serve_config

    limits = ConnectionLimits(max_head_bytes=max_head_bytes, head_timeout=head_timeout, body_timeout=body_timeout,
                              keep_alive=keep_alive, max_connections=max_connections,
                              per_address=None if no_rate_limits else max_per_address, ws_max_size=ws_max_size,
                              ws_ping_interval=ws_ping_interval or None, ws_ping_timeout=ws_ping_timeout or None,
                              trusted_proxies=proxies.entries)
    from monsterbox.server.environment import export_serve_settings

    export_serve_settings(db, proxies.entries, workers, max_tables, max_spectators, spectator_idle, no_rate_limits)
    console.print(f"monsterbox serving on http://{host}:{port} (database {db}, {workers} process"
                  f"{'es' if workers > 1 else ''})")
    common = {"host": host, "port": port, "log_level": "warning"}
    if workers > 1:
        from uvicorn.supervisors import Multiprocess

        config = serve_config("monsterbox.server.app:create_app_from_env", limits, factory=True, workers=workers,
                              **common)
        Multiprocess(config, sockets=[config.bind_socket()]).run()
    else:
        uvicorn.Server(serve_config(create_app(settings=Settings.from_env()), limits, **common)).run()


@app.command()
def replay(file: Path = typer.Argument(..., help="A game record (JSON), as written by play or record().")) -> None:
    """Re-check a game record and print the game's story and scoring."""
    from monsterbox.core.record import replay as do_replay
    from monsterbox.tui import print_story

    record = read_record(file)
    try:
        g = do_replay(record)
    except MonsterboxError as exc:
        fail(_("{file}: {error}").format(file=file, error=localized_error(exc)), 1)
    players = count(g.players, "{n} player", "{n} players")
    actions = count(len(g.actions), "{n} action re-checked", "{n} actions re-checked")
    if g.over:
        line = _("{file}: {game}, {players}, seed {seed}, {actions}: OK, the game is finished.")
    else:
        line = _("{file}: {game}, {players}, seed {seed}, {actions}: OK, but the game is unfinished (go on with: "
                 "monsterbox play --resume {file}).")
    head = Text(line.format(file=file, game=g.rules.title, players=players, seed=g.seed, actions=actions),
                style="bold")
    console.print(head)
    print_story(g, console, seat_names(record_seats(record)))


@app.command()
def rules(game: str = typer.Argument(..., help="Game id: {games}"),
          file: Path | None = typer.Option(None, "--file", help="Take the card reference from this card file.")
          ) -> None:
    """The rules of a game in the project's own words, with the card reference (use --lang fr for French)."""
    import importlib

    from rich.markdown import Markdown

    check_game(game)
    cards = None
    if file is not None:
        loader = importlib.import_module(f"monsterbox.games.{game}.cards")
        try:
            cards = loader.load_card_file(file)
        except MonsterboxError as exc:
            fail(localized_error(exc))
    help_module = importlib.import_module(f"monsterbox.games.{game}.help")
    console.print(Markdown(help_module.rules_text(cards)))


@app.command()
def cards(game: str = typer.Argument("inn", help="Game id."),
          file: Path | None = typer.Option(None, "--file", help="Check this card file instead of the default.")
          ) -> None:
    """List a game's cards (marking reconstructed data), or check a card file."""
    check_game(game)
    from rich.table import Table

    if game == "monster":
        from monsterbox.games.monster.cards import default_cards as monster_cards
        from monsterbox.games.monster.cards import load_card_file as load_monster

        try:
            mo = load_monster(file) if file else monster_cards()
        except MonsterboxError as exc:
            fail(localized_error(exc))
        chars = [(c.id, c.name, c.effect, c.params, c.reconstructed) for c in mo.characters]
        for title, rows in (("Characters", chars),
                            ("Loot", [(x.id, f"{x.name} ({x.kind}, {x.villagers} villagers)", x.effect, x.params,
                                       x.reconstructed) for x in mo.loot]),
                            ("Crises", [(x.id, f"{x.name} (level {x.level}, {x.kind})", x.effect, x.params,
                                         x.reconstructed) for x in mo.crises])):
            table = Table(title=f"Monster {title.lower()} ({mo.source})")
            for col in ("id", "name", "effect", "params", "reconstructed"):
                table.add_column(col, no_wrap=col == "id")
            for cid, name, eff, prm, rec in rows:
                table.add_row(cid, name, eff, json.dumps(prm), ", ".join(rec))
            console.print(table)
        console.print("Lairs: " + "; ".join(f"{x.name} ({'/'.join(x.monsters)})" for x in mo.lairs))
        return

    if game == "mansion":
        from monsterbox.games.mansion.cards import default_cards as mansion_cards
        from monsterbox.games.mansion.cards import load_card_file as load_mansion

        try:
            ms = load_mansion(file) if file else mansion_cards()
        except MonsterboxError as exc:
            fail(localized_error(exc))
        table = Table(title=f"Monster Mansion actors ({ms.source})")
        for col in ("id", "type", "colour", "cost", "3p", "reconstructed"):
            table.add_column(col, no_wrap=col == "id")
        for a in ms.actors:
            table.add_row(a.id, a.type, a.colour, ", ".join(f"{v} {k}" for k, v in a.cost.items()),
                          "removed" if a.removed_for_3_players else "", ", ".join(a.reconstructed))
        console.print(table)
        console.print("Rewards: " + ", ".join(r.id for r in ms.rewards))
        chambers = [c.id + (f" ({'/'.join(c.pair)})" if c.pair else "") for c in ms.chambers]
        console.print("Chambers: " + ", ".join(chambers))
        console.print(f"Tiles (2-3 players): {ms.tiles_small}; (4 players): {ms.tiles_large}")
        return

    if game == "maker":
        from monsterbox.games.maker.cards import default_cards as maker_cards
        from monsterbox.games.maker.cards import load_card_file as load_maker

        try:
            mc = load_maker(file) if file else maker_cards()
        except MonsterboxError as exc:
            fail(localized_error(exc))
        table = Table(title=f"Monster Maker adventure cards ({mc.source})")
        for col in ("id", "type", "name", "count", "values", "reconstructed"):
            table.add_column(col, no_wrap=col == "id")
        for e in mc.entries()["adventure"]:
            values = ", ".join(f"{k}={e[k]}" for k in ("distance", "class", "dice", "bonus", "strength", "undead")
                               if k in e)
            table.add_row(e["id"], e["type"], e["name"], str(e["count"]), values, ", ".join(e["reconstructed"]))
        console.print(table)
        table = Table(title="Monster Maker treasures")
        for col in ("id", "name", "value", "effects", "reconstructed"):
            table.add_column(col, no_wrap=col == "id")
        for i, t in enumerate(mc.treasures):
            d = mc.describe_treasure(i)
            eff = ", ".join(k for k in ("battle_bonus", "removes_undead", "exit_modifier") if k in d)
            table.add_row(t.id, t.name, d["value"] + (" open" if t.open else ""), eff, ", ".join(t.reconstructed))
        console.print(table)
        return
    from monsterbox.games.inn.cards import default_cards, load_card_file

    try:
        cs = load_card_file(file) if file else default_cards()
    except MonsterboxError as exc:
        fail(localized_error(exc))
    table = Table(title=f"Monster Inn creatures ({cs.source})")
    for col in ("id", "kind", "value", "skulls", "race / range", "reconstructed"):
        table.add_column(col)
    for e, face in zip(cs.entries(), (cs.describe(c) for c in range(len(cs.ids))), strict=True):
        table.add_row(e["id"], e["kind"], str(e["value"]), str(e["skulls"]),
                      face.get("race") or face.get("range", ""), ", ".join(e["reconstructed"]))
    console.print(table)


def main() -> None:
    try:
        app()
    except MonsterboxError as exc:  # a user mistake found late: still a message, never a traceback
        err_console.print(Text(_("error: "), style="bold red").append(localized_error(exc)))
        sys.exit(2)


if __name__ == "__main__":
    main()
