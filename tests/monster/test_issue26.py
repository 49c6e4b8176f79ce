"""Issue 26: the Motivator restores items too (R9), passes end with the day (R10), every card has its effect in
words (both languages), card texts that read right, and the dawn told in the story (public information only)."""

from __future__ import annotations

import pytest

from monsterbox.core.i18n import use_language
from monsterbox.games.monster import text
from monsterbox.games.monster.cards import default_cards
from monsterbox.games.monster.effects import CHARACTER_EFFECTS, CRISIS_EFFECTS, LOOT_EFFECTS
from monsterbox.games.monster.help import card_reference, rules_text
from tests.monster.helpers import monster_game, set_hand, set_lair, start_hunt_at

SMALL_LAIRS = ["lair_1", "lair_2", "lair_3", "lair_4"]  # four lairs of 3: the village survives a night


def loot_index(s, loot_id: str) -> int:
    return next(i for i, x in enumerate(s.cards.loot) if x.id == loot_id)


# --- R9: the Motivator -----------------------------------------------------------------------------------------------
def test_r9_the_motivator_restores_another_players_exhausted_loot_item():
    """R9: "restores another player's exhausted character card or exhausted loot item" (MO Definitions, Exhaust)."""
    g = monster_game(3, characters=["motivator", "priest", "scribe"], crises=["raid"], lairs=SMALL_LAIRS)
    s = g.state
    relic = loot_index(s, "holy_relic")
    s.items[1], s.items_used[1] = [relic], [relic]
    start_hunt_at(g, 0)
    assert "ability" in g.legal_actions()  # an exhausted item alone makes the Motivator usable
    g.play("ability")
    assert g.legal_actions() == ["item:holy_relic"]
    g.play("item:holy_relic")
    assert s.items_used[1] == [] and s.items[1] == [relic]
    assert {"type": "restore_item", "seat": 0, "target": 1, "item": "holy_relic"} in g.view(2)["log"]
    assert "item:holy_relic" in legal_of(g, 1)  # seat 1 may use it again today


def legal_of(g, seat):
    s = g.state
    while s.phase != 0 or s.current != seat:  # arm nothing, then on to the seat
        g.play("arm:none" if "arm:none" in g.legal_actions() else "pass")
    return g.legal_actions()


def test_r9_the_motivator_chooses_between_a_character_and_an_item():
    g = monster_game(3, characters=["motivator", "priest", "scribe"], crises=["raid"], lairs=SMALL_LAIRS)
    s = g.state
    relic = loot_index(s, "holy_relic")
    s.items[2], s.items_used[2] = [relic], [relic]
    s.exhausted[1] = True
    s.exhausted[0] = False
    start_hunt_at(g, 0)
    g.play("ability")
    view = g.view(0)
    assert g.legal_actions() == ["item:holy_relic", "player:1"]
    assert text.describe_action(view, "player:1") == "Restore Player 2's Priest"
    assert text.describe_action(view, "item:holy_relic") == "Restore Player 3's Holy Relic"
    g.play("player:1")
    assert not s.exhausted[1] and s.items_used[2] == [relic]


def test_r9_the_motivator_cannot_restore_its_own_item():
    g = monster_game(3, characters=["motivator", "priest", "scribe"], crises=["raid"], lairs=SMALL_LAIRS)
    s = g.state
    relic = loot_index(s, "holy_relic")
    s.items[0], s.items_used[0] = [relic], [relic]
    start_hunt_at(g, 0)
    assert "ability" not in g.legal_actions()


# --- R10: passes end with the day ------------------------------------------------------------------------------------
def test_r10_nobody_is_shown_passed_in_the_next_mornings_crisis():
    """R10: from the next morning's provisioning on, nobody is shown as passed (here: the crisis's discards)."""
    g = monster_game(3, crises=["raid", "lost_supplies_2"], lairs=SMALL_LAIRS)
    s = g.state
    while s.day == 1:
        legal = g.legal_actions()
        g.play("pass" if "pass" in legal else legal[0])
    assert s.day == 2 and g.view(0)["phase"] == "crisis_discard"
    assert [seat["passed"] for seat in g.view(0)["seats"]] == [False, False, False]
    assert s.passed == [False] * 3


