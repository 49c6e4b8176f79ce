"""A heuristic Monster Inn bot.

It works on a *determinization* of its seat (``Observation.sample``), and reads from it only what the seat knows:
the tavern (monsters face up, humans by range), every dungeon as the table shows it, supports, the pool, the supply
and the treasure hands (public by R8: each is re-derived from the public log). It never reads a face-down human's
value or the draw pile's order, so its choice is the same in every determinization (a test checks this).

Idea: value each creature for this dungeon as expected fame points (a monster's skulls minus the expected skulls
of the human it will meet; a human's expected damage to the monster above it), value a treasure at about 1/3 of a
point, and stay in while a later creature is worth clearly more than the leftmost one plus what staying costs.
"""

from __future__ import annotations

from collections.abc import Sequence

from monsterbox.core.memo import CardSetMemo
from monsterbox.games.inn.cards import HUMAN, CardSet
from monsterbox.games.inn.rules import (
    BONUS_GEM,
    BONUS_GOLD,
    DROP,
    EXCHANGE,
    NO_SUPPORT,
    STAY_GEM,
    STAY_GOLD,
    SUPPORT_BASE,
    legal_actions,
)
from monsterbox.games.inn.state import BID, BONUS, InnState


class LossTables:
    """Expected losses computed once per card set, from the public card file only.

    ``loss[r][mv]``: expected skulls a face-down human of range r costs a monster of value mv (0 when the human is
    removed for being weaker): a face-down human of range r is any human of that range, equally likely.
    ``any_loss[mv]``: the same against a human of unknown range. ``avg_loss[r]``: a range-r human against a monster
    of unknown value."""

    __slots__ = ("loss", "any_loss", "avg_loss")

    def __init__(self, cards: CardSet) -> None:
        loss = []
        for r in range(4):
            humans = [c for c in range(len(cards.ids)) if cards.kind[c] == HUMAN and cards.rng[c] == r]
            loss.append(tuple(
                sum(cards.skulls[h] for h in humans if cards.value[h] >= mv) / len(humans) for mv in range(22)))
        self.loss = tuple(loss)
        self.any_loss = tuple(sum(loss[r][mv] for r in range(4)) / 4 for mv in range(22))
        self.avg_loss = tuple(sum(loss[r][mv] for mv in range(1, 21)) / 20 for r in range(4))


_TABLES: CardSetMemo[LossTables] = CardSetMemo(LossTables)


def tables(cards: CardSet) -> LossTables:
    """The card set's ``LossTables``, made once per card set (``core.memo``)."""
    return _TABLES.get(cards)


