"""The command line: play, simulate, replay, cards; user mistakes get a clear message and no traceback."""

import json

import pytest
from typer.testing import CliRunner

import monsterbox
from monsterbox.cli import app

runner = CliRunner()


def run(args, input=None):
    return runner.invoke(app, args, input=input)


def test_play_to_the_end_prints_scoring_and_saves_record(tmp_path):
    rec = tmp_path / "game.json"
    result = run(["play", "inn", "--players", "3", "--seed", "4", "--save", str(rec)], input="1\n" * 200)
    assert result.exit_code == 0, result.output
    assert "Last call: scoring" in result.output and "fame points" in result.output and "Winner" in result.output
    assert "treasures" in result.output and "what happens" in result.output
    g = monsterbox.replay(json.loads(rec.read_text()))
    assert g.over


def test_play_wrong_entry_is_explained_and_asked_again(tmp_path):
    result = run(["play", "inn", "--seed", "1", "--save", str(tmp_path / "r.json")], input="42\nfly\n")
    assert "'42' is not a choice" in result.output and "'fly' is not a choice" in result.output
    assert result.exit_code == 0


def test_end_of_input_saves_the_record_and_exits_cleanly(tmp_path):
    rec = tmp_path / "r.json"
    result = run(["play", "inn", "--seed", "2", "--seat", "1", "--save", str(rec)], input="1\n2\n")
    assert result.exit_code == 0
    assert "saved to" in result.output and "Traceback" not in result.output
    data = json.loads(rec.read_text())
    g = monsterbox.replay(data)
    assert not g.over and len(data["actions"]) >= 1


def test_play_shows_table_and_numbered_choices(tmp_path):
    result = run(["play", "inn", "--seed", "5", "--option", "open_treasures=true", "--save",
                  str(tmp_path / "r.json")], input="")
    out = result.output
    assert "Tavern (next card first):" in out and "Pool:" in out and "Your treasures:" in out and "1. " in out
    assert "hidden" not in out  # open treasures: every hand is shown


def test_play_takes_monsters_verbal_communication_variant(tmp_path):
    """Monster's rulebook variant "More verbal communication" is a game option the terminal accepts too."""
    rec = tmp_path / "r.json"
    result = run(["play", "monster", "--players", "2", "--seed", "3", "--option", "verbal_communication=true",
                  "--save", str(rec)], input="")
    assert result.exit_code == 0, result.output
    assert json.loads(rec.read_text())["options"]["verbal_communication"] is True
    result = run(["play", "monster", "--option", "verbal_communication=loud"], input="")
    assert result.exit_code != 0 and "verbal_communication must be true or false" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("args,message", [
    (["play", "inn", "--players", "9"], "3 to 5 players"),
    (["play", "inn", "--seat", "7"], "--seat must be from 0 to 3"),
    (["play", "inn", "--bots", "wizard"], "unknown agent 'wizard'"),
    (["play", "inn", "--option", "fast"], "--option expects KEY=VALUE"),
    (["play", "inn", "--option", "speed=3"], "unknown Monster Inn option"),
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "monster", "--players", "7"], "2 to 6 players"),
    (["simulate", "inn", "--games", "0"], "--games must be at least 1"),
    (["simulate", "inn", "--agents", "random,random"], "needs 1 or 4"),
])
def test_user_mistakes_get_clear_errors(args, message):
    result = run(args, input="")
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_simulate_json_fields():
    result = run(["simulate", "inn", "--players", "4", "--games", "6", "--agents", "heuristic,random,random,random",
                  "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output.strip().splitlines()[-1])
    for key in ("games", "players", "agents", "wins", "mean_scores", "mean_actions", "seconds",
                "games_per_second", "actions_per_second"):
        assert key in data
    assert data["games"] == 6 and len(data["wins"]) == 4 and len(data["mean_scores"]) == 4


def test_simulate_table():
    result = run(["simulate", "inn", "--players", "3", "--games", "3"])
    assert result.exit_code == 0 and "win rate" in result.output


def test_replay_prints_story_and_scoring(tmp_path):
    g = monsterbox.new_game("inn", 3, 8)
    while not g.over:
        g.play(g.legal_actions()[0])
    path = tmp_path / "g.json"
    path.write_text(json.dumps(g.record()))
    result = run(["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "re-checked: OK" in result.output and "Round 13" in result.output and "Winner" in result.output


def test_replay_refuses_a_tampered_record(tmp_path):
    g = monsterbox.new_game("inn", 3, 8)
    for _ in range(5):
        g.play(g.legal_actions()[0])
    rec = g.record()
    rec["actions"][2] = "bonus:gold"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(rec))
    result = run(["replay", str(path)])
    assert result.exit_code == 1 and "action #2 'bonus:gold' does not re-check" in result.output
    (tmp_path / "junk.json").write_text("{not json")
    assert "not a JSON record" in run(["replay", str(tmp_path / "junk.json")]).output
    assert "no such file" in run(["replay", str(tmp_path / "none.json")]).output


def test_cards_command(tmp_path):
    result = run(["cards", "inn"])
    assert result.exit_code == 0 and "M20" in result.output and "reconstructed" in result.output
    bad = tmp_path / "c.toml"
    bad.write_text('[[creature]]\nid = "M1"\nkind = "monster"\nvalue = 1\nskulls = 7\nrace = "undead"\n')
    result = run(["cards", "inn", "--file", str(bad)])
    assert result.exit_code == 2 and "field 'skulls'" in result.output


def test_play_maker_in_the_terminal(tmp_path):
    rec = tmp_path / "m.json"
    result = run(["play", "maker", "--players", "3", "--seed", "6", "--save", str(rec)], input="1\n1\n1\n")
    assert result.exit_code == 0, result.output
    assert "Treasure chest at 100" in result.output and "Your hand:" in result.output and "entering" in result.output
    assert monsterbox.replay(json.loads(rec.read_text())).game_id == "maker"


def test_play_maker_to_the_end_shows_the_judgment(tmp_path):
    result = run(["play", "maker", "--players", "2", "--seed", "2", "--option", "distance=30", "--save",
                  str(tmp_path / "m.json")], input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "Victory judgment" in result.output and "Winner" in result.output


def test_cards_maker():
    result = run(["cards", "maker"])
    assert result.exit_code == 0 and "gargoyle" in result.output and "crown_of_kings" in result.output


def test_play_mansion_two_players(tmp_path):
    rec = tmp_path / "ms.json"
    result = run(["play", "mansion", "--players", "2", "--seed", "3", "--save", str(rec)], input="1\n" * 30)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Audition (actor and cost):" in out and "Behind your screen" in out and "dummy" in out
    assert monsterbox.replay(json.loads(rec.read_text())).game_id == "mansion"


def test_play_mansion_to_the_end(tmp_path):
    result = run(["play", "mansion", "--players", "3", "--seed", "1", "--save", str(tmp_path / "m.json")],
                 input="1\n" * 2000)
    assert result.exit_code == 0, result.output
    assert "Sold out" in result.output and "Winner" in result.output


def test_cards_mansion():
    result = run(["cards", "mansion"])
    assert result.exit_code == 0 and "ghost_1" in result.output and "Tiles" in result.output
