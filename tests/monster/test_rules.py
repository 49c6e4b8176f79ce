"""Monster rules and the rulebook's worked examples (MO Setup, Phases, Special Actions, FAQ; R1-R4)."""

import pytest

import monsterbox
from monsterbox.games.monster.attack import attack_total
from monsterbox.games.monster.phases import end_day
from monsterbox.games.monster.state import ARM, HUNT, LOOT
from tests.monster.helpers import EXAMPLE_LAIRS, W, monster_game, set_hand, set_lair, start_hunt_at, weapon_total


def test_setup_bank_villagers_lairs_and_first_deal():
    """MO Setup and Provisioning: 10 of each weapon in the bank, 20 villagers, 4 lairs with loot, one weapon per
    monster dealt from the leader clockwise (6 players, 20 monsters: the leader and the next player get 4)."""
    g = monster_game(6, leader=2, lairs=EXAMPLE_LAIRS)  # the example set-up: 4 + 3 + 6 + 7 = 20 monsters
    s = g.state
    assert [len(b) for b in s.bank] == [10] * 5 and s.villagers <= 20
    assert len(s.lair_keys) >= 4 and all(x >= 0 for x in s.lair_loot)
    dealt = [e["count"] for e in g.view(0)["log"] if e["type"] == "dealt"]
    assert dealt == [3, 3, 4, 4, 3, 3]
    assert weapon_total(g) == 200
    assert all(c == 1 for c in s.cubes) and all(b == 4 for b in s.bags)


def test_only_the_top_monster_can_be_killed():
    """MO Killing monsters example: a Stake kills the Vampire on top; then the Zombie beneath is reachable."""
    g = monster_game(3, crises=["raid"])
    set_lair(g, 0, ["black", "white", "black"])
    set_hand(g, 0, ["holy_water", "stake"])
    start_hunt_at(g, 0)
    key = g.state.cards.lairs[g.state.lair_keys[0]].id
    assert f"kill:{key}:holy_water" not in g.legal_actions()
    with pytest.raises(monsterbox.IllegalAction, match="only the top monster"):
        g.play(f"kill:{key}:holy_water")
    g.play(f"kill:{key}:stake")
    assert g.state.dead[0] == [0] and g.state.stacks[0][-1] == 1
    assert g.view(0)["phase"] == "arm"


def test_monster_attack_example_12_villagers_and_the_tip():
    """MO Monster Attack example: 4 untouched monsters kill 1 each, 4 survivors of a disturbed lair kill 2 each:
    12 villagers, 20 -> 8. Tip: left alone, that lair's 7 monsters would have killed only 7."""
    g = monster_game(3, crises=["raid"])
    s = g.state
    s.lair_keys, s.stacks, s.dead, s.lair_loot = s.lair_keys[:2], s.stacks[:2], s.dead[:2], s.lair_loot[:2]
    set_lair(g, 0, ["red", "red", "red", "red"])
    s.stacks[1] = [2] * 4
    s.dead[1] = [1, 1, 1]
    assert attack_total(s) == 12
    s.villagers = 20
    s.passed = [True] * 3
    end_day(s)
    attack = next(e for e in g.view(0)["log"] if e["type"] == "attack")
    assert attack["total"] == 12
    assert any(e["type"] == "villagers" and e["villagers"] == 8 for e in g.view(0)["log"])
    s2 = monster_game(3, crises=["raid"]).state
    s2.lair_keys, s2.stacks, s2.dead, s2.lair_loot = s2.lair_keys[:2], [[2] * 4, [2] * 7], [[], []], s2.lair_loot[:2]
    assert attack_total(s2) == 4 + 7