# --- card texts ------------------------------------------------------------------------------------------------------
LISTS = ("weapon", "lair", "character", "loot", "crisis")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_card_of_every_list_has_its_effect_in_words(lang):
    cards = default_cards()
    english = {}
    with use_language("en"):
        for what in LISTS:
            for x in entries_of(cards, what):
                english[(what, x.id)] = text.card_text(what, x)
    with use_language(lang):
        reference = card_reference()
        for (what, cid), en in english.items():
            x = card_of(cards, what, cid)
            words = text.card_text(what, x)
            assert words and "special ability" not in words and "capacité spéciale" not in words, (what, cid)
            if lang == "fr":
                assert words != en, f"{what} {cid} is not translated: {words}"
            if what == "character":
                assert words in reference


def entries_of(cards, what):
    return {"weapon": cards.weapons, "lair": cards.lairs, "character": cards.characters, "loot": cards.loot,
            "crisis": cards.crises}[what]


def card_of(cards, what, cid):
    return next(x for x in entries_of(cards, what) if x.id == cid)


def test_every_effect_a_card_file_may_name_has_words():
    """No fallback: a card file may name any effect of the three tables, and each has its own words."""
    params = {"amount": 2, "colour": "black", "weapons": 2, "size": 5, "cap": 10, "cubes": 1}
    for table in (CHARACTER_EFFECTS, LOOT_EFFECTS, CRISIS_EFFECTS):
        for effect in table:
            for kind in (None, "day", "lair"):
                words = text.ability_text(effect, params, None, kind)
                assert words and "special ability" not in words, effect


def test_the_priest_and_the_holy_relic_say_what_they_give():
    cards = default_cards()
    priest = card_of(cards, "character", "priest")
    relic = card_of(cards, "loot", "holy_relic")
    assert text.card_text("character", priest) == "Take a Holy Water from its stack of the bank."
    assert text.card_text("loot", relic).endswith("Take a Stake from its stack of the bank.")
    with use_language("fr"):
        assert "Eau bénite" in text.card_text("character", priest)


def test_broken_card_texts_read_right():
    cards = default_cards()
    uprising = text.card_text("crisis", card_of(cards, "crisis", "uprising"))
    assert uprising == "2 monsters of random kinds join every lair."
    smith = text.card_text("loot", card_of(cards, "loot", "smiths_bounty"))
    assert smith.endswith("gains the reward. Reward: 1 weapon drawn from the deck.")
    iron_skin = text.card_text("crisis", card_of(cards, "crisis", "iron_skin"))
    assert iron_skin == "Today no kill with three weapons." and "here" not in iron_skin
    warded = text.card_text("crisis", card_of(cards, "crisis", "warded_crypt"))
    assert "on this lair" in warded


def test_the_lair_reference_lists_monsters_top_first_as_the_game_shows_them_and_says_so():
    g = monster_game(3, lairs=["lair_26"], crises=["raid"])
    shown = g.view(0)["lairs"][0]["monsters"]  # the table: top first
    line = next(x for x in rules_text().splitlines() if x.startswith("- **Abandoned Farm**"))
    assert line == "- **Abandoned Farm**: " + ", ".join(text.lookup().m(m) for m in shown)
    assert "### Lairs (monsters listed top first, as on the table)" in rules_text()


# --- the dawn --------------------------------------------------------------------------------------------------------
DAWN = ("recovery", "return", "crisis_ends", "infestation", "unstore")


