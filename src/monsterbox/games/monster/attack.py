"""The end of a Monster day: MO Monster Attack (the surviving monsters kill villagers, two each in a disturbed lair,
the crises' additions), Recovery (characters and items restored, killed monsters back in reverse order, the day's
crises over) and Infestation (three new lairs). ``phases.end_day`` runs them in that order."""

from __future__ import annotations

from operator import mul

from monsterbox.games.monster.mechanics import log, lose_villagers
from monsterbox.games.monster.provisioning import SEATS, spawn_lair
from monsterbox.games.monster.state import MonsterState

NEW_LAIRS = 3  # MO Infestation


def kills_per_monster(s: MonsterState, i: int) -> int:
    """MO Monster Attack: 1 villager per surviving monster, 2 in a disturbed lair; crisis additions (the table lair
    at index ``i``; ``attack_rates``)."""
    return attack_rates(s)[i]


def attack_rates(s: MonsterState) -> list[int]:
    """MO Monster Attack: the villagers each surviving monster kills, per table lair: 1, 2 in a disturbed lair (a
    monster killed there today), plus the crises' additions (bloodlust: today, every lair; rage: that crisis lair;
    bloodlust lair: every lair while it is on the table). The crises are read once for all the lairs."""
    crises = s.cards.crises
    keys = s.lair_keys
    if not s.day_crises and (not keys or max(keys) < 100):  # no crisis in force: nothing to add
        return [2 if dead else 1 for dead in s.dead]
    every = 0  # added to every lair
    for c in s.day_crises:
        if crises[c].effect == "bloodlust":
            every += int(crises[c].params.get("amount", 0))
    for k in keys:
        if k >= 100 and crises[k - 100].effect == "bloodlust_lair":
            every += int(crises[k - 100].params.get("amount", 1))
    rates = []
    for key, dead in zip(keys, s.dead):  # noqa: B905 (one list of killed monsters a lair)
        per = (2 if dead else 1) + every
        if key >= 100 and crises[key - 100].effect == "rage":
            per += int(crises[key - 100].params.get("amount", 1))
        rates.append(per)
    return rates


def attack_total(s: MonsterState) -> int:
    """MO Monster Attack: the villagers the surviving monsters would kill now."""
    return sum(map(mul, map(len, s.stacks), attack_rates(s)))


def monster_attack(s: MonsterState) -> None:
    """MO Monster Attack: the surviving monsters kill villagers (``attack_rates``); R2: the team may lose here."""
    per_lair = tuple(zip(s.lair_keys, map(len, s.stacks), attack_rates(s)))  # noqa: B905 (one stack a lair)
    total = sum(k * per for _, k, per in per_lair)
    log(s, -1, "attack", per_lair, total)
    lose_villagers(s, total, "monster attack")


def recover(s: MonsterState) -> None:
    """MO Recovery: exhausted characters and loot items are restored; killed monsters return to the lairs still on
    the table in reverse order (the last killed first: each stack is as it was in the morning); today's day crises
    end. Each is told to the table (public: the used cards, the killed chips and the crises were all face up)."""
    log = s.log
    if log is not None:
        chars = tuple(q for q in SEATS[s.n] if s.exhausted[q])
        items = tuple((q, i) for q in SEATS[s.n] for i in s.items_used[q])
        if chars or items:
            log.append((-1, ("recovery", chars, items)))
    s.exhausted = [False] * s.n
    s.items_used = [[] for _ in SEATS[s.n]]
    for key, stack, dead in zip(s.lair_keys, s.stacks, s.dead):  # noqa: B905 (one stack a lair)
        if dead:
            stack.extend(reversed(dead))  # last killed returns first: the order is restored
            if log is not None:
                log.append((-1, ("return", key, len(dead), tuple(stack))))
            dead.clear()
    for c in s.day_crises:
        s.crisis_discards[s.cards.crises[c].level - 1].append(c)
        if log is not None:
            log.append((-1, ("crisis_ends", c)))
    s.day_crises = []


def infestation(s: MonsterState) -> None:
    """MO Infestation: three additional lairs are spawned."""
    if s.log is not None:
        s.log.append((-1, ("infestation",)))
    for _ in range(NEW_LAIRS):
        spawn_lair(s)
