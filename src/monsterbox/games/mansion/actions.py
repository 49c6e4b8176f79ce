"""Monster Mansion action ids and integer codes (one table per card file and player count).

``tile:<1-4>``, ``take:<colour>``, ``cast:<actor>`` (from the audition or your reserve), ``mummy:<actor>`` (from the
discard pile, or the dummy's area with 2 players), ``reserve:<actor>``, ``chamber:<chamber>``, ``swamp``,
``costume:<colour>`` / ``costume:<colour>+<colour>``, ``end``, ``dummy:<actor>``, ``dummy-skull:<colour>``,
``give:<seat>``, ``give:none``, ``pay:<colour>+<colour>...`` (R6: the skulls that pay for the actor or chamber
just chosen, in the order blue, red, green, yellow, grey).
"""

from __future__ import annotations

from monsterbox.core.actions import ActionTable, cached_table
from monsterbox.games.mansion.cards import SKULLS, MansionCards

(TILE_OP, TAKE_OP, CAST_OP, MUMMY_OP, RESERVE_OP, CHAMBER_OP, SWAMP_OP, COSTUME1, COSTUME2, END_OP, DUMMY_OP,
 DUMMY_SKULL, GIVE, GIVE_NONE, PAY_OP) = range(15)
PAY_BASE = 32  # a payment's skull counts per colour, as one integer: sum(count[c] * PAY_BASE ** c)


def pay_code(paid: tuple[int, ...] | list[int]) -> int:
    return sum(k * PAY_BASE ** c for c, k in enumerate(paid))


def pay_name(paid: tuple[int, ...] | list[int]) -> str:
    return "pay:" + "+".join(SKULLS[c] for c, k in enumerate(paid) for _ in range(k))


def multisets(size: int, colours: int = 5) -> list[tuple[int, ...]]:
    """Every way to pick ``size`` skulls among ``colours`` colours, as counts per colour."""
    if colours == 1:
        return [(size,)]
    return [(k, *rest) for k in range(size, -1, -1) for rest in multisets(size - k, colours - 1)]


def action_table(cards: MansionCards, players: int) -> ActionTable:
    return cached_table(build_table, cards, players)


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
