"""Observation vectors read straight from the game state for one seat: the environments' fast path.

``encode_state(game_id, state, seat)`` returns the same vector as ``encode.encode(game_id, view)`` for
``view = table_view(state, seat)`` (same layout, same float values: a test compares them on many states of every game),
without building the view: no dictionaries, no card descriptions, no card-id strings.

Hidden information: each encoder takes the observing seat and reads only what that seat may know, by the same rules
as the game's view (``games/<game>/view.py``), listed in its docstring. Cards are read through their public side
(an Inn human by its back, ``inn.state.public_card``); private per-seat fields (hands, screens) only at ``seat``; of
another seat's private holdings only their public counts (hand sizes, how many treasures). Tests check this two ways:
a differential test (states that differ only in what the seat cannot see, ``Game.determinize``, give the same vector)
and equality with the view-based encoder, which reads nothing but the view.

What is constant per card set (each card's encoded row, index maps between card ids and encoder slots) is computed once
per card set object and cached.
"""

from __future__ import annotations

import functools
import struct
from collections.abc import Callable
from typing import Any

from monsterbox.rl.encode import (
    INN_RACES,
    INN_RANGES,
    MANSION_COLOURS,
    MANSION_TYPES,
    MAX_SEATS,
    MONSTER_WEAPONS,
    SKULLS,
    one_hot,
)


class _Tables:
    """What an encoder precomputes from a card set, built once per card set object (the last one is recognised by
    identity; others are kept with their card set, so that an id is never taken for another object's)."""

    __slots__ = ("build", "cards", "tables", "seen")

    def __init__(self, build: Callable[[Any], Any]) -> None:
        self.build = build
        self.cards: Any = None
        self.tables: Any = None
        self.seen: dict[int, tuple[Any, Any]] = {}

    def get(self, cards: Any) -> Any:
        if cards is self.cards:
            return self.tables
        hit = self.seen.get(id(cards))
        if hit is None or hit[0] is not cards:
            hit = (cards, self.build(cards))
            self.seen[id(cards)] = hit
        self.cards, self.tables = hit
        return self.tables


#: zero padding, by length
_ZEROS = [[0.0] * k for k in range(20 * 12 + 1)]


def seat_order(seat: int, n: int) -> list[int]:
    """Seats starting from the observer (``encode.rotate``): a policy can be shared by every seat."""
    return [*range(seat, n), *range(seat)]


# --- Monster Inn ----------------------------------------------------------------------------------------------------
#: float32 packers (``struct``: C's rounding of a double to a float, as numpy's ``astype(np.float32)``)
_PACK_HEAD, _PACK_POOL, _PACK_ROW, _PACK_SEAT = (struct.Struct(f"{k}f").pack for k in (5, 6, 13, 11))
#: float32 zero padding, by length in bytes
_ZERO_BYTES = bytes(4 * 13 * 5)


def _inn_tables(cards: Any) -> tuple[tuple[tuple[float, ...], ...], tuple[int, ...], tuple[bytes, ...]]:
    """Per public card code (``inn.state.public_card``: a monster face up, a human as its back) its 13-float row
    (``encode.inn_card``), and per human its public range; each row also packed as float32 (``encode_inn_bytes``)."""
    from monsterbox.games.inn.cards import HUMAN
    from monsterbox.games.inn.state import FACE_DOWN, public_card

    rows: list[tuple[float, ...]] = []
    for c in range(len(cards.ids)):
        code = public_card(cards, c)  # the row of each card is built from its public side only
        if code >= FACE_DOWN:
            rows.append((0.0, 1.0, 0.0, 0.0, *one_hot(None, 5), *one_hot(code - FACE_DOWN, len(INN_RANGES))))
        else:
            rows.append((1.0, 0.0, cards.value[c] / 20, cards.skulls[c] / 4, *one_hot(cards.race[c], len(INN_RACES)),
                         *one_hot(None, 4)))
    ranges = tuple(public_card(cards, c) - FACE_DOWN if cards.kind[c] == HUMAN else -1 for c in range(len(cards.ids)))
    return tuple(rows), ranges, tuple(_PACK_ROW(*r) for r in rows)


