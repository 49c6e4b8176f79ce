"""Monster Maker action ids and their integer codes (one table per card file and player count).

Ids: ``move:<labyrinth>``, ``diversion``, ``room`` (play a Small Treasure Room and draw a treasure),
``room:no_treasure`` (play it without drawing, R7), ``place:<monster>:<seat>``, ``battle``, ``discard``,
``discard:<card>``, ``done``, ``add:<character>``, ``cleric``, ``relic:<treasure>``, ``equip:<treasure>:<character>``,
``fight``, ``heal:<character>``, ``heal:none``, ``thief:<character>`` (reveal that Thief against the traps, R8),
``keep:<card>``, ``keep:none``, ``drop:<treasure>``.
"""

from __future__ import annotations

from monsterbox.core.actions import ActionTable, cached_table
from monsterbox.core.memo import CardSetMemo
from monsterbox.games.maker.cards import CHARACTER, CLERIC, DIVERSION, LABYRINTH, MONSTER, ROOM, TRAP, MakerCards
from monsterbox.games.maker.state import MakerCodes

(MOVE, DIVERSION_OP, ROOM_OP, PLACE, BATTLE_OP, DISCARD_START, DISCARD_CARD, DONE, ADD, CLERIC_OP, RELIC, EQUIP,
 FIGHT, HEAL_CARD, HEAL_NONE, THIEF, KEEP, KEEP_NONE, DROP, ROOM_PASS) = range(20)


def action_table(cards: MakerCards, players: int) -> ActionTable:
    return cached_table(build_table, cards, players)


def build_table(cards: MakerCards, players: int) -> ActionTable:
    t = ActionTable()
    ids = cards.ids
    labs = cards.types_of(LABYRINTH)
    chars = cards.types_of(CHARACTER)
    monsters = cards.types_of(MONSTER)
    for c in labs:
        t.add(f"move:{ids[c]}", MOVE, c)
    t.add("diversion", DIVERSION_OP)
    t.add("room", ROOM_OP)
    t.add("room:no_treasure", ROOM_PASS)
    for m in monsters:
        for seat in range(players):
            t.add(f"place:{ids[m]}:{seat}", PLACE, m, seat)
    t.add("battle", BATTLE_OP)
    t.add("discard", DISCARD_START)
    for c in range(len(ids)):
        if cards.kind[c] != TRAP:
            t.add(f"discard:{ids[c]}", DISCARD_CARD, c)
    t.add("done", DONE)
    for c in chars:
        t.add(f"add:{ids[c]}", ADD, c)
    t.add("cleric", CLERIC_OP)
    for i, tr in enumerate(cards.treasures):
        if tr.undead:
            t.add(f"relic:{tr.id}", RELIC, i)
    for i, tr in enumerate(cards.treasures):
        for c in chars:
            if tr.bonus and cards.cls[c] in tr.bonus_classes:
                t.add(f"equip:{tr.id}:{ids[c]}", EQUIP, i, c)
    t.add("fight", FIGHT)
    for c in chars:
        t.add(f"heal:{ids[c]}", HEAL_CARD, c)
    t.add("heal:none", HEAL_NONE)
    for c in chars:
        if cards.cls[c] == "Thief":
            t.add(f"thief:{ids[c]}", THIEF, c)
    for c in range(len(ids)):
        if cards.kind[c] != TRAP:
            t.add(f"keep:{ids[c]}", KEEP, c)
    t.add("keep:none", KEEP_NONE)
    for i, tr in enumerate(cards.treasures):
        t.add(f"drop:{tr.id}", DROP, i)
    return t


def codes_of(table: ActionTable, cards: MakerCards, players: int) -> MakerCodes:
    """``MakerCodes`` of ``table``, the table of ``cards`` and ``players``, read from its ``index``."""
    index = table.index
    types, treasures = len(cards.ids), len(cards.treasures)

    def per(op: int, n: int) -> tuple[int, ...]:
        return tuple(index.get((op, x, -1), -1) for x in range(n))

    def single(op: int) -> int:
        return index[(op, -1, -1)]

    diversion, room = single(DIVERSION_OP), single(ROOM_OP)
    others = {DIVERSION: diversion, ROOM: room}
    turn_free = tuple(index[(MOVE, c, -1)] if k == LABYRINTH else others.get(k, -1) for c, k in enumerate(cards.kind))
    equip: list[dict[int, int]] = [{} for _ in range(treasures)]
    for (op, a, b), code in index.items():
        if op == EQUIP:
            equip[a][b] = code
    turn_blocked = tuple(diversion if k == DIVERSION else -1 for k in cards.kind)
    return MakerCodes(
        turn_free=turn_free, turn_blocked=turn_blocked,
        place=tuple(tuple(index[(PLACE, c, q)] for q in range(players)) if k == MONSTER else ()
                    for c, k in enumerate(cards.kind)),
        discard=per(DISCARD_CARD, types), add=per(ADD, types), heal=per(HEAL_CARD, types), thief=per(THIEF, types),
        keep=per(KEEP, types),
        relic=per(RELIC, treasures), drop=per(DROP, treasures), equip=tuple(equip),
        diversion=diversion, room=room, room_pass=single(ROOM_PASS), battle=single(BATTLE_OP),
        discard_start=single(DISCARD_START),
        done=single(DONE), cleric=single(CLERIC_OP), fight=single(FIGHT), heal_none=single(HEAL_NONE),
        keep_none=single(KEEP_NONE),
        types=range(types), seats=tuple(range(players)),
        after=tuple(tuple((p + k) % players for k in range(1, players + 1)) for p in range(players)),
        characters=cards.types_of(CHARACTER),
        thieves=tuple(c for c in cards.types_of(CHARACTER) if cards.cls[c] == "Thief"),
        cleric_type=cards.types_of(CLERIC)[0], trap_type=cards.types_of(TRAP)[0],
    )


def _codes_of(cards: MakerCards, players: int) -> MakerCodes:
    return codes_of(action_table(cards, players), cards, players)


_codes: CardSetMemo[MakerCodes] = CardSetMemo(_codes_of)


def action_codes(cards: MakerCards, players: int) -> MakerCodes:
    """``codes_of(action_table(cards, players), ...)``, computed once per table (the table itself is cached)."""
    return _codes.get(cards, players)
