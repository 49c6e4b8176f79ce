"""Monster Mansion state: one plain object, copied fast for search."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from monsterbox.core.actions import ActionTable
from monsterbox.games.mansion.cards import MansionCards
from monsterbox.games.mansion.castability import CastTable
from monsterbox.games.mansion.payments import PaymentTable

# Phases of a round (rulebook, Playing): tile choice, then each seat's casting turn (taking skulls, then actions),
# the dummy's turn in the 2-player game, the Black Lagoon gifts before the show; PAY is the casting turn's
# sub-decision of which skulls pay for an actor or a chamber (R6).
TILE, TAKE, CAST, DUMMY_ACTOR, DUMMY_SKULLS, LAGOON, OVER, PAY = range(8)
PHASE_NAMES = ("turn_order", "take_skulls", "casting", "dummy_actor", "dummy_skulls", "black_lagoon", "over",
               "payment")
#: every kind of decision the game asks (the public phase, refined: ``prompt.decision_kind``)
DECISION_KINDS = ("turn_order", "take_skulls", "casting", "payment", "dummy_actor", "dummy_skulls", "black_lagoon")
# What a pending payment is for: (kind, item) with kind one of these.
BUY_AUDITION, BUY_RESERVE, BUY_MUMMY, BUY_CHAMBER = range(4)

Event = tuple[int, tuple[Any, ...]]  # (seat who may see it, -1 for everyone; the event)


@dataclass(frozen=True, eq=False)
class Codes:
    """The codes of one action table by op and argument (built by ``actions.action_codes``, kept on the state), for
    the hot paths (no ``(op, a, b)`` tuple to build):
    ``cast[a]`` is the code of ``cast:<actor a>``, ``costume2[c][d]`` that of ``costume:<c>+<d>`` (c <= d),
    ``pay[pay_code(paid)]`` that of a payment, ``paid[pay_code(paid)]`` its skulls per colour again; ``ops`` is
    the table's ``ops``. Also the card set's facts the casting turn reads: ``castability`` (``castability.CastTable``),
    ``chamber_bit[c]`` (chamber ``c``'s bits in a player's chambers as one integer, ``castability.chamber_bits``:
    bit ``CHAMBER_TYPES.index(type)``, and Make Up's pair number above the types)."""

    table: ActionTable
    ops: list[tuple[int, int, int]]
    tile: list[int]
    take: list[int]
    cast: list[int]
    mummy: list[int]
    reserve: list[int]
    dummy: list[int]
    chamber: list[int]
    swamp: int
    costume1: list[int]
    costume2: list[list[int]]
    end: int
    dummy_skull: list[int]
    give: list[int]
    give_none: int
    pay: dict[int, int]
    paid: dict[int, tuple[int, ...]]
    #: ``paid_colours[pay_code(paid)]``: the colours a payment spends skulls of, as (colour, count) pairs in order
    paid_colours: dict[int, tuple[tuple[int, int], ...]]
    castability: CastTable
    chamber_bit: tuple[int, ...]
    #: MM Reward Cards, as bits for ``casting.check_rewards``: the actor types any Clown card names (a bit a type);
    #: ``clown_bits[r]``, those of Clown card ``r``; ``reward_bit[r]``, bit ``REWARD_TYPES.index(type)`` of card
    #: ``r``; ``type_bit[a]``, bit ``atype[a]`` of actor ``a``; ``colour_unit[a]``, 1 in the byte of its colour
    #: (byte ``acolour[a]``; ``check_rewards``' byte arithmetic holds up to 127 actors of a colour: ``codes_of``
    #: checks the card set)
    clown_types: int
    clown_bits: tuple[int, ...]
    reward_bit: tuple[int, ...]
    type_bit: tuple[int, ...]
    colour_unit: tuple[int, ...]
    #: the Black Lagoon actors (MM The Black Lagoon: their owners may give a ticket before the show)
    lagoons: frozenset[int]
    #: the actors in the deck at setup, in card order (MM Setup: with fewer than 4 players, R4 for 2, the marked
    #: cards are removed)
    in_play: tuple[int, ...]
    #: ``casting.addable_chambers`` by (the player's chamber types, ``chamber_bit``s within ``castability.TYPE_BITS``,
    #: the chamber pool): the first chamber of each kind in the pool whose type the player lacks, a pure function of
    #: the key (bounded)
    chamber_memo: dict[tuple[int, tuple[int, ...]], list[int]] = field(default_factory=dict)
    #: ``casting.costume_choices`` by discard tile (counts capped at two, in base 3): 243 lists at most
    costume_memo: dict[int, list[int]] = field(default_factory=dict)
    #: the tile phase's legal codes by the tiles taken per seat (``MansionState.tiles``, -1 for none): a pure
    #: function of the key within one table (its tiles and seats), at most 5 ** 4 lists
    tile_memo: dict[tuple[int, ...], list[int]] = field(default_factory=dict)
    #: a payment table's entries (``PaymentTable.entries``) as this table's action codes, by payment table (one per
    #: cost and chamber help: a few hundred at most)
    pay_entries: dict[PaymentTable, list[int]] = field(default_factory=dict)


@dataclass(slots=True)
class MansionState:
    cards: MansionCards
    n: int  # real players
    table_n: int  # seats at the table: players, plus the dummy in the 2-player game
    tile_values: tuple[tuple[int, int], ...]  # (tickets, skulls) of tiles 1.. on the side in use
    deck: list[int]  # actors; next is deck[-1]
    actor_discard: list[int]
    audition: list[int]
    bag: list[int]  # skull counts per colour
    skull_discard: list[int]
    audition_skulls: list[int]
    screens: list[list[int]]  # per player: skull counts behind the screen
    public_screens: list[list[int]]  # what the table can deduce of each screen
    hidden_skulls: list[int]  # skulls drawn by the Swamp Thing that the table cannot place
    tickets: list[int]  # per player: tickets behind the screen
    actors: list[list[int]]  # per table seat (the dummy included): cast actors
    reserved: list[list[int]]
    chambers: list[list[int]]
    rewards: list[list[int]]
    reward_pool: list[int]
    chamber_pool: list[int]
    tiles: list[int]  # per table seat: tile index taken this round, -1 if none
    token: int  # starting player
    token_next: int  # who takes the token for the next round (-1: not decided yet)
    order: list[int]  # seats in tile order for the casting
    order_pos: int
    phase: int
    current: int  # seat deciding now
    acting: int  # seat whose casting turn it is (the dummy's turn is played by ``current``)
    to_take: int
    actor_done: bool
    chamber_done: bool
    swamp_done: bool
    costume_done: bool
    makeup_used: bool
    props_used: bool
    lagoon_queue: list[int]
    pending: tuple[int, int]  # PAY: (BUY_* kind, actor or chamber index) waiting for its payment
    bag_script: list[int]  # option bag: colours the bag yields first; next is bag_script[-1]
    round: int
    rng: int
    step: int
    log: list[Event] | None
    codes: Codes  # the action codes of (cards, n): fixed for the game, kept here for the hot paths
    result: dict[str, Any] | None = None
    #: ``phase == OVER``, kept as a field (set with the phase by ``show.show``) so that the ruleset's ``is_over``
    #: is one attribute read (``operator.attrgetter``), with no Python call
    over: bool = False
    #: PAY: the payment table of the pending purchase (``payments.PaymentTable``, set by ``casting.buy``), None
    #: otherwise. Sound to keep until the payment is chosen: the table depends on the cost and on the chambers'
    #: help this turn, and nothing else happens before the PAY decision (determinizations keep it too: the cost
    #: and the chambers are public; the screen, which may be resampled, is applied to the table when asked)
    pay_table: PaymentTable | None = None


def log(s: MansionState, to: int, *event: Any) -> None:
    """An event for the log (seat ``to`` sees it; -1: everyone), unless the state keeps none (search's copies)."""
    if s.log is not None:
        s.log.append((to, event))


def copy_state(s: MansionState, keep_log: bool = True) -> MansionState:
    return MansionState(
        s.cards, s.n, s.table_n, s.tile_values, s.deck[:], s.actor_discard[:], s.audition[:], s.bag[:],
        s.skull_discard[:], s.audition_skulls[:], [x[:] for x in s.screens], [x[:] for x in s.public_screens],
        s.hidden_skulls[:], s.tickets[:], [x[:] for x in s.actors], [x[:] for x in s.reserved],
        [x[:] for x in s.chambers], [x[:] for x in s.rewards], s.reward_pool[:], s.chamber_pool[:], s.tiles[:],
        s.token, s.token_next, s.order[:], s.order_pos, s.phase, s.current, s.acting, s.to_take, s.actor_done,
        s.chamber_done, s.swamp_done, s.costume_done, s.makeup_used, s.props_used, s.lagoon_queue[:], s.pending,
        s.bag_script[:], s.round,
        s.rng, s.step, (s.log[:] if s.log is not None else None) if keep_log else None, s.codes,
        s.result, s.over, s.pay_table,
    )