_INN = _Tables(_inn_tables)


class _SeatBlocks:
    """Each seat's 11 features of ``encode_inn_state``, kept between calls: ``blocks`` maps the id of a seat's
    monster list to that list, its human list, a key (their lengths, the state's count of supported monsters, the
    seat's place in the round and its treasures), and the block they give (as floats and packed as float32). Those
    are everything the block is made of: a dungeon only grows (creatures are appended, never replaced, EN Dropping
    Out), a support treasure stays on its monster (EN Support: any new support changes the count), and the lists are
    held, so that an id is never taken for another list's. A hit is the block the same inputs give; past ``limit``
    entries the cache is cleared."""

    __slots__ = ("blocks", "limit")

    def __init__(self, limit: int) -> None:
        self.blocks: dict[int, tuple[Any, ...]] = {}
        self.limit = limit


_INN_SEATS = _SeatBlocks(256)



def dungeon_counts(mons: list[int], hums: list[int], skulls: Any, support: Any,
                   ranges: Any) -> tuple[int, int, list[int]]:
    """A dungeon counted for the observation: its monsters' skulls, its supported monsters, its humans by range
    (their backs: R8)."""
    sk = sup = 0
    for m in mons:
        sk += skulls[m]
        sup += support[m] >= 0
    backs = [0, 0, 0, 0]
    for h in hums:
        backs[ranges[h]] += 1
    return sk, sup, backs

def _inn_seat_blocks(s: Any, seat: int, ranges: tuple[int, ...]) -> list[tuple[Any, ...]]:
    """The ``_SeatBlocks`` entries of the seats from ``seat`` on (``encode.rotate``, at most 5): entry[3] is a seat's
    11 features, entry[4] the same packed. Reads (all public, R8) per seat: whether it is in the round, its treasure
    counts (every movement is public), its dungeon's monsters (face up) with their support, and its humans' ranges
    (their backs)."""
    skulls = s.cards.skulls
    support, hands, in_round, monsters, humans = s.support, s.hands, s.in_round, s.monsters, s.humans
    over = s.phase == 3  # OVER
    n = s.n
    supported = len(support) - support.count(-1)
    blocks = _INN_SEATS.blocks  # see _SeatBlocks
    if len(blocks) > _INN_SEATS.limit:
        blocks.clear()
    out = []
    for p in (*range(seat, n), *range(seat))[:5]:  # from the observer on (encode.rotate)
        mons = monsters[p]
        hums = humans[p]
        key = (len(mons), len(hums), supported, bool(in_round[p]) and not over, hands[2 * p], hands[2 * p + 1])
        hit = blocks.get(id(mons))
        if hit is None or hit[0] is not mons or hit[1] is not hums or hit[2] != key:
            sk, sup, backs = dungeon_counts(mons, hums, skulls, support, ranges)
            block = (1.0 if key[3] else 0.0, key[4] / 10, key[5] / 10, len(mons) / 13, len(hums) / 13, sk / 40,
                     sup / 5, backs[0] / 5, backs[1] / 5, backs[2] / 5, backs[3] / 5)
            hit = blocks[id(mons)] = (mons, hums, key, block, _PACK_SEAT(*block))
        out.append(hit)
    return out


