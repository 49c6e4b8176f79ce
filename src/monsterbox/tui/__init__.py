"""Terminal play: a generic loop (bots, numbered choices, saving on interrupt) over per-game renderers."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Any

from rich.console import Console

from monsterbox.agents.base import observe
from monsterbox.analysis.terminal import print_hint
from monsterbox.core.game import Game
from monsterbox.tui import inn as inn_tui
from monsterbox.tui import maker as maker_tui
from monsterbox.tui import mansion as mansion_tui
from monsterbox.tui import monster as monster_tui

RENDERERS = {"inn": inn_tui, "maker": maker_tui, "mansion": mansion_tui, "monster": monster_tui}


def renderer(game_id: str) -> Any:
    return RENDERERS[game_id]


def save_record(game: Game, path: Path, console: Console) -> None:
    path.write_text(json.dumps(game.record(), indent=1), encoding="utf-8")
    console.print(f"Game record saved to [bold]{path}[/] (replay it with: monsterbox replay {path})")


def ask(console: Console, legal: list[str], labels: list[str], on_hint: Any = None) -> str:
    """Ask for a choice by number or by action id until a valid one is given (``h``: ``on_hint()``, when given).
    EOFError/KeyboardInterrupt pass."""
    for i, (a, label) in enumerate(zip(legal, labels, strict=True), 1):
        console.print(f"  [bold cyan]{i}[/]. {label}  [dim]({a})[/]")
    while True:
        answer = console.input("Your choice" + (" (h: hint)" if on_hint else "") + ": ").strip()
        if answer in legal:
            return answer
        if on_hint and answer.lower() in ("h", "hint"):
            on_hint()
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        console.print(f"[yellow]'{answer}' is not a choice: type a number from 1 to {len(legal)} "
                      "or one of the action ids shown in brackets.[/]")


def play_loop(game: Game, seat: int, agents: dict[int, Any], save_path: Path, console: Console) -> None:
    """Play until the game ends; Ctrl-C or end of input saves the record and exits cleanly."""
    r = renderer(game.game_id)
    shown = 0
    console.print(f"[bold]{game.rules.title}[/], {game.players} players, seed {game.seed}. You are seat {seat}.")
    try:
        while not game.over:
            p = game.to_play
            assert p is not None
            v = game.view(seat)
            shown = r.print_events(console, v, shown, seat)
            if p == seat:
                r.print_table(console, v)
                legal = game.legal_actions()
                action = ask(console, legal, [r.describe_action(v, a) for a in legal],
                             partial(print_hint, console, game, seat, partial(r.describe_action, v)))
            else:
                action = agents[p].act(observe(game, p))
            game.play(action)
        v = game.view(seat)
        r.print_events(console, v, shown, seat)
        r.print_result(console, v["result"], seat)
        save_record(game, save_path, console)
    except (EOFError, KeyboardInterrupt):
        console.print("\n[yellow]Interrupted.[/]")
        save_record(game, save_path, console)


def print_story(game: Game, console: Console) -> None:
    """The whole game's story (public events) and, when over, its scoring."""
    renderer(game.game_id).print_story(console, game.spectator_view())
