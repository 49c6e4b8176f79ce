"""What each seat may know, the per-seat log, and determinization.

Hidden: what is behind other players' screens (skulls and tickets), the actors others have reserved (face down),
the Swamp Thing's skulls, the actor deck's order and the bag's future draws. Public: the audition and its skulls,
every tile, cast actor, chamber, reward, payment and gift, and every Sales Level (the sales board).
"""

from __future__ import annotations

import random
from typing import Any

from monsterbox.core import rng as crng
from monsterbox.games.mansion.cards import SKULLS, MansionCards
from monsterbox.games.mansion.rules import neighbours, sales_level
from monsterbox.games.mansion.state import (
    CAST,
    DUMMY_ACTOR,
    DUMMY_SKULLS,
    LAGOON,
    OVER,
    PHASE_NAMES,
    TAKE,
    TILE,
    MansionState,
    copy_state,
)


def skulls(counts: list[int] | tuple[int, ...]) -> dict[str, int]:
    return {SKULLS[c]: k for c, k in enumerate(counts) if k}


def event_dict(cards: MansionCards, ev: tuple[Any, ...]) -> dict[str, Any]:
    t = ev[0]
    aid = [a.id for a in cards.actors]
    if t == "audition":
        return {"type": t, "round": ev[1], "actors": [aid[a] for a in ev[2]], "skulls": skulls(ev[3])}
    if t == "tile":
        return {"type": t, "seat": ev[1], "tile": ev[2] + 1}
    if t == "take":
        return {"type": t, "seat": ev[1], "skull": SKULLS[ev[2]]}
    if t == "cast":
        return {"type": t, "seat": ev[1], "actor": aid[ev[2]], "from": ev[3], "paid": skulls(ev[4])}
    if t == "reserve":
        return {"type": t, "seat": ev[1]}
    if t == "reserved":
        return {"type": t, "seat": ev[1], "actor": aid[ev[2]]}
    if t == "chamber":
        return {"type": t, "seat": ev[1], "chamber": cards.chambers[ev[2]].id, "paid": skulls(ev[3])}
    if t == "reward":
        return {"type": t, "seat": ev[1], "reward": cards.rewards[ev[2]].id}
    if t == "swamp":
        return {"type": t, "seat": ev[1]}
    if t == "swamp_skull":
        return {"type": t, "seat": ev[1], "skull": SKULLS[ev[2]] if ev[2] >= 0 else None}
    if t == "costume":
        return {"type": t, "seat": ev[1], "tickets": ev[2], "skulls": [SKULLS[c] for c in ev[3]]}
    if t == "end_turn":
        return {"type": t, "seat": ev[1]}
    if t == "dummy_actor":
        return {"type": t, "seat": ev[1], "actor": aid[ev[2]]}
    if t == "dummy_skull":
        return {"type": t, "seat": ev[1], "skull": SKULLS[ev[2]]}
    if t == "give":
        return {"type": t, "seat": ev[1], "to": ev[2] if ev[2] >= 0 else None}
    if t == "show":
        return {"type": t, "sold": list(ev[1]), "tickets_before": list(ev[2])}
    if t == "game_over":
        return {"type": t, "winners": list(ev[1])}
    if t in ("refill_bag", "reshuffle_actors"):
        return {"type": t, "count": ev[1]}
    raise ValueError(f"unknown event {ev!r}")


def phase_summary(s: MansionState) -> str:
    p = s.current
    return {
        TILE: f"seat {p} chooses a turn-order tile",
        TAKE: f"seat {p} takes {s.to_take} more skull(s) from the audition",
        CAST: f"seat {p} casts, reserves, adds a chamber, uses abilities, or ends the turn",
        DUMMY_ACTOR: f"seat {p} chooses the dummy's actor",
        DUMMY_SKULLS: f"seat {p} discards the dummy's skulls ({s.to_take} more)",
        LAGOON: f"seat {p} may give a ticket (The Black Lagoon Monster)",
        OVER: "the game is over",
    }[s.phase]


