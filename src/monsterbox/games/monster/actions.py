"""Monster action ids and codes (one table per card file and player count).

Hunt: ``kill:<lair>:<weapon>``, ``three:<lair>``, ``ability``, ``item:<loot>``, ``cube:<weapon>``, ``store``,
``discard:<weapon>``, ``pass``. Then ``arm:<weapon>`` / ``arm:none``. Choices of an action: ``lair:<lair>``,
``weapon:<weapon>``, ``bank:<weapon>``, ``player:<seat>``, ``cube-back:<weapon>``. Loot: ``loot:take`` /
``loot:villagers``. For the Greater Good: ``sacrifice:<loot>`` / ``sacrifice:none``. Variant: ``character:<id>``.
"""

from __future__ import annotations

from monsterbox.core.actions import ActionTable, cached_table
from monsterbox.games.monster.cards import MonsterCards

(KILL, THREE, ABILITY, ITEM, CUBE, STORE, DISCARD, PASS, ARM, ARM_NONE, LAIR, WEAPON, BANK, PLAYER, CUBE_BACK,
 LOOT_TAKE, LOOT_VILLAGERS, SACRIFICE, SACRIFICE_NONE, CHARACTER) = range(20)


def lair_keys(cards: MonsterCards) -> list[int]:
    return list(range(len(cards.lairs))) + [100 + i for i, c in enumerate(cards.crises) if c.kind == "lair"]


def action_table(cards: MonsterCards, players: int) -> ActionTable:
    return cached_table(build_table, cards, players)


def build_table(cards: MonsterCards, players: int) -> ActionTable:
    t = ActionTable()
    wids = [w.id for w in cards.weapons]
    keys = lair_keys(cards)
    for k in keys:
        for w, wid in enumerate(wids):
            t.add(f"kill:{cards.lair_key_name(k)}:{wid}", KILL, k, w)
    for k in keys:
        t.add(f"three:{cards.lair_key_name(k)}", THREE, k)
    t.add("ability", ABILITY)
    for i, loot in enumerate(cards.loot):
        if loot.kind == "item":
            t.add(f"item:{loot.id}", ITEM, i)
    for w, wid in enumerate(wids):
        t.add(f"cube:{wid}", CUBE, w)
    t.add("store", STORE)
    for w, wid in enumerate(wids):
        t.add(f"discard:{wid}", DISCARD, w)
    t.add("pass", PASS)
    for w, wid in enumerate(wids):
        t.add(f"arm:{wid}", ARM, w)
    t.add("arm:none", ARM_NONE)
    for k in keys:
        t.add(f"lair:{cards.lair_key_name(k)}", LAIR, k)
    for w, wid in enumerate(wids):
        t.add(f"weapon:{wid}", WEAPON, w)
        t.add(f"bank:{wid}", BANK, w)
        t.add(f"cube-back:{wid}", CUBE_BACK, w)
    for seat in range(players):
        t.add(f"player:{seat}", PLAYER, seat)
    t.add("loot:take", LOOT_TAKE)
    t.add("loot:villagers", LOOT_VILLAGERS)
    for i, loot in enumerate(cards.loot):
        if loot.kind == "item":
            t.add(f"sacrifice:{loot.id}", SACRIFICE, i)
    t.add("sacrifice:none", SACRIFICE_NONE)
    for i, ch in enumerate(cards.characters):
        t.add(f"character:{ch.id}", CHARACTER, i)
    return t
