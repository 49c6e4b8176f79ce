"""Monster Mansion, MM Phase 3, The Casting: the skulls taken, an actor cast or reserved and/or a chamber added
(Cast or Reserve an Actor, Add a Chamber), their payments (R6) and the abilities used during the turn (Actor Cards,
Chamber Cards), the Reward Cards taken at once; the seats' turns in tile order, the dummy's played by the lowest
real tile (2 Player Game).

References: MM = monster-mansion.txt (section names), R<n> = shared/RULINGS.md Monster Mansion ruling n,
P<n> = the project's own rulings in docs/rules/mansion.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress

from monsterbox.games.mansion.audition import draw_skull, lowest_real_tile_player
from monsterbox.games.mansion.cards import ACTOR_COLOURS, CHAMBER_TYPES, MUMMY, REWARD_TYPES, SWAMP_THING
from monsterbox.games.mansion.castability import PAIR_BITS, PROPS_BIT, TYPE_BITS
from monsterbox.games.mansion.payments import (
    Flags,
    Payment,
    PaymentTable,
    chamber_table,
    paid_of,
    payment_table,
)
from monsterbox.games.mansion.state import (
    BUY_AUDITION,
    BUY_CHAMBER,
    BUY_MUMMY,
    BUY_RESERVE,
    CAST,
    DUMMY_ACTOR,
    DUMMY_SKULLS,
    PAY,
    TAKE,
    Codes,
    MansionState,
    log,
)

CHAMBER_COST = 2  # MM Add a Chamber: always 2 skulls of any colour
CHAMBER_MEMO_MAX = 4_096  # addable_chambers' memo entries kept (pools are subsets of 12 chambers)
#: reward types as bits (``state.Codes.reward_bit``), and the byte arithmetic of ``check_rewards``' colour counts
CLOWN, ZOMBIE, WITCH = (1 << REWARD_TYPES.index(t) for t in ("clown", "zombie", "witch"))
ALL_REWARDS = (1 << len(REWARD_TYPES)) - 1
TOP_BITS = sum(0x80 << 8 * c for c in range(len(ACTOR_COLOURS)))
THREE_UP = sum(125 << 8 * c for c in range(len(ACTOR_COLOURS)))
ONE_UP = sum(127 << 8 * c for c in range(len(ACTOR_COLOURS)))
COSTUME = {1: 3, 2: 5}  # MM Costume: 3 or 5 tickets for 1 or 2 skulls
#: the chambers a payment used, as logged, by its flags (Make Up used + 2 * Props used)
CHAMBERS_USED: tuple[tuple[str, ...], ...] = ((), ("make_up",), ("props",), ("make_up", "props"))
#: the digits of ``bin`` as bytes 0 and 1 (``bytes.translate``), to select list items by the bits of a mask
BIT_BYTES = bytes.maketrans(b"01", b"\x00\x01")
#: a chamber type's bit in a player's chambers as one integer (``state.Codes.chamber_bit``)
COSTUME_BIT = 1 << CHAMBER_TYPES.index("costume")


def begin_turn(s: MansionState) -> bool:
    """MM Phase 3, The Casting: seats act in tile order; the dummy's turn is played by the lowest real tile. False
    when every seat has played its turn: Phase 4, The Show, follows (``rules.on_end``)."""
    if s.order_pos >= len(s.order):
        return False
    q = s.order[s.order_pos]
    s.acting = q
    skulls = s.tile_values[s.tiles[q]][1]
    if q >= s.n:
        s.current = lowest_real_tile_player(s)
        s.to_take = skulls
        if s.audition:
            s.phase = DUMMY_ACTOR
            return True
        return dummy_skulls_or_next(s)
    s.current = q
    s.actor_done = s.chamber_done = s.swamp_done = s.costume_done = s.makeup_used = s.props_used = False
    s.to_take = skulls
    if s.to_take and sum(s.audition_skulls):
        s.phase = TAKE
    else:
        s.phase = CAST
    return True


def dummy_skulls_or_next(s: MansionState) -> bool:
    """MM 2 Player Game: the dummy's skulls to discard, if the audition has any left, else the next seat's turn
    (``begin_turn``: False when every seat has played)."""
    if s.to_take and sum(s.audition_skulls):
        s.phase = DUMMY_SKULLS
        return True
    s.order_pos += 1
    return begin_turn(s)


def on_take(s: MansionState, p: int, c: int, _: int) -> None:
    """MM Phase 3: take the tile's skulls from the audition one at a time (the table sees their colours)."""
    s.audition_skulls[c] -= 1
    s.screens[p][c] += 1
    s.public_screens[p][c] += 1
    s.to_take -= 1
    if s.log is not None:  # ``log``, written out on the hot paths
        s.log.append((-1, ("take", p, c)))
    if not s.to_take or not sum(s.audition_skulls):
        s.phase = CAST


