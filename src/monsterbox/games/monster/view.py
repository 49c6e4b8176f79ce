"""What each seat may know (R4: only what the table shows), the per-seat log, and determinization.

Hidden: weapons in other hands (unless revealed by the Scribe, or taken face up from the bank or the discards),
stored weapons (unless they were armed, and so seen), the order of every deck, and with unreliable weaponry the
bank cards under each stack's top. Public: lairs, killed chips, loot, armed weapons, cubes, discards, crises,
characters and items with their used state, hand and stored counts.
"""

from __future__ import annotations

import random
from typing import Any

from monsterbox.core import rng as crng
from monsterbox.games.monster.cards import COLOURS, MonsterCards
from monsterbox.games.monster.state import (
    LOOT,
    OVER,
    PENDING,
    PHASE_NAMES,
    SELECT,
    MonsterState,
    copy_state,
)


def wname(cards: MonsterCards, w: int) -> str | None:
    return cards.weapons[w].id if w >= 0 else None


def event_dict(cards: MonsterCards, ev: tuple[Any, ...]) -> dict[str, Any]:
    t = ev[0]
    lk = cards.lair_key_name
    weapons = [w.id for w in cards.weapons]
    d: dict[str, Any] = {"type": t}
    if t == "lair":
        d.update(lair=lk(ev[1]), monsters=[COLOURS[c] for c in reversed(ev[2])], loot=cards.loot[ev[3]].id
                 if ev[3] >= 0 else None)
    elif t == "day":
        d.update(day=ev[1], leader=ev[2])
    elif t == "dealt":
        d.update(seat=ev[1], count=ev[2])
    elif t == "drew":
        d.update(seat=ev[1], weapons=[weapons[w] for w in ev[2] if w >= 0])
    elif t == "crisis":
        d.update(crisis=cards.crises[ev[1]].id)
    elif t in ("weapon_kill",):
        d.update(seat=ev[1], lair=lk(ev[2]), weapon=weapons[ev[3]])
    elif t == "kill":
        d.update(seat=ev[1], lair=lk(ev[2]), monster=COLOURS[ev[3]], how=ev[4])
    elif t == "remove":
        d.update(seat=ev[1], lair=lk(ev[2]), monster=COLOURS[ev[3]], why=ev[4])
    elif t == "herded_onto":
        d.update(seat=ev[1], lair=lk(ev[2]), monster=COLOURS[ev[3]])
    elif t == "destroyed":
        d.update(seat=ev[1], lair=lk(ev[2]), loot=cards.loot[ev[3]].id if ev[3] >= 0 else None)
    elif t == "three":
        d.update(seat=ev[1], lair=lk(ev[2]), weapons=[weapons[w] for w in ev[3]])
    elif t in ("ability",):
        d.update(seat=ev[1], character=cards.characters[ev[2]].id)
    elif t == "item":
        d.update(seat=ev[1], item=cards.loot[ev[2]].id)
    elif t == "effect":
        d.update(seat=ev[1], source=ev[2], effect=ev[3], choices=[c if c >= 0 else None for c in ev[4]])
    elif t == "cube":
        d.update(seat=ev[1], stack=weapons[ev[2]])
    elif t == "cube_weapon":
        d.update(seat=ev[1], stack=weapons[ev[2]], weapon=weapons[ev[3]])
    elif t == "cube_back":
        d.update(seat=ev[1], stack=weapons[ev[2]])
    elif t == "store":
        d.update(seat=ev[1], discarded=weapons[ev[2]] if len(ev) > 3 else None,
                 stored=wname(cards, ev[-1]))
    elif t in ("discard", "crisis_discard", "arm", "scavenge"):
        d.update(seat=ev[1], weapon=weapons[ev[2]])
    elif t == "pass":
        d.update(seat=ev[1], discarded=[weapons[w] for w in ev[2]])
    elif t == "loot":
        d.update(seat=ev[1], loot=cards.loot[ev[2]].id, choice=ev[3])
    elif t == "villagers":
        d.update(change=ev[1], villagers=ev[2], why=ev[3] if len(ev) > 3 else None)
    elif t == "attack":
        d.update(lairs=[{"lair": lk(k), "monsters": m, "each_kills": per} for k, m, per in ev[1]], total=ev[2])
    elif t == "reveal":
        d.update(seat=ev[1], hand=[weapons[w] for w in ev[2]], why=ev[3] if len(ev) > 3 else None)
    elif t in ("draw_count",):
        d.update(seat=ev[1], count=ev[2])
    elif t == "bank_weapon":
        d.update(seat=ev[1], stack=weapons[ev[2]], weapon=weapons[ev[3]])
    elif t in ("restore", "war_horn"):
        d.update(seat=ev[1], target=ev[2] if len(ev) > 2 else None)
    elif t == "restore_item":
        d.update(seat=ev[1], target=ev[2], item=cards.loot[ev[3]].id)
    elif t == "recovery":
        d.update(characters=list(ev[1]), items=[{"seat": q, "item": cards.loot[i].id} for q, i in ev[2]])
    elif t == "return":
        d.update(lair=lk(ev[1]), returned=ev[2], monsters=[COLOURS[c] for c in reversed(ev[3])])
    elif t == "infestation":
        pass
    elif t == "bank_refill":
        d.update(stack=weapons[ev[1]])
    elif t == "crisis_ends":
        d.update(crisis=cards.crises[ev[1]].id)
    elif t == "unstore":
        d.update(seat=ev[1], count=ev[2], weapons=[weapons[w] for w in ev[3]])
    elif t == "cubes":
        d.update(seat=ev[1], amount=ev[2])
    elif t == "bounty":
        d.update(seat=ev[1], bounty=cards.loot[ev[2]].id)
    elif t == "spawn_monster":
        d.update(lair=lk(ev[1]), monster=COLOURS[ev[2]])
    elif t == "sacrifice":
        d.update(seat=ev[1], item=cards.loot[ev[2]].id)
    elif t == "character":
        d.update(seat=ev[1], character=cards.characters[ev[2]].id)
    elif t == "hunt":
        d.update(leader=ev[1])
    elif t == "reshuffle_weapons":
        d.update(count=ev[1])
    elif t == "game_over":
        d.update(won=ev[1], villagers=ev[2])
    else:
        d["data"] = list(ev[1:])
    return d


