"""Issue 28, items 3 and 10 (the terminal): multi-step choices are built locally with a way back, "Done" keeps its
key, the table is printed once per turn, the prompt line names the decision, and the terminal shows every count
the view holds (a human never knows less than a bot)."""

from __future__ import annotations

import json

from rich.console import Console
from typer.testing import CliRunner

from monsterbox.cli import app
from monsterbox.core.registry import new_game
from monsterbox.tui import FIXED_KEYS, Seats, menu_keys, renderer

runner = CliRunner()


def play(tmp_path, args, answers):
    rec = tmp_path / "r.json"
    result = runner.invoke(app, ["play", *args, "--save", str(rec)], input=answers, env={"COLUMNS": "130"})
    return result, json.loads(rec.read_text())


def test_three_weapon_kill_has_a_way_back_and_is_played_only_when_complete(tmp_path):
    """Monster: "three:<lair>" then three "Pay with" steps. Taking one step back (b) and choosing again plays the
    new weapons; the taken-back one never reaches the game (the record holds the finished choice only)."""
    opts = ["--option", "first_leader=0"]
    g = new_game("monster", 3, 4, {"first_leader": 0})
    legal = g.legal_actions()
    three = next(a for a in legal if a.startswith("three:"))
    key = menu_keys(legal)[legal.index(three)]
    g.play(three)
    first = g.legal_actions()  # the first weapon's choices
    assert len(first) >= 2
    # choose weapon 1, go back, choose weapon 2 instead, then the first offered for the rest, then the first offered
    # for each step of the order the discarded weapons go on the pile (seed 4 since issue 30's 128-bit generator
    # deals three different weapons here: two order steps); then end input
    result, rec = play(tmp_path, ["monster", "--players", "3", "--seed", "4", *opts],
                       f"{key}\n1\nb\n2\n1\n1\n1\n1\n")
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert "Kill with three weapons: choose weapon 1 of 3" in out
    assert "b. Back (undo: Pay with a" in out
    assert rec["actions"][:2] == [three, first[1]], rec["actions"][:4]
    # the table was printed once for the reader's turn, not after each step
    assert out.count("Your hand:") == 1


def test_back_beyond_the_first_step_returns_to_the_whole_menu(tmp_path):
    g = new_game("monster", 3, 4, {"first_leader": 0})
    legal = g.legal_actions()
    three = next(a for a in legal if a.startswith("three:"))
    key = menu_keys(legal)[legal.index(three)]
    result, rec = play(tmp_path, ["monster", "--players", "3", "--seed", "4", "--option", "first_leader=0"],
                       f"{key}\nb\n")
    assert result.exit_code == 0
    assert rec["actions"] == []  # nothing was played: the choice was never completed
    assert result.output.count("The hunt (day 1") == 2  # asked again from the start


def test_done_keeps_its_key_while_discards_renumber():
    legal = ["discard:a", "discard:b", "done", "drop:x"]
    assert menu_keys(legal) == ["1", "2", FIXED_KEYS["done"], "3"]
    assert menu_keys(["discard:b", "done"]) == ["1", "0"]


def test_prompt_line_is_the_question(tmp_path):
    result, _rec = play(tmp_path, ["inn", "--players", "3", "--seed", "4"], "")
    assert "Bid for " in result.output and ": place a gold coin or a gem, or drop out" in result.output


def test_terminal_shows_the_counts_the_view_holds():
    """Inn: the other seats' treasure counts (every movement is public, R8); Mansion: every seat's tickets (P12)."""
    g = new_game("inn", 3, 1)
    g.play(g.legal_actions()[0])
    console = Console(width=130, record=True, color_system=None)
    renderer("inn").print_table(console, g.view(0), Seats(0, ["Ada", "Bot 1", "Bot 2"]), g.state.cards)
    out = console.export_text()
    counts = g.view(0)["seats"][1]["treasure_count"]
    assert f"treasures face down: {counts['gold']} gold coins, {counts['gem']} gems" in out.replace("\n", " ")
    m = new_game("mansion", 3, 1)
    console = Console(width=130, record=True, color_system=None)
    renderer("mansion").print_table(console, m.view(0), Seats(0, ["Ada", "Bot 1", "Bot 2"]), m.state.cards)
    out = console.export_text().replace("\n", " ")
    assert out.count("30 tickets") == 3  # the two other seats, and yours behind your screen
