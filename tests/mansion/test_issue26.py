"""Issue 26, Monster Mansion: the payment step reveals nothing hidden (RULINGS Mansion 8), dominated payments with
Make Up and Props (Mansion 6), tickets in the views and in words (Mansion 7), every card's effect in words. Each
test failed on the engine before the fix."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import monsterbox
from monsterbox.core.i18n import use_language
from monsterbox.games.mansion import casting as C
from monsterbox.games.mansion.cards import default_cards
from monsterbox.games.mansion.help import card_reference, rules_text
from monsterbox.games.mansion.state import CAST, PAY, copy_state
from monsterbox.games.mansion.text import (
    actor_rule,
    card_name,
    chamber_rule,
    colour,
    describe_action,
    menu_group,
    narrate,
    reward_rule,
)
from tests.mansion.helpers import give_chamber, give_skulls, set_audition
from tests.mansion.test_rulings import casting_turn


# --- Mansion 8: the payment step is public ---------------------------------------------------------------------------
def swamp_world(skull: str):
    """The issue's example: seat 0 holds red + yellow (public) and one hidden Swamp Thing skull of colour ``skull``,
    and The Ghost (ghost_1: red + yellow) is in the audition."""
    g = casting_turn(["red", "yellow"])
    set_audition(g, ["ghost_1", "dracula_1", "dracula_4"])
    give_skulls(g, 0, [skull], public=False)
    return g


def public_steps(g, watchers=(1, 2)):
    """What the other seats see: their views, whose turn it is and the phase."""
    return [g.view(q) for q in watchers], g.to_play, g.view(1)["phase"]


@pytest.mark.parametrize("other", ["blue", "red", "green", "yellow"])
def test_swamp_skull_colour_does_not_decide_whether_a_payment_is_asked(other):
    """RULINGS Mansion 8, the issue's example: with a grey Swamp skull the Ghost has three payments and a payment
    phase opened; with a blue one, a single payment was made at once: the other seats saw the difference. Now both
    worlds open the payment phase (the real payments offered: one in the blue world), and after the same actions
    the other seats' views, ``to_play`` and the phase are identical."""
    grey, coloured = swamp_world("grey"), swamp_world(other)
    assert public_steps(grey) == public_steps(coloured)
    for g in (grey, coloured):
        g.play("cast:ghost_1")
    assert public_steps(grey) == public_steps(coloured)
    assert grey.view(1)["phase"] == "payment" and grey.to_play == 0
    assert grey.legal_actions() == ["pay:red+yellow", "pay:red+grey", "pay:yellow+grey"]
    assert coloured.legal_actions() == ["pay:red+yellow"]  # the real options, even if only one
    for g in (grey, coloured):
        g.play("pay:red+yellow")
    assert public_steps(grey) == public_steps(coloured)
    assert [e for e in grey.events(1)] == [e for e in coloured.events(1)]


def test_without_hidden_skulls_a_single_payment_is_made_at_once():
    """The public screen is the whole screen: one payment, no payment step (as before)."""
    g = swamp_world("grey")
    s = g.state
    s.hidden_skulls[0] = 0
    s.public_screens[0] = s.screens[0][:]
    s.screens[0][4] = s.public_screens[0][4] = 0
    s.bag[4] += 1
    s.step += 1
    g.play("cast:ghost_1")
    assert g.view(1)["phase"] == "casting" and s.screens[0] == [0, 0, 0, 0, 0]


@pytest.mark.parametrize("seed", range(6))
def test_payment_steps_never_depend_on_hidden_skulls(seed):
    """Random casting turns with hidden skulls: whether a purchase asks for a payment is the same in every world
    the other seats cannot tell apart (the hidden skulls recoloured), for every purchase the acting seat can make
    in both."""
    rng = random.Random(seed)
    checked = 0
    for _ in range(40):
        g = casting_turn([rng.choice(["blue", "red", "green", "yellow", "grey"]) for _ in range(rng.randrange(1, 5))],
                         chambers=rng.sample(["make_up_1", "make_up_4", "props_1", "costume_1"], rng.randrange(3)))
        set_audition(g, rng.sample([a.id for a in g.state.cards.actors if not a.removed_for_3_players
                                    and a.id not in ("dracula_2", "dracula_3")], 4))
        hidden = [rng.choice(["blue", "red", "green", "yellow", "grey"]) for _ in range(rng.randrange(1, 3))]
        other = [rng.choice(["blue", "red", "green", "yellow", "grey"]) for _ in hidden]
        worlds = []
        for colours in (hidden, other):
            w = casting_turn([], chambers=())
            w.state = copy_state(g.state)
            give_skulls(w, 0, colours, public=False)
            worlds.append(w)
        common = [a for a in worlds[0].legal_actions() if a in worlds[1].legal_actions() and a != "end"]
        for a in common:
            pair = [monsterbox.new_game("mansion", 3, 0) for _ in worlds]
            for w, copy in zip(worlds, pair, strict=True):
                copy.state = copy_state(w.state)
                copy.play(a)
            assert copy.state.phase in (CAST, PAY)
            assert pair[0].state.phase == pair[1].state.phase, (a, hidden, other)
            checked += 1
    assert checked > 100