def owns(s: MansionState, p: int, actor_type: int) -> bool:
    """Whether ``p`` has an actor of ``actor_type`` in play."""
    atype = s.cards.atype
    for a in s.actors[p]:  # noqa: SIM110 (a loop: no generator frame, read at every show)
        if atype[a] == actor_type:
            return True
    return False


def chamber_of(s: MansionState, p: int, kind: str) -> int:
    ctype = s.cards.ctype
    for c in s.chambers[p]:
        if ctype[c] == kind:
            return c
    return -1


def payments(s: MansionState, p: int, cost: Sequence[int], any_count: int = 0) -> dict[Payment, Flags]:
    """R6: every way ``p`` can pay ``cost`` (per colour) or ``any_count`` skulls of any colour (a chamber), keyed
    by the skulls spent, each with (Make Up used, Props used) (``payments.payment_set``, P3)."""
    table = chamber_table(any_count) if any_count else payment_table(tuple(cost), *_helpers(s, p))
    return {paid_of(code): table.flags[code] for code in table.codes_for(s.screens[p])}


def payment_options(s: MansionState, p: int, kind: int, item: int) -> dict[Payment, Flags]:
    """The payments of a purchase: an actor's cost, or a chamber's two skulls of any colour."""
    table, codes = _purchase(s, p, kind, item)
    return {paid_of(code): table.flags[code] for code in codes}


def _purchase(s: MansionState, p: int, kind: int, item: int) -> tuple[PaymentTable, list[int]]:
    """The payment table of a purchase and the pay codes (``payments.pay_code``) of the payments ``p`` can make, in
    the order they are offered."""
    if kind == BUY_CHAMBER:
        table = chamber_table(CHAMBER_COST)
    else:
        table = payment_table(s.cards.acost[item], *_helpers(s, p))
    return table, table.codes_for(s.screens[p])


def _helpers(s: MansionState, p: int) -> tuple[tuple[int, int] | None, bool]:
    """The chambers that can still help ``p`` pay this turn: Make Up's pair of colours (None when it cannot) and
    whether Props can."""
    pair = None
    props = False
    cards = s.cards
    for c in s.chambers[p]:
        kind = cards.ctype[c]
        if kind == "make_up":
            if not s.makeup_used:
                pair = cards.cpair[c]
        elif kind == "props":
            props = not s.props_used
    return pair, props


def payment_actions(s: MansionState, p: int) -> list[int]:
    """R6: the payments ``p`` can make for the purchase pending (``_purchase``'s, in the order offered): the entries
    of its table kept on the state (``pay_table``) that the screen covers (``PaymentTable.covered``), as action
    codes. The bits of that mask select the entries' codes in C (``bin`` lists them, highest first; ``BIT_BYTES``
    turns its digits into bytes 0 and 1 for ``compress``), with no Python loop over them."""
    table = s.pay_table
    assert table is not None, "PAY: buy() keeps the pending purchase's payment table"
    codes = s.codes
    entry_codes = codes.pay_entries.get(table)
    if entry_codes is None:
        pay = codes.pay
        entry_codes = codes.pay_entries[table] = [pay[code] for _, code in table.entries]
    return list(compress(entry_codes, bin(table.covered(s.screens[p]))[:1:-1].encode().translate(BIT_BYTES)))


