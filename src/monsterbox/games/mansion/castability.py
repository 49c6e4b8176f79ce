"""Which actors a player can cast (MM Actor Cards; MM Cast or Reserve an Actor; R6), as bitmasks over the actor
indices of one card set, so that the casting turn's legal actions test each actor with one bit instead of its cost.

MM Cast or Reserve an Actor: an actor's cost is paid in skulls of its colours, grey skulls replacing skulls of any
colour. Without chambers an actor is therefore castable when the greys cover what the exact colours lack
(``plain_mask``), which is also when the cost's payment table without chambers has a payment from the screen;
the chambers' help (Make Up, Props) is decided by the costs' payment tables with that help
(``payments.PaymentTable``) for the few actors this plain test rejects, all of a card set's tables at once
(``HelpTable``). The casting turn reads the whole answer for a screen at once: ``ScreenCasts`` holds, for one chamber
help (a ``help_key`` of the player's ``chamber_bits``), the castable actors of every screen that matters, worked
out from the same payment tables when that help is first asked about.
MM Actor Cards: a player has at most one ability card (Black Lagoon, Mummy, Swamp Thing) of each type, which
``CastTable.banned`` describes as a mask too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import NamedTuple

from monsterbox.core.memo import CardSetMemo
from monsterbox.games.mansion.cards import ABILITY_TYPES, ACTOR_TYPES, CHAMBER_TYPES, MansionCards
from monsterbox.games.mansion.payments import PaymentTable, payment_table

#: the ability types' indices in ``cards.ACTOR_TYPES`` (MM Actor Cards: one of each type per player)
ABILITY_TYPE_INDICES = frozenset(ACTOR_TYPES.index(t) for t in ABILITY_TYPES)

#: A player's chambers as one integer (``chamber_bits``): bit ``CHAMBER_TYPES.index(type)`` for each chamber type
#: (``TYPE_BITS``), and Make Up's pair as its number (1 + its index in ``CastTable.pairs``) from bit ``PAIR_SHIFT``
#: up (``PAIR_BITS``): a player has one chamber of each type at most (MM Add a Chamber), so one Make Up.
PAIR_SHIFT = len(CHAMBER_TYPES)
TYPE_BITS = (1 << PAIR_SHIFT) - 1
PAIR_BITS = ~TYPE_BITS
PROPS_BIT = 1 << CHAMBER_TYPES.index("props")
#: screen counts the ``ScreenCasts`` look-up tables cover directly (more skulls of a colour than this: ``castable``)
LOOK_SIZE = 64


@dataclass(eq=False)
class CastTable:
    """One card set's castability data. ``caps[c]``: the most skulls of colour ``c`` any actor's cost asks for (and,
    for grey, the largest cost): a screen's plain castability depends on no more than these counts, since a plain
    payment spends at most the cost in each colour and greys only for what the colours lack. ``same_ability[a]``:
    the actors of ``a``'s type when it is an ability type (a player owning ``a`` may cast none of them), else 0.
    ``of_type[t]``: the actors of type ``t``."""

    costs: tuple[tuple[int, ...], ...]
    caps: tuple[int, ...]
    radix: tuple[int, ...]  # the capped screen's place values in ``plain_memo``'s key (mixed radix: caps[c] + 1)
    same_ability: tuple[int, ...]
    of_type: tuple[int, ...]
    #: ``plain`` by the capped screen: at most (caps[0] + 1) * ... * (caps[4] + 1) entries (405 for the shipped
    #: cards), a pure function of the card set and the capped screen
    plain_memo: dict[int, int] = field(default_factory=dict)
    #: ``helped`` by the chambers' help (Make Up's pair or None, Props or not): a handful, each built once
    help_tables: dict[tuple[tuple[int, int] | None, bool], HelpTable] = field(default_factory=dict)
    #: the card set's Make Up pairs (colour indices), numbered from 1 in a player's chamber bits (``PAIR_SHIFT``)
    pairs: tuple[tuple[int, int], ...] = ()
    #: ``screen_casts`` by help key (``help_key``), None until first asked: at most ``(len(pairs) + 1) << PAIR_SHIFT``
    by_help: list[ScreenCasts | None] = field(default_factory=list)
    #: ``payment_tables`` by help key, None until first asked (as ``by_help``)
    tables_by_help: list[tuple[PaymentTable, ...] | None] = field(default_factory=list)

    def plain(self, screen: Sequence[int]) -> int:
        """The actors ``screen`` can pay for without chambers, as a bitmask (bit ``a`` for actor ``a``): the greys
        cover what the exact colours lack. Remembered by the screen capped at ``caps`` (``plain_memo``)."""
        b, r, g, y, grey = screen
        cb, cr, cg, cy, cgrey = self.caps
        _, mr, mg, my, mgrey = self.radix
        key = ((b if b < cb else cb) + (r if r < cr else cr) * mr + (g if g < cg else cg) * mg
               + (y if y < cy else cy) * my + (grey if grey < cgrey else cgrey) * mgrey)
        hit = self.plain_memo.get(key)
        if hit is None:
            # ``plain_mask``, read from the payment tables without chambers (a plain payment exists exactly when the
            # greys cover what the exact colours lack), all costs at once
            tables = self.helped(None, False)
            covered = tables.covered(screen)
            hit = 0
            for a, span in enumerate(tables.span):
                if covered & span:
                    hit |= 1 << a
            self.plain_memo[key] = hit
        return hit

    def helped(self, pair: tuple[int, int] | None, props: bool) -> HelpTable:
        """The ``HelpTable`` of this card set's costs with Make Up's ``pair`` (None: it cannot help) and Props
        (``props``: whether it can), built once."""
        key = (pair, props)
        hit = self.help_tables.get(key)
        if hit is None:
            hit = self.help_tables[key] = build_help_table(self.costs, pair, props)
        return hit

    def help_of(self, key: int) -> tuple[tuple[int, int] | None, bool]:
        """The chambers' help a help key (``help_key``) stands for: Make Up's pair or None, whether Props helps."""
        number = key >> PAIR_SHIFT
        return (self.pairs[number - 1] if number else None), bool(key & PROPS_BIT)

    def screen_casts(self, key: int) -> ScreenCasts:
        """The ``ScreenCasts`` of the chambers' help ``key`` (``help_key``), built once (kept in ``by_help``)."""
        hit = self.by_help[key]
        if hit is None:
            hit = self.by_help[key] = build_screen_casts(self.costs, *self.help_of(key))
        return hit

    def payment_tables(self, key: int) -> tuple[PaymentTable, ...]:
        """Each actor's cost's payment table (``payments.payment_table``) under the chambers' help ``key``
        (``help_key``), built once (kept in ``tables_by_help``)."""
        hit = self.tables_by_help[key]
        if hit is None:
            pair, props = self.help_of(key)
            hit = self.tables_by_help[key] = tuple(payment_table(cost, pair, props) for cost in self.costs)
        return hit

    def banned(self, owned_actors: Sequence[int]) -> int:
        """The actors a player owning ``owned_actors`` may not cast: those of an ability type it already has."""
        out = 0
        same = self.same_ability
        for a in owned_actors:
            out |= same[a]
        return out


