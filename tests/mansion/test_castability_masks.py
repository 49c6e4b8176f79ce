"""The sixth speed round's fast paths agree with the plain rules they stand for: every screen's castable actors under
each chamber help (``castability.ScreenCasts``) against the costs' payment tables (R6), a player's chamber bits and
help key against the chamber cards, the audition's skull draws against ``draw_skull`` one by one on full bags, and
the casting choices against the rule-by-rule list along random games of every player count."""

from __future__ import annotations

import random
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import monsterbox
from monsterbox.core import rng as crng
from monsterbox.games.mansion import audition as AU
from monsterbox.games.mansion import casting as C
from monsterbox.games.mansion import payments as P
from monsterbox.games.mansion.cards import CHAMBER_TYPES, default_cards
from monsterbox.games.mansion.castability import LOOK_SIZE, build_cast_table, cast_table, help_key
from monsterbox.games.mansion.state import CAST, MansionState, copy_state
from tests.mansion.test_casting_pass import chamber_help, expected_casting

CARDS = default_cards()
TABLE = cast_table(CARDS)
HELPS = [(pair, props) for pair in (None, *TABLE.pairs) for props in (False, True)]
MAKE_UPS = [i for i, c in enumerate(CARDS.chambers) if c.type == "make_up"]
PROPS = next(i for i, c in enumerate(CARDS.chambers) if c.type == "props")
COSTUME = next(i for i, c in enumerate(CARDS.chambers) if c.type == "costume")


def key_of(pair: tuple[int, int] | None, props: bool) -> int:
    return next(k for k in range(len(TABLE.by_help)) if TABLE.help_of(k) == (pair, props))


@pytest.mark.parametrize(("pair", "props"), HELPS)
def test_every_capped_screen_casts_what_the_payment_tables_allow(pair: tuple[int, int] | None, props: bool) -> None:
    """Exhaustively over the screens that matter (each colour up to one past the largest count a payment spends):
    bit ``a`` of the mask is set exactly when actor ``a``'s cost has a payment (``HelpTable``, itself checked against
    each cost's payment table in ``test_casting_pass``)."""
    casts = build_cast_table(CARDS).screen_casts(key_of(pair, props))  # a fresh table: built here, not remembered
    helped = TABLE.helped(pair, props)
    spans = helped.span
    for screen in product(*(range(cap + 2) for cap in helped.caps)):
        covered = helped.covered(screen)
        expected = sum(1 << a for a, span in enumerate(spans) if covered & span)
        assert casts.castable(screen) == expected, (screen, pair, props)
        b, r, g, y, grey = screen
        assert casts.masks[casts.look0[b] + casts.look1[r] + casts.look2[g] + casts.look3[y] + casts.look4[grey]] \
            == expected


@settings(max_examples=150)
@given(screen=st.lists(st.integers(0, LOOK_SIZE + 10), min_size=5, max_size=5), help_index=st.integers(0, 100))
def test_any_screen_casts_what_each_cost_can_pay(screen: list[int], help_index: int) -> None:
    """Any counts, also beyond the look-up tables (``ScreenCasts.castable`` caps them): the payment table of each
    actor's cost has a payment from the screen exactly when its bit is set."""
    pair, props = HELPS[help_index % len(HELPS)]
    mask = TABLE.screen_casts(key_of(pair, props)).castable(screen)
    for a, cost in enumerate(CARDS.acost):
        assert bool(mask >> a & 1) == P.payment_table(cost, pair, props).payable(screen), (a, screen, pair, props)


@pytest.mark.parametrize(("makeup_used", "props_used"), [(False, False), (True, False), (False, True), (True, True)])
def test_chamber_bits_give_the_chambers_help_and_types(makeup_used: bool, props_used: bool) -> None:
    """Every set of chambers a player can hold (one of each type: a Make Up or none, Props or not, Costume or not):
    the help key read from the chamber bits stands for the help the chamber cards give (Make Up's pair unless used
    this turn, Props unless used), and the bits within ``TYPE_BITS`` are the chamber types."""
    s = monsterbox.new_game("mansion", 3, 0).state
    bits = s.codes.chamber_bit
    for make_up, props, costume in product([-1, *MAKE_UPS], (False, True), (False, True)):
        s.chambers[0] = [c for c in (make_up, PROPS if props else -1, COSTUME if costume else -1) if c >= 0]
        s.makeup_used, s.props_used = makeup_used, props_used
        have = 0
        for c in s.chambers[0]:
            have |= bits[c]
        assert TABLE.help_of(help_key(have, makeup_used, props_used)) == chamber_help(s, 0) == C._helpers(s, 0)
        types = {CHAMBER_TYPES[t] for t in range(len(CHAMBER_TYPES)) if have >> t & 1}
        assert types == {s.cards.ctype[c] for c in s.chambers[0]}


def test_drawing_from_full_bags_is_drawing_one_by_one() -> None:
    """MM The Audition: the skulls lined up and drawn with the generator written out (``draw_skulls``) are the
    skulls, bag, discard tile and generator state of ``draw_skull`` called ``count`` times, on bags as full as the
    game's (up to 30 of a colour) and nearly empty ones (refilled from the discard tile partway), draws of up to 40
    skulls."""
    rng = random.Random(6)
    s = monsterbox.new_game("mansion", 4, 0).state
    for i in range(3000):
        s.bag = [rng.randrange(31 if i % 2 else 4) for _ in range(5)]
        s.skull_discard = [rng.randrange(8 if i % 3 else 1) for _ in range(5)]
        s.rng = rng.getrandbits(64)
        t = copy_state(s)
        count = rng.randrange(41)
        got = AU.draw_skulls(s, count)
        expected = [0] * 5
        for _ in range(count):
            c = AU.draw_skull(t)
            if c >= 0:
                expected[c] += 1
        assert got == expected
        assert (s.bag, s.skull_discard, s.rng) == (t.bag, t.skull_discard, t.rng)