def encode_inn_state(s: Any, seat: int) -> list[float]:
    """``encode.encode_inn`` of ``inn.view.view(s, seat)``. Reads (all public, R8): round, phase, the tavern row
    (through each card's public side), the pool, the supply, the draw pile's size, and per seat what
    ``_inn_seat_blocks`` reads. Every feature lies in [0, 4] by the component counts (40 creatures with at most 4
    skulls, 25 coins and 25 gems), so the vector needs no clipping."""
    rows, ranges, _ = _INN.get(s.cards)
    phase = s.phase
    x = [s.round / s.rounds_total, 0.0, 0.0, 0.0, 0.0]
    x[1 + phase] = 1.0
    tpos = s.tpos
    tavern = s.tavern[tpos:tpos + 5]
    for c in tavern:
        x += rows[c]
    if len(tavern) < 5:
        x += _ZEROS[13 * (5 - len(tavern))]
    kind = s.pool_kind
    supply = s.supply
    x += (1.0 if kind == 0 else 0.0, 1.0 if kind == 1 else 0.0, s.pool / 10, supply[0] / 25, supply[1] / 25,
          len(s.deck) / 40)
    for hit in _inn_seat_blocks(s, seat, ranges):
        x += hit[3]
    if s.n < 5:
        x += _ZEROS[11 * (5 - s.n)]
    return x


def encode_inn_bytes(s: Any, seat: int) -> bytearray:
    """``encode_inn_state(s, seat)`` as float32 values in native byte order (a writable buffer for
    ``numpy.frombuffer``): the same features from the same reads, each part packed once (a card's row per card set,
    a seat's block when it changes) and the parts joined, instead of 131 floats packed at every call."""
    _, ranges, packed = _INN.get(s.cards)
    phase = s.phase
    head = [s.round / s.rounds_total, 0.0, 0.0, 0.0, 0.0]
    head[1 + phase] = 1.0
    parts = [_PACK_HEAD(*head)]
    tpos = s.tpos
    tavern = s.tavern[tpos:tpos + 5]
    parts += map(packed.__getitem__, tavern)
    if len(tavern) < 5:
        parts.append(_ZERO_BYTES[:4 * 13 * (5 - len(tavern))])
    kind = s.pool_kind
    supply = s.supply
    parts.append(_PACK_POOL(1.0 if kind == 0 else 0.0, 1.0 if kind == 1 else 0.0, s.pool / 10, supply[0] / 25,
                            supply[1] / 25, len(s.deck) / 40))
    for hit in _inn_seat_blocks(s, seat, ranges):
        parts.append(hit[4])
    if s.n < 5:
        parts.append(_ZERO_BYTES[:4 * 11 * (5 - s.n)])
    return bytearray().join(parts)


# --- Monster Maker --------------------------------------------------------------------------------------------------
def _maker_tables(cards: Any) -> tuple[Any, ...]:
    """The encoder's hand slots (the default card file's type ids, ``encode.encode_maker``) as types of ``cards``
    (-1: not in this card set), each type's monster strength / 25 and undead flag, each treasure's exit modifier."""
    from monsterbox.games.maker.cards import default_cards

    index = {t: i for i, t in enumerate(cards.ids)}
    slots = tuple(index.get(t, -1) for t in default_cards().ids)
    # k / 3 for every count a hand can hold of one type (at most its copies), when the slots are the card set's types
    thirds = tuple(k / 3 for k in range(max(cards.count) + 1)) if slots == tuple(range(len(cards.ids))) else None
    return (slots, thirds, tuple(v / 25 for v in cards.strength), tuple(float(bool(u)) for u in cards.undead),
            tuple(t.exit_modifier for t in cards.treasures))


_MAKER = _Tables(_maker_tables)


