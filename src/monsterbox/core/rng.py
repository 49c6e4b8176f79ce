"""A tiny seeded generator kept inside game states as one integer: 128 bits of state, seeded from 128 bits.

Games whose chance happens during play (dice, reshuffles) keep their generator state in the state object, so
copying a state copies its future chance exactly, and a determinization can reseed it (future dice are unknown).

The generator is a 128-bit Weyl sequence (the state advances by ``GAMMA``, an odd 128-bit constant, modulo 2**128:
period 2**128) whose two halves, folded together, go through SplitMix64's finalizer (``mix``): one addition, one
shift and one exclusive-or more than SplitMix64 a draw. A server deals from a 128-bit seed (``seed_state`` takes
all its bits): two seeds that agree on their low 64 bits deal differently (they shared one 64-bit state before).
A state is still one Python integer: copied, pickled and compared as before.
"""

from __future__ import annotations

import random
from typing import Any

MASK = (1 << 64) - 1
MASK128 = (1 << 128) - 1
#: the Weyl increment: 2**128 divided by the golden ratio, odd (the 128-bit counterpart of SplitMix64's gamma)
GAMMA = 0x9E3779B97F4A7C15F39CC0605CEDC835


def mix(z: int) -> int:
    """SplitMix64's finalizer of a 64-bit value (a bijection of 64-bit values)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def splitmix(state: int) -> tuple[int, int]:
    """SplitMix64: advance a 64-bit ``state``; return (new state, 64-bit output). (Seeding only: ``seed_state``.)"""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    return state, mix(state)


def step(state: int) -> tuple[int, int]:
    """Advance the in-state generator; return (new state, 64-bit output): the 128-bit state's halves folded
    (exclusive-or), then ``mix``."""
    state = (state + GAMMA) & MASK128
    return state, mix((state ^ (state >> 64)) & MASK)


def seed_state(seed: int) -> int:
    """The generator's state for ``seed``: its low 128 bits, each half through SplitMix64 (a different stream for
    each half, so that swapping the halves gives another state). A negative seed is taken modulo 2**128."""
    seed &= MASK128
    return splitmix(seed >> 64 ^ 0x243F6A8885A308D3)[1] << 64 | splitmix(seed & MASK)[1]


def below(state: int, n: int) -> tuple[int, int]:
    """(new state, uniform integer in [0, n)) — rejection-free via 64-bit multiply-shift (bias < 2**-58).
    (``step`` inlined: this is on the hot path of every game's chance.)"""
    state = (state + GAMMA) & MASK128
    z = (state ^ (state >> 64)) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, ((z ^ (z >> 31)) * n) >> 64


def shuffle(state: int, items: list[int]) -> int:
    """Fisher-Yates shuffle of ``items`` in place; returns the new generator state (``below`` inlined)."""
    for i in range(len(items) - 1, 0, -1):
        state = (state + GAMMA) & MASK128
        z = (state ^ (state >> 64)) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    return state


def shuffle_random(rng: random.Random, items: list[Any]) -> None:
    """``rng.shuffle(items)`` (the same permutation, drawing the same bits: Fisher-Yates with rejection sampling
    from ``getrandbits``, as CPython's ``random.Random`` does), written out so that setups shuffling long decks
    skip method calls per card (the bits a draw takes are computed once per power of two), and so that a seed's
    deal does not depend on the Python version.

    Drawing the words in bulk (``getrandbits(32 * m)`` returns m consecutive 32-bit words, least significant
    first, and a draw of k <= 32 bits is the top k bits of one word) gives the same permutation, but the Python loop
    over such a buffer costs more than the call it saves: 1,330-1,430 instructions a card against this loop's 960
    for 150 cards, and saving and restoring the generator to draw ahead costs more than a whole shuffle
    (docs/results/engine-speed.md, fourth round). The loop is ``shuffle_random_planned``'s (one pile)."""
    shuffle_random_planned(rng, items)


def _shuffle_plan(n: int) -> tuple[tuple[int, range], ...]:
    """The positions of a Fisher-Yates shuffle of ``n`` items, last first, grouped by the bits each draw takes:
    (k, positions) with every position i of the group drawing ``getrandbits(k)``, k = (i + 1).bit_length()."""
    groups = []
    while n > 1:
        k = n.bit_length()
        low = 1 << (k - 1)
        groups.append((k, range(n - 1, low - 2, -1)))
        n = low - 1
    return tuple(groups)


#: ``_shuffle_plan(n)`` by length ``n``, made once per length (a setup shuffles decks of the same few lengths)
_SHUFFLE_PLANS: dict[int, tuple[tuple[int, range], ...]] = {}


def shuffle_random_planned(rng: random.Random, *piles: list[Any]) -> None:
    """``shuffle_random(rng, items)`` for each of ``piles`` in turn (one call for a setup's decks): the same
    permutations, drawing the same bits (so ``rng.shuffle``'s), with the groups of positions and their bit lengths
    taken from a plan made once per length (``_shuffle_plan``) instead of computed, and their ranges created, at
    every shuffle: about 1,300 instructions a group (a shuffle of n items has log2(n) groups), 40k of the 280k a
    Monster setup spent shuffling its six decks. ``shuffle_random`` is this function for one pile.

    Drawing ahead in bulk does not pay in this interpreter (measured for the Monster setup, whose generator is
    discarded after it: 32-bit words from one ``getrandbits(32 * m)``, their top bytes read by index or shifted per
    group with ``bytes.translate`` and paired with the positions by ``zip``): a bound ``getrandbits(k)`` call costs
    about 250 instructions, no more than reading and shifting a buffered word, and the loop and the swap (about 600
    a card) remain either way."""
    getrandbits = rng.getrandbits
    for items in piles:
        plan = _SHUFFLE_PLANS.get(len(items))
        if plan is None:
            plan = _SHUFFLE_PLANS[len(items)] = _shuffle_plan(len(items))
        for k, positions in plan:
            for i in positions:  # position i takes one of the i + 1 items up to it
                j = getrandbits(k)
                while j > i:
                    j = getrandbits(k)
                items[i], items[j] = items[j], items[i]


def randrange_random(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n`` >= 1 (the same draws: ``getrandbits`` of ``n``'s bit length until below
    ``n``, as CPython's ``random.Random`` does), written out as ``shuffle_random`` is: two Python calls fewer, and
    the same draw whatever the Python version."""
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r