def plain_mask(costs: Sequence[Sequence[int]], screen: Sequence[int]) -> int:
    """Bit ``a`` set when ``screen``'s greys cover what its exact colours lack of ``costs[a]`` (4 colours)."""
    grey = screen[4]
    mask = 0
    for a, cost in enumerate(costs):
        if sum(c - screen[i] for i, c in enumerate(cost) if c > screen[i]) <= grey:
            mask |= 1 << a
    return mask


@dataclass(frozen=True, eq=False)
class HelpTable:
    """Castability with the chambers' help (R6) for every actor of a card set at once: the payment tables
    (``payments.payment_table``) of the set's distinct costs under one chamber help, laid side by side in one bitmask
    (each table's entries at its own offset). ``below[c][k]``: the entries of every table spending at most ``k``
    skulls of colour ``c`` (a table whose most of that colour, ``PaymentTable.cap``, is below ``k`` counts as at its
    cap, as ``PaymentTable.covered`` does); ``caps[c]``: the largest of the tables' caps; ``span[a]``: the bits of
    actor ``a``'s cost's table. So ``covered(screen) & span[a]`` is ``payment_table(cost of a, ...).covered(screen)``
    moved to ``a``'s offset, non-zero exactly when ``a``'s cost has a payment from ``screen`` (checked against the
    tables in ``tests/mansion/test_casting_pass.py``)."""

    caps: tuple[int, ...]
    below: tuple[tuple[int, ...], ...]
    span: tuple[int, ...]

    def covered(self, screen: Sequence[int]) -> int:
        """Every table's entries ``screen`` holds every skull of (``PaymentTable.covered`` of each, side by side)."""
        b, r, g, y, grey = screen
        cb, cr, cg, cy, cgrey = self.caps
        b0, b1, b2, b3, b4 = self.below
        return (b0[b if b < cb else cb] & b1[r if r < cr else cr] & b2[g if g < cg else cg] & b3[y if y < cy else cy]
                & b4[grey if grey < cgrey else cgrey])


class ScreenCasts(NamedTuple):
    """The actors each screen can pay for under one chamber help (R6), worked out once for every screen that
    matters: ``masks[key]`` is ``HelpTable.covered``'s castability (bit ``a`` when actor ``a``'s cost has a payment)
    for the screen whose counts, capped at the help table's ``caps``, give ``key``; ``look[c][k]`` is count ``k`` of
    colour ``c`` capped and multiplied by its place value, so ``key`` is the sum of five look-ups (``castable``). A
    screen's payments depend on no more than the capped counts (``HelpTable.covered``), so the masks are the tables'
    answer for every screen (checked against the payment tables in ``tests/mansion/test_castability_masks.py``)."""

    look0: tuple[int, ...]
    look1: tuple[int, ...]
    look2: tuple[int, ...]
    look3: tuple[int, ...]
    look4: tuple[int, ...]
    masks: list[int]

    def castable(self, screen: Sequence[int]) -> int:
        """The actors ``screen`` can pay for, as a bitmask (any counts: a count beyond the look-up tables is capped
        like their last one, since every cap is below ``LOOK_SIZE``)."""
        top = LOOK_SIZE - 1
        b, r, g, y, grey = (k if k < top else top for k in screen)
        return self.masks[self.look0[b] + self.look1[r] + self.look2[g] + self.look3[y] + self.look4[grey]]


