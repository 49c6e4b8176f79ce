"""Monster Maker state: one plain object, copied fast for search."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from monsterbox.core.actions import ActionTable
from monsterbox.games.maker.actions import MakerCodes
from monsterbox.games.maker.cards import MakerCards

# Phases: a turn's main action, then its sub-decisions.
TURN, BATTLE, HEAL, DISCARD, TRAP_PHASE, TREASURE, OVER = range(7)
PHASE_NAMES = ("turn", "battle", "heal", "discard", "trap", "treasure_limit", "over")
#: every kind of decision the game asks (the public phase, refined: ``prompt.decision_kind``)
DECISION_KINDS = ("turn", "battle", "heal", "discard", "trap", "treasure_limit")
# Stages of a player's trip (the Enter/Exit tile).
ENTERING, EXITING, EXITED = 0, 1, 2
STAGE_NAMES = ("entering", "exiting", "exited")
# Reward rule counters (stats[seat][k]).
REWARDS = ("monsters_defeated", "monsters_placed", "labyrinth_played", "traps_drawn", "treasures_discarded")
DEFEATED, PLACED, LABYRINTHS, TRAPS, TREASURES_DISCARDED = range(5)

Event = tuple[int, tuple[Any, ...]]  # (seat who may see it, or -1 for everyone; the event)


@dataclass(slots=True)
class MakerState:
    cards: MakerCards
    n: int
    target: int  # distance to the treasure chest (100, or the short version's)
    rewards: tuple[int, ...]  # reward rule: indices into REWARDS in play
    rounds_total: int  # 1, or 3 with the 3-round rule
    round: int
    totals: list[int]  # scores summed over finished rounds
    round_starter: int
    deck: list[int]  # adventure types; next card is deck[-1]
    discard: list[int]
    hands: list[list[int]]  # per seat: count of each adventure type
    hand_size: list[int]
    known: list[list[int]]  # per seat: types publicly known to be in hand (a revealed Thief)
    treasure_deck: list[int]
    treasure_discard: list[int]
    treasures: list[list[int]]  # per seat: treasure indices held (at most 2)
    face_up: list[bool]  # per treasure index: open, or revealed by use
    entry_cards: list[list[int]]  # labyrinth-type cards played while entering
    exit_cards: list[list[int]]
    entry: list[int]
    exit_d: list[int]
    stage: list[int]
    entered: list[bool]  # has played a labyrinth card (can be given a monster)
    monster: list[int]  # monster type in the labyrinth, -1 if none
    first_exit: int
    end_phase: bool
    current: int
    phase: int
    battle: list[int]  # characters committed to the current battle
    equips: list[tuple[int, int]]  # (treasure, character type) battle bonuses used
    last_add: int
    last_equip: int
    heal: list[int]  # characters of the last battle that a cleric may return
    discarded: int  # cards discarded in the current discard action
    stats: list[list[int]]
    turns: int
    rng: int
    dice: list[int]  # predetermined die results (tests, puzzles), used before rng; next is dice[-1]
    step: int
    log: list[Event] | None
    table: ActionTable  # the action table of (cards, n): fixed for the game, kept here for the hot paths
    codes: MakerCodes  # the same table's codes by move (``actions.action_codes``)
    result: dict[str, Any] | None = None
    #: the game is over (``phase == OVER``; set with it by ``rules.judge``) so that the ruleset's ``is_over`` is one
    #: attribute read (``operator.attrgetter``), with no Python call
    over: bool = False


def copy_state(s: MakerState, keep_log: bool = True) -> MakerState:
    return MakerState(
        s.cards, s.n, s.target, s.rewards, s.rounds_total, s.round, s.totals[:], s.round_starter,
        s.deck[:], s.discard[:], [h[:] for h in s.hands], s.hand_size[:], [k[:] for k in s.known],
        s.treasure_deck[:], s.treasure_discard[:], [t[:] for t in s.treasures], s.face_up[:],
        [c[:] for c in s.entry_cards], [c[:] for c in s.exit_cards], s.entry[:], s.exit_d[:], s.stage[:],
        s.entered[:], s.monster[:], s.first_exit, s.end_phase, s.current, s.phase, s.battle[:], s.equips[:],
        s.last_add, s.last_equip, s.heal[:], s.discarded, [x[:] for x in s.stats], s.turns, s.rng, s.dice[:],
        s.step, (s.log[:] if s.log is not None else None) if keep_log else None, s.table, s.codes,
        s.result, s.over,
    )