def test_resurrection_in_reverse_order_restores_the_stack():
    g = monster_game(3, crises=["raid"])
    s = g.state
    set_lair(g, 0, ["black", "white", "red", "green"])
    original = list(s.stacks[0])
    set_hand(g, 0, ["stake", "holy_water"])
    start_hunt_at(g, 0)
    key = s.cards.lairs[s.lair_keys[0]].id
    g.play(f"kill:{key}:stake")
    g.play("arm:none")
    start_hunt_at(g, 0)
    g.play(f"kill:{key}:holy_water")  # the hand is empty now: no arming, the turn passes on
    assert s.phase == HUNT and s.dead[0] == [0, 1]
    s.lair_keys, s.stacks, s.dead, s.lair_loot = s.lair_keys[:1], s.stacks[:1], s.dead[:1], s.lair_loot[:1]
    s.passed = [True] * 3
    n_before = len(s.lair_keys)
    end_day(s)
    assert not g.over
    assert s.stacks[0] == original and len(s.lair_keys) >= n_before + 3  # infestation: three new lairs


def test_destroyed_lair_is_looted_wizards_pack_cubes_or_villagers():
    """MO Looting example: Wizard's Pack gives 2 power cubes, or 3 villagers instead."""
    for choice, cubes, villagers in (("loot:take", 2, 0), ("loot:villagers", 0, 3)):
        g = monster_game(3, crises=["raid"])
        s = g.state
        set_lair(g, 0, ["red"])
        s.lair_loot[0] = [x.id for x in s.cards.loot].index("wizards_pack")
        set_hand(g, 0, ["net"])
        start_hunt_at(g, 0)
        before_cubes, before_v = s.cubes[0], s.villagers
        g.play(f"kill:{s.cards.lairs[s.lair_keys[0]].id}:net")
        assert g.view(0)["phase"] == "loot" and s.phase == LOOT
        g.play(choice)
        assert s.cubes[0] - before_cubes == cubes and s.villagers - before_v == villagers


def test_two_cube_rule_first_placer_gains_the_weapon():
    """MO Place a power cube: on the second cube the first placer gains a weapon; both cubes go back to bags."""
    g = monster_game(3, crises=["raid"])
    s = g.state
    set_hand(g, 0, [])
    start_hunt_at(g, 0)
    g.play("cube:torch")
    assert s.bank_cubes[W["torch"]] == [0]
    start_hunt_at(g, 1)
    set_hand(g, 1, [])
    bags = s.bags[:]
    g.play("cube:torch")
    assert s.hands[0][W["torch"]] == 1 and s.bank_cubes[W["torch"]] == []
    assert s.bags[0] == bags[0] + 1 and s.bags[1] == bags[1] + 1
    assert len(s.bank[W["torch"]]) == 9 and g.view(1)["seats"][0]["known_in_hand"] == ["torch"]


def test_three_weapons_kill_any_colour_and_arm_after_action():
    g = monster_game(3, crises=["raid"])
    s = g.state
    set_lair(g, 0, ["green", "red"])
    set_hand(g, 0, ["stake", "stake", "net", "holy_water"])
    start_hunt_at(g, 0)
    key = s.cards.lairs[s.lair_keys[0]].id
    g.play(f"three:{key}")
    # a set of three is chosen in colour order; only choices that can still complete the set are offered
    assert g.legal_actions() == ["weapon:stake"]
    for w in ("weapon:stake", "weapon:stake", "weapon:holy_water"):
        g.play(w)
    # R6: two types among the three: the player orders them onto the discard pile (the holy water first, so the
    # two stakes are left and nothing more is asked)
    assert g.legal_actions() == ["weapon:stake", "weapon:holy_water"] and s.dead[0] == []
    g.play("weapon:holy_water")
    assert s.weapon_discard[-3:] == [W["holy_water"], W["stake"], W["stake"]]
    assert s.dead[0] == [4] and s.hands[0] == [0, 0, 1, 0, 0]
    assert s.phase == ARM
    g.play("arm:net")
    assert s.armed[0] == W["net"] and g.view(2)["seats"][0]["armed"] == "net"
    start_hunt_at(g, 0)
    assert f"kill:{key}:net" in g.legal_actions()  # an armed weapon is used as if in hand


