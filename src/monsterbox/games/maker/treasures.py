"""Monster Maker, MM Treasure Card: Gaining a Treasure Card, the Maximum number of Treasure Cards (a third one
is dropped; open ones cannot be), and discarding a treasure.

References: MM = monster-maker.txt (section names), R<n> = shared/RULINGS.md Monster Maker ruling n,
P<n> = the project's own rulings in docs/rules/maker.md.
"""

from __future__ import annotations

from monsterbox.games.maker.state import DISCARD, TREASURE, TREASURES_DISCARDED, MakerState, log
from monsterbox.games.maker.turn_order import end_turn

TREASURE_LIMIT = 2  # MM Maximum number of Treasure Cards


def can_draw_treasure(s: MakerState, p: int) -> bool:
    """MM Maximum number of Treasure Cards: a treasure is drawn unless both held are open or the pile is empty
    (P16); public. R7 offers a Small Treasure Room without its draw only when the draw would happen."""
    if not s.treasure_deck:
        return False
    held = s.treasures[p]
    return len(held) < TREASURE_LIMIT or not all(s.cards.treasures[t].open for t in held)


def draw_treasure(s: MakerState, p: int) -> bool:
    """MM Gaining a Treasure Card / Maximum number: draw one; a third must be discarded (open ones cannot be);
    with two open treasures no treasure is drawn. Returns True when a choice (which to drop) is pending."""
    cards = s.cards
    held = s.treasures[p]
    if len(held) >= TREASURE_LIMIT and all(cards.treasures[t].open for t in held):
        log(s, -1, "no_treasure", p, "two open treasures")
        return False
    if not s.treasure_deck:
        log(s, -1, "no_treasure", p, "the treasure pile is empty")
        return False
    t = s.treasure_deck.pop()
    held.append(t)
    if cards.treasures[t].open:
        s.face_up[t] = True
        log(s, -1, "treasure", p, t)
    else:
        log(s, -1, "treasure", p, -1)
        log(s, p, "treasure_seen", p, t)
    if len(held) > TREASURE_LIMIT:
        s.phase = TREASURE
        s.current = p
        return True
    return False


def move_drop(s: MakerState, p: int, tr: int, _b: int) -> None:
    """P19, P13: discard a treasure that is not open (counted for the reward rule)."""
    s.treasures[p].remove(tr)
    s.treasure_discard.append(tr)
    s.face_up[tr] = True
    s.stats[p][TREASURES_DISCARDED] += 1
    log(s, -1, "drop_treasure", p, tr)
    if s.phase != DISCARD:  # the third treasure's discard ends the move that drew it
        end_turn(s, p)
