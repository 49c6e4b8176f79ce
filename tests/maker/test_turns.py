"""Monster Maker turns: setup, the four actions, refresh, traps (MM Game Setup, Turn Order, A-D, Refresh)."""

import pytest

import monsterbox
from monsterbox import IllegalAction
from monsterbox.games.maker.battle import battle_value
from tests.maker.helpers import count_cards, give_treasure, maker, place_monster, set_hand, stack_deck


def hand(g, seat):
    s = g.state
    return sorted(c for t, k in enumerate(s.hands[seat]) for c in [s.cards.ids[t]] * k)


def test_deal_five_and_traps_are_replaced_and_shuffled_back():
    g = maker(2, deck=["trap", "L10", "L20", "L30", "L40", "irene", "trap", "goblin", "sigurd", "L10", "L20",
                       "room"])
    s = g.state
    assert hand(g, 0) == sorted(["L10", "L20", "L30", "L40", "irene"])
    assert hand(g, 1) == sorted(["goblin", "sigurd", "L10", "L20", "room"])
    assert s.discard == [] and s.deck.count(s.cards.index("trap")) == 5  # both traps went back into the deck
    assert sum(1 for e in g.view(0)["log"] if e["type"] == "setup_trap") == 2
    assert count_cards(g) == 125


def test_players_and_options_are_validated():
    for n in (2, 6):
        assert monsterbox.new_game("maker", n, 1).players == n
    with pytest.raises(monsterbox.InvalidOptions, match="2 to 6 players"):
        monsterbox.new_game("maker", 7, 1)
    with pytest.raises(monsterbox.InvalidOptions, match="rounds must be 1 or 3"):
        monsterbox.new_game("maker", 3, 1, {"rounds": 2})
    with pytest.raises(monsterbox.InvalidOptions, match="rewards must be a list"):
        monsterbox.new_game("maker", 3, 1, {"rewards": ["most_gold"]})
    with pytest.raises(monsterbox.InvalidOptions, match="only 1"):
        monsterbox.new_game("maker", 3, 1, {"deck": ["diane", "diane"]})


@pytest.mark.parametrize("players,options,distance", [
    (4, {}, 100), (5, {"short": True}, 80), (6, {"short": True}, 70), (3, {"short": True}, 80),
    (4, {"distance": 60}, 60), (6, {"short": True, "distance": 90}, 90),
])
def test_chest_distance_and_short_version(players, options, distance):
    assert monsterbox.new_game("maker", players, 0, options).state.target == distance


def test_labyrinth_move_adds_distance_and_refreshes_to_five():
    g = maker(3)
    set_hand(g, 0, ["L30", "L20", "goblin", "irene", "L10"])
    stack_deck(g, ["sigurd"])
    g.play("move:L30")
    s = g.state
    assert s.entry[0] == 30 and s.entered[0]
    assert s.hand_size[0] == 5 and s.hands[0][s.cards.index("sigurd")] == 1
    assert g.to_play == 1


def test_monster_blocks_movement_and_can_be_placed_only_on_entered_players():
    g = maker(3)
    set_hand(g, 0, ["goblin", "L10", "L20", "L30", "L40"])
    assert not any(a.startswith("place:") for a in g.legal_actions())  # nobody has entered yet
    g.state.entered[1] = True
    g.state.step += 1
    assert "place:goblin:1" in g.legal_actions() and "place:goblin:2" not in g.legal_actions()
    g.play("place:goblin:1")
    s = g.state
    assert s.monster[1] == s.cards.index("goblin")
    set_hand(g, 1, ["L10", "L20", "wyvern", "diane", "room"])
    assert not any(a.startswith("move:") for a in g.legal_actions()) and "room" not in g.legal_actions()
    with pytest.raises(IllegalAction, match="a monster blocks your labyrinth"):
        g.play("move:L20")
    assert "battle" in g.legal_actions()


def test_only_one_monster_per_labyrinth_and_not_on_exited_players():
    g = maker(3)
    set_hand(g, 0, ["goblin", "wyvern", "L10", "L20", "L30"])
    g.state.entered[1] = g.state.entered[2] = True
    place_monster(g, 1, "orc")
    g.state.stage[2] = 2
    g.state.step += 1
    assert not any(a.startswith("place:") for a in g.legal_actions())


def test_diversion_moves_zero_and_discards_the_monster_while_blocked():
    """R3."""
    g = maker(3)
    place_monster(g, 0, "gargoyle")
    set_hand(g, 0, ["diversion", "L10", "L20", "L30", "L40"])
    g.play("diversion")
    s = g.state
    assert s.monster[0] == -1 and s.entry[0] == 0
    assert s.cards.index("gargoyle") in s.discard
    assert s.entry_cards[0] == [s.cards.index("diversion")]


def test_small_treasure_room_draws_a_treasure():
    g = maker(3, treasure_deck=["ruby_ring"])
    set_hand(g, 0, ["room", "L10", "L20", "L30", "L40"])
    g.play("room")
    s = g.state
    assert [s.cards.treasures[t].id for t in s.treasures[0]] == ["ruby_ring"]
    assert s.entry[0] == 0 and s.entered[0]
    assert g.view(1)["seats"][0]["treasures"] == [{"hidden": True}]
    assert g.view(0)["seats"][0]["treasures"][0]["id"] == "ruby_ring"


