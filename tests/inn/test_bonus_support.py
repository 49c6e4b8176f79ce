"""Human bonus (EN Human Bonus; R5) and support (EN Support; R6)."""

import pytest

from monsterbox import IllegalAction
from tests.helpers import hand, inn, play


def test_human_bonus_choice_from_supply():
    g = inn(3, deck=["H7", "M1", "M2"])
    g.play("drop")
    assert g.legal_actions() == ["bonus:gold", "bonus:gem"]
    g.play("bonus:gem")
    assert hand(g, 0) == (3, 4)
    assert g.state.supply == [16, 15]
    assert g.view(1)["log"][-1] == {"type": "bonus", "seat": 0, "kind": "gem", "automatic": False}


def test_human_bonus_other_kind_when_one_is_missing():
    g = inn(3, deck=["H7", "M1", "M2"])
    g.state.supply[:] = [0, 5]
    g.play("drop")
    assert hand(g, 0) == (3, 4) and g.state.supply == [0, 4]
    assert g.to_play == 1  # no choice was asked
    assert g.view(0)["log"][-1]["automatic"] is True


def test_human_bonus_none_when_supply_empty():
    g = inn(3, deck=["H7", "M1", "M2"])
    g.state.supply[:] = [0, 0]
    g.play("drop")
    assert hand(g, 0) == (3, 3) and g.to_play == 1


def _two_undead_for_seat_0():
    # round 1: M1 (undead) to seat 0; round 2 (started by seat 1): M6 (undead) to seat 0 as well.
    g = inn(3, deck=["M1", "M2", "M3", "M6", "M7", "M8"], first=0)
    play(g, "drop", "drop")  # seat 0 takes M1, seat 1 M2, seat 2 forced M3; round 2 starts at seat 0
    assert g.state.round == 2 and g.to_play == 0
    g.play("drop")  # seat 0 takes M6 (undead again)
    return g


def test_support_offered_when_race_repeats():
    g = _two_undead_for_seat_0()
    assert g.legal_actions() == ["support:M1:gold", "support:M1:gem", "support:M6:gold", "support:M6:gem",
                                 "support:none"]
    g.play("support:M1:gold")
    s = g.state
    assert s.support[s.cards.index("M1")] == 0
    assert hand(g, 0) == (2, 3)
    # the support treasure has left play: 50 treasures are hands + supply + pool + supports
    total = sum(s.hands) + sum(s.supply) + s.pool + sum(1 for k in s.support if k >= 0)
    assert total == 50


def test_support_not_offered_without_treasure_or_shared_race():
    g = inn(3, deck=["M1", "M2", "M3", "M6", "M7", "M8"], first=0)
    play(g, "drop", "drop")
    g.state.hands[0:2] = [0, 0]
    g.play("drop")  # M6 undead, but seat 0 holds no treasure
    assert g.to_play == 1 and g.state.phase == 0
    g2 = inn(3, deck=["M1", "M2", "M3", "M7", "M8", "M9"], first=0)
    play(g2, "drop", "drop", "drop")  # M7 is a kobold: no shared race with M1
    assert g2.to_play == 1


def test_support_only_unsupported_monsters_of_that_race():
    g = inn(3, deck=["M1", "M2", "M3", "M6", "M7", "M8", "M11", "M12", "M13"], first=0)
    play(g, "drop", "drop")  # round 1: seat 0 M1, seat 1 M2, seat 2 forced M3
    play(g, "drop", "support:M6:gem")  # round 2: seat 0 M6 (undead again) and supports it
    with pytest.raises(IllegalAction):
        g.play("support:M1:gold")  # the choice is over: seat 1 bids now
    play(g, "drop", "support:none")  # seat 1 takes M7, a kobold like its M2, and declines support;
    # seat 2 is forced to take M8, a goblin like its M3
    assert g.to_play == 2 and "support:M8:gold" in g.legal_actions()
    play(g, "support:none")
    assert g.state.round == 3 and g.to_play == 0
    g.play("drop")  # seat 0 takes M11, undead: M6 is already supported, so only M1 and M11 are offered
    assert g.legal_actions() == ["support:M1:gold", "support:M1:gem", "support:M11:gold", "support:M11:gem",
                                 "support:none"]


def test_support_is_declinable_and_logged():
    g = _two_undead_for_seat_0()
    g.play("support:none")
    assert hand(g, 0) == (3, 3)
    assert g.view(2)["log"][-1] == {"type": "no_support", "seat": 0}
