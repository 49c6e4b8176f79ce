"""Server processes sharing one SQLite file tell each other about changes: SQLite's counterpart of PostgreSQL's
``LISTEN/NOTIFY`` (``notify.PostgresListener``), for ``serve --workers N`` on SQLite or several servers on one file.

SQLite lives on one host, so the processes are on one host: each binds a Unix datagram socket in a private
directory named after the database file (mode 0700, in the temporary directory: a socket path must stay short), and
after each commit sends the change's payload to every other socket there: "<table>:<version>:<process>:<action>" for
a move, "<table>:seats:<process>" for seats, the same payloads as over PostgreSQL. A receiving process plays a move
one behind at once or reads the database (``Tables.remote_move`` / ``catch_up``); the database stays the source of
truth (its unique (game, index) makes a process that lost a race answer 409 and reload).

A socket whose process is gone (no one receives: ``ECONNREFUSED``) is removed. A send waits at most ``SEND_TIMEOUT``
for a receiver's full queue; past that the datagram is dropped, and that process catches up on its next move there
(409, then it reads the database).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
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


class SiblingChannel(threading.Thread):
    """This process's socket: receives the others' payloads (``on_remote_change(table, move)`` in this thread, as the
    PostgreSQL listener calls it) and sends its own (``send``)."""

    def __init__(self, database: str, process_id: str,
                 on_remote_change: Callable[[str, tuple[int, str] | None], None]) -> None:
        super().__init__(name="monsterbox-siblings", daemon=True)
        self.dir = channel_dir(database)
        self.dir.mkdir(mode=0o700, exist_ok=True)
        if self.dir.stat().st_uid != os.getuid() or self.dir.stat().st_mode & 0o077:
            raise RuntimeError(f"{self.dir} must be a private directory of this user (mode 0700)")
        self.process_id = process_id
        self.on_remote_change = on_remote_change
        self.path = self.dir / f"{process_id}.sock"
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(self.path))
        self.sock.settimeout(0.5)  # so that ``stop`` is heard
        self.out = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        # a Unix datagram queue holds few datagrams (net.unix.max_dgram_qlen, 10 by default): when a receiver's is
        # full the send waits for its thread to drain it (microseconds), at most SEND_TIMEOUT, rather than drop
        self.out.settimeout(SEND_TIMEOUT)
        self.peers: list[str] = []
        self.scanned = 0.0
        self.lock = threading.Lock()
        self.stopping = False

    def send(self, payload: str) -> None:
        """Tell every other process (never raises: a lost datagram is caught up later)."""
        data = payload.encode()
        for peer in self._peers():
            try:
                self.out.sendto(data, peer)
            except (ConnectionRefusedError, FileNotFoundError):  # its process is gone
                with contextlib.suppress(OSError):
                    os.unlink(peer)
                self.scanned = 0.0
            except OSError as exc:  # still full after SEND_TIMEOUT: dropped; caught up on the next move there
                log.warning("change not sent to %s: %s", peer, exc)

    def _peers(self) -> list[str]:
        t = time.monotonic()
        if t - self.scanned > RESCAN_SECONDS:
            with self.lock:
                mine = self.path.name
                try:
                    self.peers = [str(self.dir / n) for n in os.listdir(self.dir)
                                  if n.endswith(".sock") and n != mine]
                except OSError:
                    self.peers = []
                self.scanned = t
        return self.peers

    def run(self) -> None:
        while not self.stopping:
            try:
                data = self.sock.recv(8192)
            except TimeoutError:
                continue
            except OSError:
                return
            parts = data.decode(errors="replace").split(":", 3)
            if len(parts) < 3 or parts[2] == self.process_id:
                continue
            move = (int(parts[1]), parts[3]) if len(parts) == 4 and parts[1].isdigit() else None
            try:
                self.on_remote_change(parts[0], move)
            except Exception:  # noqa: BLE001 - one bad change never stops the channel
                log.exception("a change from another process failed")

    def stop(self) -> None:
        self.stopping = True
        with contextlib.suppress(OSError):
            os.unlink(self.path)
        self.join(timeout=2)
        self.sock.close()
        self.out.close()


__all__ = ["SiblingChannel", "channel_dir"]