# --- Mansion 6: dominated payments with Make Up and Props -----------------------------------------------------------
def test_a_props_payment_holding_a_make_up_payment_is_not_offered():
    """RULINGS Mansion 6, the issue's example: Make Up (blue/yellow) and Props, holding blue, yellow, yellow, green;
    The Ghost costing yellow + blue was offered {yellow, yellow} (Make Up) and {green, yellow, yellow} (Props),
    which spends every skull of the first and a green more."""
    g = casting_turn(["blue", "yellow", "yellow", "green"], chambers=["make_up_4", "props_1"])
    set_audition(g, ["ghost_4", "dracula_1", "dracula_4"])
    g.state.step += 1
    g.play("cast:ghost_4")
    assert g.legal_actions() == ["pay:blue+yellow", "pay:yellow+yellow"]


def offered(g):
    """The payments offered at a position: the ``pay:`` actions, else every purchase's payments."""
    s = g.state
    if s.phase == PAY:
        return [C.payment_options(s, s.current, *s.pending)]
    p = s.current
    return [C.payments(s, p, s.cards.acost[a]) for a in s.audition + s.reserved[p]]


@pytest.mark.parametrize("seed", range(4))
def test_no_offered_payment_spends_another_and_more(seed):
    """Property over random games where every seat has Make Up and Props from the start: no payment offered spends
    every skull of another offered payment (its multiset of skulls contains the other's)."""
    rng = random.Random(seed)
    g = monsterbox.new_game("mansion", 3, seed, {"first_player": 0})
    for p, make_up in enumerate(rng.sample(["make_up_1", "make_up_2", "make_up_3", "make_up_4"], 3)):
        give_chamber(g, p, make_up)
        give_chamber(g, p, f"props_{p + 1}")
    checked = 0
    while not g.over:
        if g.state.phase in (CAST, PAY):
            for options in offered(g):
                for q in options:
                    for r in options:
                        assert r == q or not all(a <= b for a, b in zip(r, q, strict=True)), (r, q)
                checked += len(options) > 1
        acts = g.legal_actions()
        g.play(acts[rng.randrange(len(acts))])
    assert checked > 10


# --- Mansion 7: tickets in the docs and the views --------------------------------------------------------------------
ROOT = Path(__file__).resolve().parents[2]


def test_docs_and_views_agree_on_tickets():
    """RULINGS Mansion 7 hides "tickets' worth in skulls, skulls held, and the colour of a Swamp Thing's skull", not
    the number of tickets: every ticket movement is public, and every view shows every seat's ``ticket_count``. The
    docs (the rulings page, the view module, the help) said tickets were hidden in views."""
    g = casting_turn(["blue"])
    for q in range(3):
        assert [seat["ticket_count"] for seat in g.view(q)["seats"][:3]] == g.state.tickets
    rulings = (ROOT / "docs/rules/mansion.md").read_text()
    p12 = next(line for line in rulings.splitlines() if line.startswith("| P12 |"))
    assert "Hidden in views" not in p12 and "ticket_count" in p12 and "every ticket movement is public" in p12
    assert "| R7 |" in rulings and "| R8 |" in rulings
    import monsterbox.games.mansion.view as view_module

    doc = view_module.__doc__ or ""
    assert "(skulls and tickets)" not in doc and "ticket_count" in doc and "every ticket movement is public" in doc
    architecture = (ROOT / "docs/architecture.md").read_text()
    mansion_part = architecture[architecture.index("## Monster Mansion specifics"):]
    assert "ticket_count" in mansion_part[:mansion_part.index("\n## ")]
    assert "every ticket movement is public" in rules_text()
    with use_language("fr"):
        assert "chaque mouvement de billets est public" in rules_text()


# --- tickets worded the way they move -------------------------------------------------------------------------------
def costume_turn():
    """Seat 0 with Costume, two blue skulls on the discard tile."""
    g = casting_turn(["blue", "red"], chambers=["costume_1"])
    s = g.state
    s.bag[0] -= 2
    s.skull_discard[0] += 2
    s.step += 1
    return g