def test_gargoyle_battle_example_17_against_15():
    """MM Battle Example: Irene (3D+2) and Sigurd (2D) roll 1, 1, 3, 4, 6 = 15, +2 = 17 >= Gargoyle 15."""
    g = maker(3, dice=[1, 1, 3, 4, 6])
    s = g.state
    assert battle_value(s.cards, [s.cards.index("irene"), s.cards.index("sigurd")], [], [1, 1, 3, 4, 6]) == 17
    place_monster(g, 0, "gargoyle")
    set_hand(g, 0, ["irene", "sigurd", "L10", "L20", "L30"])
    for a in ("battle", "add:irene", "add:sigurd", "fight"):
        g.play(a)
    fight = next(e for e in g.view(1)["log"] if e["type"] == "fight")
    assert fight["dice"] == [1, 1, 3, 4, 6] and fight["value"] == 17 and fight["won"]
    assert s.monster[0] == -1
    for c in ("irene", "sigurd", "gargoyle"):
        assert s.cards.index(c) in s.discard  # both characters are discarded with the monster


def test_lost_battle_keeps_the_monster_and_still_discards_characters():
    g = maker(3, dice=[1, 1, 1])
    place_monster(g, 0, "gargoyle")
    set_hand(g, 0, ["irene", "L10", "L20", "L30", "L40"])
    for a in ("battle", "add:irene", "fight"):
        g.play(a)
    s = g.state
    assert s.monster[0] == s.cards.index("gargoyle") and s.cards.index("irene") in s.discard


def test_cleric_removes_undead_and_heals_after_battle():
    g = maker(3)
    place_monster(g, 0, "zombie")
    set_hand(g, 0, ["cleric", "L10", "L20", "L30", "L40"])
    assert g.legal_actions()[-2:] == ["battle", "discard"]
    g.play("battle")
    assert "cleric" in g.legal_actions()
    g.play("cleric")
    assert g.state.monster[0] == -1
    # healing: after a battle, a cleric returns one character of that battle to the hand
    g2 = maker(3, dice=[6, 6, 6])
    place_monster(g2, 0, "goblin")
    set_hand(g2, 0, ["irene", "cleric", "L10", "L20", "L30"])
    for a in ("battle", "add:irene", "fight"):
        g2.play(a)
    assert g2.legal_actions() == ["heal:irene", "heal:none"]
    g2.play("heal:irene")
    s = g2.state
    assert s.hands[0][s.cards.index("irene")] == 1 and s.hands[0][s.cards.index("cleric")] == 0


def test_undead_removing_treasure_is_kept():
    g = maker(3)
    place_monster(g, 0, "vampire")
    set_hand(g, 0, ["L10", "L20", "L30", "L40", "room"])
    give_treasure(g, 0, "holy_grail")
    g.play("battle")
    g.play("relic:holy_grail")
    s = g.state
    assert s.monster[0] == -1 and s.cards.treasure_index("holy_grail") in s.treasures[0]
    assert g.view(1)["seats"][0]["treasures"][0]["id"] == "holy_grail"  # revealed by use


def test_treasure_bonuses_stack_on_one_fighter():
    """MM: Thunder Spear and Burning Ax give a Fighter +5; each treasure serves one character."""
    g = maker(3, dice=[1] * 7)
    place_monster(g, 0, "troll")
    set_hand(g, 0, ["roland", "irene", "L10", "L20", "L30"])
    give_treasure(g, 0, "thunder_spear")
    give_treasure(g, 0, "burning_ax")
    for a in ("battle", "add:irene", "add:roland", "equip:thunder_spear:irene"):
        g.play(a)
    assert "equip:thunder_spear:roland" not in g.legal_actions()
    g.play("equip:burning_ax:irene")
    g.play("fight")
    fight = next(e for e in g.view(0)["log"] if e["type"] == "fight")
    assert fight["value"] == 7 + 2 + 5  # 7 dice of 1, Irene's +2, +5 from the two treasures
    assert fight["value"] < 16 and not fight["won"]


def test_discard_any_number_including_zero():
    g = maker(3)
    set_hand(g, 0, ["L10", "L20", "L30", "L40", "wyvern"])
    g.play("discard")
    g.play("done")
    assert g.state.hand_size[0] == 5 and g.to_play == 1
    set_hand(g, 1, ["L10", "L20", "L30", "L40", "wyvern"])
    g.play("discard")
    g.play("discard:L10")
    g.play("discard:L20")
    g.play("done")
    assert g.state.hand_size[1] == 5
    assert [e["card"] for e in g.view(0)["log"] if e["type"] == "discard"] == ["L10", "L20"]


def test_nine_discards_and_refreshes_into_a_trap():
    """MM Example of discarding and refreshing: Nine keeps only the Labyrinth 40, draws Diane, a Trap, a
    Labyrinth 20 and a Hell Hound, and keeps Diane."""
    g = maker(3)
    place_monster(g, 0, "goblin")
    set_hand(g, 0, ["L20", "L20", "L30", "L40", "wyvern"])
    stack_deck(g, ["diane", "trap", "L20", "hell_hound"])
    g.play("discard")
    for c in ("L20", "L20", "L30", "wyvern"):
        g.play(f"discard:{c}")
    g.play("done")
    s = g.state
    assert g.to_play == 0 and g.view(0)["phase"] == "trap"
    assert not any(a.startswith("thief") for a in g.legal_actions())
    g.play("keep:diane")
    assert hand(g, 0) == ["diane"]
    for c in ("L40", "L20", "hell_hound", "trap"):
        assert s.cards.index(c) in s.discard
    assert s.stats[0][3] == 1  # traps drawn


def test_thief_discards_the_trap_and_keeps_the_rest():
    g = maker(3)
    set_hand(g, 0, ["rook", "L10", "L20", "L30", "L40"])
    stack_deck(g, ["trap"])
    g.play("move:L10")
    assert g.legal_actions()[0] == "thief:rook"
    g.play("thief:rook")
    s = g.state
    assert hand(g, 0) == sorted(["rook", "L20", "L30", "L40"])
    assert g.view(1)["seats"][0]["known_in_hand"] == ["rook"]
    assert s.cards.index("trap") in s.discard