def casting_actions(s: MansionState, p: int) -> list[int]:
    """MM Phase 3, The Casting: cast an actor (audition, reserve, or the Mummy's sources) or reserve one, once a
    turn; add a chamber, once a turn; the Swamp Thing's draw; Costume's one or two skulls from the discard tile;
    end the turn unless it must act first (R5).

    The same rules as ``castable``, ``addable_chambers``, ``costume_choices`` and ``must_act``, written as one pass
    for the hot path: what they each derive from the player's cards (the ability types owned, as
    ``CastTable.banned``; the chambers, as ``Codes.chamber_bit``s) is read once here; castability with the chambers'
    help still available (R6) is one look-up in that help's ``castability.ScreenCasts``; the lists are built by
    loops appending to one list (cheaper than comprehensions over a few items in this interpreter)."""
    codes = s.codes
    table = codes.castability
    banned = 0  # MM Actor Cards: the actors of an ability type p owns (``CastTable.banned``)
    same = table.same_ability
    for a in s.actors[p]:
        banned |= same[a]
    have = 0  # p's chambers, as ``Codes.chamber_bit``s (types, and Make Up's pair)
    bit = codes.chamber_bit
    for c in s.chambers[p]:
        have |= bit[c]
    screen = s.screens[p]
    acts: list[int] = []
    append = acts.append
    if not s.actor_done:
        # R6: the actors p can pay for with the chambers' help still available this turn (``help_key``)
        key = (0 if s.makeup_used else have & PAIR_BITS) | (0 if s.props_used else have & PROPS_BIT)
        casts = table.by_help[key] or table.screen_casts(key)
        look0, look1, look2, look3, look4, masks = casts
        b, r, g, y, grey = screen
        try:
            castable = masks[look0[b] + look1[r] + look2[g] + look3[y] + look4[grey]] & ~banned
        except IndexError:  # more skulls of a colour than the look-up tables cover
            castable = casts.castable(screen) & ~banned
        cast = codes.cast
        audition = sorted(s.audition)
        for a in audition:
            if castable >> a & 1:
                append(cast[a])
        reserved = s.reserved[p]
        if reserved:  # the reserve's, after the audition's
            for a in sorted(reserved):
                if castable >> a & 1:
                    append(cast[a])
        if banned & table.of_type[MUMMY]:  # p owns a Mummy: the discard pile (2 players: the dummy's area) too
            mummy = codes.mummy
            for a in sorted(mummy_sources(s)):
                if castable >> a & 1:
                    append(mummy[a])
        reserve = codes.reserve
        for a in audition:
            append(reserve[a])
    # MM Add a Chamber (``addable_chambers``; ``_chambers_for``'s memo read here)
    chambers = None
    if not s.chamber_done and sum(screen) >= CHAMBER_COST:
        have &= TYPE_BITS
        chambers = codes.chamber_memo.get((have, tuple(s.chamber_pool)))
        if chambers is None:
            chambers = _chambers_for(s, have)
        chamber = codes.chamber
        for c in chambers:
            append(chamber[c])
    if banned & table.of_type[SWAMP_THING] and not s.swamp_done and (any(s.bag) or any(s.skull_discard)):
        append(codes.swamp)
    if have & COSTUME_BIT and not s.costume_done:
        # ``costume_choices``, its memo read here
        b, r, g, y, grey = s.skull_discard
        choices = codes.costume_memo.get((b if b < 2 else 2) + 3 * (r if r < 2 else 2) + 9 * (g if g < 2 else 2)
                                         + 27 * (y if y < 2 else 2) + 81 * (grey if grey < 2 else 2))
        acts += costume_choices(codes, s.skull_discard) if choices is None else choices
    if s.actor_done or s.chamber_done or not (s.audition or chambers):  # not must_act (R5)
        append(codes.end)
    return acts