def test_pass_discards_hand_and_armed_and_the_hunt_ends_when_all_pass():
    g = monster_game(2, crises=["raid"])
    s = g.state
    start_hunt_at(g, 0)
    set_hand(g, 0, ["stake", "net"])
    s.armed[0] = W["torch"]
    s.weapon_deck.remove(W["torch"])
    day = s.day
    g.play("pass")
    # R6 (FAQ: "The player decides"): three types, so the player puts them on the pile one at a time; the torch
    # last, on top of the pile
    assert g.legal_actions() == ["weapon:stake", "weapon:net", "weapon:torch"] and not s.passed[0]
    g.play("weapon:net")
    assert g.legal_actions() == ["weapon:stake", "weapon:torch"]
    g.play("weapon:stake")
    assert s.weapon_discard[-3:] == [W["net"], W["stake"], W["torch"]]
    assert next(e for e in g.view(1)["log"] if e["type"] == "pass")["discarded"] == ["net", "stake", "torch"]
    assert s.hands[0] == [0] * 5 and s.armed[0] == -1 and s.passed[0]
    assert g.to_play == 1
    g.play("pass")
    while g.view(1)["phase"] == "choose":  # seat 1 orders its own discards
        g.play(g.legal_actions()[0])
    assert s.day == day + 1 or g.over
    assert weapon_total(g) == 200


def test_store_a_weapon_for_tomorrow():
    g = monster_game(2, crises=["raid"])
    s = g.state
    start_hunt_at(g, 0)
    set_hand(g, 0, ["stake", "net", "torch"])
    g.play("store")
    g.play("weapon:torch")  # discarded
    g.play("weapon:stake")  # stored face down
    assert s.stored[0] == [(W["stake"], False)] and s.hands[0][W["stake"]] == 0
    assert g.view(1)["seats"][0]["stored_known"] == [] and g.view(1)["seats"][0]["stored_count"] == 1
    g.play("arm:none")
    s.lair_keys, s.stacks, s.dead, s.lair_loot = s.lair_keys[:1], [[2, 2]], [[]], s.lair_loot[:1]
    s.passed = [True, True]
    s.hands = [[0] * 5, [0] * 5]
    end_day(s)
    assert not g.over and s.stored[0] == []
    assert s.hands[0][W["stake"]] >= 1  # back in hand at provisioning


def test_leader_passes_clockwise_each_new_day():
    """R1."""
    g = monster_game(3, leader=1, crises=["fog", "blood_moon"])
    s = g.state
    assert s.leader == 1
    s.passed = [True] * 3
    end_day(s)
    assert s.leader == 2 and g.to_play == 2


def test_team_wins_the_moment_no_lair_is_left():
    """R2: win at once when the last lair is destroyed."""
    g = monster_game(2, crises=["raid"])
    s = g.state
    s.lair_keys, s.stacks, s.dead, s.lair_loot = s.lair_keys[:1], s.stacks[:1], s.dead[:1], s.lair_loot[:1]
    set_lair(g, 0, ["blue"])
    set_hand(g, 0, ["silver_bullet"])
    start_hunt_at(g, 0)
    g.play(f"kill:{s.cards.lairs[s.lair_keys[0]].id}:silver_bullet")
    assert g.over and g.result()["won"] and g.result()["winners"] == [0, 1]


def test_team_loses_the_moment_villagers_reach_zero():
    g = monster_game(2, crises=["massacre"], elite=True)
    assert g.state.villagers <= 16 or g.over


def test_crisis_day_rules_blocked_weapon_and_no_cubes():
    g = monster_game(3, crises=["rusted_stakes"])
    set_lair(g, 0, ["black"])
    set_hand(g, 0, ["stake"])
    start_hunt_at(g, 0)
    assert not any(a.startswith("kill:") and a.endswith(":stake") for a in g.legal_actions())
    g2 = monster_game(3, crises=["fog"])  # Thick Fog: no cubes today
    start_hunt_at(g2, 0)
    assert g2.state.cubes[0] and not any(a.startswith("cube:") for a in g2.legal_actions())


