"""Load benchmark of the server: human actions per second and their latency (p50, p99), over HTTP and WebSocket,
for 1, 10 and 50 concurrent games, on SQLite, PostgreSQL and two server processes on PostgreSQL.

Its own client (asyncio, httpx and websockets), on loopback only, bounded in time: each cell runs ``--seconds``
seconds after a short warm-up. Every table is Monster Inn with three human seats played by the client (random legal
moves), so each action is a human's: over HTTP the seat to play reads its state (GET) and moves (POST: the latency
measured); over WebSocket each seat keeps a socket and the mover's latency runs from sending the move to receiving
the pushed state that holds it. A finished game is replaced by a new one.

    .venv/bin/python benchmarks/server.py                       # every cell (about 5 minutes)
    .venv/bin/python benchmarks/server.py --backends sqlite --games 50 --seconds 5
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from typing import Any

import httpx
import websockets

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(db: str, workers: int) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    exe = os.path.join(os.path.dirname(sys.executable), "monsterbox")
    proc = subprocess.Popen([exe, "serve", "--db", db, "--port", str(port), "--workers", str(workers),
                             "--no-rate-limits"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    for _ in range(400):
        try:
            if httpx.get(base + "/api/health", timeout=0.5).status_code == 200:
                time.sleep(0.5 if workers > 1 else 0)
                return proc, base
        except httpx.HTTPError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("server did not start: " + (proc.stderr.read() if proc.stderr else b"").decode()[-2000:])


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.conflicts = 0
        self.errors = 0
        self.recording = False

    def add(self, seconds: float) -> None:
        if self.recording:
            self.latencies.append(seconds)


async def new_game(http: httpx.AsyncClient, base: str) -> tuple[str, dict[str, str]]:
    r = await http.post(base + "/api/games", json={"game": "inn", "players": 3, "seats": ["human"] * 3})
    r.raise_for_status()
    body = r.json()
    return body["id"], body["tokens"]


async def http_player(base: str, stats: Stats, stop: asyncio.Event, rng: random.Random) -> None:
    limits = httpx.Limits(max_connections=2, max_keepalive_connections=2)
    async with httpx.AsyncClient(limits=limits, timeout=30) as http:
        gid, tokens = await new_game(http, base)
        seat = None
        while not stop.is_set():
            if seat is None:
                s = (await http.get(f"{base}/api/games/{gid}")).json()
                seat = s["to_play"]
                if seat is None:
                    gid, tokens = await new_game(http, base)
                    continue
            head = {"Authorization": "Bearer " + tokens[str(seat)]}
            s = (await http.get(f"{base}/api/games/{gid}", headers=head)).json()
            if s["over"]:
                gid, tokens, seat = *(await new_game(http, base)), None
                continue
            if not s["legal"]:
                seat = None
                continue
            t0 = time.perf_counter()
            r = await http.post(f"{base}/api/games/{gid}/actions", headers=head,
                                json={"action": rng.choice(s["legal"])["id"], "version": s["version"]})
            if r.status_code == 200:
                stats.add(time.perf_counter() - t0)
                seat = r.json()["to_play"]
            elif r.status_code == 409:
                stats.conflicts += 1
                seat = None
            else:
                stats.errors += 1
                seat = None


async def ws_player(base: str, stats: Stats, stop: asyncio.Event, rng: random.Random) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        while not stop.is_set():
            gid, tokens = await new_game(http, base)
            wsbase = base.replace("http://", "ws://")
            socks = [await websockets.connect(f"{wsbase}/api/games/{gid}/ws?token={tokens[str(i)]}",
                                              max_size=2**22) for i in range(3)]
            try:
                latest: dict[int, dict[str, Any]] = {}
                sent: dict[int, float] = {}
                sent_version: dict[int, int] = {}

                async def reader(i: int, latest: Any = latest, sent: Any = sent, socks: Any = socks,
                                 sent_version: Any = sent_version) -> None:
                    async for raw in socks[i]:
                        msg = json.loads(raw)
                        if "error" in msg:
                            if msg.get("status") == 409:
                                stats.conflicts += 1
                            else:
                                stats.errors += 1
                            sent.pop(i, None)
                            continue
                        latest[i] = msg
                        if i in sent and msg["version"] > sent_version.get(i, -1):
                            stats.add(time.perf_counter() - sent.pop(i))

                readers = [asyncio.create_task(reader(i)) for i in range(3)]
                while not stop.is_set():
                    await asyncio.sleep(0)
                    mover = next((i for i, m in latest.items() if m["legal"] and i not in sent
                                  and m["version"] == max(x["version"] for x in latest.values())), None)
                    if any(m["over"] for m in latest.values()):
                        break
                    if mover is None:
                        await asyncio.sleep(0.0005)
                        continue
                    m = latest[mover]
                    sent[mover] = time.perf_counter()
                    sent_version[mover] = m["version"]
                    await socks[mover].send(json.dumps({"action": rng.choice(m["legal"])["id"],
                                                        "version": m["version"]}))
                for t in readers:
                    t.cancel()
            finally:
                for s in socks:
                    await s.close()


async def run_cell(base: str, transport: str, games: int, seconds: float) -> dict[str, Any]:
    stats = Stats()
    stop = asyncio.Event()
    player = http_player if transport == "http" else ws_player
    tasks = [asyncio.create_task(player(base, stats, stop, random.Random(i))) for i in range(games)]
    await asyncio.sleep(min(2.0, seconds / 3))  # warm-up: tables created, sockets open
    stats.recording = True
    t0 = time.perf_counter()
    await asyncio.sleep(seconds)
    stats.recording = False
    elapsed = time.perf_counter() - t0
    stop.set()
    await asyncio.wait(tasks, timeout=10)
    for t in tasks:
        t.cancel()
    lat = sorted(stats.latencies)
    q = statistics.quantiles(lat, n=100) if len(lat) >= 2 else [float("nan")] * 99
    return {"transport": transport, "games": games, "actions": len(lat), "actions_per_s": len(lat) / elapsed,
            "p50_ms": q[49] * 1000, "p99_ms": q[98] * 1000, "conflicts": stats.conflicts, "errors": stats.errors}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--backends", default="sqlite,postgres,postgres-2proc")
    ap.add_argument("--transports", default="http,ws")
    ap.add_argument("--games", default="1,10,50")
    ap.add_argument("--seconds", type=float, default=6.0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if not 0.5 <= args.seconds <= 120:
        ap.error("--seconds must be from 0.5 to 120 (the benchmark is bounded in time)")
    rows = []
    with ExitStack() as stack:
        pg_url = None
        for backend in args.backends.split(","):
            if backend not in ("sqlite", "postgres", "postgres-2proc"):
                ap.error(f"unknown backend {backend!r}")
            if backend.startswith("postgres") and pg_url is None:
                from tests.pg import cluster

                pg_url = stack.enter_context(cluster())
            for transport in args.transports.split(","):
                for games in (int(x) for x in args.games.split(",")):
                    tmp = tempfile.mkdtemp(prefix="monsterbox-bench-")
                    if backend == "sqlite":
                        db = f"sqlite:///{tmp}/bench.db"
                    else:
                        assert pg_url is not None
                        db = pg_url
                        import sqlalchemy

                        eng = sqlalchemy.create_engine(pg_url.replace("postgresql://", "postgresql+psycopg://"))
                        with eng.begin() as conn:
                            conn.execute(sqlalchemy.text("DROP TABLE IF EXISTS moves, games, alembic_version"))
                        eng.dispose()
                    proc, base = start(db, 2 if backend == "postgres-2proc" else 1)
                    try:
                        row = asyncio.run(run_cell(base, transport, games, args.seconds))
                    finally:
                        proc.kill()
                        proc.wait()
                        shutil.rmtree(tmp, ignore_errors=True)
                    row["backend"] = backend
                    rows.append(row)
                    if not args.json:
                        print(f"{backend:15} {transport:5} {games:3} games: {row['actions_per_s']:7.0f} actions/s  "
                              f"p50 {row['p50_ms']:6.1f} ms  p99 {row['p99_ms']:7.1f} ms  "
                              f"409s {row['conflicts']}  errors {row['errors']}", flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