def costume_choices(codes: Codes, discard: Sequence[int]) -> list[int]:
    """MM Costume: one skull, or two, from the discard tile (the codes of ``costume:<colour>`` then
    ``costume:<colour>+<colour>``). Built once per discard tile (counts above two change nothing) in the action
    codes' ``costume_memo``, keyed by the capped counts in base 3. A list shared with later calls (callers must not
    modify it)."""
    b, r, g, y, grey = discard
    key = ((b if b < 2 else 2) + 3 * (r if r < 2 else 2) + 9 * (g if g < 2 else 2) + 27 * (y if y < 2 else 2)
           + 81 * (grey if grey < 2 else 2))
    hit = codes.costume_memo.get(key)
    if hit is None:
        capped = [k if k < 2 else 2 for k in discard]
        hit = [codes.costume1[c] for c in range(5) if capped[c]]
        hit += [codes.costume2[c][d] for c in range(5) for d in range(c, 5)
                if ((capped[c] >= 2) if c == d else (capped[c] and capped[d]))]
        codes.costume_memo[key] = hit
    return hit


def addable_chambers(s: MansionState, p: int) -> list[int]:
    """MM Add a Chamber: one a turn, 2 skulls of any colour, one chamber of each type (one card per kind offered:
    Make Up cards differ by their pair). A list shared with later calls (callers must not modify it)."""
    if s.chamber_done or sum(s.screens[p]) < CHAMBER_COST:
        return []
    bit = s.codes.chamber_bit
    have = 0
    for c in s.chambers[p]:
        have |= bit[c]
    return _chambers_for(s, have & TYPE_BITS)


def _chambers_for(s: MansionState, have: int) -> list[int]:
    """The first chamber of each kind in the pool whose type is not among ``have`` (a player's chamber types as
    ``Codes.chamber_bit``s, within ``castability.TYPE_BITS``), remembered in the action codes' ``chamber_memo`` by
    ``have`` and the pool, which decide it."""
    codes = s.codes
    key = (have, tuple(s.chamber_pool))
    hit = codes.chamber_memo.get(key)
    if hit is None:
        bit = codes.chamber_bit
        ckind = s.cards.ckind
        seen = set()
        hit = []
        for c in s.chamber_pool:
            kind = ckind[c]
            if not have & bit[c] and kind not in seen:
                seen.add(kind)
                hit.append(c)
        if len(codes.chamber_memo) >= CHAMBER_MEMO_MAX:
            codes.chamber_memo.clear()
        codes.chamber_memo[key] = hit
    return hit


def must_act(s: MansionState, p: int, chambers: list[int] | None = None) -> bool:
    """R5: the casting turn casts or reserves an actor and/or adds a chamber; ending it having done neither is
    allowed only with an empty audition and no chamber the player can add."""
    if s.actor_done or s.chamber_done:
        return False
    return bool(s.audition) or bool(addable_chambers(s, p) if chambers is None else chambers)


def castable(s: MansionState, p: int, a: int) -> bool:
    """MM Actor Cards: an actor can be cast if its cost can be paid, and an ability card (Black Lagoon, Mummy,
    Swamp Thing) only if the player does not have one of that type already."""
    return bool(castable_among(s, p, [a], s.codes.castability.banned(s.actors[p])))


def castable_among(s: MansionState, p: int, actors: Sequence[int], banned: int) -> list[int]:
    """The actors of ``actors`` (in that order) ``p`` can cast (``castable``; ``banned``: the mask of the actors
    of an ability type ``p`` has, ``CastTable.banned``): those the exact colours and greys pay for
    (``CastTable.plain``), else, when a chamber can still help, those with any payment in the cost's table (R6)."""
    screen = s.screens[p]
    ok = s.codes.castability.plain(screen) & ~banned
    out = [a for a in actors if ok >> a & 1]
    if len(out) == len(actors) or not s.chambers[p]:
        return out
    pair, props = _helpers(s, p)
    if pair is None and not props:
        return out
    helped = s.codes.castability.helped(pair, props)
    payable = helped.covered(screen)  # every actor's payments with this help, side by side
    span = helped.span
    return [a for a in actors if ok >> a & 1 or (not banned >> a & 1 and payable & span[a])]


def mummy_sources(s: MansionState) -> list[int]:
    """MM The Mummy: the actor discard pile; with 2 players, the dummy's area."""
    return s.actors[2] if s.n == 2 else s.actor_discard


