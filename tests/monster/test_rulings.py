"""Rulings Monster 5-8 (shared/RULINGS.md) and the deviations the rulebook audit found (issue 12)."""

from collections import Counter

import pytest

import monsterbox
from monsterbox.games.monster.cards import COLOURS, default_cards
from monsterbox.games.monster.provisioning import spawn_lair
from tests.monster.helpers import EXAMPLE_LAIRS, W, monster_game, set_hand, set_lair, start_hunt_at


def loot_index(g, loot_id):
    return [x.id for x in g.state.cards.loot].index(loot_id)


def lair_id(g, i):
    return g.state.cards.lair_key_name(g.state.lair_keys[i])


def settle(g, until):
    """Play on with neutral choices (no arming, take the loot, first discard order, pass) until ``until(g)``."""
    while not until(g) and not g.over:
        phase = g.view(g.to_play)["phase"]
        legal = g.legal_actions()
        if phase == "arm":
            g.play("arm:none")
        elif phase == "loot":
            g.play("loot:take")
        elif phase == "hunt":
            g.play("pass")
        else:
            g.play(legal[0])


# --- the Bag of Holding (and every face-down weapon) stays out of the public log ----------------------------------
def bag_game(stored, armed=None):
    g = monster_game(3, crises=["raid"])
    s = g.state
    bag = loot_index(g, "bag_of_holding")
    for pile in (s.loot_deck, s.loot_discard):
        if bag in pile:
            pile.remove(bag)
    s.lair_loot = [-1 if x == bag else x for x in s.lair_loot]
    s.items[0] = [bag]
    set_hand(g, 0, ["stake", "net"])
    if armed:
        s.weapon_deck.remove(W[armed])
        s.armed[0] = W[armed]
    start_hunt_at(g, 0)
    g.play("item:bag_of_holding")
    g.play(f"weapon:{stored}")
    return g


def test_the_bag_of_holding_stores_face_down_without_telling_the_table():
    """MO Store a weapon: "Place the stored weapon card face down ... without revealing it". The log showed it
    (``choices=[1]``)."""
    a, b = bag_game("stake"), bag_game("net")
    for seat in (1, 2):
        assert a.view(seat) == b.view(seat)  # the table cannot tell which weapon went face down
        effect = next(e for e in a.view(seat)["log"] if e["type"] == "effect")
        assert effect["effect"] == "store_free" and effect["choices"] == [None]
        assert a.view(seat)["seats"][0]["stored_known"] == [] and a.view(seat)["seats"][0]["stored_count"] == 1
    assert a.view(0)["seats"][0]["stored_known"] == ["stake"]  # the owner knows
    shown = bag_game("torch", armed="torch")  # an armed weapon was seen by all: storing it shows it
    assert shown.view(1)["seats"][0]["stored_known"] == ["torch"]
    assert next(e for e in shown.view(1)["log"] if e["type"] == "store")["stored"] == "torch"


# --- R6: the player orders several discards -----------------------------------------------------------------------
def test_r6_a_passing_player_can_leave_the_stake_on_top_for_the_scavenger():
    """FAQ: "If a player discards multiple weapons at once ... The player decides. This can matter because of the
    Scavenger character's ability to recover the top weapon from the discard pile." The engine discarded in colour
    order (a Net ended on top)."""
    g = monster_game(3, crises=["raid"], characters=["scribe", "scavenger", "herder"])
    s = g.state
    set_hand(g, 0, ["stake", "net", "holy_water"])
    start_hunt_at(g, 0)
    g.play("pass")
    assert g.legal_actions() == ["weapon:stake", "weapon:holy_water", "weapon:net"]
    assert "discard" in g.view(1)["choosing"]["slots"][0] and g.view(1)["choosing"]["chosen"] == []
    g.play("weapon:net")
    g.play("weapon:holy_water")  # the stake is left: it goes last, on top, without being asked
    assert s.weapon_discard[-3:] == [W["net"], W["holy_water"], W["stake"]] and s.passed[0]
    assert g.to_play == 1 and "ability" in g.legal_actions()
    g.play("ability")
    assert s.hands[1][W["stake"]] >= 1 and W["stake"] in s.known[1]
    assert [e for e in g.view(2)["log"] if e["type"] == "scavenge"][-1]["weapon"] == "stake"


def test_r6_no_question_when_the_discards_are_all_of_one_type():
    g = monster_game(3, crises=["raid"])
    s = g.state
    set_hand(g, 0, ["stake", "stake"])
    s.weapon_deck.remove(W["stake"])
    s.armed[0] = W["stake"]
    start_hunt_at(g, 0)
    g.play("pass")
    assert s.passed[0] and g.to_play == 1 and s.weapon_discard[-3:] == [W["stake"]] * 3


