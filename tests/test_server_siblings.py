"""The channel between server processes sharing one SQLite file (``server/siblings.py``): changes are received on
the event loop, and a receiver whose queue is full never makes the sender's loop wait."""

from __future__ import annotations

import asyncio
import concurrent.futures
import time

from monsterbox.server.siblings import SEND_TIMEOUT, SiblingChannel


def test_a_full_queue_never_stops_the_senders_loop_and_every_change_arrives_in_order(tmp_path):
    database = str(tmp_path / "games.db")
    heard: list[tuple[str, tuple[int, str] | None]] = []
    a = SiblingChannel(database, "aaaa", lambda table, move: None)
    b = SiblingChannel(database, "bbbb", lambda table, move: heard.append((table, move)))

    async def main() -> float:
        loop = asyncio.get_running_loop()
        a.start(loop)
        b.start(loop)
        t = time.perf_counter()
        # B's loop is this loop, busy here: its queue (a few datagrams) fills, and the rest must wait elsewhere
        for i in range(1, 41):
            a.send(f"t1:{i}:aaaa:bid-{i}")
        spent = time.perf_counter() - t
        for _ in range(200):
            if len(heard) == 40:
                break
            await asyncio.sleep(0.02)
        return spent

    # a loop of its own thread: the browser tests' Playwright keeps a loop running in this worker's main thread
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        try:
            spent = pool.submit(asyncio.run, main()).result(timeout=60)
        finally:
            a.stop()
            b.stop()
    # waiting on the loop for each datagram past the queue would take SEND_TIMEOUT apiece (about 6 s here)
    assert spent < 10 * SEND_TIMEOUT
    assert heard == [("t1", (i, f"bid-{i}")) for i in range(1, 41)]


def test_a_process_ignores_its_own_changes_and_malformed_ones(tmp_path):
    heard: list[tuple[str, tuple[int, str] | None]] = []
    b = SiblingChannel(str(tmp_path / "games.db"), "bbbb", lambda table, move: heard.append((table, move)))
    try:
        b.receive(b"t1:3:bbbb:bid")  # its own
        b.receive(b"garbage")
        b.receive(b"t1:seats:aaaa")
        b.receive(b"t1:7:aaaa:drop")
    finally:
        b.stop()
    assert heard == [("t1", None), ("t1", (7, "drop"))]
