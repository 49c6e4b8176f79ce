"""The terminal table fits a 100 x 30 terminal at mid-game (and 200 x 50), complete, never cutting or splitting a
card's name: the table, the numbered menu and the prompt line, as the player sees them at their turn."""

from __future__ import annotations

import functools
import io
import re

import pytest
from rich.console import Console
from rich.text import Text

import monsterbox
from monsterbox.agents.base import observe
from monsterbox.agents.registry import make_agent
from monsterbox.core.catalog import card_names
from monsterbox.core.i18n import _, pgettext, use_language
from monsterbox.tui import Seats, menu, renderer
from monsterbox.tui.layout import Flow, and_parts, menu_rows

NAMES = ["Ada", "Bob", "Cy", "Dee", "Eve", "Fay"]
# (game, players, moves played by heuristic bots before the screen is shown)
POSITIONS = [("inn", 4, 25), ("inn", 5, 45), ("monster", 4, 60), ("monster", 4, 140), ("monster", 6, 90),
             ("mansion", 4, 60), ("mansion", 4, 110), ("maker", 4, 40), ("maker", 6, 70), ("maker", 6, 130)]


def position(game_id, players, moves, seed=1):
    g = monsterbox.new_game(game_id, players, seed)
    bots = [make_agent("heuristic", game_id, seed + i) for i in range(players)]
    for _move in range(moves):
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
    for line in menu(g.game_id, v, g.legal_actions(), NAMES[:g.players], g.state.cards, width):
        console.print(line)
    return buf.getvalue()


@functools.cache
def multiword_names():
    """The names of more than one word, in English and in French."""
    names = card_names() | {"Make Up", "The Zombie", "The Clown", "The Witch", "Small Treasure Room"}
    with use_language("fr"):
        names |= {pgettext("card", n) for n in names} | {_(n) for n in names}
    return sorted(n for n in names if " " in n)


@functools.cache
def split_pattern():
    """One pattern for every name and place it could be broken at ("The Black Lagoon" / "Monster"), and Monster
    Inn's cards ("Goblin" / "7")."""
    alternatives = []
    for name in multiword_names():
        words = name.split(" ")
        alternatives += [re.escape(" ".join(words[:k])) + r"[ ]*\n[ ]*" + re.escape(" ".join(words[k:]))
                         for k in range(1, len(words))]
    races = r"(?:Undead|Kobold|Goblin|Orc|Troll|[Hh]uman|Mort-vivant|Gobelin|Orque|Humanoïde)[ ]*\n[ ]*\d+"
    return re.compile(r"\b(?:" + "|".join(sorted(alternatives, key=len, reverse=True)) + "|" + races + r")\b")


def split_names(out):
    """Card names broken across two lines."""
    return split_pattern().findall(out)


def check_fits(out, width, height):
    lines = out.rstrip("\n").split("\n")
    assert len(lines) <= height - 1, f"{len(lines)} lines at {width} columns (the prompt needs the last row)\n{out}"
    assert max(len(line.rstrip()) for line in lines) <= width, out
    assert "…" not in out, f"a name was cut short\n{out}"
    assert not split_names(out), f"{split_names(out)}\n{out}"


PLAYER_COUNTS = {"inn": (3, 5), "monster": (2, 6), "mansion": (2, 4), "maker": (2, 6)}


@pytest.mark.parametrize("game_id,players", [(g, n) for g, counts in PLAYER_COUNTS.items() for n in counts])
def test_every_screen_of_whole_games_fits_100_by_30_in_english_and_french(game_id, players):
    """A sweep: two seeded games of heuristic bots per game at its smallest and largest player counts, the screen
    of the seat to play at about eight decisions spread over each game (crowded late tables, long menus such as
    Costume's twenty choices), in both languages: at most 29 lines of at most 100 columns, no name cut or split."""
    for seed in (1, 2):
        g = monsterbox.new_game(game_id, players, seed)
        bots = [make_agent("heuristic", game_id, seed + i) for i in range(players)]
        actions = []
        while not g.over:
            actions.append(bots[g.to_play].act(observe(g, g.to_play)))
            g.play(actions[-1])
        step = max(1, len(actions) // 8)
        g = monsterbox.new_game(game_id, players, seed)
        for k, action in enumerate(actions):
            if k % step == seed:
                for lang in ("en", "fr"):
                    with use_language(lang):
                        out = screen(g, 100)
                    check_fits(out, 100, 30)
                    if lang == "fr":  # French typography: a space before a colon or a semicolon ("Ada : ...")
                        assert not re.findall(r"[^\s:/][:;](?=\s)", out), out
            g.play(action)


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


def test_grouped_menu_keeps_numbers_in_order_and_groups_only_runs_of_one_kind():
    from monsterbox.tui.layout import grouped_menu

    def entry(i, group, short):
        return (group, Text(f"{i:>2}. {group or ''} {short}"), Text(f"{i}. {short}"))

    entries = [entry(1, "Cast:", "Dracula (blue)"), entry(2, "Cast:", "Eva (red)"), entry(3, None, "End your turn"),
               entry(4, "Take:", "blue"), entry(5, "Cast:", "Verona (green)")]
    buf = io.StringIO()
    for line in grouped_menu(entries, 40):
        Console(file=buf, width=40, color_system=None).print(line)
    assert buf.getvalue().splitlines() == ["Cast: 1. Dracula (blue)  2. Eva (red)", " 3.  End your turn",
                                           " 4. Take: blue", " 5. Cast: Verona (green)"]


def test_fit_columns_never_cuts_a_unit_when_the_table_can_fit():
    from rich.table import Table

    from monsterbox.tui.layout import fit_columns

    def table():
        t = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 1))
        for head in ("hunter", "items", "hand"):
            t.add_column(head)
        t.add_row(Flow(["Ada (leader)"]), Flow(["Power Crystal, ", "Crossbow"]),
                  Flow(["2 ", "(known: ", "2 x Silver Bullet)"]))
        return t

    def draw(t, fit):
        buf = io.StringIO()
        console = Console(file=buf, width=48, color_system=None)
        console.print(fit_columns(t, console, 48) if fit else t)
        return buf.getvalue()

    assert "…" in draw(table(), False)  # Rich alone shrinks a column below its longest name
    out = draw(table(), True)
    assert "…" not in out and "Power Crystal" in out and "2 x Silver Bullet)" in out, out
    assert max(len(line.rstrip()) for line in out.splitlines()) <= 48
