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
from monsterbox.core.choice import goes_on
from monsterbox.core.game import Game
from monsterbox.core.i18n import _
from monsterbox.core.registry import game_part
from monsterbox.core.wording import table_seats
from monsterbox.tui.layout import Flow, MenuEntry, grouped_menu

HELP_WORDS = ("?", "help", "aide")
RULES_WORDS = ("rules", "regles", "règles")
BACK_WORDS = ("b", "back", "retour")
TABLE_WORDS = ("t", "table")
BACK = "\x00back"  # what ``ask`` returns for "b": undo the last step of a choice being built

#: choices that keep a fixed key whatever else the menu holds (Maker's "Done" after a list of discards)
FIXED_KEYS = {"done": "0"}


class Interrupted(Exception):
    """Ctrl-C during play: the record was saved; the command exits 130."""


@dataclass
class Seats:
    """Who sits where: the reader's seat and every seat's name ("Ada", "Bot 2 (heuristic)")."""

    you: int
    names: list[str] = field(default_factory=list)


def text_module(game_id: str) -> ModuleType:
    return game_part(game_id, "text")


def help_module(game_id: str) -> ModuleType:
    return game_part(game_id, "help")


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


def prompt_module(game_id: str) -> ModuleType:
    return importlib.import_module(f"monsterbox.games.{game_id}.prompt")


def menu_keys(legal: list[str]) -> list[str]:
    """The key of each choice: numbers from 1 in order, except the choices with a fixed key (``FIXED_KEYS``), so
    "Done" stays 0 while the discards before it renumber."""
    keys, n = [], 0
    for a in legal:
        if a in FIXED_KEYS:
            keys.append(FIXED_KEYS[a])
        else:
            n += 1
            keys.append(str(n))
    return keys


def menu_entries(game_id: str, v: dict[str, Any], legal: list[str], names: list[str] | None,
                 cards: Any = None) -> list[MenuEntry]:
    """The numbered menu's entries: each choice's brief label (``describe_action``) and, where the game's wording
    layer groups choices of one kind (``menu_group``: a heading and the choice's own words), its group."""
    text = text_module(game_id)
    group = getattr(text, "menu_group", None)
    out: list[MenuEntry] = []
    for i, a in zip(menu_keys(legal), legal, strict=True):
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
        on_refusal: Any = None, back: str | None = None, on_table: Any = None) -> str:
    """Show the menu (``lines``: :func:`menu`) and ask for a choice by number (or by action id) until a valid one is
    given; ``?``/``help`` shows help, ``h`` a hint (``on_hint()``, when given), ``t`` the table again
    (``on_table()``), ``b`` goes back (returns ``BACK``) when ``back`` (the step it undoes, in words) is given; an
    action id refused now is explained (``on_refusal(action)``). EOFError/KeyboardInterrupt pass through."""
    legal = game.legal_actions()
    keys = menu_keys(legal)
    numbered = sum(1 for a in legal if a not in FIXED_KEYS)
    for line in lines:
        console.print(line)
    if back is not None:
        console.print(Text(" b. ", style="bold cyan") + Text(_("Back (undo: {step})").format(step=back)))
    while True:
        prompt = _("Your choice (1-{n}, ? for help, h for a hint): ") if on_hint else \
            _("Your choice (1-{n}, ? for help): ")
        answer = console.input(prompt.format(n=max(1, numbered))).strip()
        if back is not None and answer.lower() in BACK_WORDS:
            return BACK
        if on_table and answer.lower() in TABLE_WORDS:
            on_table()
            continue
        if answer in keys:
            return legal[keys.index(answer)]
        if answer == "1" and not numbered and len(legal) == 1:  # only a fixed choice is left: 1 takes it too
            return legal[0]
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
        if game.action_code(answer) is not None and on_refusal:  # a real action, refused now: say why, in words
            console.print(Text(on_refusal(answer), style="yellow"))
            continue
        console.print(Text(_("'{answer}' is not a choice: type a number from 1 to {n}, or ? for help.").format(
            answer=answer, n=len(legal)), style="yellow"))


def show_help(console: Console, game: Game, seat: int, full: bool) -> None:
    """``?``: the cards now on the table; ``rules``: the whole rules, through a pager when the output is a
    terminal (they run to 55-160 lines), printed as they are otherwise."""
    h = help_module(game.game_id)
    if full:
        rules = Markdown(h.rules_text(cards=game.state.cards))
        if console.is_terminal:
            with console.pager(styles=True):
                console.print(rules)
        else:
            console.print(rules)
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


def build_choice(console: Console, game: Game, seats: Seats, on_table: Any) -> list[str]:
    """Ask the reader's seat for its decision and return the moves to play on ``game``: one, or every step of a
    choice that goes on over several decisions (the game's ``prompt.CONTINUES``, ``core.choice.goes_on``: the
    server's rule too), built on a copy of the game (each step offers what the engine's legal actions offer there)
    with "b" to take the last step back. A step that makes the seat learn something (a card drawn: not among
    ``prompt.UNDOABLE_EVENTS``) ends the building: the steps so far are played at once."""
    seat, gid = seats.you, game.game_id
    text, ask_words = text_module(gid), prompt_module(gid)
    cards = game.state.cards
    steps: list[str] = []
    work = game
    while True:
        v = work.view(seat)
        console.print(Text(ask_words.prompt(v, seats.names, cards), style="bold"))
        legal = work.legal_actions()
        lines = menu(gid, v, legal, seats.names, cards, console.width)
        hint = partial(print_hint, console, work, seat, partial(text.describe_action, v, names=seats.names,
                                                                  cards=cards)) if not steps else None
        back = None
        if steps:
            before = game.copy()
            for a in steps[:-1]:
                before.play(a)
            back = text.describe_action(before.view(seat), steps[-1], seats.names, cards, brief=True)
        answer = ask(console, work, lines, partial(show_help, console, work, seat), hint,
                     partial(refusal_text, work, seat, names=seats.names), back, on_table)
        if answer == BACK:
            steps.pop()
            work = game.copy() if steps else game
            for a in steps:
                work.play(a)
            continue
        steps.append(answer)
        if work is game:
            work = game.copy()
        work.play(answer)
        if not goes_on(game, work, seat):  # complete: another decision, another seat, or something learnt
            return steps


def play_loop(game: Game, seats: Seats, agents: dict[int, Any], save_path: Path, console: Console,
              table: dict[str, Any] | None = None, shown: int = 0) -> None:
    """Play until the game ends. End of input saves the record and returns; Ctrl-C saves it and raises
    ``Interrupted`` (the command exits 130). The table is printed when the reader's turn comes and someone else
    changed it since it was last printed (or ``t`` asks for it), not again after each of the reader's own steps."""
    r = renderer(game.game_id)
    seat = seats.you
    console.print(Text(_("{title}, {players} players, seed {seed}.").format(
        title=game.rules.title, players=game.players, seed=game.seed), style="bold"))
    printed = -1  # the number of moves played when the table was last printed for the reader
    own = 0  # moves played by the reader since then
    try:
        while not game.over:
            p = game.to_play
            assert p is not None
            shown = print_events(console, game, shown, seats)
            if p == seat:
                def show_table() -> None:
                    r.print_table(console, game.view(seat), seats, game.state.cards)

                if printed < 0 or len(game.actions) - own != printed:
                    show_table()
                    printed, own = len(game.actions), 0
                for action in build_choice(console, game, seats, show_table):
                    game.play(action)
                    own += 1
            else:
                game.play(agents[p].act(observe(game, p)))
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
