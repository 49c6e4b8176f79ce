"""The fast payment rules (R6) agree with the straightforward ones they replace (tests/mansion/reference_payments.py):
described by their excess over the cost, filtered from per-cost tables, castability without enumerating."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import monsterbox
from monsterbox.games.mansion import audition as AU
from monsterbox.games.mansion import casting as C
from monsterbox.games.mansion import payments as P
from monsterbox.games.mansion.cards import SKULLS, default_cards
from monsterbox.games.mansion.castability import ABILITY_TYPE_INDICES
from monsterbox.games.mansion.state import BUY_AUDITION, CAST, PAY, MansionState, copy_state
from tests.mansion import reference_payments as ref

CARDS = default_cards()
MAKE_UPS = [i for i, c in enumerate(CARDS.chambers) if c.type == "make_up"]
PROPS = next(i for i, c in enumerate(CARDS.chambers) if c.type == "props")


def helpers(s: MansionState, p: int) -> tuple[tuple[int, int] | None, bool]:
    """Make Up's pair and whether Props helps, read from the chamber cards (as the first version did)."""
    pair = None
    props = False
    for c in s.chambers[p]:
        ch = s.cards.chambers[c]
        if ch.type == "make_up" and not s.makeup_used:
            x, y = (SKULLS.index(col) for col in ch.pair)
            pair = (x, y)
        if ch.type == "props" and not s.props_used:
            props = True
    return pair, props


def check_position(s: MansionState, p: int) -> int:
    """Compare every actor cost's payments and castability at this position; returns how many were payable."""
    payable = 0
    for a, cost in enumerate(s.cards.acost):
        expected = ref.payments(s.screens[p], cost, *helpers(s, p))
        got = C.payments(s, p, cost)
        assert dict(got) == expected, (s.screens[p], cost, helpers(s, p))
        codes = C._purchase(s, p, BUY_AUDITION, a)[1]  # the pay codes offered, in order
        assert [P.paid_of(c) for c in codes] == sorted(expected, key=P.payment_order)
        if s.cards.atype[a] not in ABILITY_TYPE_INDICES or not C.owns(s, p, s.cards.atype[a]):
            assert C.castable(s, p, a) == bool(expected)
            payable += bool(expected)
    return payable


@pytest.mark.parametrize("players", [2, 3, 4])
def test_payments_agree_along_random_games(players: int) -> None:
    rng = random.Random(players)
    checked = 0
    for seed in range(3):
        g = monsterbox.new_game("mansion", players, seed)
        while not g.over:
            s = g.state
            if s.phase in (CAST, PAY) and rng.random() < 0.3:
                check_position(s, s.current)
                checked += 1
            acts = g.legal_actions()
            g.play(acts[rng.randrange(len(acts))])
    assert checked > 20


@given(screen=st.lists(st.integers(0, 7), min_size=5, max_size=5), make_up=st.sampled_from([-1, *MAKE_UPS]),
       props=st.booleans(), makeup_used=st.booleans(), props_used=st.booleans())
def test_payments_agree_on_any_screen(screen: list[int], make_up: int, props: bool, makeup_used: bool,
                                      props_used: bool) -> None:
    s = monsterbox.new_game("mansion", 3, 0).state
    s.screens[0] = screen
    s.chambers[0] = [c for c in (make_up, PROPS if props else -1) if c >= 0]
    s.makeup_used, s.props_used = makeup_used, props_used
    check_position(s, 0)
    for k in (1, 2):  # a chamber's skulls of any colour
        assert dict(C.payments(s, 0, (0, 0, 0, 0), k)) == {q: (False, False) for q in ref.picks(screen, k)}


@settings(max_examples=150)
@given(screen=st.lists(st.integers(0, 6), min_size=5, max_size=5),
       cost=st.lists(st.integers(0, 3), min_size=4, max_size=4).filter(lambda c: sum(c) > 0),
       pair=st.sampled_from([None, (0, 1), (1, 0), (2, 3), (1, 2), (0, 3)]), props=st.booleans())
