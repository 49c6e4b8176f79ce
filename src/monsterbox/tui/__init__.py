"""Terminal play: a generic loop (bots, numbered choices, help, saving on interrupt) over per-game renderers.

Every word comes from the game's wording layer (``games/<id>/text.py``) and help (``games/<id>/help.py``); data is
printed as ``rich.text.Text`` (never parsed as markup), so a name with square brackets shows as typed.
"""

from __future__ import annotations

import importlib
import json
import os
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

from rich.console import Console
from rich.markdown import Markdown
from rich.text import Text

from monsterbox.agents.base import observe
from monsterbox.analysis.terminal import print_hint
from monsterbox.core.game import Game
from monsterbox.core.i18n import _
from monsterbox.core.wording import table_seats
from monsterbox.tui.layout import Flow, MenuEntry, grouped_menu

HELP_WORDS = ("?", "help", "aide")
RULES_WORDS = ("rules", "regles", "règles")


class Interrupted(Exception):
    """Ctrl-C during play: the record was saved; the command exits 130."""


@dataclass
class Seats:
    """Who sits where: the reader's seat and every seat's name ("Ada", "Bot 2 (heuristic)")."""

    you: int
    names: list[str] = field(default_factory=list)


def text_module(game_id: str) -> ModuleType:
    return importlib.import_module(f"monsterbox.games.{game_id}.text")


def help_module(game_id: str) -> ModuleType:
    return importlib.import_module(f"monsterbox.games.{game_id}.help")


def renderer(game_id: str) -> ModuleType:
    return importlib.import_module(f"monsterbox.tui.{game_id}")


def save_record(game: Game, path: Path, console: Console, table: dict[str, Any] | None = None) -> None:
    """Write the record (with the table's seat and bots, so ``play --resume`` can go on) and say where."""
    rec = game.record()
    if table:
        rec["table"] = table
        if isinstance(table.get("seat"), int) and isinstance(table.get("bots"), list):
            rec["seats"] = table_seats(game.players, table["seat"], table["bots"], table.get("name"))
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(rec, indent=1), encoding="utf-8")
    os.replace(tmp, path)
    msg = Text(_("Game record saved to {path} (replay it with: monsterbox replay {path}").format(path=path))
    if not game.over:
        msg.append(_("; go on with: monsterbox play {game} --resume {path}").format(game=game.game_id, path=path))
    msg.append(")")
    console.print(msg)


def refusal_text(game: Game, seat: int, action: str, names: list[str] | None) -> str:
    """Why ``action`` is refused now, in words for ``seat`` (the seat to play): the engine's reason
    (``rules.refusal``) worded by the game's wording layer from the seat's own view."""
    r = game.rules.refusal(game.state, action)
    return str(text_module(game.game_id).explain_refusal(r, game.view(seat), action, names, game.state.cards))


def menu_entries(game_id: str, v: dict[str, Any], legal: list[str], names: list[str] | None,
                 cards: Any = None) -> list[MenuEntry]:
    """The numbered menu's entries: each choice's brief label (``describe_action``) and, where the game's wording
    layer groups choices of one kind (``menu_group``: a heading and the choice's own words), its group."""
    text = text_module(game_id)
    group = getattr(text, "menu_group", None)
    out: list[MenuEntry] = []
    for i, a in enumerate(legal, 1):
        line = Text(f"{i:>2}. ", style="bold cyan")
        line.append(text.describe_action(v, a, names, cards, brief=True))
        g = group(v, a, names, cards) if group else None
        short = Text(f"{i}. ", style="bold cyan") + Text(g[1]) if g else line
        out.append((g[0] if g else None, line, short))
    return out


def menu(game_id: str, v: dict[str, Any], legal: list[str], names: list[str] | None, cards: Any,
         width: int) -> list[Text | Flow]:
    """The menu as it is printed at ``width`` columns (choices of one kind grouped, long menus in rows)."""
    return grouped_menu(menu_entries(game_id, v, legal, names, cards), width)


