"""What each seat may know, the event log as that seat saw it, and determinization for search.

Hidden: other players' hands (except cards shown, e.g. a Thief revealed against a trap), face-down treasures of
other players, the order of both draw piles, future dice. Public: labyrinths, monsters, discards (face up), open
and revealed treasures, every battle and its dice, how many cards each player holds and draws.
"""

from __future__ import annotations

import random
from typing import Any

from monsterbox.core import rng as crng
from monsterbox.core.memo import CardSetMemo
from monsterbox.games.maker.cards import TRAP, MakerCards
from monsterbox.games.maker.judgment import exit_target
from monsterbox.games.maker.state import (
    BATTLE,
    DISCARD,
    HEAL,
    OVER,
    PHASE_NAMES,
    REWARDS,
    STAGE_NAMES,
    TREASURE,
    MakerState,
    copy_state,
)


def card_name(cards: MakerCards, t: int) -> str:
    return cards.ids[t]


def _treasure_ids_of(cards: MakerCards) -> tuple[str, ...]:
    return tuple(x.id for x in cards.treasures)


_treasure_ids: CardSetMemo[tuple[str, ...]] = CardSetMemo(_treasure_ids_of)


def treasure_ids(cards: MakerCards) -> tuple[str, ...]:
    """The treasures' ids, computed once per card set (views word every event of the log; ``core.memo``)."""
    return _treasure_ids.get(cards)


def event_dict(cards: MakerCards, ev: tuple[Any, ...]) -> dict[str, Any]:
    t = ev[0]
    ids = cards.ids
    tids = treasure_ids(cards)
    if t == "round":
        return {"type": t, "round": ev[1], "first_player": ev[2]}
    if t == "setup_trap":
        return {"type": t, "seat": ev[1]}
    if t == "deal":
        return {"type": t, "seat": ev[1], "cards": [ids[c] for c in ev[2]]}
    if t == "move":
        return {"type": t, "seat": ev[1], "card": ids[ev[2]], "entry": ev[3], "exit": ev[4]}
    if t in ("chest",):
        return {"type": t, "seat": ev[1], "entry": ev[2]}
    if t == "exit":
        return {"type": t, "seat": ev[1], "exit": ev[2], "first": ev[3]}
    if t == "diversion":
        return {"type": t, "seat": ev[1], "monster": ids[ev[2]] if ev[2] >= 0 else None}
    if t in ("room", "room_pass"):
        return {"type": t, "seat": ev[1]}
    if t == "place":
        return {"type": t, "seat": ev[1], "monster": ids[ev[2]], "target": ev[3]}
    if t == "battle":
        return {"type": t, "seat": ev[1], "monster": ids[ev[2]]}
    if t == "add":
        return {"type": t, "seat": ev[1], "character": ids[ev[2]]}
    if t == "equip":
        return {"type": t, "seat": ev[1], "treasure": tids[ev[2]], "character": ids[ev[3]]}
    if t == "cleric":
        return {"type": t, "seat": ev[1], "monster": ids[ev[2]]}
    if t == "relic":
        return {"type": t, "seat": ev[1], "treasure": tids[ev[2]], "monster": ids[ev[3]]}
    if t == "fight":
        return {"type": t, "seat": ev[1], "characters": [ids[c] for c in ev[2]], "dice": list(ev[3]),
                "value": ev[4], "monster": ids[ev[5]], "strength": ev[6], "won": ev[7]}
    if t == "heal":
        return {"type": t, "seat": ev[1], "character": ids[ev[2]]}
    if t in ("discard_action",):
        return {"type": t, "seat": ev[1]}
    if t == "discard":
        return {"type": t, "seat": ev[1], "card": ids[ev[2]]}
    if t == "refresh":
        return {"type": t, "seat": ev[1], "count": ev[2]}
    if t == "drew":
        return {"type": t, "seat": ev[1], "cards": [ids[c] for c in ev[2]]}
    if t == "trap":
        return {"type": t, "seat": ev[1], "count": ev[2]}
    if t == "thief":
        return {"type": t, "seat": ev[1], "thief": ids[ev[2]], "traps": ev[3]}
    if t == "trap_discard":
        return {"type": t, "seat": ev[1], "cards": [ids[c] for c in ev[2]]}
    if t == "treasure":
        return {"type": t, "seat": ev[1], "treasure": tids[ev[2]] if ev[2] >= 0 else None}
    if t == "treasure_seen":
        return {"type": t, "seat": ev[1], "treasure": tids[ev[2]]}
    if t == "no_treasure":
        return {"type": t, "seat": ev[1], "why": ev[2]}
    if t == "drop_treasure":
        return {"type": t, "seat": ev[1], "treasure": tids[ev[2]]}
    if t == "reshuffle":
        return {"type": t, "cards": ev[1]}
    if t == "judgment":
        return {"type": t, "round": ev[1], "scores": list(ev[2])}
    raise ValueError(f"unknown event {ev!r}")


