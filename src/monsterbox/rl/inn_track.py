"""Monster Inn's observation bytes kept per game state and brought up to date from the state's event log.

``observation_bytes(s, seat)`` returns ``seat_encode.encode_inn_bytes(s, seat)`` (the same float32 values, byte for
byte): the environments' fast path. Between two calls on the same state, the engine has applied a few moves; each
move appends events to the state's log (``games/inn/rules.py``), and every event that changes a seat's features
names that seat. So instead of re-checking every seat at every call, a ``_Track`` kept for the state reads the events
appended since its last call and re-derives only what they touched:

- ``stay``, ``exchange``, ``bonus`` (EN, A) Staying In, Human Bonus): the named seat's treasures;
- ``drop`` (EN, B) Dropping Out, forced or not) and ``support`` (EN, Support): the named seat's treasures, place in
  the round and dungeon, whose counts are kept and counted from the events (its monsters and humans only grow: the
  drop names the creature as the table sees it, a monster face up or a human by its back's range; a support names a
  monster that was not supported, and the treasure stays on it);
- ``no_support``: no seat's features;
- ``round`` and ``game_over``: every seat's place in the round (all in at a round's start, none at the end).

The head (round, phase), the tavern row, the pool, the supply and the draw pile's size are public table fields, read
again at each call that follows a move (the head and the tavern only when a move other than a bid was made). An event
of an unknown kind, a log that is not the one the track read (a new list, or shorter), or a state whose step moved
without new events makes the track rebuild everything from the state; a state without a log (a search copy) takes
``encode_inn_bytes``. Everything read is public (R8), as in ``seat_encode``: the seats' blocks are the same values
from the same fields; the events are read for their kind, seat and (a drop) the creature's public side. After
several moves (a Gym step) every seat's block is packed again rather than the ones the events name. Counts become
float32 bytes by look-up in tables of ``k / d`` packed once, not by a division and a pack at each call.
"""

from __future__ import annotations

import struct
from typing import Any

from monsterbox.games.inn.state import FACE_DOWN
from monsterbox.rl.seat_encode import _INN, _PACK_HEAD, _ZERO_BYTES, dungeon_counts, encode_inn_bytes

_F32 = struct.Struct("f").pack


def _fractions(d: int, top: int) -> tuple[bytes, ...]:
    """``k / d`` for k = 0 .. ``top``, each packed as float32: the bytes ``struct`` gives when it packs that feature
    among the others (each float is packed on its own), looked up instead of divided (a Python division and its
    float cost more than a look-up). ``top``: far above any count the components allow (25 gold, 25 gems, 40
    creatures with at most 4 skulls each); a count beyond it would raise IndexError, never give a wrong value."""
    return tuple(_F32(k / d) for k in range(top + 1))


_TENTHS, _25THS, _40THS, _13THS, _5THS = (_fractions(d, 255) for d in (10, 25, 40, 13, 5))
#: the pool's kind one-hot (gold, gem; none when empty: kind -1), and a seat's place in the round, packed
_KINDS = {-1: _F32(0.0) * 2, 0: _F32(1.0) + _F32(0.0), 1: _F32(0.0) + _F32(1.0)}
_OUT, _IN = _F32(0.0), _F32(1.0)

#: bytes of one seat's packed block (11 float32 features), of one tavern card's row (13)
_SEAT, _ROW = 4 * 11, 4 * 13

#: what an event changes in the seats' blocks (see the module's docstring): 1 the named seat's treasures (and place
#: in the round), 2 also its dungeon, 3 every seat's place in the round, 0 no seat's
_EFFECTS = {"stay": 1, "exchange": 1, "bonus": 1, "no_support": 0, "drop": 2, "support": 2, "round": 3,
            "game_over": 3}
#: the events after which the head and the tavern row stay as they were (a bid changes neither the phase nor the row)
_BIDS = ("stay", "exchange")
#: the phase one-hot of the head, by phase
_PHASES = ((1.0, 0.0, 0.0, 0.0), (0.0, 1.0, 0.0, 0.0), (0.0, 0.0, 1.0, 0.0), (0.0, 0.0, 0.0, 1.0))


def _dungeon(c: list[int]) -> bytes:
    """A seat's 8 dungeon features (``seat_encode._inn_seat_blocks``, in that order and with the same values) from
    its counts ``c`` (see ``_Track``), packed."""
    return b"".join((_13THS[c[0]], _13THS[c[1]], _40THS[c[2]], _5THS[c[3]], _5THS[c[4]], _5THS[c[5]], _5THS[c[6]],
                     _5THS[c[7]]))


