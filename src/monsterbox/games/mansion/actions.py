"""Monster Mansion action ids and integer codes (one table per card file and player count).

``tile:<1-4>``, ``take:<colour>``, ``cast:<actor>`` (from the audition or your reserve), ``mummy:<actor>`` (from the
discard pile, or the dummy's area with 2 players), ``reserve:<actor>``, ``chamber:<chamber>``, ``swamp``,
``costume:<colour>`` / ``costume:<colour>+<colour>``, ``end``, ``dummy:<actor>``, ``dummy-skull:<colour>``,
``give:<seat>``, ``give:none``, ``pay:<colour>+<colour>...`` (R6: the skulls that pay for the actor or chamber
just chosen, in the order blue, red, green, yellow, grey).
"""

from __future__ import annotations

from monsterbox.core.actions import ActionTable, cached_table
from monsterbox.core.memo import CardSetMemo
from monsterbox.games.mansion.cards import ACTOR_TYPES, REWARD_TYPES, SKULLS, MansionCards
from monsterbox.games.mansion.castability import cast_table, chamber_bits
from monsterbox.games.mansion.payments import paid_of, pay_code
from monsterbox.games.mansion.state import Codes

(TILE_OP, TAKE_OP, CAST_OP, MUMMY_OP, RESERVE_OP, CHAMBER_OP, SWAMP_OP, COSTUME1, COSTUME2, END_OP, DUMMY_OP,
 DUMMY_SKULL, GIVE, GIVE_NONE, PAY_OP) = range(15)


def pay_name(paid: tuple[int, ...] | list[int]) -> str:
    return "pay:" + "+".join(SKULLS[c] for c, k in enumerate(paid) for _ in range(k))


def multisets(size: int, colours: int = 5) -> list[tuple[int, ...]]:
    """Every way to pick ``size`` skulls among ``colours`` colours, as counts per colour."""
    if colours == 1:
        return [(size,)]
    return [(k, *rest) for k in range(size, -1, -1) for rest in multisets(size - k, colours - 1)]


def action_table(cards: MansionCards, players: int) -> ActionTable:
    return cached_table(build_table, cards, players)


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
