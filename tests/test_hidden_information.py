"""Hidden information, for every game (issue 12, "Also, for every game").

(a) Logs leak-free by construction: two games that differ only in cards hidden from seat s, played with the same
    actions, give s identical views, log included, at every step, until the difference reaches a place s may see
    (the views without their logs differ) or the same action is no longer legal in both. Random positions of
    every game, and one game per card with an ability, the card put in play at the start.
(b) Determinizations agree with everything the seat saw: at every step, a determinization for s gives s the same
    view (and the same legal actions when s is to play), and every card s's log shows going into a hand or a
    reserve is still there.

Each game plugs in with one ``Adapter`` (how to swap two hidden cards, what its log shows going into hands, which
cards have abilities) and one line in ``ADAPTERS``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

import monsterbox
from monsterbox.core.game import Game
from monsterbox.games.inn.cards import HUMAN
from monsterbox.games.inn.view import infer_hands
from monsterbox.games.maker.cards import CLERIC, DIVERSION, ROOM, TRAP
from monsterbox.games.maker.cards import default_cards as maker_cards
from monsterbox.games.mansion.cards import default_cards as mansion_cards
from tests.maker.helpers import give_treasure, set_hand, stack_deck
from tests.mansion.helpers import give_actors, give_chamber

Swap = Callable[[Any], None]  # mutates a copied state: two hidden cards trade places
Holdings = dict[int, Counter[str]]  # per seat: cards known to be in its hand or reserve


@dataclass
class Adapter:
    players: int
    #: the swaps of two cards hidden from ``seat`` possible in ``state`` (each one a function on a copy)
    swaps: Callable[[Any, int, random.Random], list[Swap]]
    #: per seat, the cards the seat's history (players, Game.events(seat)) shows having gone into a hand or a
    #: reserve and still there
    seen: Callable[[int, list[dict[str, Any]]], Holdings]
    #: per seat, the cards its hand or reserve actually holds
    holdings: Callable[[Any], Holdings]
    #: cards with an ability: name -> a function putting that card in play at the start of a game
    abilities: dict[str, Callable[[Game], None]] = field(default_factory=dict)


# --- Monster Inn: face-down humans (known to nobody, R8) and the draw pile -------------------------------------------
def inn_swaps(s: Any, seat: int, rng: random.Random) -> list[Swap]:
    cards = s.cards
    if s.phase == 3:  # over: every human is shown
        return []
    slots: list[tuple[str, int, int]] = [("tavern", -1, i) for i in range(s.tpos, len(s.tavern))
                                         if cards.kind[s.tavern[i]] == HUMAN]
    slots += [("humans", p, j) for p, row in enumerate(s.humans) for j in range(len(row))]
    slots += [("deck", -1, i) for i in range(len(s.deck))]

    def card(st: Any, slot: tuple[str, int, int]) -> int:
        where, p, i = slot
        return int(st.tavern[i] if where == "tavern" else st.humans[p][i] if where == "humans" else st.deck[i])

    def put(st: Any, slot: tuple[str, int, int], c: int) -> None:
        where, p, i = slot
        if where == "tavern":
            st.tavern[i] = c
        elif where == "humans":
            st.humans[p][i] = c
        else:
            st.deck[i] = c

    out: list[Swap] = []
    for _ in range(20):
        a, b = rng.sample(slots, 2) if len(slots) > 1 else (None, None)
        if a is None or b is None:
            break
        ca, cb = card(s, a), card(s, b)
        face_down = [x for x in (a, b) if x[0] != "deck"]
        # a face-down human shows its range: only a human of the same range can take its place
        if face_down and (cards.kind[ca] != HUMAN or cards.kind[cb] != HUMAN or cards.rng[ca] != cards.rng[cb]):
            continue

        def swap(st: Any, a: tuple[str, int, int] = a, b: tuple[str, int, int] = b) -> None:
            x, y = card(st, a), card(st, b)
            put(st, a, y)
            put(st, b, x)

        out.append(swap)
    return out


def inn_seen(players: int, events: list[dict[str, Any]]) -> Holdings:
    return {p: Counter({k: n for k, n in h.items() if n}) for p, h in enumerate(infer_hands(players, events))}


def inn_holdings(s: Any) -> Holdings:
    return {p: Counter({k: n for k, n in (("gold", s.hands[2 * p]), ("gem", s.hands[2 * p + 1])) if n})
            for p in range(s.n)}


# --- Monster Mansion: the actor deck's order, the colours of Swamp Thing skulls ---------------------------------------
def mansion_swaps(s: Any, seat: int, rng: random.Random) -> list[Swap]:
    seed = rng.getrandbits(64)

    def bag_order(st: Any) -> None:  # the order the bag yields its skulls: hidden from everyone
        st.rng = seed

    out: list[Swap] = [bag_order]
    if len(s.deck) > 1:
        i, j = rng.sample(range(len(s.deck)), 2)

        def deck_swap(st: Any, i: int = i, j: int = j) -> None:
            st.deck[i], st.deck[j] = st.deck[j], st.deck[i]

        out.append(deck_swap)
    if s.phase == 6:  # over: every screen is shown
        return out
    for q in range(s.n):
        if q == seat:
            continue
        hidden = [c for c in range(5) if s.screens[q][c] > s.public_screens[q][c]]
        for c1 in hidden:
            for c2 in range(5):
                if c2 != c1 and s.bag[c2]:

                    def skull_swap(st: Any, q: int = q, c1: int = c1, c2: int = c2) -> None:
                        st.screens[q][c1] -= 1
                        st.screens[q][c2] += 1
                        st.bag[c2] -= 1
                        st.bag[c1] += 1

                    out.append(skull_swap)
    return out


def mansion_seen(players: int, events: list[dict[str, Any]]) -> Holdings:
    seen: Holdings = {p: Counter() for p in range(players)}
    for e in events:
        if e["type"] == "reserve":
            seen[e["seat"]][e["actor"]] += 1
        elif e["type"] == "cast" and e["from"] == "reserve":
            seen[e["seat"]][e["actor"]] -= 1
    return seen


def mansion_holdings(s: Any) -> Holdings:
    return {p: Counter(s.cards.actors[a].id for a in s.reserved[p]) for p in range(s.n)}


def mansion_abilities() -> dict[str, Callable[[Game], None]]:
    out: dict[str, Callable[[Game], None]] = {}
    for a in mansion_cards().actors:
        if a.type in ("black_lagoon", "mummy", "swamp_thing") and not a.removed_for_3_players:
            out.setdefault(a.type, lambda g, aid=a.id: give_actors(g, 1, [aid]))
    for ch in mansion_cards().chambers:
        out.setdefault(ch.type, lambda g, cid=ch.id: give_chamber(g, 2, cid))
    return out


# --- Monster Maker: other hands, face-down treasures, both draw piles -------------------------------------------------
def maker_swaps(s: Any, seat: int, rng: random.Random) -> list[Swap]:
    cards = s.cards
    trap = cards.types_of(TRAP)[0]
    out: list[Swap] = []
    for q in range(s.n):
        if q == seat:
            continue
        known = Counter(s.known[q])
        mine = [c for c, k in enumerate(s.hands[q]) if k - known[c] > 0 and c != trap]
        deck = [i for i, c in enumerate(s.deck) if c != trap][-4:]  # the next cards drawn
        for _ in range(4):
            if not mine or not deck:
                break
            u, i = rng.choice(mine), rng.choice(deck)
            if s.deck[i] == u:
                continue

            def hand_swap(st: Any, q: int = q, u: int = u, i: int = i) -> None:
                w = st.deck[i]
                st.hands[q][u] -= 1
                st.hands[q][w] += 1
                st.deck[i] = u

            out.append(hand_swap)
        if s.phase != 6:
            for j, t in enumerate(s.treasures[q]):
                if s.face_up[t]:
                    continue
                for k in reversed(range(len(s.treasure_deck))):  # the next treasure drawn that is not open
                    if not cards.treasures[s.treasure_deck[k]].open:

                        def treasure_swap(st: Any, q: int = q, j: int = j, k: int = k) -> None:
                            st.treasures[q][j], st.treasure_deck[k] = st.treasure_deck[k], st.treasures[q][j]

                        out.append(treasure_swap)
                        break
    if len(s.deck) > 1:
        i, j = rng.sample(range(len(s.deck)), 2)

        def deck_swap(st: Any, i: int = i, j: int = j) -> None:
            st.deck[i], st.deck[j] = st.deck[j], st.deck[i]

        out.append(deck_swap)
    return out


def maker_seen(players: int, events: list[dict[str, Any]]) -> Holdings:
    """Cards the log shows entering a hand (a heal, a trap drawn, a Thief revealed), less what it shows leaving."""
    seen: dict[int, dict[str, int]] = {p: {} for p in range(players)}

    def out(p: int, card: str, k: int = 1) -> None:
        h = seen[p]
        if card in h:
            h[card] = max(0, h[card] - k)

    def add(p: int, card: str, k: int = 1) -> None:
        seen[p][card] = seen[p].get(card, 0) + k

    for e in events:
        t, p = e["type"], e.get("seat")
        if t == "round":
            seen = {q: {} for q in range(players)}
        elif t == "heal":
            out(p, "cleric")
            add(p, e["character"])
        elif t == "trap":
            add(p, "trap", e["count"])
        elif t == "thief":
            out(p, "trap", e["traps"])
            seen[p][e["thief"]] = max(1, seen[p].get(e["thief"], 0))
        elif t == "trap_discard":
            for c in e["cards"]:
                out(p, c)
        elif t in ("move", "discard"):
            out(p, e["card"])
        elif t == "place":
            out(p, e["monster"])
        elif t == "add":
            out(p, e["character"])
        elif t in ("diversion", "room", "cleric"):
            out(p, t)
        elif t == "room_pass":  # a Small Treasure Room played without its draw (R7)
            out(p, "room")
    return {p: Counter({c: k for c, k in h.items() if k}) for p, h in seen.items()}


def maker_holdings(s: Any) -> Holdings:
    return {p: Counter({s.cards.ids[c]: k for c, k in enumerate(s.hands[p]) if k}) for p in range(s.n)}


def maker_abilities() -> dict[str, Callable[[Game], None]]:
    cards = maker_cards()
    out: dict[str, Callable[[Game], None]] = {}
    for t in cards.treasures:
        if t.bonus or t.undead or t.exit_modifier:
            out[t.id] = lambda g, tid=t.id: give_treasure(g, 1, tid)
    for kind in (CLERIC, DIVERSION, ROOM, TRAP):
        cid = cards.ids[cards.types_of(kind)[0]]
        if kind == TRAP:  # seat 0, holding a Thief, draws a trap when it refreshes its hand
            out[cid] = lambda g: (set_hand(g, 0, ["rook", "L10", "L20", "L30", "L40"]), stack_deck(g, ["trap"]))
        else:
            out[cid] = lambda g, hand=[cid, "L10", "L20", "L30", "L40"]: set_hand(g, 1, hand)
    return out


ADAPTERS: dict[str, Adapter] = {
    "inn": Adapter(4, inn_swaps, inn_seen, inn_holdings),
    "mansion": Adapter(3, mansion_swaps, mansion_seen, mansion_holdings, mansion_abilities()),
    "maker": Adapter(3, maker_swaps, maker_seen, maker_holdings, maker_abilities()),
}
CASES = [(gid, None, seed) for gid in ADAPTERS for seed in range(2)]
CASES += [(gid, card, 11) for gid, a in ADAPTERS.items() for card in a.abilities]


def start(game_id: str, card: str | None, seed: int) -> Game:
    a = ADAPTERS[game_id]
    g = monsterbox.new_game(game_id, a.players, seed, {"first_player": 0})
    if card is not None:
        a.abilities[card](g)
    return g


def without_log(v: dict[str, Any]) -> dict[str, Any]:
    return {k: x for k, x in v.items() if k not in ("log", "log_first")}


MAX_STEPS = 100  # per game: several rounds, small enough for the whole suite
FOLLOW = 12  # steps a twin is followed
TWIN_RATE = 0.06  # chance that a step starts twins


@pytest.mark.parametrize("game_id,card,seed", CASES)
def test_logs_leak_free_by_construction(game_id, card, seed):
    """(a) Twins differing only in cards hidden from s give s identical views, log included, until the difference
    reaches something s may see."""
    a = ADAPTERS[game_id]
    g = start(game_id, card, seed)
    r = random.Random(seed * 7919 + 1)
    compared = 0
    for _ in range(MAX_STEPS):
        if g.over:
            break
        if r.random() < TWIN_RATE:
            seat = r.randrange(g.players)
            swaps = a.swaps(g.state, seat, r)
            r.shuffle(swaps)
            for swap in swaps[:3]:
                twin = g.copy()
                swap(twin.state)
                twin.state.step += 1
                compared += follow(g.copy(), twin, seat, random.Random(r.random()))
        acts = g.legal_actions()
        g.play(acts[r.randrange(len(acts))])
    assert compared > 0, "no twin was compared: the case exercises nothing"


def follow(g: Game, twin: Game, seat: int, r: random.Random) -> int:
    """Play both games with the same actions; return how many steps the views had to agree."""
    steps = 0
    for _ in range(FOLLOW):
        v, w = g.view(seat), twin.view(seat)
        if without_log(v) != without_log(w):
            break  # the difference reached a place the seat sees: the logs may differ from here on
        assert v == w and g.events(seat) == twin.events(seat), \
            f"seat {seat}'s log differs between games that differ only in hidden cards"
        steps += 1
        if g.over:
            break
        acts = g.legal_actions()
        act = acts[r.randrange(len(acts))]
        if act not in twin.legal_actions():
            break  # the hidden difference decided what is legal: it is about to show
        g.play(act)
        twin.play(act)
    return steps


@pytest.mark.parametrize("game_id,card,seed", CASES)
def test_determinizations_agree_with_everything_the_seat_saw(game_id, card, seed):
    """(b) At every step, for a seat in turn: same view, same legal actions for the seat to play, and every card the
    seat's log shows going into a hand or reserve is still there in the sample."""
    a = ADAPTERS[game_id]
    g = start(game_id, card, seed)
    r = random.Random(seed * 104729 + 3)
    for step in range(MAX_STEPS):
        for seat in {step % g.players, g.to_play if g.to_play is not None else 0}:
            v = g.view(seat)
            seen = a.seen(g.players, g.events(seat))
            real = a.holdings(g.state)
            assert all(seen[q] <= real[q] for q in seen), "the log derivation itself is wrong"
            d = g.determinize(seat, step * 10 + seat)
            assert d.view(seat) == v and d.events(seat) == g.events(seat)
            if g.to_play == seat:
                assert d.legal_actions() == g.legal_actions()
            held = a.holdings(d.state)
            for q, cards in seen.items():
                assert cards <= held[q], f"seat {seat}'s sample lost {cards - held[q]} from seat {q}"
        if g.over:
            break
        acts = g.legal_actions()
        g.play(acts[r.randrange(len(acts))])