def build_screen_casts(costs: Sequence[tuple[int, ...]], pair: tuple[int, int] | None, props: bool) -> ScreenCasts:
    """Every screen's castable actors under one chamber help, from the payment tables of the distinct costs: each
    payment marks its cost's actors at the screen holding exactly its skulls, then each screen adds what the screens
    with one skull less (of any colour) pay for, in increasing key order, so that a screen's mask holds the actors of
    every payment it covers."""
    tables = {cost: payment_table(cost, pair, props) for cost in sorted(set(costs))}
    caps = tuple(max(t.cap[c] for t in tables.values()) for c in range(5))
    assert max(caps) < LOOK_SIZE, "a cost asks for more skulls than the look-up tables cover"
    radix = [1]
    for cap in caps:
        radix.append(radix[-1] * (cap + 1))
    masks = [0] * radix[5]
    for cost, t in tables.items():
        actors = sum(1 << a for a, x in enumerate(costs) if x == cost)
        for packed, _ in t.entries:  # 6 bits a colour (``payments.pack``)
            masks[sum((packed >> 6 * c & 63) * radix[c] for c in range(5))] |= actors
    r1, r2, r3, r4 = radix[1:5]
    # every capped screen in key order (blue varies fastest: its place value is 1)
    for key, (grey, y, g, r, b) in enumerate(product(*(range(cap + 1) for cap in reversed(caps)))):
        m = masks[key]
        if b:
            m |= masks[key - 1]
        if r:
            m |= masks[key - r1]
        if g:
            m |= masks[key - r2]
        if y:
            m |= masks[key - r3]
        if grey:
            m |= masks[key - r4]
        masks[key] = m
    look = [tuple((k if k < caps[c] else caps[c]) * radix[c] for k in range(LOOK_SIZE)) for c in range(5)]
    return ScreenCasts(look[0], look[1], look[2], look[3], look[4], masks)


def build_help_table(costs: Sequence[tuple[int, ...]], pair: tuple[int, int] | None, props: bool) -> HelpTable:
    distinct = sorted(set(costs))
    tables = [payment_table(cost, pair, props) for cost in distinct]
    offsets = []
    at = 0
    for t in tables:
        offsets.append(at)
        at += len(t.entries)
    caps = tuple(max(t.cap[c] for t in tables) for c in range(5))
    placed = list(zip(tables, offsets, strict=True))
    below = tuple(tuple(sum(t.below[c][min(k, t.cap[c])] << off for t, off in placed) for k in range(caps[c] + 1))
                  for c in range(5))
    span_of = {cost: ((1 << len(t.entries)) - 1) << off for cost, (t, off) in zip(distinct, placed, strict=True)}
    return HelpTable(caps, below, tuple(span_of[cost] for cost in costs))


def build_cast_table(cards: MansionCards) -> CastTable:
    costs = cards.acost
    caps = tuple(max(cost[c] for cost in costs) for c in range(4)) + (max(sum(cost) for cost in costs),)
    radix = [1]
    for cap in caps[:4]:
        radix.append(radix[-1] * (cap + 1))
    of_type = tuple(sum(1 << a for a, t in enumerate(cards.atype) if t == kind) for kind in range(len(ACTOR_TYPES)))
    same = tuple(of_type[t] if t in ABILITY_TYPE_INDICES else 0 for t in cards.atype)
    pairs = tuple(sorted({pair for pair in cards.cpair if pair is not None}))
    keys = (len(pairs) + 1) << PAIR_SHIFT
    return CastTable(costs, caps, tuple(radix), same, of_type, pairs=pairs, by_help=[None] * keys,
                     tables_by_help=[None] * keys)


def chamber_bits(cards: MansionCards, pairs: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """Each chamber's bits in a player's chambers as one integer (``PAIR_SHIFT``): its type's bit, and for Make Up
    its pair's number above the types."""
    return tuple(1 << CHAMBER_TYPES.index(kind) | ((pairs.index(pair) + 1) << PAIR_SHIFT if pair is not None else 0)
                 for kind, pair in zip(cards.ctype, cards.cpair, strict=True))


def help_key(chambers: int, makeup_used: bool, props_used: bool) -> int:
    """The chambers' help still available this turn (R6) from a player's chamber bits (``chamber_bits``): Make Up's
    pair unless used, Props' bit unless used; 0 for no help. The key of ``CastTable.by_help``."""
    return (0 if makeup_used else chambers & PAIR_BITS) | (0 if props_used else chambers & PROPS_BIT)


_tables: CardSetMemo[CastTable] = CardSetMemo(build_cast_table)


def cast_table(cards: MansionCards) -> CastTable:
    """The ``CastTable`` of a card set, built once per card set (by identity, as the action tables: ``core.memo``)."""
    return _tables.get(cards)
