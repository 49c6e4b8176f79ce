"""Which actors a player can cast (MM Actor Cards; MM Cast or Reserve an Actor; R6), as bitmasks over the actor
indices of one card set, so that the casting turn's legal actions test each actor with one bit instead of its cost.

MM Cast or Reserve an Actor: an actor's cost is paid in skulls of its colours, grey skulls replacing skulls of any
colour. Without chambers an actor is therefore castable when the greys cover what the exact colours lack
(``plain_mask``); the chambers' help (Make Up, Props) is decided by the cost's payment table
(``payments.PaymentTable.payable``) for the few actors this plain test rejects.
MM Actor Cards: a player has at most one ability card (Black Lagoon, Mummy, Swamp Thing) of each type, which
``CastTable.banned`` describes as a mask too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from monsterbox.games.mansion.cards import ABILITY_TYPES, ACTOR_TYPES, MansionCards

#: the ability types' indices in ``cards.ACTOR_TYPES`` (MM Actor Cards: one of each type per player)
ABILITY_TYPE_INDICES = frozenset(ACTOR_TYPES.index(t) for t in ABILITY_TYPES)


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
            hit = self.plain_memo[key] = plain_mask(self.costs, (b, r, g, y, grey))
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


def build_cast_table(cards: MansionCards) -> CastTable:
    costs = cards.acost
    caps = tuple(max(cost[c] for cost in costs) for c in range(4)) + (max(sum(cost) for cost in costs),)
    radix = [1]
    for cap in caps[:4]:
        radix.append(radix[-1] * (cap + 1))
    of_type = tuple(sum(1 << a for a, t in enumerate(cards.atype) if t == kind) for kind in range(len(ACTOR_TYPES)))
    same = tuple(of_type[t] if t in ABILITY_TYPE_INDICES else 0 for t in cards.atype)
    return CastTable(costs, caps, tuple(radix), same, of_type)


_tables: dict[int, tuple[MansionCards, CastTable]] = {}


def cast_table(cards: MansionCards) -> CastTable:
    """The ``CastTable`` of a card set, built once per card set (by identity, as the action tables)."""
    hit = _tables.get(id(cards))
    if hit is None or hit[0] is not cards:
        hit = _tables[id(cards)] = (cards, build_cast_table(cards))
    return hit[1]