def view(s: MansionState, seat: int | None) -> dict[str, Any]:
    cards = s.cards
    over = s.phase == OVER
    seats = []
    for q in range(s.table_n):
        dummy = q >= s.n
        d: dict[str, Any] = {
            "seat": q,
            "dummy": dummy,
            "actors": [cards.describe_actor(a) for a in s.actors[q]],
            "tile": s.tiles[q] + 1 if s.tiles[q] >= 0 else None,
            "neighbours": list(neighbours(s, q)),
        }
        if not dummy:
            mine = q == seat or over
            d.update({
                "mansion": cards.mansions[q].id,
                "chambers": [cards.chambers[c].model_dump() for c in s.chambers[q]],
                "rewards": [cards.rewards[r].id for r in s.rewards[q]],
                "sales_level": sales_level(s, q),
                "reserved": [cards.describe_actor(a) for a in s.reserved[q]] if mine else None,
                "reserved_count": len(s.reserved[q]),
                "screen": {"skulls": skulls(s.screens[q]), "tickets": s.tickets[q]} if mine else None,
                "starting_player": s.token == q,
            })
        seats.append(d)
    v: dict[str, Any] = {
        "game": "mansion",
        "seat": seat,
        "players": s.n,
        "round": s.round,
        "phase": PHASE_NAMES[s.phase],
        "to_play": None if over else s.current,
        "acting": None if over else s.acting,
        "audition": [cards.describe_actor(a) for a in s.audition],
        "audition_skulls": skulls(s.audition_skulls),
        "tiles": [{"tile": k + 1, "tickets": t, "skulls": n,
                   "taken_by": s.tiles.index(k) if k in s.tiles else None} for k, (t, n) in enumerate(s.tile_values)],
        "skulls_to_take": s.to_take if s.phase in (TAKE, DUMMY_SKULLS) else 0,
        "turn_used": {"actor": s.actor_done, "chamber": s.chamber_done} if s.phase == CAST else None,
        "actor_deck": len(s.deck),
        "actor_discard": [cards.describe_actor(a) for a in s.actor_discard],
        "skull_bag": sum(s.bag),
        "skull_discard": skulls(s.skull_discard),
        "rewards_left": [cards.rewards[r].id for r in s.reward_pool],
        "chambers_left": [cards.chambers[c].id for c in s.chamber_pool],
        "seats": seats,
        "log": [event_dict(cards, e) for to, e in (s.log or []) if to < 0 or to == seat],
    }
    if s.result is not None:
        v["result"] = s.result
    return v


def determinize(s: MansionState, seat: int, rng: random.Random, keep_log: bool = True) -> MansionState:
    """Resample what ``seat`` cannot know: other players' reserved actors (among the actors it has not seen), the
    colours of their Swamp Thing skulls (among the skulls it cannot place), the deck order and future draws."""
    d = copy_state(s, keep_log)
    if d.log is not None:
        d.log = [(to, e) for to, e in d.log if to < 0 or to == seat]
    if s.phase == OVER:  # at the end every screen and reserve is shown: only the deck order stays unknown
        d.deck.sort()
        rng.shuffle(d.deck)
        d.rng = crng.seed_state(rng.getrandbits(64))
        return d
    others = [p for p in range(s.n) if p != seat]
    pool = d.deck + [a for p in others for a in d.reserved[p]]
    pool.sort()  # from the seat's knowledge only: the true order of the hidden actors must not steer the sample
    rng.shuffle(pool)
    for p in others:
        k = len(d.reserved[p])
        d.reserved[p] = [pool.pop() for _ in range(k)]
    d.deck = pool
    # skulls: others' screens are their publicly known skulls plus hidden ones drawn from what seat cannot place
    unknown = d.bag[:]
    for p in others:
        for c in range(5):
            unknown[c] += d.screens[p][c] - d.public_screens[p][c]
    bag = [c for c in range(5) for _ in range(unknown[c])]
    rng.shuffle(bag)
    for p in others:
        screen = d.public_screens[p][:]
        for _ in range(d.hidden_skulls[p]):
            screen[bag.pop()] += 1
        d.screens[p] = screen
    d.bag = [bag.count(c) for c in range(5)]
    d.rng = crng.seed_state(rng.getrandbits(64))
    return d
