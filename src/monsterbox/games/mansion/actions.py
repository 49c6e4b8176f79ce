"""Monster Mansion action ids and integer codes (one table per card file and player count).

``tile:<1-4>``, ``take:<colour>``, ``cast:<actor>`` (from the audition or your reserve), ``mummy:<actor>`` (from the
discard pile, or the dummy's area with 2 players), ``reserve:<actor>``, ``chamber:<chamber>``, ``swamp``,
``costume:<colour>`` / ``costume:<colour>+<colour>``, ``end``, ``dummy:<actor>``, ``dummy-skull:<colour>``,
``give:<seat>``, ``give:none``.
"""

from __future__ import annotations

from monsterbox.core.actions import ActionTable, cached_table
from monsterbox.games.mansion.cards import SKULLS, MansionCards

(TILE_OP, TAKE_OP, CAST_OP, MUMMY_OP, RESERVE_OP, CHAMBER_OP, SWAMP_OP, COSTUME1, COSTUME2, END_OP, DUMMY_OP,
 DUMMY_SKULL, GIVE, GIVE_NONE) = range(14)


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
    return t
