"""What each seat may know (R8), the public event log, and determinization for search.

R8: a face-down human's exact combat value is known to nobody, its owner included, until scoring; only its range
is public. Treasure hands are private unless ``open_treasures``; every movement of treasure is public and logged.
The log stores only what the table sees: a face-down human is stored as its range (``FACE_DOWN + range``,
``state.public_card``), never as the card, so neither a view nor a determinized copy can carry a hidden identity
through the log.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from monsterbox.core import rng as crng
from monsterbox.games.inn.cards import HUMAN, RACES, RANGE_LABELS, CardSet
from monsterbox.games.inn.scoring import STAYS, WEAKER, score_game
from monsterbox.games.inn.state import (
    FACE_DOWN,
    KIND_NAMES,
    OVER,
    PHASE_NAMES,
    SUPPORT,
    InnState,
    copy_state,
)


def face(cards: CardSet, code: int) -> dict[str, Any]:
    """A JSON description of a public card code (see ``state.public_card``)."""
    if code >= FACE_DOWN:
        return {"kind": "human", "range": RANGE_LABELS[code - FACE_DOWN], "face_down": True}
    return dict(cards.faces[code])


def shown(cards: CardSet, card: int) -> dict[str, Any]:
    """The card as the table sees it (``face(cards, public_card(cards, card))``), a new dict."""
    return dict(cards.public_faces[card])


def event_dict(cards: CardSet, ev: tuple[Any, ...]) -> dict[str, Any]:
    t = ev[0]
    if t == "round":
        return {"type": "round", "round": ev[1], "starter": ev[2], "tavern": [face(cards, c) for c in ev[3]]}
    if t == "stay":
        return {"type": "stay", "seat": ev[1], "kind": KIND_NAMES[ev[2]], "pool": ev[3]}
    if t == "exchange":
        return {"type": "exchange", "seat": ev[1], "took": {"kind": KIND_NAMES[ev[2]], "count": ev[3]},
                "placed": {"kind": KIND_NAMES[ev[4]], "count": ev[5]}}
    if t == "drop":
        return {"type": "drop", "seat": ev[1], "creature": face(cards, ev[2]),
                "took": {"kind": KIND_NAMES[ev[3]] if ev[3] >= 0 else None, "count": ev[4]}, "forced": ev[5]}
    if t == "bonus":
        return {"type": "bonus", "seat": ev[1], "kind": KIND_NAMES[ev[2]], "automatic": ev[3]}
    if t == "support":
        return {"type": "support", "seat": ev[1], "monster": cards.ids[ev[2]], "kind": KIND_NAMES[ev[3]]}
    if t == "no_support":
        return {"type": "no_support", "seat": ev[1]}
    if t == "game_over":
        return {"type": "game_over", "scores": list(ev[1])}
    raise ValueError(f"unknown event {ev!r}")


def audience(entry: tuple[Any, ...]) -> int:
    """Who saw a raw log entry: the whole table (``-1``); Monster Inn has no private event (R8)."""
    return -1


def log_event(s: InnState, entry: tuple[Any, ...]) -> dict[str, Any]:
    """A raw log entry as the JSON event that views and ``Game.events`` show."""
    return event_dict(s.cards, entry)


def view(s: InnState, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may know (``None``: a spectator, public information only). The recent log and
    ``log_first`` are added by the Game handle (``core.events``)."""
    return views(s, (seat,))[0]