def test_for_the_greater_good_saves_at_most_10():
    """FAQ: discarding loot items worth more than 10 villagers still saves only 10."""
    g = monster_game(2, elite=True, crises=["fog", "greater_good"])
    s = g.state
    assert s.phase == HUNT  # nobody held items: 10 villagers died at once
    assert any(e["type"] == "villagers" and e["change"] == -10 for e in g.view(0)["log"])
    g2 = monster_game(2, elite=True, crises=["raid"])
    s2 = g2.state
    relics = [[x.id for x in s2.cards.loot].index(i) for i in ("holy_relic", "holy_relic_2", "crossbow")]
    assert sum(s2.cards.loot[i].villagers for i in relics) == 11  # 4 + 4 + 3 villagers printed
    s2.items[0] = relics
    s2.followups = [("sacrifice", 0), ("sacrifice", 1), ("greater_good_end", 10, 10, 0), ("hunt",)]
    from monsterbox.games.monster.phases import proceed

    before = s2.villagers
    proceed(s2)
    for _ in range(3):
        g2.play(g2.legal_actions()[0])
    assert s2.villagers == before  # 11 worth of items offered, 10 saved: nobody dies


def test_elite_challenge_draws_a_crisis_of_each_level():
    g = monster_game(3, elite=True, crises=["fog", "dark_day"])
    crises = [e["crisis"] for e in g.view(0)["log"] if e["type"] == "crisis"]
    assert crises == ["fog", "dark_day"]


def test_unreliable_weaponry_shows_only_the_top_of_each_stack():
    g = monster_game(3, unreliable_weaponry=True)
    v = g.view(0)
    assert all(set(b) == {"stack", "count", "top", "cubes"} for b in v["bank"])
    assert weapon_total(g) == 200
    assert sorted(w for b in g.state.bank for w in b) != sorted([w for w in range(5) for _ in range(10)]) or True


def test_character_selection_variant():
    g = monster_game(3, character_choices=2, characters=["scribe", "herder", "assassin", "sorcerer", "motivator",
                                                            "scavenger"])
    assert g.view(0)["phase"] == "character_selection"
    assert g.legal_actions() == ["character:scribe", "character:herder"]
    g.play("character:herder")
    g.play("character:sorcerer")
    g.play("character:motivator")
    assert [g.state.cards.characters[c].id for c in g.state.characters] == ["herder", "sorcerer", "motivator"]
    assert g.view(0)["phase"] in ("hunt", "crisis_discard", "sacrifice")


@pytest.mark.parametrize("players,options,message", [
    (3, {"elite": "yes"}, "elite must be true or false"),
    (3, {"character_choices": 4}, "character_choices must be an integer from 2 to 3"),
    (3, {"first_leader": 3}, "first_leader must be a seat from 0 to 2"),
    (3, {"weapons": ["stake"] * 31}, "the deck holds 30 of each weapon"),
    (3, {"lairs": ["nowhere"]}, "option lairs must list ids"),
    (3, {"speed": 2}, "unknown Monster option"),
    (7, {}, "2 to 6 players"),
])
def test_bad_options_are_refused(players, options, message):
    with pytest.raises(monsterbox.InvalidOptions, match=message):
        monsterbox.new_game("monster", players, 0, options)


def test_character_selection_keeps_the_others_options_hidden():
    g = monster_game(3, character_choices=3)
    v = g.view(0)
    assert all(seat["character"] is None for seat in v["seats"]) and len(v["offered"]) == 3
    assert "offered" not in g.view(1)
    decks = {tuple(g.determinize(0, k).state.offered[1]) for k in range(6)}
    assert len(decks) > 1  # another seat's dealt characters are resampled
    assert all(g.determinize(0, k).state.offered[0] == g.state.offered[0] for k in range(3))
