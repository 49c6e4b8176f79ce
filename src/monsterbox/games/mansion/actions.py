"""Monster Mansion action ids and integer codes (one table per card file and player count).

``tile:<1-4>``, ``take:<colour>``, ``cast:<actor>`` (from the audition or your reserve), ``mummy:<actor>`` (from the
discard pile, or the dummy's area with 2 players), ``reserve:<actor>``, ``chamber:<chamber>``, ``swamp``,
``costume:<colour>`` / ``costume:<colour>+<colour>``, ``end``, ``dummy:<actor>``, ``dummy-skull:<colour>``,
``give:<seat>``, ``give:none``, ``pay:<colour>+<colour>...`` (R6: the skulls that pay for the actor or chamber
just chosen, in the order blue, red, green, yellow, grey).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from monsterbox.core.actions import ActionTable, cached_table
from monsterbox.core.memo import CardSetMemo
from monsterbox.games.mansion.cards import ACTOR_TYPES, REWARD_TYPES, SKULLS, MansionCards
from monsterbox.games.mansion.castability import CastTable, cast_table, chamber_bits
from monsterbox.games.mansion.payments import PaymentTable

(TILE_OP, TAKE_OP, CAST_OP, MUMMY_OP, RESERVE_OP, CHAMBER_OP, SWAMP_OP, COSTUME1, COSTUME2, END_OP, DUMMY_OP,
 DUMMY_SKULL, GIVE, GIVE_NONE, PAY_OP) = range(15)
PAY_BASE = 32  # a payment's skull counts per colour, as one integer: sum(count[c] * PAY_BASE ** c)


def pay_code(paid: tuple[int, ...] | list[int]) -> int:
    """A payment's skulls per colour (5 colours) as one integer."""
    b, r, g, y, grey = paid
    return b + PAY_BASE * (r + PAY_BASE * (g + PAY_BASE * (y + PAY_BASE * grey)))