def encode_maker_state(s: Any, seat: int) -> list[float]:
    """``encode.encode_maker`` of ``maker.view.view(s, seat)``. Reads: phase, end phase, the sizes of both draw piles,
    the chest distance, ``seat``'s own hand, and per seat (public) its stage, distances, monster, hand size, how many
    treasures it holds and the exit bonus; the distance it needs to exit adds the exit modifiers of the treasures the
    seat can see (face up, its own, or all at the end: a face-down treasure is never an open one, and only open ones
    have a modifier); the battle's size."""
    slots, thirds, strength, undead, modifier = _MAKER.get(s.cards)
    x = [0.0] * 7
    x[s.phase] = 1.0
    x += (float(s.end_phase), len(s.deck) / 125, len(s.treasure_deck) / 25, s.target / 100)
    hand = s.hands[seat]
    if thirds is not None and max(hand) < len(thirds):
        x += map(thirds.__getitem__, hand)
    else:
        x += [hand[t] / 3 if t >= 0 else 0.0 for t in slots]
    over = s.phase == 6  # OVER
    face_up = s.face_up
    order = seat_order(seat, s.n)
    for p in order[:MAX_SEATS]:
        stage = s.stage[p]
        m = s.monster[p]
        held = s.treasures[p]
        if stage:
            mine = p == seat or over
            needed = (s.entry[p] + sum(modifier[t] for t in held if mine or face_up[t])) / 100
        else:
            needed = 0.0
        x += (1.0 if stage == 0 else 0.0, 1.0 if stage == 1 else 0.0, 1.0 if stage == 2 else 0.0,
              s.entry[p] / 100, s.exit_d[p] / 100, needed, strength[m] if m >= 0 else 0.0,
              undead[m] if m >= 0 else 0.0, s.hand_size[p] / 5, len(held) / 2, float(s.first_exit == p))
    x += [0.0] * (11 * (MAX_SEATS - len(order[:MAX_SEATS])))
    if s.phase in (1, 2):  # BATTLE, HEAL
        x += (len(s.battle) / 5, len(s.equips) / 2)
    else:
        x += (0.0, 0.0)
    x.append(1.0 if s.phase == 3 and s.discarded > 0 else 0.0)  # DISCARD: discarded yet (``encode_maker``)
    return x


# --- Monster Mansion ------------------------------------------------------------------------------------------------
def _mansion_tables(cards: Any) -> tuple[tuple[tuple[float, ...], ...], tuple[int, ...], tuple[int, ...],
                                         tuple[bytes, ...]]:
    """Per actor its 19-float row (``encode.mansion_actor``), its type and colour as encoder slots, and its row
    packed as float32."""
    types = tuple(MANSION_TYPES.index(a.type) for a in cards.actors)
    colours = tuple(MANSION_COLOURS.index(a.colour) for a in cards.actors)
    rows = tuple((*one_hot(types[i], 10), *one_hot(colours[i], 5),
                  *[{str(k): v for k, v in a.cost.items()}.get(c, 0) / 3 for c in SKULLS[:4]])
                 for i, a in enumerate(cards.actors))
    return rows, types, colours, tuple(struct.pack("19f", *r) for r in rows)


_MANSION = _Tables(_mansion_tables)


def encode_mansion_state(s: Any, seat: int) -> list[float]:
    """``encode.encode_mansion`` of ``mansion.view.view(s, seat)``. Reads: phase, round, the actor deck's and the
    bag's sizes, the audition and its skulls, the tiles taken, ``seat``'s own screen (skulls, tickets) and reserved
    actors, and per table seat (public) its cast actors, chambers, rewards, Sales Level and reserved count."""
    rows = _MANSION.get(s.cards)[0]
    x = [0.0] * 8
    x[s.phase] = 1.0
    x += (s.round / 20, len(s.deck) / 37, sum(s.bag) / 88)
    audition = s.audition[:5]
    for a in audition:
        x += rows[a]
    x += [0.0] * (19 * (5 - len(audition)))
    x += [k / 5 for k in s.audition_skulls]
    x += [float(k in s.tiles) for k in range(len(s.tile_values))] + [0.0] * (4 - len(s.tile_values))
    x += [k / 5 for k in s.screens[seat]]
    x.append(s.tickets[seat] / 40)
    reserved = s.reserved[seat][:3]
    for a in reserved:
        x += rows[a]
    x += [0.0] * (19 * (3 - len(reserved)))
    order = seat_order(seat, s.table_n)
    for q in order[:4]:
        x += _mansion_seat_row(s, q)
    x += [0.0] * (20 * (4 - len(order[:4])))
    return x + mansion_turn_state(s, seat)


