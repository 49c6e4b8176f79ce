"""Monster Maker, MM D. Discard Your Hand: a discard action, one card at a time (P10), ended by ``done``.

References: MM = monster-maker.txt (section names), R<n> = shared/RULINGS.md Monster Maker ruling n,
P<n> = the project's own rulings in docs/rules/maker.md.
"""

from __future__ import annotations

from monsterbox.games.maker.state import DISCARD, MakerState
from monsterbox.games.maker.turn_order import end_turn


def move_discard_start(s: MakerState, p: int, _a: int, _b: int) -> None:
    """MM D. Discard: start the discard action (P10: it discards at least one card; an empty hand ends it)."""
    s.phase = DISCARD
    s.discarded = 0
    if s.log is not None:
        s.log.append((-1, ("discard_action", p)))
    if s.hand_size[p] == 0:
        end_turn(s, p)


def move_discard_card(s: MakerState, p: int, c: int, _b: int) -> None:
    """MM D. Discard: one card of the hand to the (public, P3) discard pile; an emptied hand ends the action."""
    s.hands[p][c] -= 1  # ``take_from_hand``, written out
    s.hand_size[p] -= 1
    known = s.known[p]
    if c in known:
        known.remove(c)
    s.discard.append(c)
    s.discarded += 1
    if s.log is not None:
        s.log.append((-1, ("discard", p, c)))
    if s.hand_size[p] == 0:
        end_turn(s, p)


def move_done(s: MakerState, p: int, _a: int, _b: int) -> None:
    """MM D. Discard: stop discarding; the turn ends (Refresh Your Hand). ``MOVES`` calls ``end_turn`` itself."""
    end_turn(s, p)
