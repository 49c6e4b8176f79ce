"""Monster Maker state: one plain object, copied fast for search; the action codes it carries (``MakerCodes``,
built by ``actions``); and the steps every rule takes on it: the log, a card leaving a hand, the dice."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from monsterbox.core import rng as crng
from monsterbox.core.actions import ActionTable
from monsterbox.core.rng import GAMMA, MASK, MASK128
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


@dataclass(frozen=True, slots=True, eq=False)
class MakerCodes:
    """The action codes of one table by move, for the hot paths (``rules.legal_actions``): per adventure type
    ``turn_free``, ``turn_blocked``, ``discard``, ``add``, ``heal``, ``thief``, ``keep`` (-1 where the type has no such
    action) and ``place`` (a code per seat, for a monster type); per treasure ``relic``, ``drop`` and ``equip`` (by
    character type); the actions without an argument as plain codes. Every entry is looked up in the table's
    ``index``, so it is the code of the same ``(op, a, b)``: listing legal actions by indexing these changes no code
    and no order, it only skips building and hashing a tuple per candidate."""

    turn_free: tuple[int, ...]  # a type's turn action when no monster blocks: move, diversion or room; else -1
    turn_blocked: tuple[int, ...]  # the same while a monster blocks: the Diversion's (R3); else -1
    place: tuple[tuple[int, ...], ...]  # per type: the code for each seat (empty for a non-monster type)
    discard: tuple[int, ...]
    add: tuple[int, ...]
    heal: tuple[int, ...]
    thief: tuple[int, ...]  # per type: reveal this Thief against the traps (R8); -1 for a type not of class Thief
    keep: tuple[int, ...]
    relic: tuple[int, ...]
    drop: tuple[int, ...]
    equip: tuple[dict[int, int], ...]  # per treasure: character type -> code
    diversion: int
    room: int
    room_pass: int  # play a Small Treasure Room without drawing (R7)
    battle: int
    discard_start: int
    done: int
    cleric: int
    fight: int
    heal_none: int
    keep_none: int
    types: range  # every adventure type, for ``compress(types, hand)`` (the types a hand holds, in type order)
    seats: tuple[int, ...]  # every seat, in seat order
    after: tuple[tuple[int, ...], ...]  # per seat: the other seats from its left, in turn order, then itself
    characters: tuple[int, ...]  # the Character types (MM C. Battle: a battle needs one)
    thieves: tuple[int, ...]  # the Character types of class Thief (MM Resolving Trap Cards)
    cleric_type: int  # the Cleric's type
    trap_type: int  # the Trap's type



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
    #: the game is over (``phase == OVER``; set with it by ``judgment.judge``) so that the ruleset's ``is_over`` is one
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


def log(s: MakerState, to: int, *event: Any) -> None:
    """Append ``event`` to the log for seat ``to`` (-1: everyone); the most frequent moves append theirs directly
    (the same entry, without this call)."""
    if s.log is not None:
        s.log.append((to, event))


def take_from_hand(s: MakerState, p: int, c: int) -> None:
    s.hands[p][c] -= 1
    s.hand_size[p] -= 1
    if c in s.known[p]:
        s.known[p].remove(c)


def roll(s: MakerState, k: int) -> list[int]:
    """Roll k six-sided dice: predetermined results first (option ``dice``), then the seeded generator (with no
    predetermined results, ``core.rng.below(state, 6)`` written out: the same states and results)."""
    out = []
    if s.dice:
        for _ in range(k):
            if s.dice:
                out.append(s.dice.pop())
            else:
                s.rng, v = crng.below(s.rng, 6)
                out.append(v + 1)
        return out
    state = s.rng
    while k > 0:
        state = (state + GAMMA) & MASK128
        z = (state ^ (state >> 64)) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        out.append((((z ^ (z >> 31)) * 6) >> 64) + 1)
        k -= 1
    s.rng = state
    return out
