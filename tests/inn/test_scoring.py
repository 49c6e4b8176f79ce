"""Scoring (EN Scoring; FR Dernier appel; R7) and the end of the game."""

import pytest

import monsterbox
from monsterbox.games.inn.scoring import NO_MONSTER, STAYS, SUPPORTED, WEAKER, dungeon_breakdown, winners
from monsterbox.games.inn.state import OVER
from tests.helpers import inn


def dungeon(g, seat, monsters, humans, supported=(), hand=(3, 3)):
    s = g.state
    s.monsters[seat] = [s.cards.index(m) for m in monsters]
    s.humans[seat] = [s.cards.index(h) for h in humans]
    for m in supported:
        s.support[s.cards.index(m)] = 0
    s.hands[2 * seat: 2 * seat + 2] = list(hand)


def test_rulebook_scoring_example_4_plus_4_minus_1_plus_2_is_9():
    """EN Scoring example: 4 + 4 - 1 + 2 = 9. Two 4-skull monsters score fully (their weaker humans are
    removed), a 2-skull monster keeps a stronger 3-skull human (2 - 3 = -1), and 6 treasures score 2."""
    g = inn(3)
    dungeon(g, 0, ["M20", "M17", "M8"], ["H5", "H1", "H12"], hand=(2, 4))
    b = dungeon_breakdown(g.state, 0)
    assert [p["points"] for p in b["pairs"]] == [4, 4, -1]
    assert b["treasures"]["points"] == 2
    assert b["total"] == 9
    assert [p["human"]["fate"] for p in b["pairs"]] == [WEAKER, WEAKER, STAYS]


def test_removals_in_rulebook_order():
    """First humans under a supported monster and humans with no monster above (unseen), then weaker humans;
    an equal combat value stays (R7)."""
    g = inn(3)
    dungeon(g, 1, ["M10", "M8", "M3"], ["H20", "H8", "H2", "H19"], supported=["M10"], hand=(0, 0))
    b = dungeon_breakdown(g.state, 1)
    fates = [p["human"]["fate"] for p in b["pairs"]]
    assert fates == [SUPPORTED, STAYS, WEAKER, NO_MONSTER]
    # humans removed unseen reveal only their range, never their value
    assert "value" not in b["pairs"][0]["human"] and "value" not in b["pairs"][3]["human"]
    assert b["pairs"][1]["human"]["value"] == 8
    assert [p["points"] for p in b["pairs"]] == [2, 0, 1, 0]  # M10: 2; M8 2-2; M3 1; no monster: 0
    assert b["total"] == 3


def test_monster_with_stronger_human_scores_negative():
    g = inn(3)
    dungeon(g, 2, ["M2"], ["H19"], hand=(1, 1))
    b = dungeon_breakdown(g.state, 2)
    assert b["pairs"][0]["points"] == 1 - 4
    assert b["total"] == -3


def test_treasures_score_by_threes_and_support_does_not_count():
    g = inn(3)
    dungeon(g, 0, [], [], hand=(4, 4))
    assert dungeon_breakdown(g.state, 0)["treasures"]["points"] == 2
    dungeon(g, 0, [], [], hand=(2, 0))
    assert dungeon_breakdown(g.state, 0)["treasures"]["points"] == 0


@pytest.mark.parametrize("scores,treasures,expected", [
    ([9, 7, 9], [5, 8, 6], [2]),       # tie on fame, most treasures wins
    ([9, 9, 3], [6, 6, 0], [0, 1]),    # still tied: shared victory
    ([4, 10, 3], [9, 0, 9], [1]),
])
def test_winners_and_tie_breaks(scores, treasures, expected):
    assert winners(scores, treasures) == expected


def test_game_result_matches_breakdown_and_game_over():
    g = monsterbox.new_game("inn", 3, seed=8)
    while not g.over:
        g.play(g.legal_actions()[-1] if g.state.phase == 0 else g.legal_actions()[0])
    assert g.state.phase == OVER and g.to_play is None and g.legal_actions() == []
    r = g.result()
    assert r["scores"] == [b["total"] for b in r["breakdown"]]
    assert len(g.state.deck) == 1  # 3 players: one creature returns to the box unseen
    with pytest.raises(monsterbox.IllegalAction, match="game is over"):
        g.play("drop")


def test_result_before_end_is_an_error():
    with pytest.raises(monsterbox.IllegalAction, match="not over"):
        inn(3).result()