def paid_of(code: int) -> tuple[int, ...]:
    """The skulls per colour of a payment's ``pay_code``."""
    return tuple((code // PAY_BASE ** c) % PAY_BASE for c in range(5))


def pay_name(paid: tuple[int, ...] | list[int]) -> str:
    return "pay:" + "+".join(SKULLS[c] for c, k in enumerate(paid) for _ in range(k))


def multisets(size: int, colours: int = 5) -> list[tuple[int, ...]]:
    """Every way to pick ``size`` skulls among ``colours`` colours, as counts per colour."""
    if colours == 1:
        return [(size,)]
    return [(k, *rest) for k in range(size, -1, -1) for rest in multisets(size - k, colours - 1)]


def action_table(cards: MansionCards, players: int) -> ActionTable:
    return cached_table(build_table, cards, players)


@dataclass(frozen=True, eq=False)
class Codes:
    """The codes of one action table by op and argument, for the hot paths (no ``(op, a, b)`` tuple to build):
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
    #: MM Reward Cards, as bits for ``rules.check_rewards``: the actor types any Clown card names (a bit a type);
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
    #: ``rules.addable_chambers`` by (the player's chamber types, ``chamber_bit``s within ``castability.TYPE_BITS``,
    #: the chamber pool): the first chamber of each kind in the pool whose type the player lacks, a pure function of
    #: the key (bounded)
    chamber_memo: dict[tuple[int, tuple[int, ...]], list[int]] = field(default_factory=dict)
    #: ``rules.costume_choices`` by discard tile (counts capped at two, in base 3): 243 lists at most
    costume_memo: dict[int, list[int]] = field(default_factory=dict)
    #: the tile phase's legal codes by the tiles taken per seat (``MansionState.tiles``, -1 for none): a pure
    #: function of the key within one table (its tiles and seats), at most 5 ** 4 lists
    tile_memo: dict[tuple[int, ...], list[int]] = field(default_factory=dict)
    #: a payment table's entries (``PaymentTable.entries``) as this table's action codes, by payment table (one per
    #: cost and chamber help: a few hundred at most)
    pay_entries: dict[PaymentTable, list[int]] = field(default_factory=dict)


def codes_of(table: ActionTable, cards: MansionCards, players: int) -> Codes:
    assert max(cards.acolour.count(c) for c in set(cards.acolour)) <= 127, "too many actors of a colour"
    by_op: dict[int, dict[int, int]] = {}
    costume2 = [[-1] * 5 for _ in range(5)]
    for code, (op, a, b) in enumerate(table.ops):
        if op == COSTUME2:
            costume2[a][b] = code
        else:
            by_op.setdefault(op, {})[a] = code

    def row(op: int) -> list[int]:
        got = by_op.get(op, {})
        return [got[k] for k in range(len(got))]

    castability = cast_table(cards)
    return Codes(table, table.ops, row(TILE_OP), row(TAKE_OP), row(CAST_OP), row(MUMMY_OP), row(RESERVE_OP),
                 row(DUMMY_OP), row(CHAMBER_OP), by_op[SWAMP_OP][-1], row(COSTUME1), costume2, by_op[END_OP][-1],
                 row(DUMMY_SKULL), row(GIVE), by_op[GIVE_NONE][-1], dict(by_op[PAY_OP]),
                 {k: paid_of(k) for k in by_op[PAY_OP]},
                 {k: tuple((c, n) for c, n in enumerate(paid_of(k)) if n) for k in by_op[PAY_OP]},
                 castability, chamber_bits(cards, castability.pairs),
                 sum(1 << k for k in frozenset().union(*cards.rclown)),
                 tuple(sum(1 << k for k in types) for types in cards.rclown),
                 tuple(1 << REWARD_TYPES.index(t) for t in cards.rtype), tuple(1 << t for t in cards.atype),
                 tuple(1 << 8 * c for c in cards.acolour),
                 frozenset(a for a, t in enumerate(cards.atype) if ACTOR_TYPES[t] == "black_lagoon"),
                 tuple(i for i, a in enumerate(cards.actors) if not (players < 4 and a.removed_for_3_players)))


def _codes_of(cards: MansionCards, players: int) -> Codes:
    return codes_of(action_table(cards, players), cards, players)


_codes: CardSetMemo[Codes] = CardSetMemo(_codes_of)


def action_codes(cards: MansionCards, players: int) -> Codes:
    """``Codes`` of ``action_table(cards, players)``, built once per table."""
    return _codes.get(cards, players)


def build_table(cards: MansionCards, players: int) -> ActionTable:
    t = ActionTable()
    for k in range(4):
        t.add(f"tile:{k + 1}", TILE_OP, k)
    for c, name in enumerate(SKULLS):
        t.add(f"take:{name}", TAKE_OP, c)
    for op, word in ((CAST_OP, "cast"), (MUMMY_OP, "mummy"), (RESERVE_OP, "reserve"), (DUMMY_OP, "dummy")):
        for i, a in enumerate(cards.actors):
            t.add(f"{word}:{a.id}", op, i)
    for i, ch in enumerate(cards.chambers):
        t.add(f"chamber:{ch.id}", CHAMBER_OP, i)
    t.add("swamp", SWAMP_OP)
    for c, name in enumerate(SKULLS):
        t.add(f"costume:{name}", COSTUME1, c)
    for c in range(len(SKULLS)):
        for d in range(c, len(SKULLS)):
            t.add(f"costume:{SKULLS[c]}+{SKULLS[d]}", COSTUME2, c, d)
    t.add("end", END_OP)
    for c, name in enumerate(SKULLS):
        t.add(f"dummy-skull:{name}", DUMMY_SKULL, c)
    for seat in range(players):
        t.add(f"give:{seat}", GIVE, seat)
    t.add("give:none", GIVE_NONE)
    # R6 payments: an actor's cost, plus one skull when Props turns two skulls into a grey; a chamber's two skulls
    largest = max(2, max(sum(c) for c in cards.acost) + 1)
    for size in range(1, largest + 1):
        for paid in multisets(size):
            t.add(pay_name(paid), PAY_OP, pay_code(paid))
    return t
