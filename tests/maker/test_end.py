"""Treasures, exiting, the end phase and the victory judgment (MM Treasure Card, End of Game, Victory Judgment;
R1, R2, R4), with the rulebook's four judgments."""

import pytest

import monsterbox
from monsterbox.games.maker.judgment import judge
from monsterbox.games.maker.state import ENTERING, EXITING
from tests.maker.helpers import give_treasure, maker, place_monster, set_hand, stack_deck


def at_chest(g, seat, entry=100, exit_d=0):
    s = g.state
    s.entry[seat], s.exit_d[seat], s.stage[seat], s.entered[seat] = entry, exit_d, 1, True
    s.step += 1


def test_reaching_the_chest_draws_a_treasure_and_turns_back():
    """R1: the card that reaches 100 counts only for entering."""
    g = maker(3, treasure_deck=["crown_of_kings"])
    s = g.state
    s.entry[0], s.entered[0] = 80, True
    set_hand(g, 0, ["L30", "L10", "L20", "L40", "room"])
    g.play("move:L30")
    assert (s.entry[0], s.exit_d[0], s.stage[0]) == (110, 0, 1)
    assert [s.cards.treasures[t].id for t in s.treasures[0]] == ["crown_of_kings"]
    assert g.view(0)["seats"][0]["exit_needed"] == 110


def test_exit_needs_entry_plus_return_modifiers_and_first_exit_starts_end_phase():
    g = maker(3)
    at_chest(g, 0, entry=100, exit_d=70)
    give_treasure(g, 0, "gold_mountain")  # +10 to the way back (open)
    set_hand(g, 0, ["L30", "L40", "L10", "L20", "room"])
    g.play("move:L30")
    s = g.state
    assert s.stage[0] == 1 and s.exit_d[0] == 100  # 100 < 110: not out yet
    g.play("discard")
    g.play("done")  # seat 1
    g.play("discard")
    g.play("done")  # seat 2
    g.play("move:L10")
    assert s.stage[0] == 2 and s.first_exit == 0 and s.end_phase
    # R2: the exited player takes no more turns and cannot be given a monster
    assert g.to_play == 1
    set_hand(g, 1, ["goblin", "L10"])
    assert not any(a.endswith(":0") for a in g.legal_actions())


def test_end_phase_no_refresh_and_forced_discard():
    g = maker(3)
    s = g.state
    s.end_phase, s.first_exit, s.stage[2] = True, 2, 2
    place_monster(g, 0, "dragon")
    set_hand(g, 0, ["L10", "L20"])
    g.play("discard")
    assert "done" not in g.legal_actions()  # at least one card must go
    g.play("discard:L10")
    g.play("done")
    assert s.hand_size[0] == 1  # no refresh in the end phase
    assert g.to_play == 1


def test_game_ends_when_nobody_can_act():
    """R4: in the end phase, players with no cards are skipped; when no one can act the game ends."""
    g = maker(3)
    s = g.state
    s.end_phase, s.first_exit, s.stage[2] = True, 2, 2
    set_hand(g, 0, ["wyvern"])
    set_hand(g, 1, [])
    g.play("discard")
    g.play("discard:wyvern")
    assert g.over and g.result()["winners"]


def test_third_treasure_must_be_dropped_but_not_an_open_one():
    g = maker(3, treasure_deck=["ruby_ring"])
    give_treasure(g, 0, "gold_mountain")
    give_treasure(g, 0, "pearl_necklace")
    set_hand(g, 0, ["room", "L10", "L20", "L30", "L40"])
    g.play("room")
    assert g.legal_actions() == ["drop:pearl_necklace", "drop:ruby_ring"]
    g.play("drop:pearl_necklace")
    s = g.state
    assert sorted(s.cards.treasures[t].id for t in s.treasures[0]) == ["gold_mountain", "ruby_ring"]
    assert s.stats[0][4] == 1
    assert g.view(1)["treasure_discards"] == ["pearl_necklace"]


def test_two_open_treasures_block_any_new_treasure():
    g = maker(3)
    give_treasure(g, 0, "gold_mountain")
    give_treasure(g, 0, "brave_statue")
    set_hand(g, 0, ["room", "L10", "L20", "L30", "L40"])
    n = len(g.state.treasure_deck)
    g.play("room")
    assert len(g.state.treasures[0]) == 2 and len(g.state.treasure_deck) == n


