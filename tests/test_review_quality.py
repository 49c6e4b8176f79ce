"""Issue 28, item 9 (part): tiers by the win chance lost, the accuracy figure, and why a flagged move was worse."""

from monsterbox.analysis.quality import accuracy, grade, move_accuracy, tier


def test_tiers_by_win_chance_lost():
    assert [tier(x) for x in (0.0, 0.049, 0.05, 0.099, 0.10, 0.199, 0.20, 0.9)] == \
        ["", "", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]


def test_accuracy_figure():
    assert move_accuracy(0.0) == 100.0 or abs(move_accuracy(0.0) - 100.0) < 0.01
    assert 78 < move_accuracy(0.05) < 82 and 40 < move_accuracy(0.20) < 44 and move_accuracy(0.9) == 0.0
    assert accuracy([]) is None
    assert accuracy([0.0, 0.0]) == 100.0
    assert accuracy([0.0, 0.2]) == round((move_accuracy(0.0) + move_accuracy(0.2)) / 2, 1)


def test_grade_words_the_flagged_moves_only():
    review = {"decisions": [
        {"number": 1, "loss": 0.0, "before": 0.6, "after": 0.6, "best": "drop", "best_text": "Drop out"},
        {"number": 2, "loss": 0.23, "before": 0.61, "after": 0.38, "best": "drop",
         "best_text": "Drop out: take 2 gold coins and Troll 20"},
    ]}
    grade(review)
    assert review["tiers"] == {"blunder": 1, "mistake": 0, "inaccuracy": 0}
    assert review["decisions"][0]["why"] == "" and review["decisions"][0]["tier"] == ""
    assert review["decisions"][1]["why"] == ("Better: Drop out: take 2 gold coins and Troll 20 (win chance 61% "
                                             "instead of 38%, 23 points lost)")
    assert 0 < review["accuracy"] < 100


def test_a_flag_confirmed_to_the_end_says_so_in_both_languages():
    from monsterbox.core.i18n import use_language

    entry = {"number": 1, "loss": 0.129, "before": 0.98, "after": 0.85, "best": "tile:1", "best_text": "Tile 1",
             "loss_bound": 0.109, "to_end": {"loss": 0.15, "loss_bound": 0.108, "best": "tile:1", "samples": 64}}
    review = {"decisions": [dict(entry)]}
    grade(review)
    assert review["decisions"][0]["tier"] == "mistake"
    assert review["decisions"][0]["why"].endswith(
        "13 points lost). Played out to the end of the game, this move still loses at least 11 points")
    with use_language("fr"):
        review = {"decisions": [dict(entry)]}
        grade(review)
    assert "Jouée jusqu'à la fin de la partie" not in review["decisions"][0]["why"]
    assert review["decisions"][0]["why"].endswith("). Joué jusqu'à la fin de la partie, ce coup perd encore au moins "
                                                  "11 points")
    plain = {"decisions": [{k: v for k, v in entry.items() if k != "to_end"}]}
    grade(plain)
    assert "end of the game" not in plain["decisions"][0]["why"]
