"""Monster Inn state: one plain object, copied fast for search."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from monsterbox.games.inn.cards import HUMAN, CardSet

# Treasure kinds (rulebook, Components: 25 gold coins, 25 gems).
GOLD, GEM = 0, 1
KIND_NAMES = ("gold", "gem")

# Phases: bidding on the leftmost creature, the dropper's human bonus choice, the dropper's support choice.
BID, BONUS, SUPPORT, OVER = 0, 1, 2, 3
PHASE_NAMES = ("bid", "bonus", "support", "over")
#: every kind of decision the game asks (the public phase, refined: ``prompt.decision_kind``)
DECISION_KINDS = ("bid", "bonus", "support")

Event = tuple[Any, ...]

# The log stores only what the table sees (R8): a face-down human is stored as its range, never as the card.
FACE_DOWN = 100  # log code of a face-down human of range r: FACE_DOWN + r


def public_card(cards: CardSet, card: int) -> int:
    """The card as the table sees it: monsters face up, humans as their back (range)."""
    return FACE_DOWN + cards.rng[card] if cards.kind[card] == HUMAN else card


@dataclass(slots=True)
class InnState:
    cards: CardSet
    n: int
    open_treasures: bool
    rounds_total: int
    hands: list[int]  # flat: hands[2 * seat + kind]
    supply: list[int]  # [gold, gem]
    pool_kind: int  # -1 when the centre is empty
    pool: int
    deck: list[int]  # the draw pile; the next card drawn is deck[-1]
    tavern: list[int]  # this round's row, left to right
    tpos: int  # index in ``tavern`` of the leftmost creature still there
    monsters: list[list[int]]  # dungeon top rows, per seat, in the order taken
    humans: list[list[int]]  # dungeon bottom rows (face down), per seat
    support: list[int]  # per card: -1 not supported, else the kind of treasure placed on it
    in_round: list[bool]
    in_count: int
    phase: int
    current: int
    round: int  # 1-based
    starter: int
    step: int
    log: list[Event] | None
    scores: list[int] | None = None


def copy_state(s: InnState, keep_log: bool = True) -> InnState:
    return InnState(
        s.cards, s.n, s.open_treasures, s.rounds_total, s.hands[:], s.supply[:], s.pool_kind, s.pool,
        s.deck[:], s.tavern[:], s.tpos, [m[:] for m in s.monsters], [h[:] for h in s.humans], s.support[:],
        s.in_round[:], s.in_count, s.phase, s.current, s.round, s.starter, s.step,
        (s.log[:] if s.log is not None else None) if keep_log else None,
        s.scores[:] if s.scores is not None else None,
    )
