"""Monster Maker, MM Resolving Trap Cards: reveal a Thief (R8: which one is the player's choice) or discard down
to one card (P12).

References: MM = monster-maker.txt (section names), R<n> = shared/RULINGS.md Monster Maker ruling n,
P<n> = the project's own rulings in docs/rules/maker.md.
"""

from __future__ import annotations

from itertools import compress

from monsterbox.games.maker.cards import TRAP
from monsterbox.games.maker.state import MakerState, log
from monsterbox.games.maker.turn_order import advance


def move_thief(s: MakerState, p: int, thief: int, _b: int) -> None:
    """MM Resolving Trap Cards: reveal a Thief and discard the trap(s); keep the rest (P12; R8: the player's choice,
    and which Thief, ``thief``)."""
    cards = s.cards
    trap = cards.types_of(TRAP)[0]
    k = s.hands[p][trap]
    s.hands[p][trap] = 0
    s.hand_size[p] -= k
    s.discard.extend([trap] * k)
    s.known[p] = [c for c in s.known[p] if c != trap]
    if thief not in s.known[p]:
        s.known[p].append(thief)
    log(s, -1, "thief", p, thief, k)
    advance(s, p)


def move_keep(s: MakerState, p: int, a: int, _b: int) -> None:
    """MM Resolving Trap Cards: discard down to 1 card of the player's choice (``a``; -1 keeps none); the traps
    go too."""
    hand = s.hands[p]
    gone = []
    for c in [*compress(s.codes.types, hand)]:  # in type order, as the discards are logged
        n_out = hand[c] - (1 if c == a else 0)
        gone.extend([c] * n_out)
        hand[c] -= n_out
    s.hand_size[p] = 1 if a >= 0 else 0
    s.known[p] = [c for c in s.known[p] if c == a][:1]
    s.discard.extend(gone)
    log(s, -1, "trap_discard", p, tuple(gone))
    advance(s, p)