def test_payment_set_agrees_with_the_first_implementation_on_any_cost(
        screen: list[int], cost: list[int], pair: tuple[int, int] | None, props: bool) -> None:
    """Any cost (not only the card file's), screen and chamber help: the described payments are the enumerated
    ones, the cost's table filtered by the screen gives them in the order offered, ``payable`` says whether there
    is one."""
    expected = ref.payments(screen, cost, pair, props)
    assert P.payment_set(screen, cost, pair, props) == expected
    table = P.payment_table(tuple(cost), pair, props)
    codes = table.codes_for(screen)
    assert [P.paid_of(c) for c in codes] == sorted(expected, key=P.payment_order)
    assert {P.paid_of(c): table.flags[c] for c in codes} == expected
    assert P.payable(screen, tuple(cost), pair, props) == bool(expected)


def test_payment_set_worked_examples() -> None:
    """Blue + red from blue 1, green 2, grey 1 with Props: blue and the grey (plain), or Props turns the two greens
    into a grey for the red or for the blue (excess two, one skull more); a three-skull payment spending the plain
    one's skulls and more (blue, grey and a green) is not offered. Blue 2 + red from blue 3 and a grey with Make Up
    blue/red: the grey pays the red, or a third blue does through Make Up; Props adds nothing (one skull more)."""
    got = P.payment_set([1, 0, 2, 0, 1], [1, 1, 0, 0], None, True)
    assert got == {(1, 0, 0, 0, 1): P.PLAIN, (1, 0, 2, 0, 0): P.PROPS, (0, 0, 2, 0, 1): P.PROPS}
    got = P.payment_set([3, 0, 0, 0, 1], [2, 1, 0, 0], (0, 1), True)
    assert got == {(2, 0, 0, 0, 1): P.PLAIN, (3, 0, 0, 0, 0): P.MAKE_UP}
    for screen, cost, pair in (([1, 0, 2, 0, 1], [1, 1, 0, 0], None), ([3, 0, 0, 0, 1], [2, 1, 0, 0], (0, 1))):
        assert P.payment_set(screen, cost, pair, True) == ref.payments(screen, cost, pair, True)


def test_payment_tables_are_shared_and_unchanged_by_use() -> None:
    """A cost's table is built once and filtering it for a screen leaves it as it was."""
    s = monsterbox.new_game("mansion", 3, 0).state
    cost = s.cards.acost[0]
    table = P.payment_table(cost, None, True)
    before = table.entries
    s.chambers[0] = [PROPS]
    for screen in ([2, 2, 2, 2, 2], [0, 0, 0, 0, 0], [9, 9, 9, 9, 9]):
        s.screens[0] = screen
        assert C.payments(s, 0, cost) == ref.payments(screen, cost, None, True)
    assert P.payment_table(cost, None, True) is table and table.entries == before


def test_packed_screens_compare_every_colour() -> None:
    for screen, paid, ok in (([1, 0, 0, 0, 0], [1, 0, 0, 0, 0], True), ([0, 5, 0, 0, 0], [1, 0, 0, 0, 0], False),
                             ([31, 31, 31, 31, 0], [0, 0, 0, 0, 1], False), ([40, 0, 0, 0, 3], [31, 0, 0, 0, 3], True),
                             ([2, 2, 2, 2, 2], [2, 2, 2, 3, 2], False), ([2, 2, 2, 2, 2], [2, 2, 2, 2, 2], True)):
        assert P.fits(P.pack_screen(screen), P.pack(paid)) is ok, (screen, paid)