def on_cast(s: MansionState, p: int, a: int, _: int) -> None:
    buy(s, p, BUY_AUDITION if a in s.audition else BUY_RESERVE, a)


def on_mummy(s: MansionState, p: int, a: int, _: int) -> None:
    buy(s, p, BUY_MUMMY, a)


def on_chamber(s: MansionState, p: int, c: int, _: int) -> None:
    buy(s, p, BUY_CHAMBER, c)


def buy(s: MansionState, p: int, kind: int, item: int) -> None:
    """R6: a purchase with a single way to pay is paid at once; otherwise the player chooses the payment (PAY).
    RULINGS Mansion 8: whether the payment step is asked depends only on what the other seats know (the public
    screen and the number of hidden Swamp Thing skulls, ``PaymentTable.asks``): when some screen they cannot tell
    from the real one has two payments, the step is asked, offering the real payments, even a single one.
    An actor's payment table is its cost's with the chambers' help still available (``_helpers``), read by the help
    key of the player's chamber bits (``castability.help_key``, written out)."""
    if kind == BUY_CHAMBER:
        table = chamber_table(CHAMBER_COST)
    else:
        have = 0
        bit = s.codes.chamber_bit
        for c in s.chambers[p]:
            have |= bit[c]
        key = (0 if s.makeup_used else have & PAIR_BITS) | (0 if s.props_used else have & PROPS_BIT)
        castability = s.codes.castability
        table = (castability.tables_by_help[key] or castability.payment_tables(key))[item]
    ways = table.covered(s.screens[p])  # the payments p can make, as a bitmask over the table's entries
    assert ways, "buy: only purchases with a payment are legal"
    hidden = s.hidden_skulls[p]
    if not ways & (ways - 1) and not (hidden and table.asks(s.public_screens[p], hidden)):
        # a single bit: a single way to pay, and the other seats know it (Mansion 8: were there hidden skulls that
        # could make two payments, the payment step is asked, offering the one)
        code = table.entries[ways.bit_length() - 1][1]
        complete(s, p, kind, item, code, table.flags[code])
        return
    s.pending = (kind, item)
    s.pay_table = table
    s.phase = PAY


def on_pay(s: MansionState, p: int, code: int, _: int) -> None:
    """R6: the payment chosen (``payments.pay_code``) for the purchase pending."""
    kind, item = s.pending
    table = s.pay_table
    assert table is not None, "PAY: buy() keeps the pending purchase's payment table"
    complete(s, p, kind, item, code, table.flags[code])


def complete(s: MansionState, p: int, kind: int, item: int, code: int, flags: Flags) -> None:
    """The purchase paid with the payment of pay code ``code`` (``payments.pay_code``), using the chambers ``flags``."""
    pay(s, p, code, flags)
    s.phase = CAST
    s.pending = (-1, -1)
    s.pay_table = None
    if kind == BUY_CHAMBER:
        s.chamber_pool.remove(item)
        s.chambers[p].append(item)
        s.chamber_done = True
        log(s, -1, "chamber", p, item, s.codes.paid[code])
    else:
        cast(s, p, item, ("audition", "reserve", "mummy")[kind], s.codes.paid[code], flags)


def pay(s: MansionState, p: int, code: int, flags: Flags) -> None:
    """Skulls paid (the payment of pay code ``code``) go to the discard tile (MM Cast or Reserve an Actor); Make Up
    and Props count as used. Only the colours paid are visited (``Codes.paid_colours``)."""
    s.makeup_used |= flags[0]
    s.props_used |= flags[1]
    screen, pub, discard = s.screens[p], s.public_screens[p], s.skull_discard
    for c, k in s.codes.paid_colours[code]:
        screen[c] -= k
        discard[c] += k
        # the table sees the colours paid: what cannot come from the known skulls came from hidden ones
        if pub[c] >= k:
            pub[c] -= k
        else:
            s.hidden_skulls[p] -= k - pub[c]
            pub[c] = 0