def test_r6_the_ranger_orders_its_two_weapons():
    g = monster_game(3, crises=["raid"], characters=["ranger", "scribe", "herder"])
    s = g.state
    set_lair(g, 0, ["green", "red"])
    set_hand(g, 0, ["stake", "net"])
    start_hunt_at(g, 0)
    g.play("ability")
    g.play(f"lair:{lair_id(g, 0)}")
    g.play("weapon:stake")
    g.play("weapon:net")
    assert g.legal_actions() == ["weapon:stake", "weapon:net"] and s.dead[0] == []
    g.play("weapon:net")
    assert s.weapon_discard[-2:] == [W["net"], W["stake"]] and s.dead[0] == [W["torch"]]


# --- R7: the crisis deck is chosen at set-up ----------------------------------------------------------------------
def first_crises(g):
    return [g.state.cards.crises[c] for _, e in g.state.log if e[0] == "crisis" for c in [e[1]]]


@pytest.mark.parametrize("options,levels", [({}, [1]), ({"crisis_level": 1}, [1]), ({"crisis_level": 2}, [2]),
                                            ({"elite": True}, [1, 2]), ({"elite": True, "crisis_level": 2}, [1, 2])])
def test_r7_crisis_level_picks_the_deck(options, levels):
    """MO Crisis: "We recommend using the Level 1 crisis deck for your first game"; the elite challenge resolves a
    Level 1 card, then a Level 2 card."""
    for seed in range(6):
        g = monster_game(3, seed=seed, **options)
        assert [c.level for c in first_crises(g)] == levels
        assert g.view(0)["crisis_level"] == options.get("crisis_level", 1)


def test_r7_scripting_a_crisis_of_the_other_deck_is_refused():
    """Scripting a Level 2 crisis in a Level 1 game was silently ignored (a Level 1 card was drawn)."""
    with pytest.raises(monsterbox.InvalidOptions, match="'massacre' is a Level 2 crisis .* crisis_level=2"):
        monster_game(3, crises=["massacre"])
    with pytest.raises(monsterbox.InvalidOptions, match="'raid' is a Level 1 crisis"):
        monster_game(3, crises=["raid"], crisis_level=2)
    with pytest.raises(monsterbox.InvalidOptions, match="crisis_level must be 1 or 2"):
        monster_game(3, crisis_level=3)
    g = monster_game(3, crises=["massacre"], crisis_level=2)
    assert [c.id for c in first_crises(g)] == ["massacre"] and g.state.villagers == 20 - 5


# --- R8: a weapon gained after passing stays known ----------------------------------------------------------------
def test_r8_a_weapon_gained_after_passing_stays_known_through_the_night():
    """Seat 0 places the first cube on the Torch stack and passes; seat 1 places the second: seat 0 gains a Torch
    face up. After the night everyone still knows it (determinizations gave seat 0 0-5 Torches)."""
    g = monster_game(3, crises=["raid", "raid_2"])
    s = g.state
    s.villagers = 200
    set_hand(g, 0, [])
    start_hunt_at(g, 0)
    g.play("cube:torch")
    start_hunt_at(g, 0)
    g.play("pass")
    start_hunt_at(g, 1)
    g.play("cube:torch")
    assert s.passed[0] and s.hands[0][W["torch"]] == 1
    settle(g, lambda g: g.state.day == 2)
    assert s.day == 2 and s.hands[0][W["torch"]] >= 1
    assert g.view(1)["seats"][0]["known_in_hand"] == ["torch"]
    for k in range(12):
        assert g.determinize(1, k).state.hands[0][W["torch"]] >= 1


# --- a lair with no loot, the 6-player character selection --------------------------------------------------------
def test_a_lair_spawned_without_loot_opens_no_loot_decision():
    g = monster_game(3, crises=["raid"])
    s = g.state
    s.loot_deck.clear()
    s.loot_discard.clear()
    spawn_lair(s)
    i = len(s.lair_keys) - 1
    assert s.lair_loot[i] == -1 and g.view(0)["lairs"][i]["loot"] is None
    set_lair(g, i, ["red"])
    set_hand(g, 0, ["net"])
    start_hunt_at(g, 0)
    g.play(f"kill:{lair_id(g, i)}:net")
    assert g.view(0)["phase"] == "hunt" and g.to_play == 1
    assert [e for e in g.view(1)["log"] if e["type"] == "destroyed"][-1]["loot"] is None