def casting_positions(players: int, seeds: range, rng: random.Random) -> int:
    """Play random games, comparing the casting choices with the rule-by-rule list at every casting decision, also
    with the screen swollen beyond the look-up tables (``LOOK_SIZE``) now and then."""
    checked = 0
    for seed in seeds:
        g = monsterbox.new_game("mansion", players, seed)
        while not g.over:
            s = g.state
            if s.phase == CAST:
                p = s.current
                assert C.casting_actions(s, p) == expected_casting(s, p)
                if rng.random() < 0.05:
                    big: MansionState = copy_state(s, False)
                    big.screens[p][rng.randrange(5)] += LOOK_SIZE
                    assert C.casting_actions(big, p) == expected_casting(big, p)
                checked += 1
            acts = g.legal_actions()
            g.play(acts[rng.randrange(len(acts))])
    return checked


@pytest.mark.parametrize("players", [2, 3, 4])
def test_casting_choices_agree_with_the_rules_along_random_games(players: int) -> None:
    assert casting_positions(players, range(20, 26), random.Random(players)) > 300


def expected_rewards(s: MansionState, p: int) -> list[int]:
    """MM Reward Cards, card by card in the pool's order: a card of a type ``p`` does not hold yet whose condition
    ``p``'s actors meet (Clown: 3 of the card's 4 types; Zombie: 3 actors of one colour; Witch: 4 colours)."""
    cards = s.cards
    held = {cards.rtype[r] for r in s.rewards[p]}
    types = {cards.atype[a] for a in s.actors[p]}
    colours = [cards.acolour[a] for a in s.actors[p]]
    earned = []
    for r in s.reward_pool:
        kind = cards.rtype[r]
        ok = {"clown": len(types & cards.rclown[r]) >= 3,
              "zombie": any(colours.count(c) >= 3 for c in set(colours)),
              "witch": len(set(colours)) >= 4}[kind]
        if kind not in held and ok:
            held.add(kind)
            earned.append(r)
    return earned


@settings(max_examples=300)
@given(actors=st.lists(st.integers(0, len(CARDS.actors) - 1), max_size=9, unique=True),
       held=st.lists(st.integers(0, len(CARDS.rewards) - 1), max_size=3, unique=True))
def test_rewards_earned_are_the_cards_whose_condition_holds(actors: list[int], held: list[int]) -> None:
    """``check_rewards`` (with its early exit when no card can be earned) takes exactly the rule's cards."""
    s = monsterbox.new_game("mansion", 3, 0).state
    s.actors[0] = list(actors)
    s.rewards[0] = list(held)
    s.reward_pool = [r for r in range(len(CARDS.rewards)) if r not in held]
    expected = expected_rewards(s, 0)
    C.check_rewards(s, 0)
    assert s.rewards[0] == held + expected
    assert s.reward_pool == [r for r in range(len(CARDS.rewards)) if r not in held and r not in expected]


@pytest.mark.parametrize(("pair", "props"), HELPS)
def test_payment_tables_by_help_key_are_the_costs_tables(pair: tuple[int, int] | None, props: bool) -> None:
    """What a purchase reads by help key (``CastTable.payment_tables``) is each actor's cost's table with that help."""
    tables = TABLE.payment_tables(key_of(pair, props))
    assert len(tables) == len(CARDS.actors)
    for a, cost in enumerate(CARDS.acost):
        assert tables[a] is P.payment_table(cost, pair, props)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_audition_dealt_at_once_is_the_deck_popped_card_by_card(players: int) -> None:
    """MM Phase 1, The Audition: players + 1 actors from the top of the deck (its last card first), the discard pile
    shuffled in when the deck runs out (not with 2 players); the deal at once gives the cards, order and generator
    of popping them one by one, for every deck size around the audition's."""
    rng = random.Random(players)
    for size in range(0, 2 * players + 4):
        s = monsterbox.new_game("mansion", players, size).state
        cards = list(s.deck) + list(s.audition)
        s.deck = cards[:size]
        s.actor_discard = cards[size:size + rng.randrange(6)]
        t = copy_state(s)
        AU.start_round(s)
        t.audition = []
        for _ in range(players + 1):  # the rule, card by card
            if not t.deck and t.actor_discard and t.n != 2:
                t.deck, t.actor_discard = t.actor_discard, []
                t.rng = crng.shuffle(t.rng, t.deck)
            if t.deck:
                t.audition.append(t.deck.pop())
        assert (s.audition, s.deck, s.actor_discard) == (t.audition, t.deck, t.actor_discard), size


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_deck_at_setup_holds_the_actors_in_play(players: int) -> None:
    """MM Setup: every actor, less the 3 marked ones with fewer than 4 players (R4: 2 players as 3), those of
    option ``deck`` drawn first in its order; ``Codes.in_play`` is the first part, in card order."""
    g = monsterbox.new_game("mansion", players, 0)
    expected = [i for i, a in enumerate(CARDS.actors) if not (players < 4 and a.removed_for_3_players)]
    assert list(g.state.codes.in_play) == expected
    s = g.state
    assert sorted(s.deck + s.audition) == expected
    first = [CARDS.actors[i].id for i in expected[-2:]]
    s = monsterbox.new_game("mansion", players, 0, {"deck": first}).state
    assert s.audition[:2] == [expected[-2], expected[-1]]
    assert sorted(s.deck + s.audition) == expected
