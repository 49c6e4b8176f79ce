"""The fast payment rules (R6) agree with the straightforward ones they replace (tests/mansion/reference_payments.py):
memoised, with the dominance filter by lookups, screens capped, castability without enumerating."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import monsterbox
from monsterbox.games.mansion import rules as R
from monsterbox.games.mansion.cards import SKULLS, default_cards
from monsterbox.games.mansion.state import CAST, PAY, MansionState
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
        got = R.payments(s, p, cost)
        assert dict(got) == expected, (s.screens[p], cost, helpers(s, p))
        codes = R._payments(s, p, cost)[1]
        assert [R.A.paid_of(c) for c in codes] == sorted(expected, key=R.payment_order)
        if s.cards.atype[a] not in R.ABILITY_TYPES or not R.owns(s, p, s.cards.atype[a]):
            assert R.castable(s, p, a) == bool(expected)
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
        assert dict(R.payments(s, 0, (0, 0, 0, 0), k)) == {q: (False, False) for q in ref.picks(screen, k)}


def test_undominated_agrees_with_the_pairwise_filter_on_any_sizes() -> None:
    rng = random.Random(5)
    for _ in range(300):
        out = {tuple(rng.randrange(3) for _ in range(5)): (rng.random() < 0.5, rng.random() < 0.5)
               for _ in range(rng.randrange(1, 12))}
        pairwise = {q: f for q, f in out.items()
                    if not any(r != q and all(a <= b for a, b in zip(r, q, strict=True)) and g <= f
                               for r, g in out.items())}
        assert R.undominated(out) == pairwise


def test_shared_payments_cannot_be_changed() -> None:
    s = monsterbox.new_game("mansion", 3, 0).state
    s.screens[0] = [2, 2, 2, 2, 2]
    got = R.payments(s, 0, s.cards.acost[0])
    with pytest.raises(TypeError):
        got[(9, 9, 9, 9, 9)] = (False, False)  # type: ignore[index]


def test_a_full_memo_is_cleared_and_refilled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(R, "_PAYMENTS_MAX", 3)
    monkeypatch.setattr(R, "_PAYABLE_MAX", 3)
    monkeypatch.setattr(R, "_PAYMENTS", {})
    monkeypatch.setattr(R, "_PAYABLE", {})
    s = monsterbox.new_game("mansion", 3, 0).state
    for screen in ([1, 1, 1, 1, 1], [3, 0, 2, 0, 1], [0, 2, 2, 1, 0], [2, 2, 0, 0, 3], [1, 1, 1, 1, 1]):
        s.screens[0] = screen
        check_position(s, 0)
        assert len(R._PAYMENTS) <= 3 and len(R._PAYABLE) <= 3
