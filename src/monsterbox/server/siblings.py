"""Server processes sharing one SQLite file tell each other about changes: SQLite's counterpart of PostgreSQL's
``LISTEN/NOTIFY`` (``notify.PostgresListener``), for ``serve --workers N`` on SQLite or several servers on one file.

SQLite lives on one host, so the processes are on one host: each binds a Unix datagram socket in a private
directory named after the database file (mode 0700, in the temporary directory: a socket path must stay short), and
after each commit sends the change's payload to every other socket there: "<table>:<version>:<process>:<action>" for
a move, "<table>:seats:<process>" for seats, the same payloads as over PostgreSQL. A receiving process plays a move
one behind at once or reads the database (``Tables.remote_move`` / ``catch_up``); the database stays the source of
truth (its unique (game, index) makes a process that lost a race answer 409 and reload).

A change is sent only to the processes that hold the table in memory (the others would wake for nothing: over HTTP,
where a table's requests come on one connection to one process, these notices took a tenth of two processes' CPU).
A process tells the others when a table enters its memory, before it reads it from the database
("<table>:hold:<process>"), and when it leaves ("<table>:drop:<process>"). A process that holds the table answers a
"hold" with "<table>:sync:<process>": I hold it too, and read the database now. So a change stored by the answering
process after the other's read but before it heard the "hold" is not lost: the sync makes the new holder catch up,
and every change after the "hold" is sent to it. Datagrams from one process arrive in the order they were sent.

A socket whose process is gone (no one receives: ``ECONNREFUSED``) is removed. The event loop never waits on a send:
a receiver's full queue is waited for (at most ``SEND_TIMEOUT``) by a thread; past that the datagram is dropped, and
that process catches up on its next move there (409, then it reads the database).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import queue
import socket
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger("monsterbox.server")

#: the longest a send waits for a receiver's full queue before the change is dropped (and caught up later)
SEND_TIMEOUT = 0.2

#: how often the list of sibling sockets is read again (a new process is heard from within this time)
RESCAN_SECONDS = 0.5


def channel_dir(database: str) -> Path:
    """The directory of the sockets of the processes serving ``database`` (a file path)."""
    key = hashlib.sha256(os.path.realpath(database).encode()).hexdigest()[:20]
    return Path(tempfile.gettempdir()) / f"monsterbox-{os.getuid()}-{key}"


class SiblingChannel:
    """This process's socket: receives the others' payloads on the event loop (``on_remote_change(table, move)``
    called there, as a move played on the loop is) and sends its own (``send``, from any thread).

    Received on the loop, not in a thread of its own: a receiving thread had to take the interpreter from the loop
    for every change (the loop gives it up every 5 ms at most), and a change then waited for that hand-over;
    two processes served WebSocket tables slower than one (docs/results/server-load.md)."""

    def __init__(self, database: str, process_id: str,
                 on_remote_change: Callable[[str, tuple[int, str] | None], None],
                 holds: Callable[[str], bool] = lambda table: False) -> None:
        self.dir = channel_dir(database)
        self.dir.mkdir(mode=0o700, exist_ok=True)
        if self.dir.stat().st_uid != os.getuid() or self.dir.stat().st_mode & 0o077:
            raise RuntimeError(f"{self.dir} must be a private directory of this user (mode 0700)")
        self.process_id = process_id
        self.on_remote_change = on_remote_change
        self.holds = holds  # whether this process holds a table in memory
        self.holders: dict[str, set[str]] = {}  # table -> the sockets of the other processes holding it
        self.path = self.dir / f"{process_id}.sock"
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(self.path))
        self.sock.setblocking(False)
        self.out = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        # a Unix datagram queue holds few datagrams (net.unix.max_dgram_qlen, 10 by default): a send to a full
        # queue is tried without waiting first; from the event loop it is then handed to the ``_later`` thread,
        # which waits at most SEND_TIMEOUT for that process's loop to drain its queue (the loop never waits)
        self.out.setblocking(False)
        self.blocking_out = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.blocking_out.settimeout(SEND_TIMEOUT)
        self.peers: list[str] = []
        self.scanned = 0.0
        self.lock = threading.Lock()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.pending: queue.SimpleQueue[tuple[bytes, str] | None] = queue.SimpleQueue()
        self.later: threading.Thread | None = None
        self.queued = 0  # changes handed to ``later`` and not yet sent

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Receive on ``loop`` from now on."""
        self.loop = loop
        loop.add_reader(self.sock.fileno(), self._readable)

    def send(self, payload: str) -> None:
        """Tell every other process that holds the payload's table (never raises, never waits on the event loop: a
        lost datagram is caught up later)."""
        table = payload.split(":", 1)[0]
        with self.lock:
            holders = self.holders.get(table)
            if not holders:
                return
            targets = [p for p in self._peers() if p in holders]
        self._send(payload.encode(), targets)

    def hold(self, table: str, held: bool = True) -> None:
        """Tell every other process that this one now holds ``table`` in memory (before reading it from the
        database), or no longer does (``held=False``)."""
        self._send(f"{table}:{'hold' if held else 'drop'}:{self.process_id}".encode(), self._peers())

    def _send(self, data: bytes, peers: list[str]) -> None:
        for peer in peers:
            if self.queued:  # changes already wait for a full queue: this one goes after them, in order
                self._send_later(data, peer)
                continue
            try:
                self.out.sendto(data, peer)
            except (ConnectionRefusedError, FileNotFoundError):  # its process is gone
                self._gone(peer)
            except BlockingIOError:  # its queue is full: wait for it, but not here
                self._send_later(data, peer)
            except OSError as exc:
                log.warning("change not sent to %s: %s", peer, exc)

    def _send_later(self, data: bytes, peer: str) -> None:
        on_loop = False
        with contextlib.suppress(RuntimeError):
            on_loop = asyncio.get_running_loop() is self.loop
        if not on_loop:  # a bot's thread, a worker thread: it may wait
            self._send_waiting(data, peer)
            return
        with self.lock:
            if self.later is None:
                self.later = threading.Thread(target=self._run_later, name="monsterbox-siblings-send", daemon=True)
                self.later.start()
            self.queued += 1
        self.pending.put((data, peer))

    def _run_later(self) -> None:
        while (item := self.pending.get()) is not None:
            self._send_waiting(*item)
            with self.lock:
                self.queued -= 1

    def _send_waiting(self, data: bytes, peer: str) -> None:
        try:
            self.blocking_out.sendto(data, peer)
        except (ConnectionRefusedError, FileNotFoundError):
            self._gone(peer)
        except OSError as exc:  # still full after SEND_TIMEOUT: dropped; caught up on the next move there
            log.warning("change not sent to %s: %s", peer, exc)

    def _gone(self, peer: str) -> None:
        with contextlib.suppress(OSError):
            os.unlink(peer)
        with self.lock:
            for table in list(self.holders):
                self._forget(table, peer)
        self.scanned = 0.0

    def _forget(self, table: str, peer: str) -> None:
        """``peer`` no longer holds ``table`` (the caller holds ``lock``); a table nobody else holds leaves the map,
        which so holds only the tables held now, not every table ever held."""
        holders = self.holders.get(table)
        if holders is not None:
            holders.discard(peer)
            if not holders:
                del self.holders[table]

    def _peers(self) -> list[str]:
        t = time.monotonic()
        if t - self.scanned > RESCAN_SECONDS:
            mine = self.path.name
            try:
                self.peers = [str(self.dir / n) for n in os.listdir(self.dir) if n.endswith(".sock") and n != mine]
            except OSError:
                self.peers = []
            self.scanned = t
        return self.peers

    def _readable(self) -> None:
        """Every datagram waiting (the loop calls this when there is one)."""
        while True:
            try:
                data = self.sock.recv(8192)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                return
            self.receive(data)

    def receive(self, data: bytes) -> None:
        parts = data.decode(errors="replace").split(":", 3)
        if len(parts) < 3 or parts[2] == self.process_id or not parts[2].isalnum():
            return
        table, kind, peer = parts[0], parts[1], str(self.dir / f"{parts[2]}.sock")
        if kind in ("hold", "drop", "sync"):
            with self.lock:
                if kind == "drop":
                    self._forget(table, peer)
                    return
                self.holders.setdefault(table, set()).add(peer)
            if kind == "hold":
                if self.holds(table):  # I hold it too: tell the new holder, which then reads what it may have missed
                    self._send(f"{table}:sync:{self.process_id}".encode(), [peer])
                return
        move = (int(parts[1]), parts[3]) if len(parts) == 4 and parts[1].isdigit() else None
        try:
            self.on_remote_change(parts[0], move)
        except Exception:  # noqa: BLE001 - one bad change never stops the channel
            log.exception("a change from another process failed")

    def stop(self) -> None:
        with contextlib.suppress(OSError):
            os.unlink(self.path)
        if self.loop is not None:
            with contextlib.suppress(Exception):
                self.loop.remove_reader(self.sock.fileno())
        if self.later is not None:
            self.pending.put(None)
            self.later.join(timeout=2)
        self.sock.close()
        self.out.close()
        self.blocking_out.close()


__all__ = ["SiblingChannel", "channel_dir"]
