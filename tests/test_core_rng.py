"""core.rng: the inlined generator steps and the written-out ``random.Random.shuffle`` give exactly what they
replace (a seed's game must not change)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from monsterbox.core import rng as crng


def reference_below(state: int, n: int) -> tuple[int, int]:
    state, z = crng.step(state)
    return state, (z * n) >> 64


def test_below_and_shuffle_match_the_generator_steps() -> None:
    state = crng.seed_state(7)
    for n in (1, 2, 3, 10, 52, 1000, 2**40):
        for _ in range(50):
            assert crng.below(state, n) == reference_below(state, n)
            state = reference_below(state, n)[0]
    for size in (0, 1, 2, 5, 40):
        items = list(range(size))
        expected = items[:]
        s = state
        for i in range(size - 1, 0, -1):
            s, j = reference_below(s, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert crng.shuffle(state, items) == s
        assert items == expected


def test_shuffle_random_is_random_shuffle() -> None:
    for seed in range(60):
        for size in (0, 1, 2, 3, 17, 64, 150):
            a, b = list(range(size)), list(range(size))
            r1, r2 = random.Random(seed), random.Random(seed)
            r1.shuffle(a)
            crng.shuffle_random(r2, b)
            assert a == b
            assert r1.random() == r2.random()  # the same bits were drawn


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64), size=st.integers(min_value=0, max_value=300),
       repeats=st.booleans())
def test_shuffle_random_matches_random_shuffle_for_any_seed_and_length(seed: int, size: int, repeats: bool) -> None:
    """Any seed, any length 0..300 (a Monster weapon deck is 150 cards, 200 with unreliable weaponry), distinct
    cards or a deck of five repeated colours: the same permutation as ``random.Random.shuffle`` and the generator
    left in the same state (its next 64 bits agree), so later draws of a setup are unchanged."""
    items = [k % 5 for k in range(size)] if repeats else list(range(size))
    a, b = items[:], items[:]
    r1, r2 = random.Random(seed), random.Random(seed)
    r1.shuffle(a)
    crng.shuffle_random(r2, b)
    assert b == a
    assert r2.getrandbits(64) == r1.getrandbits(64)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**64), n=st.integers(min_value=1, max_value=1000))
def test_randrange_random_matches_random_randrange(seed: int, n: int) -> None:
    """``randrange_random(rng, n)`` draws what ``rng.randrange(n)`` does (a Monster setup's first leader) and
    leaves the generator in the same state."""
    r1, r2 = random.Random(seed), random.Random(seed)
    for _ in range(5):
        assert crng.randrange_random(r2, n) == r1.randrange(n)
    assert r2.getrandbits(64) == r1.getrandbits(64)


def test_the_in_state_generator_has_128_bits_of_state_seeded_from_128_bits() -> None:
    """Issue 30, Low: a deal carries 128 bits of entropy. Two seeds that agree on their low 64 bits (and two that
    differ only in bit 127) give different states, different draws and different deals (shuffles); before, the
    generator kept 64 bits and ``seed_state`` dropped the rest."""
    low = 0x0123456789ABCDEF
    for high in (1, 2, 1 << 63, 0xFFFFFFFFFFFFFFFF):
        a, b = crng.seed_state(low), crng.seed_state(high << 64 | low)
        assert a != b
        assert crng.below(a, 2**40)[1] != crng.below(b, 2**40)[1]
        deck_a, deck_b = list(range(60)), list(range(60))
        crng.shuffle(a, deck_a)
        crng.shuffle(b, deck_b)
        assert deck_a != deck_b
    states = {crng.seed_state(k << 64 | 7) for k in range(1000)}
    assert len(states) == 1000 and max(states).bit_length() > 64
    assert crng.seed_state(1 << 64) != crng.seed_state(1)  # the halves are mixed apart: no swap symmetry


def test_the_generator_steps_through_all_128_bits_and_wraps() -> None:
    state = crng.MASK128 - crng.GAMMA + 1  # the next step wraps to 0
    assert crng.step(state)[0] == 0 and crng.below(state, 10)[0] == 0
    assert crng.step(0)[0] == crng.GAMMA and crng.GAMMA % 2 == 1 and crng.GAMMA.bit_length() == 128


def test_every_game_with_chance_in_play_seeds_its_generator_with_128_bits() -> None:
    """Maker, Mansion and Monster keep a 128-bit generator from their deal (and so do their determinizations): over
    a few seeds, their states use the high 64 bits (a 64-bit state never would: each has 1 chance in 2**64)."""
    import monsterbox

    for game_id, players in (("maker", 3), ("mansion", 3), ("monster", 4)):
        g = monsterbox.new_game(game_id, players, 5)
        assert g.state.rng >> 64, game_id
        d = g.determinize(0, 9)
        assert d.state.rng >> 64 and d.state.rng != g.state.rng, game_id
        deals = {repr(monsterbox.new_game(game_id, players, seed).view(0)) for seed in (11, 11 + 2**64, 11 + 2**100)}
        assert len(deals) == 3, game_id
