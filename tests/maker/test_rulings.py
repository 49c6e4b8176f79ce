"""Issue 12's Monster Maker deviations (each test failed on the engine before the fix)."""

import pytest

import monsterbox
from monsterbox.games.maker.cards import default_cards
from tests.maker.helpers import give_treasure, maker, place_monster, set_hand, stack_deck


def test_determinize_keeps_a_character_healed_back_into_a_hand():
    """P7/P18: a Cleric returns Irene from the discard pile to seat 0's hand in front of everyone (public heal
    event); every sample for seat 1 used to lose her."""
    g = maker(3, dice=[6, 6, 6])
    place_monster(g, 0, "goblin")
    set_hand(g, 0, ["irene", "cleric", "L10", "L20", "L30"])
    stack_deck(g, ["L10", "L20", "L30"])
    for a in ("battle", "add:irene", "fight", "heal:irene"):
        g.play(a)
    irene = g.state.cards.index("irene")
    for k in range(20):
        d = g.determinize(1, k)
        assert d.state.hands[0][irene] >= 1  # the other copy may be sampled too
        assert d.view(1) == g.view(1)
    assert {"type": "heal", "seat": 0, "character": "irene"} in g.events(1)
    assert g.view(1)["seats"][0]["known_in_hand"] == ["irene"]


def test_determinize_keeps_the_trap_a_player_is_resolving():
    """A trap drawn is shown (public trap event) and stays in the hand until resolved: it used to be missing from
    every sampled hand of the player resolving it."""
    g = maker(3)
    set_hand(g, 0, ["L10", "L20", "L30", "L40", "L40"])
    stack_deck(g, ["trap"])
    g.play("move:L10")
    trap = g.state.cards.index("trap")
    for k in range(20):
        d = g.determinize(1, k)
        assert d.state.hands[0][trap] == 1
        assert d.view(1) == g.view(1)
    assert g.view(1)["phase"] == "trap" and g.view(1)["seats"][0]["known_in_hand"] == ["trap"]
    g.play("keep:L40")
    assert g.view(1)["seats"][0]["known_in_hand"] == []


def test_card_file_marks_what_is_reconstructed():
    """The rulebook prints only the Spear + Ax total (+5 for a Fighter): each card's bonus is reconstructed. It
    prints "Fighter Irene", "Elf Sigurd" and "Fighter Diane": their classes are not."""
    cards = default_cards()
    for tid in ("thunder_spear", "burning_ax"):
        t = cards.treasures[cards.treasure_index(tid)]
        assert {"bonus", "bonus_classes"} <= set(t.reconstructed)
    spear, ax = (cards.treasures[cards.treasure_index(t)] for t in ("thunder_spear", "burning_ax"))
    assert "Fighter" in spear.bonus_classes and "Fighter" in ax.bonus_classes and spear.bonus + ax.bonus == 5
    for cid, cls in (("irene", "Fighter"), ("sigurd", "Elf"), ("diane", "Fighter")):
        i = cards.index(cid)
        assert cards.cls[i] == cls and "class" not in cards.reconstructed[i]


def test_third_treasure_choice_says_why_an_open_treasure_stays():
    """At the third treasure only the treasures that are not open are offered; the view and the refusal say why
    the open one cannot be dropped."""
    g = maker(3, treasure_deck=["ruby_ring"])
    give_treasure(g, 0, "gold_mountain")
    give_treasure(g, 0, "pearl_necklace")
    set_hand(g, 0, ["room", "L10", "L20", "L30", "L40"])
    g.play("room")
    assert g.legal_actions() == ["drop:pearl_necklace", "drop:ruby_ring"]
    limit = g.view(0)["treasure_limit"]
    assert limit["droppable"] == ["pearl_necklace", "ruby_ring"]
    assert limit["cannot_drop"] == [{"treasure": "gold_mountain", "why": "open treasures cannot be discarded"}]
    other = g.view(1)["treasure_limit"]
    assert other["droppable"] == 2 and other["cannot_drop"] == limit["cannot_drop"]  # face-down ones stay hidden
    with pytest.raises(monsterbox.IllegalAction, match="gold_mountain is an open treasure: open treasures cannot "
                                                       "be discarded"):
        g.play("drop:gold_mountain")
    from monsterbox.games.maker.view import phase_summary

    assert "gold_mountain is open" in phase_summary(g.state)
