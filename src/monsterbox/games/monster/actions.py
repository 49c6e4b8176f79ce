"""Monster action ids and codes (one table per card file and player count).

Hunt: ``kill:<lair>:<weapon>``, ``three:<lair>``, ``ability``, ``item:<loot>``, ``cube:<weapon>``, ``store``,
``discard:<weapon>``, ``pass``. Then ``arm:<weapon>`` / ``arm:none``. Choices of an action: ``lair:<lair>``,
``weapon:<weapon>``, ``bank:<weapon>``, ``player:<seat>``, ``cube-back:<weapon>``, and for the Motivator (R9)
``player:<seat>`` (a character) or ``item:<loot>`` (another player's exhausted item). Loot: ``loot:take`` /
``loot:villagers``. For the Greater Good: ``sacrifice:<loot>`` / ``sacrifice:none``. Variant: ``character:<id>``.
"""

from __future__ import annotations

from monsterbox.core.actions import ActionTable, cached_table
from monsterbox.core.memo import CardSetMemo
from monsterbox.games.monster.cards import MonsterCards
from monsterbox.games.monster.state import MonsterCodes

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


def codes_of(table: ActionTable) -> MonsterCodes:
    """``MonsterCodes`` of ``table``, read from its ``ops`` (so they cannot disagree with the ids)."""
    by: dict[int, dict[tuple[int, int], int]] = {}
    for code, (op, a, b) in enumerate(table.ops):
        by.setdefault(op, {})[(a, b)] = code

    def per_colour(op: int) -> tuple[int, ...]:
        return tuple(by[op][(w, -1)] for w in range(5))

    def single(op: int) -> int:
        return by[op][(-1, -1)]

    kill: dict[int, list[int]] = {}
    for (key, _colour), code in sorted(by[KILL].items()):
        kill.setdefault(key, []).append(code)
    return MonsterCodes(
        kill={k: tuple(v) for k, v in kill.items()}, three={a: c for (a, _), c in by[THREE].items()},
        ability=single(ABILITY), item={a: c for (a, _), c in by.get(ITEM, {}).items()}, cube=per_colour(CUBE),
        store=single(STORE), discard=per_colour(DISCARD), pass_=single(PASS), arm=per_colour(ARM),
        arm_none=single(ARM_NONE), lair={a: c for (a, _), c in by[LAIR].items()}, weapon=per_colour(WEAPON),
        bank=per_colour(BANK), player=tuple(c for _, c in sorted(by[PLAYER].items())),
        cube_back=per_colour(CUBE_BACK), loot_take=single(LOOT_TAKE), loot_villagers=single(LOOT_VILLAGERS),
        sacrifice={a: c for (a, _), c in by.get(SACRIFICE, {}).items()}, sacrifice_none=single(SACRIFICE_NONE),
        character=tuple(c for _, c in sorted(by[CHARACTER].items())),
    )


def action_codes(cards: MonsterCards, players: int) -> MonsterCodes:
    """``codes_of(action_table(cards, players))``, computed once per table (the table itself is cached)."""
    return action_tables(cards, players)[1]


def _tables_of(cards: MonsterCards, players: int) -> tuple[ActionTable, MonsterCodes]:
    table = action_table(cards, players)
    return table, codes_of(table)


_tables: CardSetMemo[tuple[ActionTable, MonsterCodes]] = CardSetMemo(_tables_of)


def action_tables(cards: MonsterCards, players: int) -> tuple[ActionTable, MonsterCodes]:
    """``action_table(cards, players)`` and its codes (``codes_of``), looked up at once for a setup: computed once
    per card set (by identity: the entry keeps the card set, so its id cannot be reused) and player count."""
    return _tables.get(cards, players)