def mansion_turn_state(s: Any, seat: int) -> list[float]:
    """``encode.mansion_turn`` of the view: the flags of the turn in progress (casting or paying only), the skulls to
    take (taking only), the discard tile's skulls, the chambers left and ``seat``'s own chambers (all public)."""
    casting = s.phase in (2, 7)  # CAST, PAY
    x = [float(casting and f) for f in (s.actor_done, s.chamber_done, s.swamp_done, s.costume_done, s.makeup_used,
                                        s.props_used)]
    x.append(s.to_take / 5 if s.phase in (1, 4) else 0.0)  # TAKE, DUMMY_SKULLS
    x += [k / 5 for k in s.skull_discard]
    n = len(s.cards.chambers)
    left = [0.0] * n
    for c in s.chamber_pool:
        left[c] = 1.0
    mine = [0.0] * n
    for c in s.chambers[seat]:
        mine[c] = 1.0
    return x + left + mine


def _mansion_seat_row(s: Any, q: int) -> list[float]:
    """Table seat ``q``'s 20 public features: dummy or not, cast actors by type and by colour, chambers, rewards,
    Sales Level (rulebook R1, ``mansion.show.sales_level``) and reserved count."""
    from monsterbox.games.mansion.show import sales_level

    _rows, types, colours, _row_bytes = _MANSION.get(s.cards)
    by_type = [0] * 10
    by_colour = [0] * 5
    for a in s.actors[q]:
        by_type[types[a]] += 1
        by_colour[colours[a]] += 1
    if q < s.n:
        tail = (len(s.chambers[q]) / 3, len(s.rewards[q]) / 3, sales_level(s, q) / 30, len(s.reserved[q]) / 3)
    else:  # the dummy of the 2-player game
        tail = (0.0, 0.0, 0.0, 0.0)
    return [float(q >= s.n), *[k / 3 for k in by_type], *[k / 4 for k in by_colour], *tail]


def _clip(v: float) -> float:
    """``v`` within the declared bounds [-4, 4] (``common.OBS_LOW``, ``OBS_HIGH``): packed as float32, the same
    value as the float32 of ``v`` clipped to the bounds (both bounds are exact in float32)."""
    return -4.0 if v < -4.0 else 4.0 if v > 4.0 else v


#: float32 packers by length (``struct``: C's rounding of a double to a float, as numpy's)
_PACKERS = [struct.Struct(f"{k}f").pack for k in range(64)]
#: Mansion's phase one-hot (8 floats) as float32 bytes, by phase
_MANSION_PHASES = tuple(struct.pack("8f", *one_hot(p, 8)) for p in range(8))
#: float32 zero padding, by length in bytes
_MANSION_ZEROS = bytes(4 * 20 * 5)


class _MansionTable:
    """The table seats' packed 20-float rows of the last few tables, keyed by everything they are made of: the card
    set, every seat's cast actors (a seat's Sales Level reads its neighbours' actors), chambers, rewards and
    reserved actors (their counts). Most steps change none of them (taking skulls, tiles, payments)."""

    __slots__ = ("size", "rows")

    def __init__(self, size: int) -> None:
        self.size = size
        self.rows: dict[tuple[Any, ...], tuple[bytes, ...]] = {}

    def get(self, s: Any) -> tuple[bytes, ...]:
        key = (id(s.cards), tuple(map(tuple, s.actors)), tuple(map(len, s.chambers)), tuple(map(len, s.rewards)),
               tuple(map(len, s.reserved)))
        hit = self.rows.get(key)
        if hit is None:
            pack = _PACKERS[20]
            hit = tuple(pack(*map(_clip, _mansion_seat_row(s, q))) for q in range(s.table_n))
            if len(self.rows) >= self.size:
                self.rows.clear()
            self.rows[key] = hit
        return hit


_MANSION_TABLE = _MansionTable(256)


