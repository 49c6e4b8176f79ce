"""The channel between server processes sharing one SQLite file (``server/siblings.py``): changes are received on
the event loop, a receiver whose queue is full never makes the sender's loop wait, and a change reaches exactly the
processes that hold its table (told when a table enters and leaves a process's memory)."""

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
        b.hold("t1")  # changes of t1 go only to processes holding it
        for _ in range(100):
            if a.holders.get("t1"):
                break
            await asyncio.sleep(0.01)
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


def run_on_loop(body, *channels: SiblingChannel, timeout: float = 30) -> None:
    """Run ``body(settle)`` with the channels receiving on a loop of its own thread; ``settle()`` lets datagrams
    in flight arrive."""

    async def main() -> None:
        loop = asyncio.get_running_loop()
        for ch in channels:
            ch.start(loop)

        async def settle() -> None:
            for _ in range(5):
                await asyncio.sleep(0.02)

        await body(settle)

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        try:
            pool.submit(asyncio.run, main()).result(timeout=timeout)
        finally:
            for ch in channels:
                ch.stop()


def test_a_change_reaches_only_the_processes_holding_its_table(tmp_path):
    database = str(tmp_path / "games.db")
    heard: dict[str, list[tuple[str, tuple[int, str] | None]]] = {"b": [], "c": []}
    a = SiblingChannel(database, "aaaa", lambda table, move: None)
    b = SiblingChannel(database, "bbbb", lambda table, move: heard["b"].append((table, move)))
    c = SiblingChannel(database, "cccc", lambda table, move: heard["c"].append((table, move)))

    async def body(settle):
        b.hold("t1")
        c.hold("t2")
        await settle()
        a.send("t1:1:aaaa:stay")
        a.send("t2:5:aaaa:drop")
        a.send("t3:1:aaaa:stay")  # nobody holds t3: sent to no one
        await settle()
        b.hold("t1", held=False)  # t1 left b's memory
        await settle()
        a.send("t1:2:aaaa:stay")
        await settle()

    run_on_loop(body, a, b, c)
    assert heard["b"] == [("t1", (1, "stay"))]
    assert heard["c"] == [("t2", (5, "drop"))]


def test_a_new_holder_is_told_by_the_holders_to_read_what_it_may_have_missed(tmp_path):
    """``hold`` is sent before the new holder reads the table from the database; a process that already holds it
    answers ``sync``: the new holder catches up (a change stored between its read and the answer is not lost) and
    learns who else holds the table, so its own changes reach them."""
    database = str(tmp_path / "games.db")
    heard: dict[str, list[tuple[str, tuple[int, str] | None]]] = {"a": [], "b": []}
    a = SiblingChannel(database, "aaaa", lambda table, move: heard["a"].append((table, move)),
                       holds=lambda table: table == "t1")
    b = SiblingChannel(database, "bbbb", lambda table, move: heard["b"].append((table, move)))

    async def body(settle):
        b.hold("t1")  # a holds t1 already (and never said so: it was the only process)
        await settle()
        b.send("t1:4:bbbb:stay")  # b learnt from the answer that a holds t1
        b.hold("t2")  # a does not hold t2: no answer
        await settle()

    run_on_loop(body, a, b)
    assert heard["b"] == [("t1", None)]  # the sync: read the database
    assert heard["a"] == [("t1", (4, "stay"))]
    assert b.holders == {"t1": {str(a.path)}}