def audience(entry: tuple[int, tuple[Any, ...]]) -> int:
    """Who saw a raw log entry ``(to, event)``: ``-1`` the whole table, else the one seat it was shown to."""
    return entry[0]


def log_event(s: MonsterState, entry: tuple[int, tuple[Any, ...]]) -> dict[str, Any]:
    """A raw log entry as the JSON event that views and ``Game.events`` show (the log itself is kept by the Game
    handle: ``core.events``)."""
    return event_dict(s.cards, entry[1])


def view(s: MonsterState, seat: int | None) -> dict[str, Any]:
    cards = s.cards
    weapons = [w.id for w in cards.weapons]
    lairs = []
    for i, key in enumerate(s.lair_keys):
        rule = cards.crises[key - 100] if key >= 100 else None
        lairs.append({
            "lair": cards.lair_key_name(key),
            "name": cards.lairs[key].name if key < 100 else rule.name if rule else "",
            "monsters": [COLOURS[c] for c in reversed(s.stacks[i])],  # top first
            "killed": [COLOURS[c] for c in s.dead[i]],
            "disturbed": bool(s.dead[i]),
            "loot": cards.loot[s.lair_loot[i]].model_dump() if s.lair_loot[i] >= 0 else None,
            "crisis_rule": rule.effect if rule else None,
        })
    bank = []
    for w in range(5):
        top = s.bank[w][-1] if s.bank[w] else -1
        bank.append({"stack": weapons[w], "count": len(s.bank[w]), "top": wname(cards, top),
                     "cubes": list(s.bank_cubes[w])})
    seats = []
    for q in range(s.n):
        ch = cards.characters[s.characters[q]]
        seats.append({
            "seat": q,
            "character": {"id": ch.id, "name": ch.name, "effect": ch.effect, "used": s.exhausted[q]}
            if s.phase != 6 else None,
            "items": [{"id": cards.loot[i].id, "effect": cards.loot[i].effect, "used": i in s.items_used[q]}
                      for i in s.items[q]],
            "cubes": s.cubes[q],
            "bag": s.bags[q],
            "hand_size": sum(s.hands[q]),
            "known_in_hand": [weapons[w] for w in s.known[q]],
            "armed": wname(cards, s.armed[q]),
            "stored_count": len(s.stored[q]),
            "stored_known": [weapons[w] for w, known in s.stored[q] if known or q == seat],
            "known_in_hand_or_store": [weapons[w] for w in s.held[q]],
            "passed": s.passed[q],
            "leader": s.leader == q,
        })
    v: dict[str, Any] = {
        "game": "monster", "seat": seat, "players": s.n, "day": s.day, "villagers": s.villagers,
        "phase": PHASE_NAMES[s.phase], "to_play": None if s.phase == OVER else s.current,
        "elite": s.elite, "crisis_level": s.crisis_level, "unreliable_weaponry": s.unreliable,
        "lairs": lairs, "bank": bank, "weapon_deck": len(s.weapon_deck),
        "weapon_discard": [weapons[w] for w in s.weapon_discard],
        "crises_today": [cards.crises[c].model_dump() for c in s.day_crises],
        "bounties": [cards.loot[b].model_dump() for b in s.bounties],
        "seats": seats,
    }
    if seat is not None:
        v["hand"] = {weapons[w]: k for w, k in enumerate(s.hands[seat]) if k}
        if s.phase == SELECT and s.current == seat:
            v["offered"] = [cards.characters[c].model_dump() for c in s.offered[seat]]
    if s.phase == PENDING:
        v["choosing"] = {"seat": s.pending[0], "action": s.pending[1], "effect": s.pending[2],
                         "slots": list(s.pending[4]), "chosen": list(s.pending[5]),
                         "chosen_weapons": [weapons[c] for c, slot in zip(s.pending[5], s.pending[4], strict=False)
                                            if slot == "weapon"]}
        if s.pending[2] == "discard_order":  # R6: the weapons still to name, and what the order completes
            then = s.pending[3]["then"]
            if then[0] == "pass":
                left = s.hands[s.pending[0]][:]
                if s.armed[s.pending[0]] >= 0:
                    left[s.armed[s.pending[0]]] += 1
            else:
                left = [0] * len(weapons)
                for w in then[-1]:
                    left[w] += 1
                v["choosing"]["completes"] = {"effect": then[1], "params": dict(then[2]),
                                              "weapons": [weapons[w] for w in then[-1]]}
            for w in s.pending[5]:
                left[w] -= 1
            v["choosing"]["ordering"] = {weapons[w]: k for w, k in enumerate(left) if k}
    if s.phase == LOOT:
        v["loot_choice"] = cards.loot[s.loot_choice].model_dump()
    if s.result is not None:
        v["result"] = s.result
    return v