def encode_mansion_bytes(s: Any, seat: int) -> bytearray:
    """``encode_mansion_state`` clipped to the declared bounds and packed as float32, part by part: each actor's row
    packed once per card set, the phase's one-hot once, the table seats' rows once per table (``_MansionTable``).
    Reads what ``encode_mansion_state`` reads, for ``seat``."""
    row_bytes = _MANSION.get(s.cards)[3]
    audition = s.audition[:5]
    reserved = s.reserved[seat][:3]
    tiles = s.tiles
    n_tiles = len(s.tile_values)
    screen = s.screens[seat]
    head = [s.round / 20, len(s.deck) / 37, sum(s.bag) / 88]
    mid = [k / 5 for k in s.audition_skulls]
    mid += [1.0 if k in tiles else 0.0 for k in range(n_tiles)]
    mid += [0.0] * (4 - n_tiles)
    mid += [k / 5 for k in screen]
    mid.append(s.tickets[seat] / 40)
    if max(max(head), max(mid)) > 4.0 or min(min(head), min(mid)) < -4.0:  # rare: clip feature by feature
        head, mid = list(map(_clip, head)), list(map(_clip, mid))
    parts = [_MANSION_PHASES[s.phase], _PACKERS[3](*head)]
    parts += [row_bytes[a] for a in audition]
    parts.append(_MANSION_ZEROS[:4 * 19 * (5 - len(audition))])
    parts.append(_PACKERS[len(mid)](*mid))
    parts += [row_bytes[a] for a in reserved]
    parts.append(_MANSION_ZEROS[:4 * 19 * (3 - len(reserved))])
    table = _MANSION_TABLE.get(s)
    table_n = len(table)
    order = (*range(seat, table_n), *range(seat))[:4]
    parts += [table[q] for q in order]
    parts.append(_MANSION_ZEROS[:4 * 20 * (4 - len(order))])
    tail = mansion_turn_state(s, seat)
    parts.append(struct.pack(f"{len(tail)}f", *tail))  # every feature in [0, 1]
    return bytearray(b"".join(parts))


