"""Clocks (issue 31): tables that wait, timed on the server.

A table's creation may take ``"clock": {"move_seconds", "bank_seconds"}`` (real time: each move has
``move_seconds``; time beyond it comes out of the seat's bank) or ``{"turn_hours"}`` (turn-based: each move has
that long), and ``"timeout_agent"``: the level of the bot that plays a seat whose time ran out (default medium).
The seat is then played by that bot (its seat listed with ``"timed_out": true`` and the table's notice saying so)
until its player takes it back (``POST /api/games/{id}/takeback`` with the seat's token); a seat taken back keeps
an empty bank, so each move has ``move_seconds`` (or ``turn_hours``).

All timing is on the server: the clock's state (each bank, the seat to play, when its move began, its deadline as
wall-clock time) is stored with the table at every move, and a sweeper compares the stored deadlines with the time,
so a restart or a table leaving memory loses nothing. The state carries it as ``"clock"``: a client shows the
remaining time as ``deadline - now``.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict
from sqlalchemy import select, update

from monsterbox.core.errors import InvalidOptions
from monsterbox.server.bots import check_agent_spec
from monsterbox.server.connection import bearer
from monsterbox.server.errors import Forbidden, say
from monsterbox.server.store import GameRow, TableExtraRow

log = logging.getLogger("monsterbox.server")

LEVELS = ("easy", "medium", "hard", "expert")
MAX_MOVE_SECONDS = 3600.0
MAX_BANK_SECONDS = 4 * 3600.0
MAX_TURN_HOURS = 30 * 24.0


class ClockSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    move_seconds: float | None = None
    bank_seconds: float | None = None
    turn_hours: float | None = None


def check_clock(spec: ClockSpec | None, min_move_seconds: float, min_turn_hours: float) -> dict[str, Any] | None:
    """A clock from a client, bounded (finite, not below the server's minimum, not above a month): one of
    real time {move_seconds, bank_seconds?} or turn-based {turn_hours}."""
    if spec is None:
        return None
    values = [v for v in (spec.move_seconds, spec.bank_seconds, spec.turn_hours) if v is not None]
    if any(not math.isfinite(v) for v in values):
        raise InvalidOptions("a clock's times are finite numbers")
    if spec.turn_hours is not None:
        if spec.move_seconds is not None or spec.bank_seconds is not None:
            raise InvalidOptions("a clock is real time (move_seconds, bank_seconds) or turn-based (turn_hours), "
                                 "not both")
        if not min_turn_hours <= spec.turn_hours <= MAX_TURN_HOURS:
            raise InvalidOptions("turn_hours is from {low} to {high}", low=min_turn_hours, high=MAX_TURN_HOURS)
        return {"turn_hours": spec.turn_hours}
    if spec.move_seconds is None:
        raise InvalidOptions("a clock is real time (move_seconds, bank_seconds) or turn-based (turn_hours)")
    if not min_move_seconds <= spec.move_seconds <= MAX_MOVE_SECONDS:
        raise InvalidOptions("move_seconds is from {low} to {high}", low=min_move_seconds, high=MAX_MOVE_SECONDS)
    bank = spec.bank_seconds or 0.0
    if not 0 <= bank <= MAX_BANK_SECONDS:
        raise InvalidOptions("bank_seconds is from 0 to {high}", high=MAX_BANK_SECONDS)
    return {"move_seconds": spec.move_seconds, "bank_seconds": bank}


def check_level(level: str | None) -> str:
    if level is None:
        return "medium"
    if level not in LEVELS:
        raise InvalidOptions("timeout_agent is one of {levels}", levels=", ".join(LEVELS))
    return level


def move_allowance(clock: dict[str, Any]) -> float:
    """Seconds a move has before the bank is drawn on."""
    return clock["turn_hours"] * 3600.0 if "turn_hours" in clock else float(clock["move_seconds"])


def start_state(clock: dict[str, Any], players: int, to_play: int | None, version: int, now: float) -> dict[str, Any]:
    bank = float(clock.get("bank_seconds", 0.0))
    st = {"banks": [bank] * players, "seat": None, "since": now, "deadline": None, "version": version}
    return turn(clock, st, to_play, version, now)


def turn(clock: dict[str, Any], st: dict[str, Any], to_play: int | None, version: int, now: float,
         timed_out: list[int] | None = None) -> dict[str, Any]:
    """The clock after the table reached ``version`` with ``to_play`` to move: the last mover's time beyond its
    allowance comes out of its bank; the seat to play gets a deadline (none for a seat a bot plays, ``timed_out``,
    or at the end)."""
    st = dict(st, banks=list(st["banks"]))
    mover = st.get("seat")
    if mover is not None and version != st["version"]:
        over = max(0.0, now - st["since"] - move_allowance(clock))
        st["banks"][mover] = max(0.0, st["banks"][mover] - over)
    st["seat"], st["since"], st["version"] = to_play, now, version
    if to_play is None or to_play in (timed_out or []):
        st["deadline"] = None
    else:
        st["deadline"] = now + move_allowance(clock) + st["banks"][to_play]
    return st


class Clocks:
    """The clocks of this server's tables: updated at every change, persisted, and a sweeper that hands a seat
    whose time ran out to a bot."""

    def __init__(self, accounts: Any, tables: Any, tick: float = 0.25, min_move_seconds: float = 5.0,
                 min_turn_hours: float = 1.0) -> None:
        self.accounts = accounts
        self.tables = tables
        self.store = accounts.store
        self.tick = tick
        self.min_move_seconds = min_move_seconds
        self.min_turn_hours = min_turn_hours
        self.stop_event = threading.Event()
        self.thread: threading.Thread | None = None
        self.router = APIRouter()
        self._routes()

    # --- state ----------------------------------------------------------------------------------------------------
    def created(self, table: Any, clock: dict[str, Any], level: str) -> None:
        with table.lock:
            g = table.game
            st = start_state(clock, g.players, None if g.over else g.to_play, table.version, time.time())
            self._save(table.id, st)
            self._show(table, clock, st, level)
        self.on_change(table.id)  # a bot may have moved meanwhile

    def _save(self, table_id: str, st: dict[str, Any]) -> None:
        with self.store.engine.begin() as conn:
            conn.execute(update(TableExtraRow).where(TableExtraRow.game == table_id).values(clock_state=st))

    def _load(self, table_id: str) -> dict[str, Any] | None:
        with self.store.session() as s:
            found: dict[str, Any] | None = s.scalar(select(TableExtraRow.clock_state)
                                                    .where(TableExtraRow.game == table_id))
            return found

    def _show(self, table: Any, clock: dict[str, Any], st: dict[str, Any], level: str) -> None:
        """What the state carries: the clock, each seat's bank, the deadline of the seat to play (epoch seconds)."""
        shown = {**clock, "banks": [round(b, 1) for b in st["banks"]], "seat": st["seat"],
                 "deadline": st["deadline"], "timeout_agent": level}
        if table.clock != shown:
            table.clock = shown
            table.shared_json.clear()
            table.state_json.clear()

    def on_change(self, table_id: str) -> None:
        """A table changed (a move, seats): its clock moves on (a table without clock: nothing)."""
        table = self.tables.live.get(table_id)
        if table is not None:
            self.on_commit(table)

    def on_commit(self, table: Any) -> None:
        """The clock moved on with the move itself (a ``Tables.committed`` hook, called under the table's lock right
        after a move is stored): a state is never built with the new seat to play and the old clock."""
        table_id = table.id
        extras = self.accounts.extras(table_id)
        clock = extras["clock"]
        if not clock:
            return
        with table.lock:
            st = self._load(table_id)
            g = table.game
            if st is None:  # a clocked table whose clock never started (its creation's clock write failed): now
                st = start_state(clock, g.players, None if g.over else g.to_play, table.version, time.time())
                self._save(table_id, st)
            timed_out = [i for i, s in enumerate(table.seats) if s["kind"] != "human"]  # bots play: untimed
            to_play = None if g.over else g.to_play
            if table.version != st["version"] or st["seat"] != to_play or \
                    (st["deadline"] is None) != (to_play is None or to_play in timed_out):
                st = turn(clock, st, to_play, table.version, time.time(), timed_out)
                self._save(table_id, st)
            self._show(table, clock, st, extras["timeout_agent"] or "medium")

    # --- the sweeper ------------------------------------------------------------------------------------------------
    def start(self) -> None:
        self.thread = threading.Thread(target=self._run, name="monsterbox-clock", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.stop_event.set()
        if self.thread is not None:
            self.thread.join(timeout=5)

    def _run(self) -> None:
        while not self.stop_event.wait(self.tick):
            try:
                self.sweep()
            except Exception:  # noqa: BLE001
                log.exception("clock sweep failed")

    def sweep(self, now: float | None = None) -> list[str]:
        """Every unfinished clocked table whose deadline passed: its seat to play goes to the timeout bot. Read from
        the database, so a table out of memory, or a server restarted, is timed all the same."""
        now = time.time() if now is None else now
        with self.store.session() as s:
            rows = s.execute(select(TableExtraRow.game, TableExtraRow.clock_state)
                             .join(GameRow, GameRow.id == TableExtraRow.game)
                             .where(TableExtraRow.clock.is_not(None), GameRow.status != "over")).all()
        late = [gid for gid, st in rows if st and st.get("deadline") is not None and st["deadline"] <= now]
        for gid in late:
            self.time_out(gid, now)
        for gid, _st in rows:  # a table loaded after a restart: its state shows the clock too
            table = self.tables.live.get(gid)
            if table is not None and table.clock is None:
                self.on_change(gid)
        return late

    def time_out(self, table_id: str, now: float) -> None:
        table = self.tables.get(table_id)
        extras = self.accounts.extras(table_id)
        level = extras["timeout_agent"] or "medium"
        with table.lock:
            st = self._load(table_id)
            g = table.game
            if st is None or g.over or st["deadline"] is None or st["deadline"] > now \
                    or st["version"] != table.version:
                return
            seat = st["seat"]
            if seat is None or table.seats[seat]["kind"] != "human":
                return
            spec = check_agent_spec(level, g.game_id, g.players, self.tables.budget)
            seats = [dict(s) for s in table.seats]
            seats[seat].update(kind="bot", agent=spec, timed_out=True)
            self._replace(table, seats)
            st = dict(st, banks=list(st["banks"]), deadline=None)
            st["banks"][seat] = 0.0
            self._save(table_id, st)
            table.notice = say("{name} ran out of time: a bot ({level}) plays the seat until its player takes it "
                               "back", None, name=table.name_of(seat), level=level)
            self._show(table, extras["clock"], st, level)
        self.tables.changed(table)
        self.tables.kick(table)

    def _replace(self, table: Any, seats: list[dict[str, Any]]) -> None:
        old = table.seats
        table.seats = seats
        try:
            self.tables.store.update_seats(table.id, seats, old, table.summary(),
                                           notify=f"{table.id}:seats:{self.tables.process_id}")
        except Exception:
            table.seats = old
            raise
        table.reindex()

    def take_back(self, table_id: str, token: str | None) -> int:
        table = self.tables.get(table_id)
        seat: int | None = table.seat_of(token)
        if seat is None:
            raise Forbidden("only the seat's player takes it back (send the seat's token)")
        with table.lock:
            if not table.seats[seat].get("timed_out"):
                raise InvalidOptions("this seat is not played by a bot: nothing to take back")
            seats = [dict(s) for s in table.seats]
            seats[seat]["kind"] = "human"
            seats[seat].pop("agent", None)
            seats[seat].pop("timed_out", None)
            self._replace(table, seats)
            table.notice = None
        self.on_change(table_id)  # the seat to play, if it is this one, gets a fresh move's time
        self.tables.changed(table)
        return seat

    def _routes(self) -> None:
        @self.router.post("/api/games/{table_id}/takeback", tags=["clock"])
        def takeback(table_id: str, request: Request) -> JSONResponse:
            """A seat played by a bot after its time ran out, taken back by its player (the seat's bearer token):
            200 {"seat"}; 400 when no bot plays it; 403 another seat's or no token."""
            return JSONResponse({"seat": self.take_back(table_id, bearer(request))})