def audience(entry: tuple[int, tuple[Any, ...]]) -> int:
    """Who saw a raw log entry ``(to, event)``: ``-1`` the whole table, else the one seat it was shown to."""
    return entry[0]


def log_event(s: MakerState, entry: tuple[int, tuple[Any, ...]]) -> dict[str, Any]:
    """A raw log entry as the JSON event that views and ``Game.events`` show (the log itself is kept by the Game
    handle: ``core.events``)."""
    return event_dict(s.cards, entry[1])


def view(s: MakerState, seat: int | None) -> dict[str, Any]:
    cards = s.cards
    over = s.phase == OVER
    players = []
    for p in range(s.n):
        tre = []
        for t in s.treasures[p]:
            if s.face_up[t] or p == seat or over:
                tre.append(dict(cards.describe_treasure(t), face_up=s.face_up[t]))
            else:
                tre.append({"hidden": True})
        players.append({
            "seat": p,
            "stage": STAGE_NAMES[s.stage[p]],
            "entry": s.entry[p],
            "exit": s.exit_d[p],
            "exit_needed": exit_target(s, p) if s.stage[p] else None,
            "entry_cards": [cards.ids[c] for c in s.entry_cards[p]],
            "exit_cards": [cards.ids[c] for c in s.exit_cards[p]],
            "monster": cards.describe(s.monster[p]) if s.monster[p] >= 0 else None,
            "can_be_given_monster": s.entered[p] and s.monster[p] < 0 and s.stage[p] != 2,
            "hand_size": s.hand_size[p],
            "known_in_hand": [cards.ids[c] for c in s.known[p]],
            "treasures": tre,
            "exit_bonus": s.first_exit == p,
            "counters": dict(zip(REWARDS, s.stats[p], strict=True)),
        })
    v: dict[str, Any] = {
        "game": "maker",
        "seat": seat,
        "players": s.n,
        "round": s.round,
        "rounds": s.rounds_total,
        "totals": s.totals[:],
        "chest_distance": s.target,
        "rewards_in_play": [REWARDS[r] for r in s.rewards],
        "phase": PHASE_NAMES[s.phase],
        "to_play": None if over else s.current,
        "end_phase": s.end_phase,
        "draw_pile": len(s.deck),
        "discard_pile": [cards.ids[c] for c in s.discard],
        "treasure_pile": len(s.treasure_deck),
        "treasure_discards": [cards.treasures[t].id for t in s.treasure_discard],
        "seats": players,
    }
    if s.phase in (BATTLE, HEAL):
        v["battle"] = {"seat": s.current, "monster": cards.describe(s.monster[s.current])
                       if s.monster[s.current] >= 0 else None,
                       "characters": [cards.ids[c] for c in s.battle],
                       "equips": [{"treasure": cards.treasures[t].id, "character": cards.ids[c]} for t, c in s.equips],
                       "healable": [cards.ids[c] for c in s.heal]}
    if s.phase == DISCARD:  # MM: in the end phase "done" needs one discard first (P19)
        v["discarding"] = {"seat": s.current, "discarded": s.discarded}
    if s.phase == TREASURE:
        held = s.treasures[s.current]
        v["treasure_limit"] = {
            "seat": s.current,
            "droppable": [cards.treasures[t].id for t in held if not cards.treasures[t].open]
            if seat == s.current else len([t for t in held if not cards.treasures[t].open]),
            "cannot_drop": [{"treasure": cards.treasures[t].id, "why": "open treasures cannot be discarded"}
                            for t in held if cards.treasures[t].open],
        }
    if seat is not None:
        v["hand"] = {cards.ids[c]: k for c, k in enumerate(s.hands[seat]) if k}
    if s.result is not None:
        v["result"] = s.result
    return v


