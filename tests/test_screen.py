"""The terminal table fits a 100 x 30 terminal at mid-game (and 200 x 50), complete, never cutting or splitting a
card's name: the table, the numbered menu and the prompt line, as the player sees them at their turn."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from rich.text import Text

import monsterbox
from monsterbox.agents.base import observe
from monsterbox.agents.registry import make_agent
from monsterbox.core.catalog import card_names
from monsterbox.core.i18n import use_language
from monsterbox.tui import Seats, renderer, text_module
from monsterbox.tui.layout import Flow, and_parts, menu_rows

NAMES = ["Ada", "Bob", "Cy", "Dee", "Eve", "Fay"]
# (game, players, moves played by heuristic bots before the screen is shown)
POSITIONS = [("inn", 4, 25), ("inn", 5, 45), ("monster", 4, 60), ("monster", 4, 140), ("monster", 6, 90),
             ("mansion", 4, 60), ("mansion", 4, 110), ("maker", 4, 40), ("maker", 6, 70), ("maker", 6, 130)]


def position(game_id, players, moves, seed=1):
    g = monsterbox.new_game(game_id, players, seed)
    bots = [make_agent("heuristic", game_id, seed + i) for i in range(players)]
    for _ in range(moves):
        if g.over:
            break
        g.play(bots[g.to_play].act(observe(g, g.to_play)))
    assert not g.over, "the position is mid-game"
    return g


def screen(g, width):
    """The player's screen at their turn: the table and the menu exactly as ``tui.play_loop`` prints them."""
    seat = g.to_play
    buf = io.StringIO()
    console = Console(file=buf, width=width, color_system=None)
    v = g.view(seat)
    renderer(g.game_id).print_table(console, v, Seats(seat, NAMES[:g.players]), g.state.cards)
    text = text_module(g.game_id)
    items = []
    for i, a in enumerate(g.legal_actions(), 1):
        items.append(Text(f"{i:>2}. ") + Text(text.describe_action(v, a, NAMES, g.state.cards, brief=True)))
    for line in menu_rows(items, width) if len(items) > 8 else items:
        console.print(line)
    return buf.getvalue()


def multiword_names():
    names = {n for n in card_names() if " " in n}
    return sorted(names | {"Make Up", "The Zombie", "The Clown", "The Witch", "Small Treasure Room"})


def split_names(out):
    """Card names broken across two lines ("The Black Lagoon" / "Monster"), and Monster Inn cards ("Goblin" / "7")."""
    found = []
    for name in multiword_names():
        words = name.split(" ")
        for k in range(1, len(words)):
            pattern = r"\b" + re.escape(" ".join(words[:k])) + r"[ ]*\n[ ]*" + re.escape(" ".join(words[k:])) + r"\b"
            if re.search(pattern, out):
                found.append(name)
    found += re.findall(r"\b(?:Undead|Kobold|Goblin|Orc|Troll|[Hh]uman)[ ]*\n[ ]*\d+", out)
    return found


@pytest.mark.parametrize("game_id,players,moves", POSITIONS)
def test_the_screen_fits_100_by_30_and_200_by_50_without_cutting_a_name(game_id, players, moves):
    g = position(game_id, players, moves)
    for lang, width, height in (("en", 100, 30), ("en", 200, 50), ("fr", 100, 30)):
        with use_language(lang):
            out = screen(g, width)
        lines = out.rstrip("\n").split("\n")
        assert len(lines) <= height - 1, f"{len(lines)} lines at {width} columns (the prompt needs the last row)\n{out}"
        assert max(len(line.rstrip()) for line in lines) <= width
        assert "…" not in out, f"a name was cut short\n{out}"
        assert not split_names(out), f"{split_names(out)}\n{out}"


@pytest.mark.parametrize("game_id,players,moves", [("monster", 4, 60), ("mansion", 4, 110), ("maker", 6, 70)])
def test_the_narrow_screen_is_as_complete_as_the_wide_one(game_id, players, moves):
    """Every card name shown at 200 columns is shown at 100 (wrapped, not dropped)."""
    g = position(game_id, players, moves)
    wide, narrow = " ".join(screen(g, 200).split()), " ".join(screen(g, 100).split())
    shown = [n for n in card_names() if re.search(r"\b" + re.escape(n) + r"\b", wide)]
    assert shown
    assert [n for n in shown if not re.search(r"\b" + re.escape(n) + r"\b", narrow)] == []


def test_flow_wraps_only_between_units_and_the_menu_never_cuts_a_label():
    units = and_parts(["The Black Lagoon Monster (blue)", "Dracula (red)", "The Swamp Thing (green)"])
    buf = io.StringIO()
    Console(file=buf, width=40, color_system=None).print(Flow(units, indent=2))
    assert buf.getvalue().splitlines() == ["The Black Lagoon Monster (blue),", "  Dracula (red), and",
                                           "  The Swamp Thing (green)"]
    buf = io.StringIO()
    Console(file=buf, width=20, color_system=None).print(Flow(units))
    assert buf.getvalue().splitlines()[0] == "The Black Lagoon Mo…"  # wider than the whole width: abbreviated
    labels = [Text(f"{i:>2}. {x}") for i, x in enumerate(["short", "a label far too long for half of the row", "b",
                                                          "c"], 1)]
    rows = [r.plain.rstrip() for r in menu_rows(labels, 60)]  # in order; the long one just after the short
    assert rows == [" 1. short   2. a label far too long for half of the row", " 3. b" + " " * 26 + " 4. c"]
    labels = [Text(f"{i:>2}. {x}") for i, x in enumerate("abcdefg", 1)]
    assert [r.plain.rstrip() for r in menu_rows(labels, 60)] == [" 1. a" + " " * 15 + " 2. b" + " " * 15 + " 3. c",
                                                                 " 4. d" + " " * 15 + " 5. e" + " " * 15 + " 6. f",
                                                                 " 7. g"]
    with use_language("fr"):
        assert [u.plain for u in and_parts(["a", "b", "c"])] == ["a, ", "b et ", "c"]
