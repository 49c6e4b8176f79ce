"""The ``monsterbox`` command line (typer + rich): play, simulate, replay, cards."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from monsterbox import __version__
from monsterbox.core.errors import MonsterboxError
from monsterbox.core.registry import GAME_IDS

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="monsterbox: play and study four monster-themed card games.")
console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)


def fail(message: str, code: int = 2) -> None:
    """A user mistake: print a clear message (no traceback) and exit."""
    err_console.print(f"[bold red]error:[/] {message}")
    raise typer.Exit(code)


def parse_options(items: list[str] | None) -> dict[str, Any]:
    """``--option KEY=VALUE``: VALUE is read as JSON when it parses (true, 3, ["M1"]), else as a string."""
    out: dict[str, Any] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key:
            fail(f"--option expects KEY=VALUE (e.g. open_treasures=true), got {item!r}")
        try:
            out[key] = json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
    return out


def check_game(game: str) -> None:
    if game not in GAME_IDS:
        fail(f"unknown game {game!r}; games: {', '.join(GAME_IDS)}")


def version_callback(value: bool) -> None:
    if value:
        console.print(f"monsterbox {__version__}")
        raise typer.Exit()


@app.callback()
def root(version: bool = typer.Option(False, "--version", callback=version_callback, is_eager=True,
                                      help="Print the version and exit.")) -> None:
    """monsterbox: play and study four monster-themed card games."""


@app.command()
def play(
    game: str = typer.Argument(..., help=f"Game id: {', '.join(GAME_IDS)}"),
    players: int = typer.Option(4, "--players", "-p", help="Number of players."),
    seat: int = typer.Option(0, "--seat", "-s", help="Your seat (0-based)."),
    bots: str = typer.Option("heuristic", "--bots", "-b",
                             help="Agent for the other seats: one name, or one per other seat, comma-separated."),
    seed: int | None = typer.Option(None, "--seed", help="Seed (default: a fresh one, printed)."),
    option: list[str] = typer.Option(None, "--option", "-o", help="Game option KEY=VALUE (repeatable)."),
    save: Path | None = typer.Option(None, "--save", help="Where to write the game record (JSON)."),
) -> None:
    """Play a game in the terminal against bots."""
    from monsterbox.agents.registry import make_agent, parse_agent_spec
    from monsterbox.core.registry import new_game
    from monsterbox.sim import agent_seed
    from monsterbox.tui import play_loop

    check_game(game)
    opts = parse_options(option)
    if seed is None:
        seed = random.SystemRandom().randrange(10**6)
    try:
        g = new_game(game, players, seed, opts)
        if not 0 <= seat < players:
            fail(f"--seat must be from 0 to {players - 1}, got {seat}")
        specs = [s.strip() for s in bots.split(",")]
        if len(specs) == 1:
            specs = specs * (players - 1)
        if len(specs) != players - 1:
            fail(f"--bots needs 1 or {players - 1} comma-separated names, got {len(specs)}")
        for s in specs:
            parse_agent_spec(s)
        agents: dict[int, Any] = {}
        others = [p for p in range(players) if p != seat]
        for p, spec in zip(others, specs, strict=True):
            agents[p] = make_agent(spec, game, agent_seed(seed, p))
    except MonsterboxError as exc:
        fail(str(exc))
    save_path = save or Path(f"monsterbox-{game}-seed{seed}.record.json")
    play_loop(g, seat, agents, save_path, console)


@app.command()
def simulate(
    game: str = typer.Argument(..., help=f"Game id: {', '.join(GAME_IDS)}"),
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
    try:
        specs = parse_agents(agents, players)
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
        fail(str(exc))
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
def replay(file: Path = typer.Argument(..., help="A game record (JSON), as written by play or record().")) -> None:
    """Re-check a game record and print the game's story and scoring."""
    from monsterbox.core.record import replay as do_replay
    from monsterbox.tui import print_story

    try:
        record = json.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        fail(f"no such file: {file}")
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        fail(f"{file} is not a JSON record: {exc}")
    except OSError as exc:
        fail(f"cannot read {file}: {exc}")
    try:
        g = do_replay(record)
    except MonsterboxError as exc:
        fail(f"{file}: {exc}", 1)
    console.print(f"[bold]{file}[/]: {g.game_id}, {g.players} players, seed {g.seed}, "
                  f"{len(g.actions)} actions re-checked: OK")
    print_story(g, console)


@app.command()
def cards(game: str = typer.Argument("inn", help="Game id."),
          file: Path | None = typer.Option(None, "--file", help="Check this card file instead of the default.")
          ) -> None:
    """List a game's cards (marking reconstructed data), or check a card file."""
    check_game(game)
    if game != "inn":
        fail(f"no card file for {game!r} yet; available: inn")
    from rich.table import Table

    from monsterbox.games.inn.cards import default_cards, load_card_file

    try:
        cs = load_card_file(file) if file else default_cards()
    except MonsterboxError as exc:
        fail(str(exc))
    table = Table(title=f"Monster Inn creatures ({cs.source})")
    for col in ("id", "kind", "value", "skulls", "race / range", "reconstructed"):
        table.add_column(col)
    for e, face in zip(cs.entries(), (cs.describe(c) for c in range(len(cs.ids))), strict=True):
        table.add_row(e["id"], e["kind"], str(e["value"]), str(e["skulls"]),
                      face.get("race") or face.get("range", ""), ", ".join(e["reconstructed"]))
    console.print(table)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