def determinize(s: MakerState, seat: int, rng: random.Random, keep_log: bool = True) -> MakerState:
    """Resample other players' unknown hand cards and face-down treasures, both draw piles and future dice.
    The log keeps only what ``seat`` saw (other seats' private events are dropped)."""
    d = copy_state(s, keep_log)
    cards = s.cards
    if d.log is not None:
        d.log = [(to, e) for to, e in d.log if to < 0 or to == seat]
    # adventure cards: unknown = all copies - public places - this seat's hand - known cards of others
    unknown = [cards.count[t] for t in range(len(cards.ids))]
    for c in d.discard:
        unknown[c] -= 1
    for p in range(d.n):
        for c in d.entry_cards[p] + d.exit_cards[p]:
            unknown[c] -= 1
        if d.monster[p] >= 0:
            unknown[d.monster[p]] -= 1
    for c in d.battle:
        unknown[c] -= 1
    for c, k in enumerate(d.hands[seat]):
        unknown[c] -= k
    others = [p for p in range(d.n) if p != seat]
    for p in others:
        for c in d.known[p]:
            unknown[c] -= 1
    # traps never stay in a hand (they are resolved at once), so hidden hands are drawn from the other cards
    trap = cards.types_of(TRAP)[0]
    traps = [trap] * unknown[trap]
    unknown[trap] = 0
    pool = [c for c, k in enumerate(unknown) for _ in range(k)]
    assert len(pool) + len(traps) == len(d.deck) + sum(d.hand_size[p] - len(d.known[p]) for p in others), \
        "card accounting"
    crng.shuffle_random(rng, pool)
    for p in others:
        hand = [0] * len(cards.ids)
        for c in d.known[p]:
            hand[c] += 1
        for _ in range(d.hand_size[p] - len(d.known[p])):
            hand[pool.pop()] += 1
        d.hands[p] = hand
    d.deck = pool + traps
    crng.shuffle_random(rng, d.deck)
    # treasures: face-down treasures of others and the treasure pile
    # at the end every treasure is shown (the judgment reveals them): nothing left to resample
    hidden_slots = [] if s.phase == OVER else [(p, i) for p in others for i, t in enumerate(d.treasures[p])
                                                 if not d.face_up[t]]
    tpool = [t for t in range(len(cards.treasures))
             if t not in d.treasure_discard and t not in d.treasures[seat]
             and not any(t in d.treasures[p] and (d.face_up[t] or s.phase == OVER) for p in others)]
    tpool.sort()
    crng.shuffle_random(rng, tpool)
    # a face-down treasure cannot be an 'open' one (those are always face up)
    closed = [t for t in tpool if not cards.treasures[t].open]
    for p, i in hidden_slots:
        t = closed.pop()
        tpool.remove(t)
        d.treasures[p][i] = t
    d.treasure_deck = tpool
    d.rng = crng.seed_state(rng.getrandbits(128))
    d.dice = []
    return d