class _Track:
    """What one state's observations are made of, as of its log's first ``pos`` events and step ``step``: the head
    and the tavern row packed; per seat its dungeon's counts (monsters, humans, the monsters' skulls, supported
    monsters, humans by range: ``seat_encode.dungeon_counts``), those packed, and its packed block (seats in table
    order, ``ring`` is them joined twice so that the blocks from any observer on are one slice)."""

    __slots__ = ("state", "log", "pos", "step", "skulls", "rows", "counts", "dungeons", "seats", "ring", "head",
                 "row_of", "row", "tavern", "pad")

    def __init__(self, s: Any) -> None:
        self.state = s
        self.skulls = s.cards.skulls
        self.rows = _INN.get(s.cards)[2]
        self.pad = _ZERO_BYTES[:_SEAT * (5 - s.n)] if s.n < 5 else b""
        self.rebuild()

    def rebuild(self) -> None:
        """Everything from the state (a new track, or a log it cannot follow)."""
        s = self.state
        self.row_of = None
        self.log = s.log
        self.pos = len(s.log)
        self.step = s.step
        skulls, support, ranges = s.cards.skulls, s.support, _INN.get(s.cards)[1]
        self.counts = []
        for mons, hums in zip(s.monsters, s.humans, strict=True):
            sk, sup, backs = dungeon_counts(mons, hums, skulls, support, ranges)
            self.counts.append([len(mons), len(hums), sk, sup, *backs])
        self.dungeons = [_dungeon(c) for c in self.counts]
        self.seats = [b""] * s.n
        self.pack_seats(range(s.n))
        self.pack_head()
        self.pack_tavern()

    def count(self, ev: tuple[Any, ...]) -> None:
        """Count a ``drop`` (the creature, as the table sees it: a monster face up, a human by its back's range,
        ``inn.state.public_card``) or a ``support`` event (a monster of the seat newly supported) into the seat's
        dungeon counts, and pack them."""
        c = self.counts[ev[1]]
        if ev[0] == "support":
            c[3] += 1
        else:
            card = ev[2]
            if card >= FACE_DOWN:
                c[1] += 1
                c[card - FACE_DOWN + 4] += 1
            else:
                c[0] += 1
                c[2] += self.skulls[card]
        self.dungeons[ev[1]] = _dungeon(c)

    def pack_seats(self, which: Any) -> None:
        """Pack the blocks of the seats ``which``: whether the seat is in the round (no one once the game is over),
        its gold and gems (every treasure movement is public, R8), then its dungeon's features."""
        s = self.state
        hands, in_round, dungeons, seats = s.hands, s.in_round, self.dungeons, self.seats
        over = s.phase == 3  # OVER
        for p in which:
            seats[p] = b"".join((_OUT if over or not in_round[p] else _IN, _TENTHS[hands[2 * p]],
                                 _TENTHS[hands[2 * p + 1]], dungeons[p]))
        self.ring = b"".join(seats) * 2

    def pack_head(self) -> None:
        """Round / rounds and the phase one-hot."""
        s = self.state
        self.head = _PACK_HEAD(s.round / s.rounds_total, *_PHASES[s.phase])

    def pack_tavern(self) -> None:
        """The tavern's (up to) 5 leftmost creatures by their public side, zero rows for the empty places: a slice
        of the round's row (``row``), packed once per tavern (a round lays out a new one, EN Gameplay; taking a
        creature only moves ``tpos``, EN Dropping Out)."""
        s = self.state
        if s.tavern is not self.row_of:
            self.row_of = tavern = s.tavern
            self.row = b"".join((*map(self.rows.__getitem__, tavern), _ZERO_BYTES))
        start = _ROW * s.tpos
        self.tavern = self.row[start:start + _ROW * 5]

    def sync(self) -> None:
        """Bring the track up to date with the events appended since the last call."""
        s = self.state
        log = s.log
        pos = self.pos
        end = len(log) if log is not None else -1
        if log is not self.log or end < pos or (end == pos) != (s.step == self.step):
            self.rebuild()
            return
        self.pos = end
        self.step = s.step
        if end == pos + 1:  # one move, one event: the AEC environment's usual case
            ev = log[pos]
            effect = _EFFECTS.get(ev[0])
            if effect is None:
                self.rebuild()
                return
            if effect == 3:
                self.pack_seats(range(s.n))
            elif effect:
                if effect == 2:
                    self.count(ev)
                self.pack_seats((ev[1],))
            if ev[0] not in _BIDS:
                self.pack_head()
                if effect >= 2:
                    self.pack_tavern()
            return
        # several moves (a Gym step: the opponents' turns): most seats changed, so every seat is packed again
        table = False
        for ev in log[pos:end]:
            kind = ev[0]
            if kind == "stay" or kind == "exchange":
                continue
            if kind == "drop" or kind == "support":
                self.count(ev)
            elif kind not in _EFFECTS:
                self.rebuild()
                return
            table = True
        self.pack_seats(range(s.n))
        if table:
            self.pack_head()
            self.pack_tavern()


#: tracks by the id of their state (each holds its state, so an id is never taken for another object's); emptied past
#: ``_LIMIT`` entries (a long run makes a new state per episode)
_TRACKS: dict[int, _Track] = {}
_LIMIT = 64


def observation_bytes(s: Any, seat: int) -> bytearray:
    """``encode_inn_bytes(s, seat)`` (Monster Inn's observation of ``seat`` as float32 bytes), from the state's
    track."""
    if s.log is None:
        return encode_inn_bytes(s, seat)
    t = _TRACKS.get(id(s))
    if t is None or t.state is not s:
        if len(_TRACKS) >= _LIMIT:
            _TRACKS.clear()
        t = _TRACKS[id(s)] = _Track(s)
    elif s.step != t.step or len(s.log) != t.pos or s.log is not t.log:
        t.sync()
    supply = s.supply
    return bytearray().join((t.head, t.tavern, _KINDS[s.pool_kind], _TENTHS[s.pool], _25THS[supply[0]],
                             _25THS[supply[1]], _40THS[len(s.deck)], t.ring[_SEAT * seat:_SEAT * (seat + s.n)], t.pad))
