"""Issue 26, Monster Mansion: the payment step reveals nothing hidden (RULINGS Mansion 8), dominated payments with
Make Up and Props (Mansion 6), tickets in the views and in words (Mansion 7), every card's effect in words. Each
test failed on the engine before the fix."""

from __future__ import annotations

import random

import pytest

import monsterbox
from monsterbox.games.mansion import rules as R
from monsterbox.games.mansion.state import CAST, PAY
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
            w.state = R.copy_state(g.state)
            give_skulls(w, 0, colours, public=False)
            worlds.append(w)
        common = [a for a in worlds[0].legal_actions() if a in worlds[1].legal_actions() and a != "end"]
        for a in common:
            pair = [monsterbox.new_game("mansion", 3, 0) for _ in worlds]
            for w, copy in zip(worlds, pair, strict=True):
                copy.state = R.copy_state(w.state)
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
        return [R.payment_options(s, s.current, *s.pending)]
    p = s.current
    return [R.payments(s, p, s.cards.acost[a]) for a in s.audition + s.reserved[p]]


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