def test_six_players_cannot_use_character_selection_and_are_told_why():
    """The refusal said "must be an integer from 2 to 1"."""
    with pytest.raises(monsterbox.InvalidOptions) as err:
        monster_game(6, character_choices=2)
    assert "too few for 6 players" in str(err.value) and "2 to 5 players" in str(err.value)
    assert "from 2 to 1" not in str(err.value)
    monster_game(5, character_choices=2)  # 10 characters: 2 each for 5 players


# --- R5: the reconstruction makes every rulebook example possible -------------------------------------------------
def test_r5_the_card_file_holds_the_rulebook_examples():
    c = default_cards()
    lairs = {x.id: x.monsters for x in c.lairs}
    sizes = [len(lairs[i]) for i in EXAMPLE_LAIRS]
    assert sizes == [4, 3, 6, 7] and sum(sizes) == 20  # the example set-up: 20 monsters in 4 lairs
    assert lairs[EXAMPLE_LAIRS[1]] == ["black", "white", "black"]  # Vampire-Zombie-Vampire, a normal lair
    assert lairs[EXAMPLE_LAIRS[0]][0] == lairs[EXAMPLE_LAIRS[2]][0] == "red"  # Goblins on top of lairs 1 and 3
    assert max(len(m) for m in lairs.values()) >= 7  # the attack example's lair of 7
    total = sum(len(m) for m in lairs.values())
    assert total / len(lairs) == 5  # docs/rules/monster.md: a mean of 5, as in the example set-up
    counts = Counter(m for ms in lairs.values() for m in ms)
    assert set(counts) == set(COLOURS) and max(counts.values()) - min(counts.values()) <= 2
    assert all("monsters" in x.reconstructed for x in c.lairs)
    assert all("monsters" in x.reconstructed for x in c.crises if x.kind == "lair")


def test_r5_the_rulebook_examples_play_out_with_the_card_file():
    """MO Provisioning, Killing monsters, Destroying Lairs and Monster Attack, one game: 6 players, the example
    set-up (20 monsters: the leader and the next player get 4 weapons, the others 3); a Stake, a Holy Water and a
    Stake destroy the Vampire-Zombie-Vampire lair (the second player could have netted a Goblin in lair 1 or 3);
    the team destroys lairs 2 and 3 and kills three monsters of lair 4; at the attack 4 monsters kill 1 each and the
    4 survivors of the disturbed lair 2 each: 12 villagers, 20 -> 8."""
    g = monster_game(6, leader=0, crises=["fog"], lairs=EXAMPLE_LAIRS)
    s = g.state
    assert [e["count"] for e in g.view(0)["log"] if e["type"] == "dealt"] == [4, 4, 3, 3, 3, 3]
    s.lair_loot = [loot_index(g, "wizards_pack")] * 4
    keys = [lair_id(g, i) for i in range(4)]
    set_hand(g, 0, ["stake"])
    set_hand(g, 1, ["holy_water", "net"])
    set_hand(g, 2, ["stake"])
    g.play(f"kill:{keys[1]}:stake")
    assert g.to_play == 1
    assert {f"kill:{keys[0]}:net", f"kill:{keys[2]}:net", f"kill:{keys[1]}:holy_water"} <= set(g.legal_actions())
    g.play(f"kill:{keys[1]}:holy_water")
    g.play("arm:none")
    g.play(f"kill:{keys[1]}:stake")
    assert g.view(0)["phase"] == "loot" and keys[1] not in [x["lair"] for x in g.view(0)["lairs"]]
    g.play("loot:take")
    third = [COLOURS[c] for c in reversed(s.stacks[1])]  # lair 3 is now the second on the table
    fourth = [COLOURS[c] for c in reversed(s.stacks[2])]
    names = {v: k for k, v in W.items()}
    set_hand(g, 3, [names[COLOURS.index(m)] for m in third + fourth[:3]])
    for m in third:
        start_hunt_at(g, 3)
        g.play(f"kill:{keys[2]}:{names[COLOURS.index(m)]}")
        settle(g, lambda g: g.view(0)["phase"] == "hunt")
    for m in fourth[:3]:
        start_hunt_at(g, 3)
        g.play(f"kill:{keys[3]}:{names[COLOURS.index(m)]}")
        settle(g, lambda g: g.view(0)["phase"] == "hunt")
    assert [len(x) for x in s.stacks] == [4, 4] and s.villagers == 20
    settle(g, lambda g: any(e["type"] == "attack" for e in g.view(0)["log"]))
    attack = next(e for e in g.view(0)["log"] if e["type"] == "attack")
    assert [(x["monsters"], x["each_kills"]) for x in attack["lairs"]] == [(4, 1), (4, 2)]
    assert attack["total"] == 12
    assert next(e for e in g.view(0)["log"] if e["type"] == "villagers" and e["why"] == "monster attack"
                )["villagers"] == 8