class InnPolicy:
    """The decision rules; parameters are the knobs an experimenter may turn (``heuristic:treasure=0.4``)."""

    def __init__(self, treasure: float = 0.34, margin: float = 0.25, future_risk: float = 0.45,
                 support_margin: float = 1.1) -> None:
        self.tv = treasure  # fame points a treasure in hand is worth
        self.margin = margin  # how much better a later creature must be to keep bidding
        self.future_risk = future_risk  # chance an unpaired slot will meet a creature later
        self.support_margin = support_margin

    # --- creature values ---------------------------------------------------------------------------------------
    def monster_value(self, s: InnState, p: int, m: int) -> float:
        cards = s.cards
        mons, hums = s.monsters[p], s.humans[p]
        i = len(mons)
        mv = cards.value[m]
        if i < len(hums):
            loss = tables(cards).loss[cards.rng[hums[i]]][mv]
        else:
            loss = self.future_risk * self._rounds_left_share(s) * tables(cards).any_loss[mv]
        if any(cards.race[x] == cards.race[m] for x in mons) and loss > self.tv:
            loss = self.tv  # support can be bought for one treasure
        return cards.skulls[m] - loss

    def human_value(self, s: InnState, p: int, h: int) -> float:
        cards = s.cards
        mons, hums = s.monsters[p], s.humans[p]
        j = len(hums)
        bonus = self.tv if (s.supply[0] or s.supply[1]) else 0.0
        r = cards.rng[h]
        if j < len(mons):
            m = mons[j]
            loss = 0.0 if s.support[m] >= 0 else tables(cards).loss[r][cards.value[m]]
        else:
            loss = self.future_risk * self._rounds_left_share(s) * tables(cards).avg_loss[r]
        return bonus - loss

    def value(self, s: InnState, p: int, c: int) -> float:
        if s.cards.kind[c] == HUMAN:
            return self.human_value(s, p, c)
        return self.monster_value(s, p, c)

    @staticmethod
    def _rounds_left_share(s: InnState) -> float:
        return (s.rounds_total - s.round) / max(1, s.rounds_total - 1)

    # --- decisions ---------------------------------------------------------------------------------------------
    def choose(self, s: InnState) -> int:
        p = s.current
        legal = legal_actions(s)
        if len(legal) == 1:
            return legal[0]
        if s.phase == BID:
            return self.bid(s, p, legal)
        if s.phase == BONUS:
            # keep both kinds in hand: it keeps exchanges and stays possible on either pool
            return BONUS_GOLD if s.hands[2 * p] <= s.hands[2 * p + 1] else BONUS_GEM
        return self.support(s, p, legal)

    def bid(self, s: InnState, p: int, legal: Sequence[int]) -> int:
        row = s.tavern[s.tpos:]
        values = [self.value(s, p, c) for c in row]
        drop_value = values[0] + self.tv * s.pool
        if len(row) == 1:
            return DROP
        # Opponents still in, and how long they can keep bidding (their hands are public by R8).
        rivals = [q for q in range(s.n) if q != p and s.in_round[q]]
        my_budget = s.hands[2 * p] + s.hands[2 * p + 1]
        rival_budget = max(s.hands[2 * q] + s.hands[2 * q + 1] for q in rivals)
        # What staying may bring: the best later creature, discounted when rivals can outlast us.
        best_later = max(values[1:])
        mean_later = sum(values[1:]) / (len(values) - 1)
        hope = 0.6 * best_later + 0.4 * mean_later
        if my_budget > rival_budget:
            hope = 0.25 * best_later + 0.75 * max(hope, best_later)
        gain = hope - drop_value - self.tv * (1 + 0.15 * len(rivals))
        if gain <= self.margin:
            return DROP
        stays = [a for a in legal if a in (STAY_GOLD, STAY_GEM)]
        if stays:
            if len(stays) == 2:  # empty pool: pay with the kind we hold more of
                return STAY_GOLD if s.hands[2 * p] >= s.hands[2 * p + 1] else STAY_GEM
            return stays[0]
        if EXCHANGE in legal and gain > self.margin + 2 * self.tv:
            return EXCHANGE
        return DROP

    def support(self, s: InnState, p: int, legal: Sequence[int]) -> int:
        cards = s.cards
        hums = s.humans[p]
        best, best_gain = NO_SUPPORT, 0.0
        treasure_cost = self.tv * self.support_margin
        for a in legal:
            if a < SUPPORT_BASE:
                continue
            m, k = divmod(a - SUPPORT_BASE, 2)
            i = s.monsters[p].index(m)
            if i < len(hums):
                risk = tables(cards).loss[cards.rng[hums[i]]][cards.value[m]]
            else:
                risk = self.future_risk * self._rounds_left_share(s) * tables(cards).any_loss[cards.value[m]]
            # pay with the kind we hold more of
            more = 0 if s.hands[2 * p] >= s.hands[2 * p + 1] else 1
            gain = risk - treasure_cost + (0.01 if k == more else 0.0)
            if gain > best_gain:
                best, best_gain = a, gain
        return best


_rollout_policy = InnPolicy()


def rollout_policy(state: InnState) -> int:
    """The heuristic as a rollout policy for search: works on any full state (a determinization)."""
    return _rollout_policy.choose(state)