# --- Monster --------------------------------------------------------------------------------------------------------
def _monster_tables(cards: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per weapon type of ``cards`` its encoder slot (-1: not one of ``encode.MONSTER_WEAPONS``), and per encoder
    slot the weapon type (-1: not in this card set)."""
    ids = [w.id for w in cards.weapons]
    slot = tuple(MONSTER_WEAPONS.index(w) if w in MONSTER_WEAPONS else -1 for w in ids)
    weapon = tuple(ids.index(w) if w in ids else -1 for w in MONSTER_WEAPONS)
    return slot, weapon


_MONSTER = _Tables(_monster_tables)


def encode_monster_state(s: Any, seat: int) -> list[float]:
    """``encode.encode_monster`` of ``monster.view.view(s, seat)``. Reads: phase, villagers, day, the weapon deck's
    size, every lair's monster chips and kills (public), the bank's stack sizes and cubes, ``seat``'s own hand, and
    per seat (public) its armed weapon, hand size, cubes, stored count, pass, character used and items."""
    slot, weapon = _MONSTER.get(s.cards)
    x = [0.0] * 8
    x[s.phase] = 1.0
    x += (s.villagers / 20, s.day / 10, len(s.weapon_deck) / 150)
    stacks, dead = s.stacks, s.dead
    k = min(len(s.lair_keys), 12)
    for i in range(k):
        x += _lair_features(tuple(stacks[i]))
        x.append(1.0 if dead[i] else 0.0)
    if k < 12:
        x += _ZEROS[12 * (12 - k)]
    tenths, halves, fifths, thirds, eighths = _BY_10, _BY_2, _BY_5, _BY_3, _BY_8
    x += [tenths[len(b)] for b in s.bank]
    x += [halves[len(c)] for c in s.bank_cubes]
    hand = s.hands[seat]
    x += [fifths[hand[w]] if w >= 0 else 0.0 for w in weapon]
    select = s.phase == 6  # SELECT: no character yet
    hands, armed, cubes, stored, passed, exhausted, items = (s.hands, s.armed, s.cubes, s.stored, s.passed,
                                                             s.exhausted, s.items)
    n = s.n
    for q in (*range(seat, n), *range(seat))[:MAX_SEATS]:  # from the observer on (encode.rotate)
        w = armed[q]
        x += _ONE_HOT5[slot[w] if w >= 0 else -1]
        x += (eighths[sum(hands[q])], fifths[cubes[q]], thirds[len(stored[q])], 1.0 if passed[q] else 0.0,
              0.0 if select or not exhausted[q] else 1.0, thirds[len(items[q])])
    if n < MAX_SEATS:
        x += _ZEROS[11 * (MAX_SEATS - n)]
    if s.phase != 1:  # PENDING: ``encode.monster_choosing``
        return x + _NOT_CHOOSING
    return x + _monster_choosing(s, slot)


_NOT_CHOOSING = [0.0] * 24


def _monster_choosing(s: Any, slot: tuple[int, ...]) -> list[float]:
    """``encode.monster_choosing`` of the view: the pending action's next slot, the weapons named in its weapon
    slots, the weapons still to order (R6; all shown to the table, ``view.public_in_hand``) and how many choices."""
    from monsterbox.rl.encode import MONSTER_PENDING, MONSTER_SLOTS

    p, _, effect, params, slots, chosen = s.pending
    n = len(chosen)
    x = [1.0, *one_hot(MONSTER_SLOTS.index(slots[n]) if n < len(slots) else None, len(MONSTER_SLOTS))]
    named = [0] * 5
    for c, kind in zip(chosen, slots, strict=False):
        if kind == "weapon" and slot[c] >= 0:
            named[slot[c]] += 1
    x += [k / 3 for k in named]
    ordering = [0] * 5
    if effect == "discard_order":
        then = params["then"]
        if then[0] == "pass":
            left = s.hands[p][:]
            if s.armed[p] >= 0:
                left[s.armed[p]] += 1
        else:
            left = [0] * len(slot)
            for w in then[-1]:
                left[w] += 1
        for w in chosen:
            left[w] -= 1
        for w, k in enumerate(left):
            if slot[w] >= 0:
                ordering[slot[w]] += k
    x += [k / 5 for k in ordering]
    x += (n / 8, (len(slots) - n) / 8)
    x += one_hot(MONSTER_PENDING.index(effect) if effect in MONSTER_PENDING else len(MONSTER_PENDING),
                 len(MONSTER_PENDING) + 1)
    return x


#: ``k / d`` for every count k a Monster observation divides by d (far beyond the components: 150 weapon cards), looked
#: up instead of divided (in this interpreter a division and its float cost several look-ups); the same floats
_BY_2, _BY_3, _BY_5, _BY_8, _BY_10 = (tuple(k / d for k in range(1024)) for d in (2, 3, 5, 8, 10))

#: one-hot rows of 5 by index; index -1: none
_ONE_HOT5 = {i: tuple(one_hot(i, 5)) for i in range(-1, 5)}


@functools.lru_cache(maxsize=1 << 16)
def _lair_features(stack: tuple[int, ...]) -> tuple[float, ...]:
    """A lair's monster chips as ``encode_monster_state`` reads them: its size, its top chip (one-hot) and its count
    of each kind. Remembered per stack of chips (a few hundred stacks occur; counting five kinds in twelve lairs was a
    fifth of a Monster observation's cost)."""
    count = stack.count
    return (len(stack) / 8, *_ONE_HOT5[stack[-1] if stack else -1],
            count(0) / 5, count(1) / 5, count(2) / 5, count(3) / 5, count(4) / 5)


STATE_ENCODERS: dict[str, Callable[[Any, int], list[float]]] = {
    "inn": encode_inn_state, "maker": encode_maker_state, "mansion": encode_mansion_state,
    "monster": encode_monster_state,
}


def encode_state(game_id: str, state: Any, seat: int) -> list[float]:
    """The observation vector of ``seat`` read from ``state`` (equal to ``encode.encode`` of the seat's view)."""
    return STATE_ENCODERS[game_id](state, seat)

