"""Each seat's event history, kept incrementally so that a view's cost does not grow with the game.

A game's rules append raw events to one list (``state.log``), each public or addressed to one seat
(``Ruleset.audience``). A view carries the current table and only the last ``LOG_WINDOW`` events its seat saw, with
``log_first``, the number of that seat's events before them; ``Game.events(seat, since=k)`` pages through the whole
history and returns exactly what the views showed. Indices count the events *that seat* saw (a spectator: the public
ones), so they reveal nothing about the other seats' private events.

``EventIndex`` keeps, per viewer, the positions in the raw log of the events that viewer saw. It scans each new
raw event once (``sync``), so building a view costs O(window), not O(game). A determinized game starts from a
*base*: the real game's lists for its seat, shared by reference and read up to their length at the time (the raw
log and the position lists only ever grow), so a determinization costs O(1) in the length of the history.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from monsterbox.core.errors import InvalidOptions

#: events a view carries at most (the most recent ones its seat saw)
LOG_WINDOW = 24

#: one viewer's inherited history: (raw entries, positions into them or None for all, how many)
Base = tuple[list[Any], list[int] | None, int]


class EventIndex:
    """Positions of the events each viewer saw; viewer ``players`` is the spectator (public events only)."""

    __slots__ = ("players", "audience", "raw", "scanned", "seen", "base")

    def __init__(self, players: int, audience: Callable[[Any], int], base: list[Base] | None = None) -> None:
        self.players = players
        self.audience = audience
        self.raw: list[Any] | None = None
        self.scanned = 0
        self.seen: list[list[int]] = [[] for _ in range(players + 1)]
        self.base = base

    def sync(self, raw: list[Any] | None) -> None:
        """Index the raw events appended since the last call (a replaced log is indexed afresh)."""
        if raw is None:
            raw = []
        if raw is not self.raw or len(raw) < self.scanned:
            self.raw = raw
            self.scanned = 0
            self.seen = [[] for _ in range(self.players + 1)]
        n = len(raw)
        if n == self.scanned:
            return
        audience = self.audience
        seen = self.seen
        for k in range(self.scanned, n):
            a = audience(raw[k])
            if a < 0:
                for lst in seen:
                    lst.append(k)
            elif a < self.players:
                seen[a].append(k)
        self.scanned = n

    def _viewer(self, seat: int | None) -> int:
        return self.players if seat is None else seat

    def count(self, seat: int | None) -> int:
        v = self._viewer(seat)
        return (self.base[v][2] if self.base else 0) + len(self.seen[v])

    def entries(self, seat: int | None, start: int, stop: int) -> list[Any]:
        """The raw events ``start:stop`` of the viewer's history (indices as in ``count``)."""
        v = self._viewer(seat)
        out: list[Any] = []
        own_from = 0
        if self.base:
            braw, bpos, bn = self.base[v]
            if start < bn:
                hi = min(stop, bn)
                out = braw[start:hi] if bpos is None else [braw[i] for i in bpos[start:hi]]
            own_from = bn
        raw = self.raw or []
        pos = self.seen[v]
        lo, hi = max(start - own_from, 0), stop - own_from
        if hi > lo:
            out.extend(raw[i] for i in pos[lo:hi])
        return out

    def base_for(self, seat: int) -> list[Base]:
        """The inherited history of a determinization for ``seat``: ``seat`` keeps what it saw, every other viewer
        what was public (the determinized log holds nothing else)."""
        if self.base is None:
            raw = self.raw or []
            mine: Base = (raw, self.seen[seat], len(self.seen[seat]))
            public: Base = (raw, self.seen[self.players], len(self.seen[self.players]))
        else:  # a determinization of a determinization: materialise (rare)
            mine_list = self.entries(seat, 0, self.count(seat))
            pub_list = self.entries(None, 0, self.count(None))
            mine, public = (mine_list, None, len(mine_list)), (pub_list, None, len(pub_list))
        return [mine if v == seat else public for v in range(self.players + 1)]


def check_since(since: Any, limit: Any, total: int) -> tuple[int, int]:
    """``since``/``limit`` of ``Game.events`` checked: the slice bounds, or InvalidOptions saying what is allowed."""
    if isinstance(since, bool) or not isinstance(since, int) or since < 0:
        raise InvalidOptions(f"since must be an event index >= 0 (0 is the first event), got {since!r}")
    if since > total:
        raise InvalidOptions(f"since must be at most {total} (the number of events so far), got {since}")
    if limit is None:
        return since, total
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise InvalidOptions(f"limit must be a number of events >= 0 or None (all), got {limit!r}")
    return since, min(total, since + limit)


def window(rules: Any, state: Any, seat: int | None, index: EventIndex, size: int = LOG_WINDOW) -> dict[str, Any]:
    """The view of ``seat``: ``rules.table_view`` plus ``log`` (the last ``size`` events that seat saw) and
    ``log_first`` (the index of the first of them in that seat's history; ``Game.events`` pages from it)."""
    v: dict[str, Any] = rules.table_view(state, seat)
    total = index.count(seat)
    first = max(0, total - size)
    v["log"] = [rules.log_event(state, e) for e in index.entries(seat, first, total)]
    v["log_first"] = first
    return v
