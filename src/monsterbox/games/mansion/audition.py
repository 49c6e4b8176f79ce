"""Monster Mansion, MM Phase 1, The Audition (the round's actors turned over, its skulls drawn from the bag) and
Phase 2, Turn Order (the tiles taken).

References: MM = monster-mansion.txt (section names), R<n> = shared/RULINGS.md Monster Mansion ruling n,
P<n> = the project's own rulings in docs/rules/mansion.md.
"""

from __future__ import annotations

from monsterbox.core import rng as crng
from monsterbox.games.mansion.cards import SKULLS
from monsterbox.games.mansion.state import TILE, MansionState, log

#: the skulls an audition draws, by the side of the turn-order tiles in use (``MansionState.tile_values``): the
#: skulls the tiles hand out (MM Phase 1: 7 or 10)
AUDITION_SKULLS: dict[tuple[tuple[int, int], ...], int] = {}
#: ``draw_skulls`` counts the skulls drawn per colour in one integer, a byte a colour (blue lowest): a skull of
#: colour ``c`` adds ``SKULL_UNIT[c]`` (written as literals there)
SKULL_UNIT = (1, 0x100, 0x10000, 0x1000000, 0x100000000)


def start_round(s: MansionState) -> None:
    """MM Phase 1, The Audition: players + 1 actors; 7 skulls (2-3 players) or 10 (4 players)."""
    s.round += 1
    deck = s.deck
    k = s.n + 1
    if len(deck) >= k:  # the top k cards at once, in the order drawn (the deck's last card first)
        s.audition = deck[:-k - 1:-1]
        del deck[-k:]
    else:
        s.audition = []
        for _ in range(k):
            if not s.deck and s.actor_discard and s.n != 2:
                s.deck = s.actor_discard
                s.actor_discard = []
                s.rng = crng.shuffle(s.rng, s.deck)
                log(s, -1, "reshuffle_actors", len(s.deck))
            if s.deck:
                s.audition.append(s.deck.pop())
    wanted = AUDITION_SKULLS.get(s.tile_values)
    if wanted is None:
        wanted = AUDITION_SKULLS[s.tile_values] = sum(k for _, k in s.tile_values)
    s.audition_skulls = draw_skulls(s, wanted)
    s.tiles = [-1] * s.table_n
    s.token_next = -1
    log(s, -1, "audition", s.round, tuple(s.audition), tuple(s.audition_skulls))
    if len(s.audition) < s.n + 1 or sum(s.audition_skulls) < wanted:
        # P16: the deck (2 players) or the bag and the discard tile ran out: the audition comes out short
        log(s, -1, "short_audition", len(s.audition), s.n + 1, sum(s.audition_skulls), wanted)
    s.phase = TILE
    s.current = s.token


def draw_skull(s: MansionState) -> int:
    """One skull from the bag: the next scripted one (option ``bag``), else at random; an empty bag is refilled
    from the discard tile (MM The Audition note). -1 when both are empty."""
    bag = s.bag
    total = sum(bag)
    if total == 0:
        total = sum(s.skull_discard)
        if total == 0:
            return -1
        bag = s.bag = s.skull_discard
        s.skull_discard = [0] * 5
        log(s, -1, "refill_bag", total)
    if s.bag_script:
        c = s.bag_script.pop()
        # validate_options allows no more of a colour than the bag holds, and every draw takes the script's next
        # skull until it runs out, so the scripted skull is still in the bag
        assert bag[c], f"option bag: no {SKULLS[c]} skull left in the bag"
        bag[c] -= 1
        return c
    s.rng, k = crng.below(s.rng, total)
    for c in range(5):
        if k < bag[c]:
            bag[c] -= 1
            return c
        k -= bag[c]
    raise AssertionError("bag accounting")


def draw_skulls(s: MansionState, count: int) -> list[int]:
    """``count`` skulls drawn one by one (``draw_skull``), per colour; fewer when the bag and the discard tile run
    out (MM The Audition). When no skull is scripted and at most 255 are drawn, the draws from a bag holding them all
    (all of them, or the bag's skulls before a refill and the refilled bag's after) are ``draw_skull``'s written
    out: the bag's skulls lined up by colour (blue first; each skull counted as ``SKULL_UNIT`` of its colour, so
    that adding the skulls drawn counts them per colour), the generator's draw (``core.rng.below``) inlined with the
    same arithmetic and generator states, so the same skulls, and the skull drawn taken out of the line."""
    bag = s.bag
    b, r, g, y, grey = bag
    total = b + r + g + y + grey
    if s.bag_script or count > 255:
        got = [0] * 5
        for _ in range(count):
            c = draw_skull(s)
            if c >= 0:
                got[c] += 1
        return got
    if total < count:
        # the bag runs out partway: its skulls first, then ``draw_skull`` refills it from the discard tile for the
        # next draw (or finds both empty: so would every later draw), then the rest from the refilled bag
        got = draw_skulls(s, total) if total else [0] * 5
        c = draw_skull(s)
        if c < 0:
            return got
        got[c] += 1
        more = draw_skulls(s, count - total - 1)
        return [got[0] + more[0], got[1] + more[1], got[2] + more[2], got[3] + more[3], got[4] + more[4]]
    line = [1] * b + [0x100] * r + [0x10000] * g + [0x1000000] * y + [0x100000000] * grey  # SKULL_UNIT
    drawn = 0
    state = s.rng
    for left in range(total, total - count, -1):
        # core.rng.below(state, left), inlined (the 128-bit step, its halves folded, SplitMix64's finalizer, then a
        # 64-bit multiply-shift)
        state = (state + 0x9E3779B97F4A7C15F39CC0605CEDC835) & 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF
        z = (state ^ (state >> 64)) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        drawn += line.pop(((z ^ (z >> 31)) * left) >> 64)
    s.rng = state
    got = [drawn & 255, drawn >> 8 & 255, drawn >> 16 & 255, drawn >> 24 & 255, drawn >> 32]
    bag[0] = b - got[0]
    bag[1] = r - got[1]
    bag[2] = g - got[2]
    bag[3] = y - got[3]
    bag[4] = grey - got[4]
    return got


def take_tile(s: MansionState, p: int, k: int) -> bool:
    """MM Phase 2, Turn Order: take a tile and its tickets; the token moves to whoever takes tile 1. True when every
    seat has its tile and the casting order is set: Phase 3, The Casting, begins (``rules.on_tile``)."""
    s.tiles[p] = k
    s.tickets[p] += s.tile_values[k][0]
    if s.log is not None:
        s.log.append((-1, ("tile", p, k)))
    if k == 0:
        s.token_next = p
    if -1 in s.tiles[:s.n]:  # a player has still to choose
        s.current = (p + 1) % s.n
        return False
    if s.n == 2:
        s.tiles[2] = next(k for k in range(3) if k not in s.tiles)
        log(s, -1, "tile", 2, s.tiles[2])
    if s.token_next < 0:  # tile 1 went to the dummy: the lowest tile keeps the token
        s.token_next = lowest_real_tile_player(s)
    s.order = sorted(range(s.table_n), key=s.tiles.__getitem__)
    s.order_pos = 0
    return True


def lowest_real_tile_player(s: MansionState) -> int:
    return min(range(s.n), key=s.tiles.__getitem__)
