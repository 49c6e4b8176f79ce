"""Monster state: one plain object, copied fast for search."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from monsterbox.core.actions import ActionTable
from monsterbox.games.monster.cards import MonsterCards

# Phases: the hunt's main action, filling an action's choices, arming, the destroyer's loot choice, the crisis'
# discards, For the Greater Good's sacrifices, character selection (variant).
HUNT, PENDING, ARM, LOOT, CRISIS_DISCARD, SACRIFICE, SELECT, OVER = range(8)
PHASE_NAMES = ("hunt", "choose", "arm", "loot", "crisis_discard", "sacrifice", "character_selection", "over")
#: every kind of decision the game asks (the public phase, refined: ``prompt.decision_kind``)
DECISION_KINDS = ("character_selection", "hunt", "three_weapons", "store_weapons", "discard_order", "choose_weapon",
                  "choose_lair", "choose_lair_to", "choose_bank", "choose_player", "choose_cube", "arm", "loot",
                  "crisis_discard", "sacrifice")

Event = tuple[int, tuple[Any, ...]]

#: per character (or loot card), its ability's ``usable`` check (None: nothing to check) and the card's params
Usable = tuple[tuple[Any, dict[str, Any]], ...]


@dataclass(frozen=True, slots=True)
class MonsterCodes:
    """The action codes of one table by move (built by ``actions.codes_of``; declared here, below the actions, as
    the state holds them), for the hot paths: ``kill[key][colour]``, ``three[key]``, ``lair[key]``, per colour
    ``cube``, ``discard``, ``arm``, ``weapon``, ``bank``, ``cube_back``, per seat ``player``; items and characters
    by card index. Legal actions are listed by indexing these (no tuple built and
    hashed per candidate, as ``ActionTable.index`` would need)."""

    kill: dict[int, tuple[int, ...]]
    three: dict[int, int]
    ability: int
    item: dict[int, int]
    cube: tuple[int, ...]
    store: int
    discard: tuple[int, ...]
    pass_: int
    arm: tuple[int, ...]
    arm_none: int
    lair: dict[int, int]
    weapon: tuple[int, ...]
    bank: tuple[int, ...]
    player: tuple[int, ...]
    cube_back: tuple[int, ...]
    loot_take: int
    loot_villagers: int
    sacrifice: dict[int, int]
    sacrifice_none: int
    character: tuple[int, ...]


@dataclass(slots=True)
class MonsterState:
    cards: MonsterCards
    n: int
    elite: bool
    crisis_level: int  # R7: the crisis deck drawn from (1 or 2); the elite challenge draws from both
    unreliable: bool
    weapon_deck: list[int]  # weapon types; next is [-1]
    weapon_discard: list[int]  # top is [-1]
    bank: list[list[int]]  # five stacks of weapon types (top is [-1])
    bank_cubes: list[list[int]]  # per stack: owners of the cubes on it, in order placed
    hands: list[list[int]]  # per seat: count per weapon type
    known: list[list[int]]  # per seat: weapon types publicly known to be in hand (the Scribe's reveal)
    armed: list[int]  # per seat: armed weapon type or -1
    stored: list[list[tuple[int, bool]]]  # per seat: (weapon, known to all) face down
    held: list[list[int]]  # per seat: weapons the table knows to be in the hand or face down in the store
    cubes: list[int]  # per seat: cubes in the play area
    bags: list[int]  # per seat: cubes in the bag
    characters: list[int]  # per seat: character card index
    offered: list[list[int]]  # character selection variant: the characters dealt to choose from
    exhausted: list[bool]
    items: list[list[int]]  # per seat: loot items owned
    items_used: list[list[int]]
    lair_keys: list[int]  # table lairs, in spawn order: key < 100 lair card, 100 + i crisis i
    stacks: list[list[int]]  # per lair: monster colours, top is [-1]
    dead: list[list[int]]  # per lair: monsters killed this day, in kill order
    lair_loot: list[int]
    lair_deck: list[int]
    lair_discard: list[int]
    loot_deck: list[int]
    loot_discard: list[int]
    crisis_decks: list[list[int]]  # level 1, level 2
    crisis_discards: list[list[int]]
    day_crises: list[int]  # crises in effect today
    bounties: list[int]  # loot bounties in play
    villagers: int
    leader: int
    day: int
    phase: int
    current: int
    passed: list[bool]
    pending: list[Any]  # [seat, origin, effect, params, slots, chosen]
    followups: list[tuple[Any, ...]]
    loot_choice: int  # loot card the destroyer decides on
    turn_actor: int  # seat whose hunt turn is being resolved
    rng: int
    step: int
    log: list[Event] | None
    table: ActionTable  # the action table of (cards, n): fixed for the game, kept here for the hot paths
    codes: MonsterCodes  # the same table's codes by move (``actions.action_codes``)
    #: per character and per loot card, its ability's ``usable`` check and params (``effects.usable_checks`` of the
    #: card set): fixed for the game, kept here for the hunt's legal actions
    usable: tuple[Usable, Usable]
    result: dict[str, Any] | None = None
    #: cache of ``mechanics.crisis_rules``: (today's crises, the table's lairs: copies never modified, its value, the
    #: three-weapon kill codes of the lairs the crises allow, each lair's kill codes by colour)
    in_force: tuple[list[int], list[int], Any, list[int], list[tuple[int, ...]]] | None = None
    #: ``phase == OVER``, kept as a field (set with the phase by ``mechanics.end_game``, the only place the game
    #: ends) so that the ruleset's ``is_over`` is one attribute read (``operator.attrgetter``), with no Python call
    over: bool = False
    #: R6's discard order being asked (``choices.order_slot``): ``(pending, chosen, left)``, the weapons still to place
    #: counted per type (``choices.order_left``) when ``chosen`` of the pending action ``pending`` (that very list)
    #: were named. Set when the order is first listed and after each weapon named (the count less that weapon), so
    #: the choice's legal actions and its settling read it instead of counting the hand again; a new pending action
    #: (another list) or more weapons named miss it. Never modified in place; ``copy_state`` does not carry it (a
    #: determinization resamples the hand it was counted from).
    order_kept: tuple[list[Any], int, list[int]] | None = None
    #: a kill with three weapons being chosen (``hunt.move_three``): ``(pending, chosen, left)``, the weapons that
    #: may still be named counted per type (held in hand or armed, of a colour no crisis blocks, less those named;
    #: none below the last one named, as a set is named in colour order) when ``chosen`` of the pending action
    #: ``pending`` (that very list) were named. Set by the kill and after each
    #: weapon named, read by the choice's legal actions and its settling instead of the generic weapon choice; like
    #: ``order_kept``, never modified in place and not carried by ``copy_state`` (a copy takes the generic path).
    three_kept: tuple[list[Any], int, list[int]] | None = None


def copy_state(s: MonsterState, keep_log: bool = True) -> MonsterState:
    return MonsterState(
        s.cards, s.n, s.elite, s.crisis_level, s.unreliable, s.weapon_deck[:], s.weapon_discard[:],
        [b[:] for b in s.bank],
        [b[:] for b in s.bank_cubes], [h[:] for h in s.hands], [k[:] for k in s.known], s.armed[:],
        [x[:] for x in s.stored], [x[:] for x in s.held], s.cubes[:], s.bags[:], s.characters[:],
        [o[:] for o in s.offered], s.exhausted[:],
        [i[:] for i in s.items], [i[:] for i in s.items_used], s.lair_keys[:], [x[:] for x in s.stacks],
        [x[:] for x in s.dead], s.lair_loot[:], s.lair_deck[:], s.lair_discard[:], s.loot_deck[:], s.loot_discard[:],
        [d[:] for d in s.crisis_decks], [d[:] for d in s.crisis_discards], s.day_crises[:], s.bounties[:],
        s.villagers, s.leader, s.day, s.phase, s.current, s.passed[:],
        [s.pending[0], s.pending[1], s.pending[2], s.pending[3], s.pending[4][:], s.pending[5][:]] if s.pending else [],
        s.followups[:], s.loot_choice, s.turn_actor, s.rng, s.step,
        (s.log[:] if s.log is not None else None) if keep_log else None, s.table, s.codes, s.usable, s.result,
        s.in_force, s.over,
    )
