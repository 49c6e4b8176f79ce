"""Monster Mansion payments (R6, P3): which skulls can pay an actor's cost or a chamber, as pure functions of the
skulls behind the screen, the cost and the chambers' help still available this turn.

MM Cast or Reserve an Actor: a cost is paid in skulls of its colours, grey skulls replacing any colour; MM Make Up
(P4): once a turn one skull of its pair's colour pays for the other colour; MM Props: once a turn two skulls are
turned into one grey. MM Add a Chamber: two skulls of any colour. P3 (the project's ruling on R6): payments that
spend the same skulls are one choice, the one using the fewest chambers; a payment spending every skull of another
one and more is not offered. ``tests/mansion/reference_payments.py`` keeps the first implementation, which
enumerated every way to pay and then filtered; this module describes the same payments directly (see
``payment_set``) and is checked against it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product
from typing import Any

from monsterbox.games.mansion.cards import GREY

Payment = tuple[int, ...]  # skulls paid per colour, in SKULLS order (blue, red, green, yellow, grey)
Flags = tuple[bool, bool]  # (Make Up used, Props used)

PLAIN: Flags = (False, False)
MAKE_UP: Flags = (True, False)
PROPS: Flags = (False, True)
BOTH: Flags = (True, True)
PAY_BASE = 32  # a payment's skull counts per colour, as one integer: sum(count[c] * PAY_BASE ** c)


def pay_code(paid: tuple[int, ...] | list[int]) -> int:
    """A payment's skulls per colour (5 colours) as one integer (``actions``: the argument of a ``pay:`` action)."""
    b, r, g, y, grey = paid
    return b + PAY_BASE * (r + PAY_BASE * (g + PAY_BASE * (y + PAY_BASE * grey)))


