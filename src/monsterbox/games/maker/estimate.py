"""The position estimate ISMCTS uses when it cuts a Monster Maker playout short: each seat's expected final score
(Victory Judgment: treasures + Exit Bonus - distance penalty), turned into win chances by a softmax.

The expected score grows with the way covered, through the treasure chest and back: reaching the chest is worth
about what the way in promised (an estimate that charged the whole way back as a shortfall at 10 per unit made the
chest look like a disaster, and the search avoided it). Once someone has exited (the game end phase) no one
refreshes a hand, so a seat still on its way back gets there only with the Labyrinth Cards it holds: the shortfall
beyond them costs 10 per unit, as at the Victory Judgment.
"""

from __future__ import annotations

import math

from monsterbox.core.memo import CardSetMemo
from monsterbox.games.maker.cards import LABYRINTH, MakerCards
from monsterbox.games.maker.judgment import exit_target
from monsterbox.games.maker.state import ENTERING, EXITED, MakerState

#: the Exit Bonus Tile (100G to the first seat out)
EXIT_BONUS = 100.0
#: what a seat still in the race expects of the Exit Bonus (about half of it)
BONUS_HOPE = 50.0
#: a monster in the labyrinth blocks the way until beaten or diverted
BLOCKED = 10.0



def treasure_value(cards: MakerCards, t: int) -> float:
    """The expected value of treasure ``t`` (dice values at their mean)."""
    info = cards.treasures[t]
    if info.value is not None:
        return float(info.value)
    if info.value_dice is not None and info.value_times is not None:
        return 3.5 * info.value_dice * info.value_times
    assert info.value_by_die is not None
    lo, v = 1, 0.0
    for top, val in info.value_by_die:
        v += (top - lo + 1) / 6 * val
        lo = top + 1
    return v


def _mean_treasure(cards: MakerCards) -> float:
    values = [treasure_value(cards, t) for t in range(len(cards.treasures))]
    return sum(values) / len(values) if values else 0.0


_MEAN_TREASURE: CardSetMemo[float] = CardSetMemo(_mean_treasure)


def mean_treasure(cards: MakerCards) -> float:
    """The mean value of the card set's treasures, worked out once per card set (``core.memo``)."""
    return _MEAN_TREASURE.get(cards)


def expected_score(s: MakerState, p: int) -> float:
    """Seat ``p``'s expected score of this round plus the rounds already scored."""
    cards = s.cards
    done = float(s.totals[p])
    if s.stage[p] == ENTERING:
        if s.end_phase:
            return done  # no refresh any more: the chest and the way back are out of reach
        f = min(1.0, s.entry[p] / s.target)
        return done + 0.5 * f * (mean_treasure(cards) + BONUS_HOPE) - (BLOCKED if s.monster[p] >= 0 else 0.0)
    value = sum(treasure_value(cards, t) for t in s.treasures[p])
    missing = exit_target(s, p) - s.exit_d[p]
    if s.stage[p] == EXITED:
        return done + max(0.0, value + (EXIT_BONUS if s.first_exit == p else 0.0) - 2 * max(0, -missing))
    if s.end_phase:
        hand = s.hands[p]
        reach = sum(cards.distance[c] * hand[c] for c in cards.types_of(LABYRINTH) if hand[c])
        short = max(0, missing - reach)
        return done + max(0.0, value - 10 * short - (BLOCKED if s.monster[p] >= 0 else 0.0))
    way = exit_target(s, p)
    h = 0.5 + 0.5 * min(1.0, s.exit_d[p] / way) if way > 0 else 1.0
    return done + h * (value + BONUS_HOPE) - (BLOCKED if s.monster[p] >= 0 else 0.0)


def estimate(s: MakerState, temperature: float = 60.0) -> list[float]:
    """Per-seat reward estimate for cut-off playouts: a softmax of the expected scores."""
    values = [expected_score(s, p) for p in range(s.n)]
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return [w / total for w in weights]
