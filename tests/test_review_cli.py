"""The command line's review command and the terminal's hint key."""

import json
import re

import pytest
from typer.testing import CliRunner

from monsterbox.cli import app
from monsterbox.sim import play_game

runner = CliRunner()


@pytest.fixture(scope="module")
def record_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("rec") / "game.json"
    rec = play_game("inn", 4, ["heuristic:noise=0.3", "heuristic", "heuristic", "heuristic"], seed=5)["record"]
    path.write_text(json.dumps(rec))
    return path


def test_review_prints_each_decision_and_the_mistakes(record_file, tmp_path):
    png = tmp_path / "curve.png"
    result = runner.invoke(app, ["review", str(record_file), "--seat", "0", "--budget", "4", "--plot", str(png)])
    assert result.exit_code == 0, result.output
    assert "review of Player 1" in result.output and "mistake" in result.output and "better move" in result.output
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_review_words_the_moves_never_their_ids(record_file):
    """The moves in the table are the wording layer's (the same words as at the prompt), in the reader's language."""
    from monsterbox.analysis.review import review_record

    rec = json.loads(record_file.read_text())
    rev = review_record(rec, 0, samples=2, max_samples=8)
    assert all(d["played_text"] and d["best_text"] for d in rev["decisions"])
    ids = {a for d in rev["decisions"] for a in (d["played"], d["best"]) if ":" in a}
    assert ids  # Monster Inn's ids such as stay:gold are what must not show
    for lang, words, method in (("en", "review of Player 1", "Method: flat Monte Carlo over determinizations"),
                                ("fr", "analyse de Joueur 1", "Méthode : Monte-Carlo à plat sur des tirages")):
        result = runner.invoke(app, ["--lang", lang, "review", str(record_file), "--seat", "0", "--budget", "2",
                                     "--max-budget", "8"])
        assert result.exit_code == 0, result.output
        assert words in result.output
        assert method in " ".join(result.output.split()), result.output  # the method in the reader's language
        if lang == "fr":  # French numbers and punctuation: "Précision 88,2 %", "#3 gaffe : Mieux ..."
            assert re.search(r"Précision \d+(,\d)? % \(", result.output), result.output
            assert not re.search(r"\d\.\d %|\d%", result.output), result.output
            assert not re.search(r"#\d+ (gaffe|erreur|imprécision):", result.output), result.output
        assert not any(a in result.output for a in ids), result.output
        assert "[" not in result.output.split("Result")[-1]  # scores in words, not a Python list


def test_review_json_is_the_review_function_output(record_file):
    result = runner.invoke(app, ["review", str(record_file), "--seat", "1", "--budget", "2", "--json",
                                 "--max-budget", "6"])
    assert result.exit_code == 0, result.output
    rev = json.loads(result.stdout.strip().splitlines()[-1])
    assert rev["format"] == "monsterbox-review" and rev["seat"] == 1 and rev["max_samples"] == 6
    assert rev["decisions"] and all(d["flagged"] == bool(d["tier"]) for d in rev["decisions"])
    assert all(2 <= d["samples"] <= 6 for d in rev["decisions"]) and "mistakes" not in rev
    assert rev["flagged"] == [d["number"] for d in rev["decisions"] if d["flagged"]]


def test_review_help_says_plot_is_optional():
    result = runner.invoke(app, ["review", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    assert "Optional: also write the win-chance curve" in text and "matplotlib" in text and "--max-budget" in text


@pytest.mark.parametrize(("args", "message"), [
    (["--seat", "9"], "--seat must be from 0 to 3"),
    (["--seat", "0", "--budget", "0"], "budget"),
    (["--seat", "0", "--budget", "4", "--max-budget", "2"], "--max-budget"),
    (["--seat", "0", "--threshold", "0.3"], "no such option: --threshold"),
])
def test_review_mistakes_are_explained(record_file, args, message):
    result = runner.invoke(app, ["review", str(record_file), *args])
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output


def test_review_of_a_missing_or_bad_file(tmp_path):
    result = runner.invoke(app, ["review", str(tmp_path / "none.json"), "--seat", "0"])
    assert result.exit_code == 2 and "no such file" in result.output
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    result = runner.invoke(app, ["review", str(bad), "--seat", "0"])
    assert result.exit_code == 2 and "not a game record" in result.output


def test_h_at_the_prompt_gives_a_hint_then_asks_again(tmp_path):
    result = runner.invoke(app, ["play", "inn", "--seed", "1", "--save", str(tmp_path / "r.json")], input="h\n")
    assert result.exit_code == 0, result.output
    assert "Hint:" in result.output and "estimated win chance" in result.output
    assert "h for a hint" in result.output
