"""MO Looting: the destroyer of a lair takes its loot card (items kept, spells acting at once, bounties waiting in
play) or discards it for the villagers printed on it; and For the Greater Good (a level 2 crisis), where loot items
are discarded to save villagers."""

from __future__ import annotations

from monsterbox.games.monster.choices import start_pending
from monsterbox.games.monster.effects import LOOT_EFFECTS
from monsterbox.games.monster.mechanics import gain_villagers, log
from monsterbox.games.monster.phases import proceed
from monsterbox.games.monster.state import MonsterState


def loot_legal(s: MonsterState) -> list[int]:
    """MO Looting: take the loot, or discard it for its villagers."""
    return [s.codes.loot_take, s.codes.loot_villagers]


def move_loot_take(s: MonsterState, p: int, _a: int, _b: int) -> None:
    """MO Looting: the destroyer takes the loot (``take_loot``)."""
    take_loot(s, p, s.loot_choice)


def take_loot(s: MonsterState, p: int, loot: int) -> None:
    """MO Looting: items are kept, spells act at once, bounties wait in play."""
    card = s.cards.loot[loot]
    log(s, -1, "loot", p, loot, card.kind)
    if card.kind == "item":
        s.items[p].append(loot)
        proceed(s)
    elif card.kind == "bounty":
        s.bounties.append(loot)
        proceed(s)
    else:
        s.loot_discard.append(loot)
        eff = LOOT_EFFECTS[card.effect]
        slots = eff.slots(card.params)
        if slots and not eff.usable(s, p, card.params):
            proceed(s)
            return
        start_pending(s, p, "spell", card.effect, card.params, slots)


def move_loot_villagers(s: MonsterState, p: int, _a: int, _b: int) -> None:
    """MO Looting: the loot can be discarded for the villagers printed on it."""
    card = s.cards.loot[s.loot_choice]
    s.loot_discard.append(s.loot_choice)
    log(s, -1, "loot", p, s.loot_choice, "villagers")
    gain_villagers(s, card.villagers)
    proceed(s)


def sacrifice_legal(s: MonsterState) -> list[int]:
    """For the Greater Good: a loot item to sacrifice, or none."""
    c = s.codes
    return [c.sacrifice[it] for it in s.items[s.current]] + [c.sacrifice_none]


def move_sacrifice(s: MonsterState, p: int, item: int, _b: int) -> None:
    """For the Greater Good: a loot item discarded saves the villagers printed on it."""
    s.items[p].remove(item)
    if item in s.items_used[p]:
        s.items_used[p].remove(item)
    s.loot_discard.append(item)
    gg = next(i for i, f in enumerate(s.followups) if f[0] == "greater_good_end")
    _, amount, cap, saved = s.followups[gg]
    s.followups[gg] = ("greater_good_end", amount, cap, saved + s.cards.loot[item].villagers)
    log(s, -1, "sacrifice", p, item)
    if not s.items[p]:
        proceed(s)