def paid_of(code: int) -> tuple[int, ...]:
    """The skulls per colour of a payment's ``pay_code``."""
    return tuple((code // PAY_BASE ** c) % PAY_BASE for c in range(5))


def payment_set(screen: Sequence[int], cost: Sequence[int], pair: tuple[int, int] | None,
                props: bool) -> dict[Payment, Flags]:
    """Every payment of a coloured ``cost`` (4 colours) from ``screen`` (5 colours, grey last), with the chambers
    it uses; ``pair``: Make Up's two colours when it can still help this turn (else None); ``props``: whether
    Props can.

    A payment is described by its *excess*: how many skulls of each colour it spends beyond that colour's cost.
    Greys pay what the coloured skulls leave unpaid, so a payment of ``n = sum(cost)`` skulls with no excess is a
    plain payment. Make Up spends one skull of one pair colour beyond its cost for a skull the other colour lacks:
    excess exactly one, in a pair colour, with its partner paid short. Props spends two coloured skulls beyond the
    cost for one skull the cost lacks: ``n + 1`` skulls with excess two. Both: ``n + 1`` skulls, excess three, one
    of them Make Up's (its partner short).

    With Props, a payment of excess one or none spends a plain payment's skulls and one more (not a shape); with
    both chambers, excess two is already a Props payment (which uses fewer chambers). A payment spending another
    one's skulls and more is not offered (``undominated``: a Props payment can hold a Make Up payment). Each is
    listed once, with the chambers it uses."""
    n = sum(cost)
    out: dict[Payment, Flags] = {}
    for excess, extra, short, flags in _shapes(pair, props):
        _fill(out, screen, cost, excess, n + extra, short, flags)
    return undominated(out)


def undominated(options: dict[Payment, Flags]) -> dict[Payment, Flags]:
    """R6 (RULINGS Mansion 6): "a payment that spends every skull of another offered payment and more is not
    offered, whatever mix of Make Up and Props produces it". The shapes of ``payment_set`` leave such pairs only
    where different chambers make them (a Props payment spending a Make Up payment's skulls and one more: Make Up
    blue/yellow and Props, blue, yellow, yellow, green, a cost of yellow + blue: {yellow, yellow} through Make Up,
    and {green, yellow, yellow} through Props is dropped), so the test is a pass over the few payments of a
    screen (a cost's table is built once: ``payment_table``)."""
    if len(options) < 2:
        return options
    paid = list(options)
    keep: dict[Payment, Flags] = {}
    for q in paid:
        for r in paid:
            if r is not q and r[0] <= q[0] and r[1] <= q[1] and r[2] <= q[2] and r[3] <= q[3] and r[4] <= q[4]:
                break  # r spends some of q's skulls and none more: q spends r's and more (r != q: distinct keys)
        else:
            keep[q] = options[q]
    return keep


#: ``_shapes`` by its arguments (a handful: Make Up's pairs, Props or not)
_SHAPES: dict[tuple[tuple[int, int] | None, bool], list[Shape]] = {}

Shape = tuple[tuple[int, ...], int, int, Flags]  # (excess per colour, skulls beyond the cost, short colour, flags)


def _shapes(pair: tuple[int, int] | None, props: bool) -> list[Shape]:
    """The kinds of payment ``payment_set`` lists, as (excess per colour, skulls spent beyond the cost's, the
    colour paid short or -1, chambers used): plain; Make Up in each direction; Props (excess two, in every
    spread); both (Make Up's excess and two more, its partner short). Built once per (pair, props)."""
    key = (pair, props)
    hit = _SHAPES.get(key)
    if hit is None:
        dirs = [pair, (pair[1], pair[0])] if pair is not None else []
        hit = [((0, 0, 0, 0), 0, -1, PLAIN)]
        hit += [(_excess({give: 1}), 0, want, MAKE_UP) for give, want in dirs]
        if props:
            hit += [(_excess(e), 1, -1, PROPS) for e in _spreads(2, range(4))]
            for give, want in dirs:
                for e in _spreads(2, [c for c in range(4) if c != want]):
                    e[give] = e.get(give, 0) + 1
                    hit.append((_excess(e), 1, want, BOTH))
        _SHAPES[key] = hit
    return hit


def _excess(spread: dict[int, int]) -> tuple[int, ...]:
    return tuple(spread.get(c, 0) for c in range(4))


def _spreads(units: int, colours: Sequence[int]) -> Iterator[dict[int, int]]:
    """Every way to spread ``units`` skulls of excess over ``colours`` (per colour counts, as a fresh dict)."""
    if units == 0:
        yield {}
        return
    if not colours:
        return
    first, rest = colours[0], colours[1:]
    for k in range(units, -1, -1):
        for more in _spreads(units - k, rest):
            if k:
                more[first] = k
            yield more


def _fill(out: dict[Payment, Flags], screen: Sequence[int], cost: Sequence[int], excess: tuple[int, ...],
          size: int, short: int, flags: Flags) -> None:
    """Add to ``out`` every payment of ``size`` skulls from ``screen`` spending exactly ``excess`` beyond the cost
    in those colours, at most the cost in the others (colour ``short``: at least one skull less), greys paying for
    the rest."""
    ranges: list[Sequence[int]] = []
    low = high = 0  # the fewest and the most coloured skulls spent
    for c in range(4):
        e = excess[c]
        if e:
            k = cost[c] + e
            if k > screen[c]:
                return
            ranges.append((k,))
            low += k
            high += k
        else:
            top = cost[c] - 1 if c == short else cost[c]
            if screen[c] < top:
                top = screen[c]
            if top < 0:
                return
            ranges.append(range(top, -1, -1))
            high += top
    greys = screen[GREY]
    if high + greys < size or low > size:
        return
    for q in product(*ranges):
        grey = size - sum(q)
        if 0 <= grey <= greys:
            out[(*q, grey)] = flags


def picks(screen: Sequence[int], k: int, c: int = 0) -> Iterator[Payment]:
    """Every choice of ``k`` skulls among those behind the screen (colours ``c`` onwards): a chamber's payment."""
    if k == 0:
        yield (0,) * 5
        return
    if c == 5:
        return
    for take in range(min(k, screen[c]), -1, -1):
        for rest in picks(screen, k - take, c + 1):
            yield rest[:c] + (take,) + rest[c + 1:]


def payment_order(paid: Payment) -> tuple[int, ...]:
    """The order payments are offered in: fewest skulls first, then the colours in SKULLS order (blue first)."""
    return (sum(paid), -paid[0], -paid[1], -paid[2], -paid[3], -paid[4])


#: a screen, or a payment, packed as one integer: 6 bits a colour (``pack``); a screen's colours carry a guard bit
#: (``pack_screen``) so that ``fits`` compares all five colours with one subtraction
FIELD, GUARD, MAXK = 6, 32, 31
GUARDS = sum(GUARD << (FIELD * c) for c in range(5))


def pack(counts: Sequence[int]) -> int:
    """Per colour counts (each at most ``MAXK``) as one integer (``FIELD`` bits a colour)."""
    b, r, g, y, grey = counts
    return b | r << 6 | g << 12 | y << 18 | grey << 24


def pack_screen(screen: Sequence[int]) -> int:
    """A screen as one integer for ``fits`` (counts above ``MAXK`` count as ``MAXK``: no payment spends as many)."""
    b, r, g, y, grey = (k if k < MAXK else MAXK for k in screen)
    return GUARDS | b | r << 6 | g << 12 | y << 18 | grey << 24


def fits(screen: int, payment: int) -> bool:
    """Whether a packed screen holds every skull of a packed payment: no colour of the subtraction borrows from its
    guard bit."""
    return (screen - payment) & GUARDS == GUARDS


FITTING_MAX = 2_048  # screens remembered per table (a short list each)


class PaymentTable:
    """Every payment of one cost (or a chamber's skulls of any colour) with the same chamber help, from a screen
    holding plenty of every colour, in the order they are offered (``payment_order``). A screen's payments are the
    ones among these that its skulls cover (``payment_set`` decides each skull count by the cost and the screen's
    count of that colour alone, a payment's chambers by its excess), so a purchase filters this table instead of
    working its payments out again: ``covered`` gives them as a bitmask over the entries, ``codes_for`` as
    ``pay_code`` integers, ``payable`` whether there is one, ``flags`` the chambers each payment uses."""

    __slots__ = ("entries", "paid", "flags", "cap", "below", "_fitting", "_asks")

    def __init__(self, options: dict[Payment, Flags]) -> None:
        order = sorted(options, key=payment_order)
        self.entries = tuple((pack(q), pay_code(q)) for q in order)
        self.paid: tuple[Payment, ...] = tuple(order)
        self.flags = {pay_code(q): options[q] for q in order}
        # the most skulls of each colour a payment spends: a screen's payments depend on no more than this
        self.cap = tuple(max((q[c] for q in order), default=0) for c in range(5))
        # below[c][k]: the entries spending at most k skulls of colour c (bit j for entry j), k up to cap[c]
        self.below = tuple(tuple(sum(1 << j for j, q in enumerate(order) if q[c] <= k) for k in range(self.cap[c] + 1))
                           for c in range(5))
        self._fitting: dict[int, list[int]] = {}
        self._asks: dict[tuple[tuple[int, ...], int], bool] = {}

    def covered(self, screen: Sequence[int]) -> int:
        """The entries ``screen`` holds every skull of, as a bitmask (bit ``j`` for ``entries[j]``): for each colour,
        the entries spending no more of it than the screen has (counts above ``cap`` count as ``cap``)."""
        b, r, g, y, grey = screen
        cb, cr, cg, cy, cgrey = self.cap
        b0, b1, b2, b3, b4 = self.below
        return (b0[b if b < cb else cb] & b1[r if r < cr else cr] & b2[g if g < cg else cg] & b3[y if y < cy else cy]
                & b4[grey if grey < cgrey else cgrey])

    def codes_for(self, screen: Sequence[int]) -> list[int]:
        """The pay codes of the payments ``screen`` can make, in offer order: a list shared with later calls
        (callers must not modify it), remembered by the entries covered (``covered``) in ``_fitting`` (a pure
        function of the table and that mask; bounded by clearing it when full)."""
        mask = self.covered(screen)
        hit = self._fitting.get(mask)
        if hit is None:
            if len(self._fitting) >= FITTING_MAX:
                self._fitting.clear()
            entries = self.entries
            hit = []
            m = mask
            while m:  # the entries of the mask's bits, lowest (first offered) first
                low = m & -m
                hit.append(entries[low.bit_length() - 1][1])
                m ^= low
            self._fitting[mask] = hit
        return hit

    def asks(self, public: Sequence[int], hidden: int) -> bool:
        """RULINGS Mansion 8: whether the table must ask the player which payment to make, from what the other seats
        know of the screen alone: the skulls they saw go behind it (``public``) and how many hidden skulls (The
        Swamp Thing's) it holds besides, of colours they cannot tell. Yes when some screen they cannot tell from
        the real one (``public`` and ``hidden`` more skulls of any colours) could make two of the table's payments:
        two entries fit such a screen when the skulls both need beyond ``public`` (per colour, the larger need)
        number at most ``hidden``. Remembered per (public screen capped at ``cap``, hidden count) in ``_asks``."""
        cap = self.cap
        pub = tuple(k if k < top else top for k, top in zip(public, cap, strict=True))
        key = (pub, hidden)
        hit = self._asks.get(key)
        if hit is None:
            needs = []  # per payment that some such screen can make: the skulls it needs beyond the public ones
            for q in self.paid:
                need = tuple(k - have if k > have else 0 for k, have in zip(q, pub, strict=True))
                if sum(need) <= hidden:
                    needs.append(need)
            hit = any(sum(a if a > b else b for a, b in zip(x, y, strict=True)) <= hidden
                      for i, x in enumerate(needs) for y in needs[i + 1:])
            if len(self._asks) >= FITTING_MAX:
                self._asks.clear()
            self._asks[key] = hit
        return hit

    def payable(self, screen: Sequence[int]) -> bool:
        """Whether ``screen`` can make any payment of the table (castability)."""
        return self.covered(screen) != 0


#: ``payment_table`` by its arguments: a few hundred small tables at most (costs of a card file x chamber help)
_TABLES: dict[tuple[Any, ...], PaymentTable] = {}
PLENTY = (MAXK,) * 5


def payment_table(cost: tuple[int, ...], pair: tuple[int, int] | None, props: bool) -> PaymentTable:
    """The ``PaymentTable`` of a coloured ``cost`` with Make Up's ``pair`` (None: it cannot help) and Props
    (``props``: whether it can), built once."""
    key = (cost, pair, props)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = PaymentTable(payment_set(PLENTY, cost, pair, props))
    return table


def chamber_table(count: int) -> PaymentTable:
    """The ``PaymentTable`` of ``count`` skulls of any colour (MM Add a Chamber), built once."""
    key = ("any", count)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = PaymentTable({q: PLAIN for q in picks(PLENTY, count)})
    return table


def payable(screen: Sequence[int], cost: tuple[int, ...], pair: tuple[int, int] | None, props: bool) -> bool:
    """Whether ``payment_set`` has any payment (through the cost's table)."""
    return payment_table(cost, pair, props).payable(screen)
