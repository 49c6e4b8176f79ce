"""Issue 12's Monster Maker deviations (each test failed on the engine before the fix)."""

import pytest

import monsterbox
from monsterbox.core.errors import IllegalAction
from monsterbox.core.wording import labelled
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
    from monsterbox.games.maker.rules import phase_summary

    assert "gold_mountain is open" in phase_summary(g.state)


# --- issue 26 (each test failed on the engine before the fix) --------------------------------------------------------
def _battle_world(hand: list[str], seed: int = 0, **options: object) -> monsterbox.Game:
    g = maker(3, seed=seed, dice=[6] * 10, **options)
    place_monster(g, 0, "goblin")
    set_hand(g, 0, hand)
    stack_deck(g, ["L10", "L20", "L30", "L40", "L10", "L20", "L30", "L40"])
    return g


def _public(g: monsterbox.Game) -> list[object]:
    """What the other seats and a spectator see: their views (with their event logs), whose turn, the phase."""
    return [g.view(1), g.view(2), g.spectator_view(), g.to_play, g.state.phase]


def test_the_heal_step_does_not_tell_whether_the_battler_holds_a_cleric():
    """R9: two worlds that differ only in seat 0's fifth card (a Cleric or a Labyrinth 40) look the same to seats
    1 and 2 and to a spectator after the same actions: both battlers get the heal step; without a Cleric only
    ``heal:none`` is offered. (Before: the engine stopped for a heal only when a Cleric was held.)"""
    cleric = _battle_world(["irene", "L10", "L20", "L30", "cleric"])
    none = _battle_world(["irene", "L10", "L20", "L30", "L40"])
    for a in ("battle", "add:irene", "fight"):
        cleric.play(a)
        none.play(a)
        assert _public(cleric) == _public(none), a
    assert cleric.view(1)["phase"] == "heal" and cleric.to_play == 0
    assert cleric.legal_actions() == ["heal:irene", "heal:none"] and none.legal_actions() == ["heal:none"]
    cleric.play("heal:none")
    none.play("heal:none")
    assert _public(cleric) == _public(none) and none.to_play == 1


def test_a_second_heal_is_offered_whether_or_not_a_second_cleric_is_held():
    """R9: after one heal, the step goes on while characters of the battle remain, with or without a Cleric
    left (before: it ended at once when no Cleric was left, telling the table)."""
    two = _battle_world(["irene", "sigurd", "cleric", "cleric", "L10"])
    one = _battle_world(["irene", "sigurd", "cleric", "L10", "L20"])
    for a in ("battle", "add:irene", "add:sigurd", "fight", "heal:irene"):
        two.play(a)
        one.play(a)
        assert _public(two) == _public(one), a
    assert two.legal_actions() == ["heal:sigurd", "heal:none"] and one.legal_actions() == ["heal:none"]
    with pytest.raises(IllegalAction, match="holds no cleric"):
        one.play("heal:sigurd")


def test_the_heal_step_is_skipped_when_the_table_knows_no_cleric_can_be_held():
    """R9: the step is skipped only on public facts: every Cleric lies face up in the discard pile. (A deal whose
    Clerics are all in the draw pile: seed 1 since issue 30's 128-bit generator; seed 0 deals one to seat 1.)"""
    g = _battle_world(["irene", "L10", "L20", "L30", "L40"], seed=1)
    s = g.state
    cleric = s.cards.index("cleric")
    for _ in range(s.cards.count[cleric]):
        s.deck.remove(cleric)
        s.discard.append(cleric)
    for a in ("battle", "add:irene", "fight"):
        g.play(a)
    assert g.to_play == 1 and g.view(1)["phase"] == "turn"


def test_a_player_chooses_which_thief_to_reveal_or_none():
    """R8: "you can reveal it": with two Thieves the player picks one (``thief:<character>``) or keeps one card
    instead (before: a single ``thief`` revealed the first Thief in card-file order)."""
    g = maker(3)
    set_hand(g, 0, ["rook", "vex", "L10", "L20", "L30"])
    stack_deck(g, ["trap"])
    g.play("move:L10")
    legal = g.legal_actions()
    assert legal[:2] == ["thief:rook", "thief:vex"] and "keep:rook" in legal and "thief" not in legal
    declined = g.copy()
    g.play("thief:vex")
    assert g.view(1)["seats"][0]["known_in_hand"] == ["vex"]
    assert {"type": "thief", "seat": 0, "thief": "vex", "traps": 1} in g.events(1)
    declined.play("keep:rook")
    assert declined.view(1)["seats"][0]["known_in_hand"] == [] and declined.state.hand_size[0] == 1


def test_the_small_treasure_room_draw_is_optional():
    """R7: a Small Treasure Room "may" draw a treasure: ``room:no_treasure`` plays it (0 distance, a labyrinth card
    played) without drawing, so a player holding two treasures is not forced into a public drop (before: it always
    drew)."""
    g = maker(3, treasure_deck=["ruby_ring"])
    set_hand(g, 0, ["room", "L10", "L20", "L30", "L40"])
    give_treasure(g, 0, "crown_of_kings")
    give_treasure(g, 0, "holy_sword")
    assert g.legal_actions()[:2] == ["move:L10", "move:L20"]
    assert "room" in g.legal_actions() and "room:no_treasure" in g.legal_actions()
    pile = g.view(0)["treasure_pile"]
    g.play("room:no_treasure")
    v = g.view(1)
    assert g.to_play == 1 and v["phase"] == "turn" and v["treasure_pile"] == pile
    assert len(v["seats"][0]["treasures"]) == 2 and v["seats"][0]["counters"]["labyrinth_played"] == 1
    assert v["seats"][0]["entry_cards"] == ["room"]
    assert {"type": "room_pass", "seat": 0} in g.events(1)
    # drawing is still the player's other choice: a third treasure, then the drop
    g2 = maker(3, treasure_deck=["ruby_ring"])
    set_hand(g2, 0, ["room", "L10", "L20", "L30", "L40"])
    give_treasure(g2, 0, "crown_of_kings")
    give_treasure(g2, 0, "holy_sword")
    g2.play("room")
    assert g2.view(0)["phase"] == "treasure_limit"