def ask(console: Console, game: Game, lines: list[Text | Flow], on_help: Any, on_hint: Any = None,
        on_refusal: Any = None) -> str:
    """Show the menu (``lines``: :func:`menu`) and ask for a choice by number (or by action id) until a valid one is
    given; ``?``/``help`` shows help, ``h`` a hint (``on_hint()``, when given); an action id refused now is explained
    (``on_refusal(action)``). EOFError/KeyboardInterrupt pass through."""
    legal = game.legal_actions()
    for line in lines:
        console.print(line)
    while True:
        prompt = _("Your choice (1-{n}, ? for help, h for a hint): ") if on_hint else \
            _("Your choice (1-{n}, ? for help): ")
        answer = console.input(prompt.format(n=len(legal))).strip()
        if answer.lower() in HELP_WORDS:
            on_help(False)
            continue
        if answer.lower() in RULES_WORDS:
            on_help(True)
            continue
        if answer in legal:
            return answer
        if on_hint and answer.lower() in ("h", "hint"):
            on_hint()
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        if game.action_code(answer) is not None and on_refusal:  # a real action, refused now: say why, in words
            console.print(Text(on_refusal(answer), style="yellow"))
            continue
        console.print(Text(_("'{answer}' is not a choice: type a number from 1 to {n}, or ? for help.").format(
            answer=answer, n=len(legal)), style="yellow"))


def show_help(console: Console, game: Game, seat: int, full: bool) -> None:
    h = help_module(game.game_id)
    if full:
        console.print(Markdown(h.rules_text(cards=game.state.cards)))
        return
    console.print(Markdown(h.table_help(game.view(seat), cards=game.state.cards)))
    console.print(Text(_("(Type 'rules' for the whole rules and the card reference.)"), style="dim"))


def print_events(console: Console, game: Game, shown: int, seats: Seats) -> int:
    """Tell what the reader's seat saw since its event ``shown`` (``Game.events``, however long); the new count."""
    text = text_module(game.game_id)
    bold = getattr(renderer(game.game_id), "BOLD_EVENTS", ())
    new = game.events(seats.you, since=shown)
    for e in new:
        line = text.narrate(e, seats.you, seats.names, game.state.cards)
        if line:
            console.print(Text(line, style="bold" if e["type"] in bold else ""))
    return shown + len(new)


def play_loop(game: Game, seats: Seats, agents: dict[int, Any], save_path: Path, console: Console,
              table: dict[str, Any] | None = None, shown: int = 0) -> None:
    """Play until the game ends. End of input saves the record and returns; Ctrl-C saves it and raises
    ``Interrupted`` (the command exits 130)."""
    r = renderer(game.game_id)
    text = text_module(game.game_id)
    seat = seats.you
    console.print(Text(_("{title}, {players} players, seed {seed}.").format(
        title=game.rules.title, players=game.players, seed=game.seed), style="bold"))
    try:
        while not game.over:
            p = game.to_play
            assert p is not None
            v = game.view(seat)
            shown = print_events(console, game, shown, seats)
            if p == seat:
                r.print_table(console, v, seats, game.state.cards)
                legal = game.legal_actions()
                lines = menu(game.game_id, v, legal, seats.names, game.state.cards, console.width)
                hint = partial(print_hint, console, game, seat,
                               partial(text.describe_action, v, names=seats.names, cards=game.state.cards))
                action = ask(console, game, lines, lambda full: show_help(console, game, seat, full), hint,
                             partial(refusal_text, game, seat, names=seats.names))
            else:
                action = agents[p].act(observe(game, p))
            game.play(action)
        v = game.view(seat)
        print_events(console, game, shown, seats)
        r.print_result(console, v, seats, game.state.cards)
        save_record(game, save_path, console, table)
    except EOFError:
        console.print(Text("\n" + _("End of input."), style="yellow"))
        save_record(game, save_path, console, table)
    except KeyboardInterrupt:
        console.print(Text("\n" + _("Interrupted."), style="yellow"))
        save_record(game, save_path, console, table)
        raise Interrupted from None


def print_story(game: Game, console: Console, names: list[str] | None = None) -> None:
    """The whole game's story (public events) and, when over, its scoring; ``names``: the seats' names
    (``core.wording.seat_names``, as play named them)."""
    text = text_module(game.game_id)
    v = game.spectator_view()
    for e in game.events(None):
        line = text.narrate(e, None, names, game.state.cards)
        if line:
            console.print(Text(line))
    if game.over:
        renderer(game.game_id).print_result(console, v, Seats(-1, list(names or [])), game.state.cards)