def public_in_hand(s: MonsterState, p: int) -> list[int]:
    """Per weapon type, how many copies the table knows to be in ``p``'s hand: the known ones (bank, Scavenger,
    Scribe, R8), and the weapons ``p`` has already named in the action it is resolving (shown in ``choosing``; still
    in hand, or armed, until the action resolves)."""
    count = [s.known[p].count(w) for w in range(5)]
    if s.pending and s.pending[0] == p:
        _, origin, effect, params, slots, chosen = s.pending
        if effect == "discard_order":
            then = params["then"]
            named = list(chosen) if then[0] == "pass" else list(then[-1])
        else:
            named = [c for c, slot in zip(chosen, slots, strict=False) if slot == "weapon"]
        for w in range(5):
            count[w] = max(count[w], named.count(w) - (1 if s.armed[p] == w else 0))
    return count


def determinize(s: MonsterState, seat: int, rng: random.Random, keep_log: bool = True) -> MonsterState:
    """Resample other hands (their known cards kept), unknown stored weapons, the weapon deck (and the hidden part of
    an unreliable bank), the lair, loot and crisis decks, and future chance."""
    d = copy_state(s, keep_log)
    if d.log is not None:
        d.log = [(to, e) for to, e in d.log if to < 0 or to == seat]
    others = [p for p in range(s.n) if p != seat]
    pool = list(d.weapon_deck)
    shown = [public_in_hand(s, p) for p in range(s.n)]
    for p in others:
        for w in range(5):
            pool.extend([w] * (d.hands[p][w] - shown[p][w]))
        pool.extend(w for w, known in d.stored[p] if not known)
    if d.unreliable:
        for w in range(5):
            pool.extend(d.bank[w][:-1])
    pool.sort()
    crng.shuffle_random(rng, pool)
    for p in others:
        size = sum(d.hands[p])
        hand = list(shown[p])
        room = size - sum(hand)
        slots = sum(1 for _, known in d.stored[p] if not known)
        # weapons named in the action being resolved beyond the known ones (``shown``) may be "held" ones: those
        # held copies are already in the hand
        named = [shown[p][w] - s.known[p].count(w) for w in range(5)]
        held: list[int] = []  # known to be in the hand or the store: in the hand while it has room, else in the store
        for w in d.held[p]:
            if named[w] > 0:
                named[w] -= 1
                continue
            if len(held) < room + slots and w in pool:
                pool.remove(w)
                held.append(w)
        crng.shuffle_random(rng, held)  # which of them went to the store is not known
        for w in held[:room]:
            hand[w] += 1
        in_store = held[room:]
        for _ in range(size - sum(hand)):
            hand[pool.pop()] += 1
        d.hands[p] = hand
        d.stored[p] = [(w, True) if known else (in_store.pop() if in_store else pool.pop(), False)
                       for w, known in d.stored[p]]
    if d.unreliable:
        for w in range(5):
            if d.bank[w]:
                d.bank[w] = [pool.pop() for _ in range(len(d.bank[w]) - 1)] + [d.bank[w][-1]]
    d.weapon_deck = pool
    if s.phase == SELECT:  # the characters dealt to the others are face down until chosen
        unseen = [c for c in range(len(s.cards.characters)) if c not in d.offered[seat]]
        unseen = [c for c in unseen if not any(c == d.characters[q] for q in range(s.current) if q != seat)]
        crng.shuffle_random(rng, unseen)
        for q in others:
            if q >= s.current:
                d.offered[q] = [unseen.pop() for _ in d.offered[q]]
                d.characters[q] = d.offered[q][0]
    for deck in (d.lair_deck, d.loot_deck, *d.crisis_decks):
        deck.sort()  # the sample depends on what the seat knows, never on the true order of a hidden deck
        crng.shuffle_random(rng, deck)
    d.rng = crng.seed_state(rng.getrandbits(128))
    return d
