"""Monster Maker action ids and their integer codes (one table per card file and player count).

Ids: ``move:<labyrinth>``, ``diversion``, ``room``, ``place:<monster>:<seat>``, ``battle``, ``discard``,
``discard:<card>``, ``done``, ``add:<character>``, ``cleric``, ``relic:<treasure>``, ``equip:<treasure>:<character>``,
``fight``, ``heal:<character>``, ``heal:none``, ``thief``, ``keep:<card>``, ``keep:none``, ``drop:<treasure>``.
"""

from __future__ import annotations

from monsterbox.core.actions import ActionTable, cached_table
from monsterbox.games.maker.cards import CHARACTER, LABYRINTH, MONSTER, TRAP, MakerCards

(MOVE, DIVERSION_OP, ROOM_OP, PLACE, BATTLE_OP, DISCARD_START, DISCARD_CARD, DONE, ADD, CLERIC_OP, RELIC, EQUIP,
 FIGHT, HEAL_CARD, HEAL_NONE, THIEF, KEEP, KEEP_NONE, DROP) = range(19)


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
    return t