def views(s: InnState, seats: Sequence[int | None]) -> list[dict[str, Any]]:
    """The views of ``seats`` at one moment (``view`` is ``views(s, (seat,))[0]``). The table is built once and
    the views share its public parts (the tavern, the dungeons, every seat's public entry); only what one seat may
    know alone, its treasure hand (R8), is built for that seat. Each call builds everything afresh, so views of
    different calls share nothing (the server builds its seats' views of a moment with one call,
    ``Ruleset.table_views``, and serialises them at once)."""
    cards = s.cards
    public = cards.public_faces  # shown(cards, c), inlined: a view shows every card on the table
    over = s.phase == OVER
    hands, support = s.hands, s.support
    all_known = s.open_treasures or over
    table = []
    for p in range(s.n):
        count = {"gold": hands[2 * p], "gem": hands[2 * p + 1]}
        table.append({
            "seat": p,
            "in_round": s.in_round[p] and not over,
            "treasures": {"gold": hands[2 * p], "gem": hands[2 * p + 1]} if all_known else None,
            # R8: every movement of treasure is public, so every seat can count every hand from the log; the view
            # carries that count because its log is only the recent part (core.events)
            "treasure_count": count,
            "dungeon": {
                "monsters": [{**cards.faces[m], "supported_with": (None if support[m] < 0
                                                                  else KIND_NAMES[support[m]])}
                             for m in s.monsters[p]],
                "humans": [dict(public[h]) for h in s.humans[p]],
            },
        })
    tavern = [dict(public[c]) for c in s.tavern[s.tpos:]]
    pool = {"kind": KIND_NAMES[s.pool_kind] if s.pool_kind >= 0 else None, "count": s.pool}
    supply = {"gold": s.supply[0], "gem": s.supply[1]}
    race = RACES[cards.race[s.monsters[s.current][-1]]] if s.phase == SUPPORT else None
    result = score_game(s) if over else None
    out = []
    for seat in seats:
        seat_table = table
        if seat is not None and not all_known:  # R8: the seat's own hand, known to it alone
            seat_table = table.copy()
            seat_table[seat] = {**table[seat], "treasures": {"gold": hands[2 * seat], "gem": hands[2 * seat + 1]}}
        v: dict[str, Any] = {
            "game": "inn",
            "seat": seat,
            "players": s.n,
            "round": s.round,
            "rounds": s.rounds_total,
            "phase": PHASE_NAMES[s.phase],
            "to_play": None if over else s.current,
            "open_treasures": s.open_treasures,
            "tavern": tavern,
            "tavern_taken": s.tpos,
            "pool": pool,
            "supply": supply,
            "draw_pile": len(s.deck),
            "seats": seat_table,
        }
        if seat is not None:
            v["hand"] = {"gold": hands[2 * seat], "gem": hands[2 * seat + 1]}
        if race is not None:
            v["support_race"] = race
        if result is not None:
            v["result"] = result
        out.append(v)
    return out


def revealed_humans(s: InnState) -> set[int]:
    """Humans turned face up at scoring (those not removed unseen)."""
    if s.phase != OVER:
        return set()
    out = set()
    for b in score_game(s)["breakdown"]:
        for pair in b["pairs"]:
            h = pair["human"]
            if h is not None and h["fate"] in (WEAKER, STAYS):
                out.add(s.cards.index(h["id"]))
    return out


def determinize(s: InnState, seat: int, rng: random.Random, keep_log: bool = True) -> InnState:
    """A state agreeing with everything ``seat`` knows: the face-down humans (within their public range) and the
    draw pile are resampled uniformly. Hands are copied: under R8 every treasure movement is public, so every hand
    is determined by the public log (``infer_hands`` re-derives them; a test checks they agree)."""
    d = copy_state(s, keep_log)
    cards = s.cards
    revealed = revealed_humans(s)
    slots: list[tuple[list[int], int]] = []
    for i in range(s.tpos, len(d.tavern)):
        if cards.kind[d.tavern[i]] == HUMAN:
            slots.append((d.tavern, i))
    for row in d.humans:
        for j, h in enumerate(row):
            if h not in revealed:
                slots.append((row, j))
    visible_monsters = set(d.tavern[d.tpos:])
    for row in d.monsters:
        visible_monsters.update(row)
    hidden = [c for c in range(len(cards.ids))
              if (cards.kind[c] == HUMAN and c not in revealed) or
              (cards.kind[c] != HUMAN and c not in visible_monsters and c in s.deck)]
    by_range: dict[int, list[int]] = {}
    for c in hidden:
        if cards.kind[c] == HUMAN:
            by_range.setdefault(cards.rng[c], []).append(c)
    for group in by_range.values():
        crng.shuffle_random(rng, group)
    for row, j in slots:
        row[j] = by_range[cards.rng[row[j]]].pop()
    rest = [c for group in by_range.values() for c in group]
    rest += [c for c in hidden if cards.kind[c] != HUMAN]
    rest.sort()
    crng.shuffle_random(rng, rest)
    assert len(rest) == len(d.deck)
    d.deck = rest
    return d


def infer_hands(players: int, events: list[dict[str, Any]]) -> list[dict[str, int]]:
    """Every seat's treasure hand, re-derived from the whole public log alone (R8: every movement is public):
    ``events`` is ``Game.events(None)``, the history from the first event."""
    hands = [{"gold": 3, "gem": 3} for _ in range(players)]
    for e in events:
        t = e["type"]
        if t == "stay":
            hands[e["seat"]][e["kind"]] -= 1
        elif t == "exchange":
            hands[e["seat"]][e["took"]["kind"]] += e["took"]["count"]
            hands[e["seat"]][e["placed"]["kind"]] -= e["placed"]["count"]
        elif t == "drop" and e["took"]["count"]:
            hands[e["seat"]][e["took"]["kind"]] += e["took"]["count"]
        elif t == "bonus":
            hands[e["seat"]][e["kind"]] += 1
        elif t == "support":
            hands[e["seat"]][e["kind"]] -= 1
    return hands