def four_players_judged(dice):
    """The rulebook's judgment: Silver, Nine, First, Moon (seats 0-3)."""
    g = maker(4, dice=dice)
    s = g.state
    give_treasure(g, 0, "crown_of_kings")
    at_chest(g, 0, 100, 100)
    s.stage[0], s.first_exit = 2, 0
    give_treasure(g, 1, "holy_sword")
    give_treasure(g, 1, "ancient_talisman")
    at_chest(g, 1, 100, 110)
    s.stage[1] = 2
    give_treasure(g, 2, "statue_goddess")
    give_treasure(g, 2, "mysterious_map")
    at_chest(g, 2, 110, 100)
    give_treasure(g, 3, "gold_mountain")
    give_treasure(g, 3, "mithril_armor")
    at_chest(g, 3, 100, 80)
    judge(s)
    return g


def test_victory_judgment_worked_examples():
    """Silver 300 + 100 = 400; Nine 300 + 150 - 20 = 430; First 300 (die 2) + 320 (3D = 16) - 100 = 520;
    Moon 300 + 250 - 300 (30 short, the Mountain of Gold Coins adding 10) = 250. First wins."""
    g = four_players_judged(dice=[2, 6, 6, 4])
    r = g.result()
    assert r["scores"] == [400, 430, 520, 250]
    assert r["winners"] == [2]
    detail = r["rounds"][0]["detail"]
    assert detail[2]["treasures"] == [{"id": "statue_goddess", "value": 300, "dice": [2]},
                                      {"id": "mysterious_map", "value": 320, "dice": [6, 6, 4]}]
    assert detail[3]["penalty"] == 300 and detail[1]["penalty"] == 20 and detail[0]["exit_bonus"] == 100


def test_score_floor_zero_never_reached_chest_and_shared_victory():
    g = maker(3)
    s = g.state
    give_treasure(g, 0, "ruby_ring")
    at_chest(g, 0, 100, 0)  # 100 short: 150 - 1000 -> 0
    give_treasure(g, 1, "crown_of_kings")  # never reached the chest: 0 whatever it holds
    judge(s)
    assert g.result()["scores"] == [0, 0, 0] and g.result()["winners"] == [0, 1, 2]


@pytest.mark.parametrize("seat2_stage,seat2_score", [(EXITING, 100), (ENTERING, 0)])
def test_reward_rule_adds_100_for_each_most(seat2_stage, seat2_score):
    """MM Reward rule; R6: a player who has not started to exit scores nothing, rewards included (it used to get
    100 for the most traps drawn)."""
    g = maker(3, rewards=["monsters_defeated", "traps_drawn"])
    s = g.state
    s.stage = [EXITING, EXITING, seat2_stage]
    s.stats[0][0], s.stats[1][0] = 3, 3
    s.stats[2][3] = 1
    judge(s)
    assert g.result()["scores"] == [100, 100, seat2_score]
    assert g.result()["rounds"][0]["detail"][2]["rewards"] == (["traps_drawn"] if seat2_score else [])


def test_three_round_rule_sums_scores():
    g = monsterbox.new_game("maker", 3, 4, {"rounds": 3})
    import random

    r = random.Random(1)
    while not g.over:
        acts = g.legal_actions()
        g.play(acts[r.randrange(len(acts))])
    res = g.result()
    assert len(res["rounds"]) == 3
    assert res["scores"] == [sum(rd["scores"][p] for rd in res["rounds"]) for p in range(3)]
    assert [e["round"] for e in g.events(0) if e["type"] == "round"] == [1, 2, 3]


def test_battle_before_the_chest_then_exit_story():
    g = maker(2, dice=[6, 6, 6])
    place_monster(g, 0, "goblin")
    set_hand(g, 0, ["irene", "L10", "L20", "L30", "L40"])
    stack_deck(g, ["L10"])
    for a in ("battle", "add:irene", "fight"):
        g.play(a)
    assert g.state.monster[0] == -1 and g.state.stats[0][0] == 1
    with pytest.raises(monsterbox.IllegalAction):
        g.play("fight")


def test_a_revealed_treasure_can_be_discarded_but_not_an_open_one():
    """MM Treasure Card: once revealed a treasure can be discarded; open ones cannot (P19: during a discard)."""
    g = maker(3)
    give_treasure(g, 0, "thunder_spear", face_up=True)
    give_treasure(g, 0, "gold_mountain")  # open
    set_hand(g, 0, ["L10", "L20", "L30", "L40", "room"])
    g.play("discard")
    legal = g.legal_actions()
    assert "drop:thunder_spear" in legal and "drop:gold_mountain" not in legal
    g.play("drop:thunder_spear")
    s = g.state
    assert [s.cards.treasures[t].id for t in s.treasures[0]] == ["gold_mountain"] and g.to_play == 0
    assert s.stats[0][4] == 1
    g.play("done")
    assert g.to_play == 1
