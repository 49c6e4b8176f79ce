"""The casting turn's one-pass legal actions and the tables it reads (fourth speed round) agree with the rules they
stand for: castability with a chamber's help for every actor at once (``castability.HelpTable``) against each cost's
payment table, the casting choices against the separate rule functions, the payment choices kept with their table
(``MansionState.pay_table``), Costume's memo key, and ``over`` against the phase."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import monsterbox
from monsterbox.games.mansion import casting as C
from monsterbox.games.mansion import payments as P
from monsterbox.games.mansion.cards import MUMMY, SKULLS, SWAMP_THING, default_cards
from monsterbox.games.mansion.castability import ABILITY_TYPE_INDICES, build_cast_table, cast_table, plain_mask
from monsterbox.games.mansion.state import CAST, OVER, PAY, MansionState, copy_state

CARDS = default_cards()


@settings(max_examples=120)
@given(screen=st.lists(st.integers(0, 8), min_size=5, max_size=5),
       pair=st.sampled_from([None, (0, 1), (1, 0), (2, 3), (1, 2), (0, 3)]), props=st.booleans())
def test_help_table_is_every_costs_payment_table_side_by_side(screen: list[int], pair: tuple[int, int] | None,
                                                              props: bool) -> None:
    helped = cast_table(CARDS).helped(pair, props)
    covered = helped.covered(screen)
    for a, cost in enumerate(CARDS.acost):
        table = P.payment_table(cost, pair, props)
        assert bool(covered & helped.span[a]) == table.payable(screen), (a, cost)
        # the span holds the cost's table itself, moved to its offset
        offset = (helped.span[a] & -helped.span[a]).bit_length() - 1
        assert (covered & helped.span[a]) >> offset == table.covered(screen)


def chamber_help(s: MansionState, p: int) -> tuple[tuple[int, int] | None, bool]:
    """Make Up's pair and whether Props helps, read from the chamber cards."""
    pair = None
    props = False
    for c in s.chambers[p]:
        ch = s.cards.chambers[c]
        if ch.type == "make_up" and not s.makeup_used:
            pair = (SKULLS.index(ch.pair[0]), SKULLS.index(ch.pair[1]))
        if ch.type == "props" and not s.props_used:
            props = True
    return pair, props


def expected_casting(s: MansionState, p: int) -> list[int]:
    """MM Phase 3, The Casting, rule by rule: an actor castable when not of an ability type p owns and its cost's
    payment table has a payment from p's screen with the chambers' help (R6)."""
    codes, cards = s.codes, s.cards
    owned = {cards.atype[a] for a in s.actors[p]}
    pair, props = chamber_help(s, p)

    def castable(a: int) -> bool:
        if cards.atype[a] in ABILITY_TYPE_INDICES and cards.atype[a] in owned:
            return False
        return P.payment_table(cards.acost[a], pair, props).payable(s.screens[p])

    acts: list[int] = []
    if not s.actor_done:
        acts += [codes.cast[a] for a in sorted(s.audition) + sorted(s.reserved[p]) if castable(a)]
        if MUMMY in owned:
            acts += [codes.mummy[a] for a in sorted(C.mummy_sources(s)) if castable(a)]
        acts += [codes.reserve[a] for a in sorted(s.audition)]
    chambers = C.addable_chambers(s, p)
    acts += [codes.chamber[c] for c in chambers]
    if SWAMP_THING in owned and not s.swamp_done and (any(s.bag) or any(s.skull_discard)):
        acts.append(codes.swamp)
    if not s.costume_done and C.chamber_of(s, p, "costume") >= 0:
        discard = s.skull_discard
        acts += [codes.costume1[c] for c in range(5) if discard[c]]
        acts += [codes.costume2[c][d] for c in range(5) for d in range(c, 5)
                 if (discard[c] >= 2 if c == d else discard[c] and discard[d])]
    if not C.must_act(s, p):
        acts.append(codes.end)
    return acts


@pytest.mark.parametrize("players", [2, 4])
def test_casting_and_payment_choices_agree_with_the_rules_along_random_games(players: int) -> None:
    rng = random.Random(10 + players)
    casting = paying = 0
    for seed in range(4):
        g = monsterbox.new_game("mansion", players, seed)
        while not g.over:
            s = g.state
            p = s.current
            assert s.over is False and (s.pay_table is not None) == (s.phase == PAY)
            if s.phase == CAST:
                assert C.casting_actions(s, p) == expected_casting(s, p)
                casting += 1
            elif s.phase == PAY:
                _, offered = C._purchase(s, p, *s.pending)
                assert C.payment_actions(s, p) == [s.codes.pay[c] for c in offered]
                paying += 1
            acts = g.legal_actions()
            g.play(acts[rng.randrange(len(acts))])
        assert g.state.over is True and g.state.phase == OVER and copy_state(g.state).over is True
    assert casting > 100 and paying > 10


def test_costume_memo_key_gives_the_rule_for_every_discard_tile() -> None:
    """MM Costume: one skull of any colour on the discard tile, or two (a pair needs two of that colour); the memo's
    base-3 key of the capped counts tells every tile apart that the rule does."""
    codes = monsterbox.new_game("mansion", 3, 0).state.codes
    for tile in range(4 ** 5):
        discard = [tile // 4 ** c % 4 for c in range(5)]
        one = [codes.costume1[c] for c in range(5) if discard[c]]
        two = [codes.costume2[c][d] for c in range(5) for d in range(c, 5)
               if (discard[c] >= 2 if c == d else discard[c] and discard[d])]
        assert C.costume_choices(codes, discard) == one + two, discard


@settings(max_examples=80)
@given(screen=st.lists(st.integers(0, 8), min_size=5, max_size=5))
def test_plain_castability_read_from_the_tables_is_the_greys_covering_what_the_colours_lack(screen: list[int]) -> None:
    """``CastTable.plain`` works a screen out from the payment tables without chambers (a fresh table: no memo);
    ``plain_mask`` is the rule itself (the greys cover what the exact colours lack)."""
    table = build_cast_table(CARDS)
    assert table.plain(screen) == plain_mask(CARDS.acost, screen)