def test_no_treasure_room_choice_when_nothing_can_be_drawn():
    """R7 with MM Maximum number: two open treasures draw nothing, so the room is one choice, ``room``."""
    g = maker(3)
    set_hand(g, 0, ["room", "L10", "L20", "L30", "L40"])
    give_treasure(g, 0, "statue_goddess")
    give_treasure(g, 0, "dragon_egg")
    assert "room" in g.legal_actions() and "room:no_treasure" not in g.legal_actions()
    assert g.rules.refusal(g.state, "room:no_treasure").code == "nothing_to_draw"
    with pytest.raises(IllegalAction, match="no treasure can be drawn now"):
        g.play("room:no_treasure")


def test_rules_text_is_true_to_the_rulebook_and_rulings_in_both_languages():
    """Issue 26: ``monsterbox rules maker`` used to give the others "one last turn" (R4: they play on until they
    exit or run out of cards), never said who wins, omitted the chest distance, the hand of 5, the two-treasure
    limit and the options, and said "beat" where the rule is "equal or greater"."""
    from monsterbox.core.i18n import use_language
    from monsterbox.games.maker.help import rules_text

    en = " ".join(rules_text().split())
    assert "one last turn" not in en and " beat " not in en
    for words in ("until they exit or run out of cards", "The highest score wins; tied players share the victory",
                  "equal to or greater than the monster's strength", "a distance of 100", "each player is dealt 5",
                  "draw until you hold 5 cards", "at most 2 treasures", "you may draw a treasure",
                  "you choose which", "80, or 70 with 6 players", "--option rounds=3", "--option rewards=",
                  "--option distance=60", "declining tells nobody whether you hold one"):
        assert words in en, words
    with use_language("fr"):
        fr = " ".join(rules_text().split())
    for words in ("jusqu'à sortir ou n'avoir plus de cartes", "Le meilleur score gagne",
                  "égale ou supérieure à la force du monstre", "une distance de 100", "au plus 2 trésors",
                  "vous choisissez lequel", "--option rounds=3"):
        assert words in fr, words


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_card_reference_states_every_cards_effect_from_the_card_file(lang: str) -> None:
    """Issue 26: every adventure card and treasure of the card file has its line with its effect in words: the
    Diversion, the room, the Trap and the Cleric said nothing before, and a treasure's die-rolled value stayed in
    English."""
    from monsterbox.core.i18n import use_language
    from monsterbox.games.maker.help import card_reference
    from monsterbox.games.maker.text import card_name

    c = default_cards()
    words = {"en": {"strength": "strength {n}", "undead": "undead", "dice": "rolls {d} di", "open": "cannot be "
                    "discarded", "relic": "removes an undead monster", "back": "+{n} to the distance of your way "
                    "back", "bonus": "+{n} in battle", "on": "G on ", "labyrinth": "{n} on your way in or back",
                    "diversion": "discards the monster in your labyrinth", "room": "you may draw a treasure",
                    "trap": "discard down to 1 card, unless you reveal a Thief", "cleric": "remove an undead monster",
                    "thief": "revealed to discard the Traps"},
             "fr": {"strength": "force {n}", "undead": "mort-vivant", "dice": "lance {d} d", "open": "ne peut pas "
                    "être défaussé", "relic": "élimine un mort-vivant", "back": "+{n} à la distance de votre "
                    "retour", "bonus": "+{n} au combat", "on": "G sur ", "labyrinth": "{n} à l'aller ou au retour",
                    "diversion": "défausse le monstre de votre labyrinthe", "room": "pouvez piocher un trésor",
                    "trap": "défaussez jusqu'à garder 1 carte, sauf si vous révélez un Voleur",
                    "cleric": "éliminer un mort-vivant", "thief": "révélé pour défausser les Pièges"}}[lang]
    with use_language(lang):
        lines = card_reference().splitlines()
        names = [card_name(n) for n in c.names]
        tnames = [card_name(t.name) for t in c.treasures]
        heads = ["- " + labelled(f"{name} (x{c.count[i]})", "") for i, name in enumerate(names)]
    for i in range(len(names)):
        line = next(x for x in lines if x.startswith(heads[i]))
        kind = c.describe(i)["type"]
        if kind == "labyrinth":
            assert words["labyrinth"].format(n=c.distance[i]) in line, line
        elif kind == "character":
            assert words["dice"].format(d=c.dice[i]) in line and f"{c.dice[i]}D" in line, line
            assert (words["thief"] in line) == (c.cls[i] == "Thief"), line
        elif kind == "monster":
            assert words["strength"].format(n=c.strength[i]) in line, line
            assert (words["undead"] in line) == c.undead[i], line
        else:
            assert words[kind] in line, line
    for t, name in zip(c.treasures, tnames, strict=True):
        line = next(x for x in lines if x.startswith(f"- {name}, "))
        assert (words["open"] in line) == t.open, line
        assert (words["relic"] in line) == t.undead, line
        assert (words["back"].format(n=t.exit_modifier) in line) == bool(t.exit_modifier), line
        assert (words["bonus"].format(n=t.bonus) in line) == bool(t.bonus), line
        assert (words["on"] in line) == (t.value_by_die is not None), line