def test_ticket_movements_are_worded_the_way_tickets_move():
    """MM Costume: "Take 3 or 5 Tickets from the Reserve in order to take 1 or 2 Skulls": the count goes up (here
    38 -> 43 would read "give back 5 tickets" and "pay 5 tickets"); MM Turn Order: a tile's tickets are picked up,
    tile 1 gives the most. In English and French, the story, the choices and the rules say which way tickets go."""
    g = costume_turn()
    v = g.view(0)
    before = g.state.tickets[0]
    with use_language("en"):
        choice = describe_action(v, "costume:blue+blue")
        assert choice == "Costume: take 2 blue skulls for 5 more tickets"
        assert menu_group(v, "costume:blue", None)[0] == "Costume (take 3 more tickets for one skull, 5 for two):"
        assert describe_action(v, "tile:1") == "Tile 1: take 6 tickets and 2 skulls"
        rules = rules_text()
        assert "gives back" not in rules and "give back" not in rules
        assert "a low number plays first, but gives more tickets to sell and fewer skulls" in rules
        assert "take 1 skull from the discard tile for 3 more tickets, or 2 skulls for 5 more tickets" in rules
    with use_language("fr"):
        assert describe_action(v, "costume:blue+blue") == "Costume : prendre 2 crânes bleus contre 5 billets de plus"
        assert describe_action(v, "tile:1") == "Tuile 1 : prendre 6 billets et 2 crânes"
        rules = rules_text()
        assert "rend" not in rules.replace("prend", "")
        assert "donne plus de billets à vendre et moins de crânes" in rules
    g.play("costume:blue+blue")
    assert g.state.tickets[0] == before + 5
    event = [e for e in g.events(1) if e["type"] == "costume"][-1]
    with use_language("en"):
        assert narrate(event, you=0) == "  Costume: you take 5 more tickets and 2 blue skulls from the discard tile."
        told = narrate(event, you=1, names=["Ada", "Bob", "Cy"])
        assert told == "  Costume: Ada takes 5 more tickets and 2 blue skulls from the discard tile."
    with use_language("fr"):
        assert narrate(event, you=0) == ("  Costume : vous prenez 5 billets de plus et 2 crânes bleus sur la tuile de "
                                         "défausse.")
        assert "rend" not in narrate(event, you=1, names=["Ada", "Bob", "Cy"]).replace("prend", "")


# --- every card's effect in words ------------------------------------------------------------------------------------
def card_effects(cards):
    """Each card of the card file with its effect in words, in the language in force."""
    out = []
    for i, a in enumerate(cards.actors):
        out.append((a.id, actor_rule(cards.describe_actor(i))))
    out += [(c.id, chamber_rule(c.model_dump())) for c in cards.chambers]
    out += [(r.id, reward_rule(r.model_dump(), cards)) for r in cards.rewards]
    return dict(out)


def test_every_card_has_its_effect_in_words_in_both_languages():
    """Every actor, chamber and reward of the card file has its effect in words in English and French, filled in
    from its entry: Cthulhu names the colour it shows (it used to say "the colour it shows" without naming it),
    Make Up its pair, the Clown its four actor types; the card reference (``monsterbox rules mansion``) gives each."""
    cards = default_cards()
    with use_language("en"):
        english = card_effects(cards)
        reference = card_reference(cards)
    with use_language("fr"):
        french = card_effects(cards)
        reference_fr = card_reference(cards)
    assert len(english) == len(cards.actors) + len(cards.chambers) + len(cards.rewards) == 61
    for lang, effects, ref_text in (("en", english, reference), ("fr", french, reference_fr)):
        with use_language(lang):
            for a in cards.actors:
                rule = effects[a.id]
                assert rule and "{" not in rule and "No special rule" not in rule, (lang, a.id, rule)
                assert rule in ref_text, (lang, a.id)
                if a.type == "cthulhu":
                    assert f" {colour(a.shows or a.colour)} " in rule, (lang, a.id, rule)
            for c in cards.chambers:
                rule = effects[c.id]
                assert rule in ref_text
                for col in c.pair:
                    assert colour(col) in rule, (lang, c.id, rule)
            for r in cards.rewards:
                rule = effects[r.id]
                assert rule in ref_text
                for t in r.actor_types:
                    name = next(a.name for a in cards.actors if a.type == t)
                    assert card_name(name) in rule, (lang, r.id, rule)
    for cid, rule in english.items():
        assert french[cid] != rule, (cid, rule)  # translated
    cthulhus = {english[a.id] for a in cards.actors if a.type == "cthulhu"}
    assert len(cthulhus) == 5  # one a colour
