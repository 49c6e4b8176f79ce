"""Changes reaching the subscribers: in this process at once (an asyncio event per WebSocket, set from any thread),
and across processes through PostgreSQL ``LISTEN/NOTIFY`` (each stored move notifies ``monsterbox`` with
``<table>:<version>:<process>``; the other processes catch up from the database and wake their subscribers)."""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any

log = logging.getLogger("monsterbox.server")


class Hub:
    def __init__(self) -> None:
        self.subs: dict[str, set[tuple[asyncio.AbstractEventLoop, asyncio.Event]]] = {}
        self.lock = threading.Lock()

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
    """LISTEN monsterbox on its own connection; reconnects after a failure."""

    def __init__(self, url: str, process_id: str, on_remote_change: Any) -> None:
        super().__init__(name="monsterbox-listen", daemon=True)
        self.url = url
        self.process_id = process_id
        self.on_remote_change = on_remote_change
        self.stopping = threading.Event()
        self.ready = threading.Event()

    def run(self) -> None:
        import psycopg

        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute("LISTEN monsterbox")
                    self.ready.set()
                    while not self.stopping.is_set():
                        for n in conn.notifies(timeout=0.5):
                            # "<table>:<version>:<process>:<action>" for a move, "<table>:seats:<process>" for seats
                            parts = n.payload.split(":", 3)
                            if len(parts) >= 3 and parts[2] != self.process_id:
                                move = (int(parts[1]), parts[3]) if len(parts) == 4 and parts[1].isdigit() else None
                                self.on_remote_change(parts[0], move)
            except Exception as exc:  # noqa: BLE001 - reconnect
                log.warning("LISTEN connection lost (%s); reconnecting", exc)
                self.stopping.wait(1.0)

    def stop(self) -> None:
        self.stopping.set()