def cast(s: MansionState, p: int, a: int, source: str, paid: Payment, flags: Flags) -> None:
    if source == "audition":
        s.audition.remove(a)
    elif source == "reserve":
        s.reserved[p].remove(a)
    elif s.n == 2:
        s.actors[2].remove(a)
    else:
        s.actor_discard.remove(a)
    s.actors[p].append(a)
    s.actor_done = True
    used = CHAMBERS_USED[flags[0] + 2 * flags[1]]
    if s.log is not None:
        s.log.append((-1, ("cast", p, a, source, paid, used)))
    check_rewards(s, p)


def check_rewards(s: MansionState, p: int) -> None:
    """MM Reward Cards: taken at once, free, one of each type. Clown: 3 of its 4 actor types; Zombie: 3 actors of
    one colour; Witch: 4 actors of different colours.

    The actors are counted in two integers (``Codes.colour_unit``: a byte a colour; ``Codes.type_bit``: a bit a
    type), so that each condition is a few operations: a colour with 3 actors or more is a byte that carries into its
    top bit when 125 is added to every byte (``THREE_UP``), a colour with any is one that does with 127 added
    (``ONE_UP``); a Clown card's types are ``Codes.clown_bits``."""
    mine = s.actors[p]
    if len(mine) < 3:  # every reward asks for 3 actors at least
        return
    codes = s.codes
    held = 0  # the reward types p holds, a bit each (``Codes.reward_bit``)
    reward_bit = codes.reward_bit
    for r in s.rewards[p]:
        held |= reward_bit[r]
    if held == ALL_REWARDS:
        return
    colours = types = 0
    unit, type_bit = codes.colour_unit, codes.type_bit
    for a in mine:
        colours += unit[a]
        types |= type_bit[a]
    # Zombie and Witch depend on the colours alone: decided once, not once per card of the pool
    zombie = not held & ZOMBIE and (colours + THREE_UP) & TOP_BITS
    witch = not held & WITCH and ((colours + ONE_UP) & TOP_BITS).bit_count() >= 4
    clown = not held & CLOWN and (types & codes.clown_types).bit_count() >= 3  # the types of any Clown card
    if not (zombie or witch or clown):
        return  # no card of the pool can be earned
    clown_bits = codes.clown_bits
    for r in list(s.reward_pool):
        kind = reward_bit[r]
        if held & kind:
            continue
        if (kind == CLOWN and (types & clown_bits[r]).bit_count() >= 3) or (kind == ZOMBIE and zombie) or (
                kind == WITCH and witch):
            s.reward_pool.remove(r)
            s.rewards[p].append(r)
            held |= kind
            log(s, -1, "reward", p, r)


def on_reserve(s: MansionState, p: int, a: int, _: int) -> None:
    """MM Cast or Reserve an Actor; P7: the reserved actor lies face down, but the table saw which card left the
    face-up audition."""
    s.audition.remove(a)
    s.reserved[p].append(a)
    s.actor_done = True
    if s.log is not None:
        s.log.append((-1, ("reserve", p, a)))


def on_swamp(s: MansionState, p: int, _: int, __: int) -> None:
    """MM The Swamp Thing (P6): a random skull from the bag, seen only by its owner."""
    c = draw_skull(s)
    s.swamp_done = True
    if c >= 0:
        s.screens[p][c] += 1
        s.hidden_skulls[p] += 1
    log(s, -1, "swamp", p)
    log(s, p, "swamp_skull", p, c)


def on_costume(s: MansionState, p: int, c: int, d: int) -> None:
    """MM Costume: one skull (3 tickets) or two (5 tickets) from the discard tile, once a turn (``d`` is -1 for
    one skull)."""
    got = (c,) if d < 0 else (c, d)
    tickets = COSTUME[len(got)]
    s.tickets[p] += tickets
    for k in got:
        s.skull_discard[k] -= 1
        s.screens[p][k] += 1
        s.public_screens[p][k] += 1
    s.costume_done = True
    if s.log is not None:
        s.log.append((-1, ("costume", p, tickets, got)))


def paying_for(s: MansionState) -> str:
    """PAY: the id of the actor or chamber whose payment is pending (``buy``)."""
    kind, item = s.pending
    return s.cards.chambers[item].id if kind == BUY_CHAMBER else s.cards.actors[item].id
