"""Changes reaching the subscribers: in this process at once (an asyncio event per WebSocket, set from any thread),
and across processes through PostgreSQL ``LISTEN/NOTIFY`` (each stored change notifies ``monsterbox`` with
``<table>:<process>``: "table T changed"; the other processes re-read the table from the database and wake their
subscribers if it did change).

A notification is never trusted: any role that can connect may ``NOTIFY``. It only makes a process read the table's
new rows (checked through the engine, as a load is); a forged one for a table with no new row changes nothing and
wakes nobody. A lost ``LISTEN`` connection is opened again, ``LISTEN`` is issued again, and then every table held
in memory is read again (``on_resync``): a change notified while the process was not listening is not lost."""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any

log = logging.getLogger("monsterbox.server")


class Hub:
    """The open table sockets of this process: each one's wake event (``subscribe``), and how many of a table's sockets
    hold no seat (``admit_spectator``: capped per table, app.ws)."""

    def __init__(self) -> None:
        self.subs: dict[str, set[tuple[asyncio.AbstractEventLoop, asyncio.Event]]] = {}
        self.spectators: dict[str, int] = {}  # a table's spectator sockets in this process (tables without: absent)
        self.lock = threading.Lock()

    def admit_spectator(self, table_id: str, cap: int) -> bool:
        """Count one more spectator socket of the table if it has fewer than ``cap``; False (nothing counted) if not.
        Each admitted one is given back by ``release_spectator``."""
        with self.lock:
            n = self.spectators.get(table_id, 0)
            if n >= cap:
                return False
            self.spectators[table_id] = n + 1
            return True

    def release_spectator(self, table_id: str) -> None:
        """A spectator socket closed, or took a seat (its token sent as its first message)."""
        with self.lock:
            n = self.spectators.get(table_id, 0) - 1
            if n > 0:
                self.spectators[table_id] = n
            else:
                self.spectators.pop(table_id, None)

    def subscribe(self, table_id: str) -> tuple[asyncio.AbstractEventLoop, asyncio.Event]:
        entry = (asyncio.get_running_loop(), asyncio.Event())
        with self.lock:
            self.subs.setdefault(table_id, set()).add(entry)
        return entry

    def unsubscribe(self, table_id: str, entry: tuple[asyncio.AbstractEventLoop, asyncio.Event]) -> None:
        with self.lock:
            subs = self.subs.get(table_id)
            if subs is not None:
                subs.discard(entry)
                if not subs:
                    del self.subs[table_id]

    def watched(self, table_id: str) -> bool:
        with self.lock:
            return table_id in self.subs

    def notify(self, table_id: str) -> None:
        """Wake the table's subscribers: at once on this thread's own running loop (a move played on the loop), else
        through their loop's thread-safe call (a bot's move, another process's change)."""
        with self.lock:
            entries = list(self.subs.get(table_id, ()))
        if not entries:
            return
        try:
            here: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            here = None
        for loop, event in entries:
            if loop is here:
                event.set()
                continue
            try:
                loop.call_soon_threadsafe(event.set)
            except RuntimeError:  # its loop is closed: the socket is gone
                self.unsubscribe(table_id, (loop, event))


class PostgresListener(threading.Thread):
    """LISTEN monsterbox on its own connection; reconnects after a failure, then resyncs.

    ``on_remote_change(table_id)`` is called for each notification from another process (the payload's first field
    only: the table; nothing else in it is used but the sender's process id, to skip this process's own changes).
    ``on_resync()`` is called after each (re)connection's ``LISTEN``, from the second on: every table held in memory
    is read again. ``hook(event)``, for tests only, is called with ``"lost"`` after a connection was lost and before
    reconnecting (a test holds it there to change the database meanwhile)."""

    #: the longest wait between two connection attempts (the first retry is at once)
    MAX_RETRY = 1.0

    def __init__(self, url: str, process_id: str, on_remote_change: Any,
                 on_resync: Any = None) -> None:
        super().__init__(name="monsterbox-listen", daemon=True)
        self.url = url
        self.process_id = process_id
        self.on_remote_change = on_remote_change
        self.on_resync = on_resync
        self.hook: Any = None
        self.stopping = threading.Event()
        self.ready = threading.Event()
        self.backend_pid: int | None = None  # the listening connection's server process (tests terminate it)
        self.connections = 0  # connections made (LISTEN issued) so far
        self.heard = 0  # notifications handled so far (this process's own included)
        self.cond = threading.Condition()

    def run(self) -> None:
        import psycopg

        retry = 0.0
        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True, connect_timeout=5) as conn:
                    conn.execute("LISTEN monsterbox")
                    retry = 0.0
                    self.backend_pid = conn.info.backend_pid
                    if self.connections and self.on_resync is not None:
                        try:  # after LISTEN: whatever changes after this read is notified
                            self.on_resync()
                        except Exception:  # noqa: BLE001 - the tables that failed are read on their next move
                            log.exception("resync after a lost LISTEN connection failed")
                    with self.cond:
                        self.connections += 1  # counted once resynced
                        self.cond.notify_all()
                    self.ready.set()
                    while not self.stopping.is_set():
                        for n in conn.notifies(timeout=0.5):
                            self.handle(n.payload)
            except Exception as exc:  # noqa: BLE001 - reconnect
                log.warning("LISTEN connection lost (%s); reconnecting", exc)
                if self.hook is not None:
                    self.hook("lost")
                self.stopping.wait(retry)
                retry = min(self.MAX_RETRY, retry * 2 or 0.05)

    def handle(self, payload: str) -> None:
        """One notification: "<table>:<process>" (older servers sent more fields: ignored)."""
        parts = payload.split(":")
        sender = parts[1] if len(parts) == 2 else parts[2] if len(parts) > 2 else ""
        try:
            if parts[0] and len(parts[0]) <= 32 and sender != self.process_id:
                self.on_remote_change(parts[0])
        except Exception:  # noqa: BLE001 - one bad notification never stops the listener
            log.exception("a notification from another process failed")
        finally:
            with self.cond:
                self.heard += 1
                self.cond.notify_all()

    def wait(self, what: str, at_least: int, timeout: float = 10.0) -> bool:
        """Tests: wait until ``heard`` or ``connections`` reaches ``at_least``."""
        with self.cond:
            return self.cond.wait_for(lambda: getattr(self, what) >= at_least, timeout=timeout)

    def stop(self) -> None:
        self.stopping.set()
