"""``actions.MakerCodes`` (the action codes by move that ``rules.legal_actions`` indexes) agree with the action
table: every code of the table is found under its move, and nothing else is."""

from __future__ import annotations

import pytest

from monsterbox.games.maker import actions as A
from monsterbox.games.maker.cards import DIVERSION, LABYRINTH, ROOM, default_cards


def by_move(c: A.MakerCodes, op: int, a: int, b: int) -> int:
    """The code ``c`` gives for ``(op, a, b)``, -1 when it has none."""
    per_type = {A.DISCARD_CARD: c.discard, A.ADD: c.add, A.HEAL_CARD: c.heal, A.KEEP: c.keep, A.RELIC: c.relic,
                A.DROP: c.drop, A.THIEF: c.thief}
    single = {A.DIVERSION_OP: c.diversion, A.ROOM_OP: c.room, A.BATTLE_OP: c.battle,
              A.DISCARD_START: c.discard_start, A.DONE: c.done, A.CLERIC_OP: c.cleric, A.FIGHT: c.fight,
              A.HEAL_NONE: c.heal_none, A.KEEP_NONE: c.keep_none, A.ROOM_PASS: c.room_pass}
    if op in per_type:
        return per_type[op][a]
    if op in single:
        return single[op]
    if op == A.MOVE:
        return c.turn_free[a]
    if op == A.PLACE:
        return c.place[a][b] if c.place[a] else -1
    assert op == A.EQUIP
    return c.equip[a].get(b, -1)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_codes_by_move_are_the_tables_codes(players: int) -> None:
    cards = default_cards()
    table = A.action_table(cards, players)
    codes = A.action_codes(cards, players)
    assert A.action_codes(cards, players) is codes  # computed once per table
    for code, (op, a, b) in enumerate(table.ops):
        assert by_move(codes, op, a, b) == code, table.names[code]
    # every code listed by move is a code of the table, and a type's turn action is its own move
    listed = [x for xs in (codes.discard, codes.add, codes.heal, codes.keep, codes.relic, codes.drop,
                           codes.turn_free, codes.turn_blocked) for x in xs if x >= 0]
    listed += [x for xs in codes.place for x in xs] + [x for d in codes.equip for x in d.values()]
    assert set(listed) <= set(range(len(table.names)))
    for c, k in enumerate(cards.kind):
        name = table.names[codes.turn_free[c]] if codes.turn_free[c] >= 0 else None
        expected = {LABYRINTH: f"move:{cards.ids[c]}", DIVERSION: "diversion", ROOM: "room"}.get(k)
        assert name == expected
        assert (table.names[codes.turn_blocked[c]] if codes.turn_blocked[c] >= 0 else None) == \
            ("diversion" if k == DIVERSION else None)
