"""What each seat may know, the per-seat log, and determinization.

Hidden (RULINGS Mansion 7: "what stays hidden behind the screen: tickets' worth in skulls, skulls held, and the colour
of a Swamp Thing's skull"): the skulls behind other players' screens, the colours of their Swamp Thing skulls, the
actor deck's order and the bag's future draws. Public: the audition and its skulls, every tile, cast actor,
chamber, reward, payment and gift, every Sales Level (the sales board), which actors each player reserved (Mansion
7: "it was taken from the face-up audition in view of everyone"), whether a purchase asks for a payment (Mansion 8)
and every seat's ``ticket_count``: the tickets lie behind the screen, but every ticket movement is public (tiles,
Costume, gifts, sales), so the table can count them (P12); the view says the count the log would give.
"""

from __future__ import annotations

import random
from typing import Any

from monsterbox.core import rng as crng
from monsterbox.games.mansion.cards import SKULLS, MansionCards
from monsterbox.games.mansion.casting import paying_for, payment_options
from monsterbox.games.mansion.show import neighbours, sales_level
from monsterbox.games.mansion.state import (
    BUY_CHAMBER,
    CAST,
    DUMMY_SKULLS,
    OVER,
    PAY,
    PHASE_NAMES,
    TAKE,
    MansionState,
    copy_state,
)

RESAMPLE_TRIES = 50  # samples of the hidden skulls tried before falling back on the true ones


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
        d = {"type": t, "seat": ev[1], "actor": aid[ev[2]], "from": ev[3], "paid": skulls(ev[4])}
        if ev[5]:
            d["chambers_used"] = list(ev[5])
        return d
    if t == "reserve":
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
    if t == "short_audition":
        return {"type": t, "actors": ev[1], "actors_wanted": ev[2], "skulls": ev[3], "skulls_wanted": ev[4]}
    raise ValueError(f"unknown event {ev!r}")


def audience(entry: tuple[int, tuple[Any, ...]]) -> int:
    """Who saw a raw log entry ``(to, event)``: ``-1`` the whole table, else the one seat it was shown to."""
    return entry[0]


def log_event(s: MansionState, entry: tuple[int, tuple[Any, ...]]) -> dict[str, Any]:
    """A raw log entry as the JSON event that views and ``Game.events`` show (the log itself is kept by the Game
    handle: ``core.events``)."""
    return event_dict(s.cards, entry[1])


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
                "reserved": [cards.describe_actor(a) for a in s.reserved[q]],
                "reserved_count": len(s.reserved[q]),
                "screen": {"skulls": skulls(s.screens[q]), "tickets": s.tickets[q]} if mine else None,
                # P12: every ticket movement is public, so the table can count them; the view carries the count
                # because its log is only the recent part (core.events)
                "ticket_count": s.tickets[q],
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
        "turn_used": {"actor": s.actor_done, "chamber": s.chamber_done, "swamp": s.swamp_done,
                      "costume": s.costume_done, "make_up": s.makeup_used, "props": s.props_used}
        if s.phase in (CAST, PAY) else None,
        "paying_for": ({"chamber" if s.pending[0] == BUY_CHAMBER else "actor": paying_for(s)}
                       if s.phase == PAY else None),
        "actor_deck": len(s.deck),
        "actor_discard": [cards.describe_actor(a) for a in s.actor_discard],
        "skull_bag": sum(s.bag),
        "skull_discard": skulls(s.skull_discard),
        "rewards_left": [cards.rewards[r].id for r in s.reward_pool],
        "chambers_left": [cards.chambers[c].id for c in s.chamber_pool],
        "seats": seats,
    }
    if s.result is not None:
        v["result"] = s.result
    return v


def determinize(s: MansionState, seat: int, rng: random.Random, keep_log: bool = True) -> MansionState:
    """Resample what ``seat`` cannot know: the deck order, the colours of others' Swamp Thing skulls (among the
    skulls it cannot place) and future draws. Reserved actors stay where they are: the table saw each one leave
    the face-up audition (P7)."""
    d = copy_state(s, keep_log)
    if d.log is not None:
        d.log = [(to, e) for to, e in d.log if to < 0 or to == seat]
    d.bag_script = []  # the option bag scripts the real game's draws, not a sample's
    d.deck.sort()  # from the seat's knowledge only: the true order of the hidden actors must not steer the sample
    crng.shuffle_random(rng, d.deck)
    d.rng = crng.seed_state(rng.getrandbits(128))
    if s.phase == OVER:  # at the end every screen is shown: only the deck order stays unknown
        return d
    others = [p for p in range(s.n) if p != seat]
    # skulls: others' screens are their publicly known skulls plus hidden ones drawn from what seat cannot place
    unknown = d.bag[:]
    for p in others:
        for c in range(5):
            unknown[c] += d.screens[p][c] - d.public_screens[p][c]
    if not any(d.hidden_skulls[p] for p in others):
        return d
    true_screens = [x[:] for x in d.screens]
    for _ in range(RESAMPLE_TRIES):
        bag = [c for c in range(5) for _ in range(unknown[c])]
        crng.shuffle_random(rng, bag)
        for p in others:
            screen = d.public_screens[p][:]
            for _ in range(d.hidden_skulls[p]):
                screen[bag.pop()] += 1
            d.screens[p] = screen
        d.bag = [bag.count(c) for c in range(5)]
        # a player choosing a payment (R6) is known to be able to pay: keep only samples where they can
        if s.phase != PAY or s.current == seat or payment_options(d, s.current, *s.pending):
            return d
    # no sample fitted (rare): the true screens agree with everything seen, and reveal only this much
    d.screens = true_screens
    d.bag = s.bag[:]
    return d
