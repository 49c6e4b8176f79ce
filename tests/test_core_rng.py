"""core.rng: the inlined generator steps and the written-out ``random.Random.shuffle`` give exactly what they
replace (a seed's game must not change)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from monsterbox.core import rng as crng


def reference_below(state: int, n: int) -> tuple[int, int]:
    state, z = crng.splitmix(state)
    return state, (z * n) >> 64


def test_below_and_shuffle_match_splitmix_steps() -> None:
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