def play_a_day_with_a_kill_and_a_store():
    """Day 1 of a 3-player game: seat 0 kills a Vampire (the lair keeps 2), seat 1 stores a Torch face down and
    seat 2 arms a Net and stores it (seen), seat 2's character was used; then everyone passes."""
    g = monster_game(3, crises=["fog", "raid"], lairs=SMALL_LAIRS)
    s = g.state
    set_lair(g, 0, ["black", "white", "black"])
    set_hand(g, 0, ["stake"])
    set_hand(g, 1, ["net", "torch"])
    set_hand(g, 2, ["net", "holy_water"])
    s.exhausted[2] = True
    lair = s.cards.lair_key_name(s.lair_keys[0])
    start_hunt_at(g, 0)
    g.play(f"kill:{lair}:stake")  # the hand is empty now: no arming
    g.play("store")
    g.play("weapon:net")
    g.play("weapon:torch")
    g.play("discard:holy_water")
    g.play("arm:net")
    g.play("pass")  # seat 0
    g.play("pass")  # seat 1
    s.step += 1
    s.hands[2][0] += 1  # seat 2 has a Stake to discard when storing its armed Net
    s.weapon_deck.remove(0)
    g.play("store")
    g.play("weapon:stake")
    g.play("weapon:net")
    g.play("pass")
    return g, lair


def test_the_dawn_is_told_killed_monsters_return_and_stored_weapons_join_hands():
    g, lair = play_a_day_with_a_kill_and_a_store()
    s = g.state
    assert s.day == 2
    log = g.view(0)["log"]
    dawn = [e for e in log if e["type"] in DAWN]
    assert {"type": "return", "lair": lair, "returned": 1, "monsters": ["black", "white", "black"]} in dawn
    assert {"type": "recovery", "characters": [2], "items": []} in dawn
    assert {"type": "crisis_ends", "crisis": "fog"} in dawn
    assert {"type": "infestation"} in dawn
    # a stored weapon's count is public, its identity only where the table saw it (seat 2's armed Net)
    assert {"type": "unstore", "seat": 1, "count": 1, "weapons": []} in dawn
    assert {"type": "unstore", "seat": 2, "count": 1, "weapons": ["net"]} in dawn
    names = ["Ada", "Bob", "Cy"]
    lines = [text.narrate(e, 0, names) for e in dawn]
    assert "Dawn: the killed monster returns to Crypt, which has 3 monsters again." in lines
    assert "Bob's weapon stored face down joins their hand." in lines
    assert "Cy's weapon stored face down joins their hand (Net, seen when stored)." in lines
    assert "Recovery: Cy's character is ready again." in lines
    assert text.narrate(next(e for e in dawn if e["type"] == "unstore" and e["seat"] == 1), 1, names) == \
        "Your stored weapon joins your hand."
    with use_language("fr"):
        for e in dawn:
            for you in (0, 1, 2, None):
                line = text.narrate(e, you, names)
                assert line and "something happened" not in line and "Dawn" not in line, line


def test_the_dawn_events_hide_what_the_table_did_not_see():
    """The public log at dawn names no face-down stored weapon: every seat and the spectator read the same."""
    g, _lair = play_a_day_with_a_kill_and_a_store()
    for seat in (0, 1, 2):
        dawn = [e for e in g.view(seat)["log"] if e["type"] == "unstore"]
        assert [(e["seat"], e["count"], e["weapons"]) for e in dawn] == [(1, 1, []), (2, 1, ["net"])]
        assert not any(e["weapons"] == ["torch"] for e in dawn)


def test_a_bank_stack_refilled_from_the_discards_is_told():
    """FAQ (the weapons bank exhausted): the weapon taken from the discard pile instead is told, not "(something
    happened)"."""
    from monsterbox.games.monster.mechanics import bank_take

    g = monster_game(3, crises=["raid"], lairs=SMALL_LAIRS)
    s = g.state
    s.step += 1
    s.bank[0] = []
    s.weapon_deck.remove(0)
    s.weapon_discard[:0] = [0]
    s.weapon_discard += [1, 2]  # the top two discards are never taken
    assert bank_take(s, 0) == 0
    event = g.events(None)[-1]
    assert event == {"type": "bank_refill", "stack": "stake"}
    assert text.narrate(event, 0) == ("The Stake stack of the bank is empty: a Stake is taken from the discard pile "
                                      "instead.")
    with use_language("fr"):
        assert "défausse" in text.narrate(event, 0)