def test_a_full_fitting_memo_is_cleared_and_gives_the_same_payments(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(P, "FITTING_MAX", 2)
    table = P.PaymentTable(ref.payments([9, 9, 9, 9, 9], [1, 1, 0, 0], (0, 1), True))
    screens = ([1, 1, 0, 0, 0], [0, 0, 0, 0, 2], [2, 0, 1, 0, 0], [1, 1, 0, 0, 0], [0, 1, 0, 0, 1])
    for screen in screens * 2:
        got = table.codes_for(screen)
        assert {P.paid_of(c) for c in got} == set(ref.payments(screen, [1, 1, 0, 0], (0, 1), True))
        assert table.payable(screen) == bool(got)
        assert len(table._fitting) <= 2


@settings(max_examples=100)
@given(screen=st.lists(st.integers(0, 7), min_size=5, max_size=5))
def test_plain_castability_mask_is_the_plain_payments(screen: list[int]) -> None:
    """``CastTable.plain`` (remembered by the screen capped at the largest costs): bit ``a`` set exactly when the
    first implementation finds a payment of actor ``a``'s cost without chambers."""
    from monsterbox.games.mansion.castability import cast_table

    table = cast_table(CARDS)
    mask = table.plain(screen)
    for a, cost in enumerate(CARDS.acost):
        assert bool(mask >> a & 1) == bool(ref.payments(screen, cost, None, False)), (screen, cost)
    assert table.plain(screen) == mask  # from the memo this time


@settings(max_examples=100)
@given(screen=st.lists(st.integers(0, 8), min_size=5, max_size=5),
       cost=st.sampled_from(sorted(set(CARDS.acost))),
       pair=st.sampled_from([None, (0, 1), (2, 3), (1, 2), (0, 3)]), props=st.booleans())
def test_covered_entries_are_those_the_screen_holds(screen: list[int], cost: tuple[int, ...],
                                                    pair: tuple[int, int] | None, props: bool) -> None:
    """``PaymentTable.covered`` (per colour bitmasks) marks exactly the entries whose skulls the screen holds."""
    table = P.payment_table(cost, pair, props)
    mask = table.covered(screen)
    packed_screen = P.pack_screen(screen)
    assert [bool(mask >> j & 1) for j in range(len(table.entries))] == [
        P.fits(packed_screen, packed) for packed, _ in table.entries]


@pytest.mark.parametrize("players", [2, 4])
def test_addable_chambers_and_bans_agree_with_the_rule_along_random_games(players: int) -> None:
    """MM Add a Chamber (the first chamber of each kind whose type the player lacks, once a turn, 2 skulls) and
    MM Actor Cards (no second ability card of a type), recomputed from the cards at random positions."""
    rng = random.Random(players)
    for seed in range(3):
        g = monsterbox.new_game("mansion", players, seed)
        while not g.over:
            s = g.state
            if s.phase == CAST:
                p = s.current
                have = {s.cards.ctype[c] for c in s.chambers[p]}
                seen: list[tuple[str, tuple[str, ...]]] = []
                expected = []
                if not s.chamber_done and sum(s.screens[p]) >= 2:
                    for c in s.chamber_pool:
                        if s.cards.ckind[c][0] not in have and s.cards.ckind[c] not in seen:
                            seen.append(s.cards.ckind[c])
                            expected.append(c)
                assert C.addable_chambers(s, p) == expected
                owned = {s.cards.atype[a] for a in s.actors[p]}
                banned = s.codes.castability.banned(s.actors[p])
                assert [bool(banned >> a & 1) for a in range(len(s.cards.actors))] == [
                    t in owned and t in ABILITY_TYPE_INDICES for t in s.cards.atype]
            acts = g.legal_actions()
            g.play(acts[rng.randrange(len(acts))])


@settings(max_examples=60)
@given(bag=st.lists(st.integers(0, 4), min_size=5, max_size=5), discard=st.lists(st.integers(0, 3), min_size=5,
                                                                                  max_size=5),
       count=st.integers(0, 12), seed=st.integers(0, 2**32))
def test_drawing_skulls_in_one_pass_is_drawing_them_one_by_one(bag: list[int], discard: list[int], count: int,
                                                               seed: int) -> None:
    """The audition's draws (``draw_skulls``) give the same skulls, bag, discard tile and generator as ``count``
    calls of ``draw_skull`` (MM The Audition, with the refill from the discard tile)."""
    s = monsterbox.new_game("mansion", 4, 0).state
    s.bag, s.skull_discard, s.rng = bag, discard, seed
    t = copy_state(s)
    got = AU.draw_skulls(s, count)
    expected = [0] * 5
    for _ in range(count):
        c = AU.draw_skull(t)
        if c >= 0:
            expected[c] += 1
    assert got == expected
    assert (s.bag, s.skull_discard, s.rng) == (t.bag, t.skull_discard, t.rng)
