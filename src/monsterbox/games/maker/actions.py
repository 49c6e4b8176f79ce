"""Monster Maker action ids and their integer codes (one table per card file and player count).

Ids: ``move:<labyrinth>``, ``diversion``, ``room``, ``place:<monster>:<seat>``, ``battle``, ``discard``,
``discard:<card>``, ``done``, ``add:<character>``, ``cleric``, ``relic:<treasure>``, ``equip:<treasure>:<character>``,
``fight``, ``heal:<character>``, ``heal:none``, ``thief``, ``keep:<card>``, ``keep:none``, ``drop:<treasure>``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from monsterbox.games.maker.cards import CHARACTER, LABYRINTH, MONSTER, TRAP, MakerCards

(MOVE, DIVERSION_OP, ROOM_OP, PLACE, BATTLE_OP, DISCARD_START, DISCARD_CARD, DONE, ADD, CLERIC_OP, RELIC, EQUIP,
 FIGHT, HEAL_CARD, HEAL_NONE, THIEF, KEEP, KEEP_NONE, DROP) = range(19)


@dataclass
class ActionTable:
    names: list[str] = field(default_factory=list)
    codes: dict[str, int] = field(default_factory=dict)
    ops: list[tuple[int, int, int]] = field(default_factory=list)  # code -> (op, a, b)
    index: dict[tuple[int, int, int], int] = field(default_factory=dict)

    def add(self, name: str, op: int, a: int = -1, b: int = -1) -> None:
        code = len(self.names)
        self.names.append(name)
        self.codes[name] = code
        self.ops.append((op, a, b))
        self.index[(op, a, b)] = code

    def code(self, op: int, a: int = -1, b: int = -1) -> int:
        return self.index[(op, a, b)]


_tables: dict[tuple[int, int], tuple[MakerCards, ActionTable]] = {}


def action_table(cards: MakerCards, players: int) -> ActionTable:
    key = (id(cards), players)
    hit = _tables.get(key)
    if hit is not None and hit[0] is cards:
        return hit[1]
    t = ActionTable()
    ids = cards.ids
    labs = cards.types_of(LABYRINTH)
    chars = cards.types_of(CHARACTER)
    monsters = cards.types_of(MONSTER)
    for c in labs:
        t.add(f"move:{ids[c]}", MOVE, c)
    t.add("diversion", DIVERSION_OP)
    t.add("room", ROOM_OP)
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
    t.add("thief", THIEF)
    for c in range(len(ids)):
        if cards.kind[c] != TRAP:
            t.add(f"keep:{ids[c]}", KEEP, c)
    t.add("keep:none", KEEP_NONE)
    for i, tr in enumerate(cards.treasures):
        t.add(f"drop:{tr.id}", DROP, i)
    _tables[key] = (cards, t)
    return t
