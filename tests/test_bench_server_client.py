"""The load benchmark's own client (``benchmarks/server.py``): it reads only the head of the states it does not act
on, so that head must say what the whole state says; and the client must play real games over every transport with
no errors (a broken load generator would report a server's figures wrongly)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import orjson

from tests.server_helpers import auth, claim_all, client_for

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
import server as bench  # noqa: E402


def test_a_state_s_head_says_what_the_whole_state_says(tmp_path: Path) -> None:
    rng = random.Random(3)
    with client_for(f"sqlite:///{tmp_path}/h.db") as c:
        r = c.post("/api/games", json={"game": "inn", "players": 3, "seats": ["human"] * 3})
        gid, tokens = r.json()["id"], claim_all(c.post, r.json())
        light = whole = 0
        for _ in range(200):
            states = {}
            for seat in range(3):
                raw = c.get(f"/api/games/{gid}", headers=auth(tokens[str(seat)])).content
                full = orjson.loads(raw)
                got = bench.read_state(raw, seat)
                assert {k: got[k] for k in ("version", "over", "to_play")} == \
                    {k: full[k] for k in ("version", "over", "to_play")}
                if full["to_play"] == seat:
                    assert got == full  # the seat to play: parsed whole, its legal moves included
                    whole += 1
                else:
                    assert got["legal"] == full["legal"] == []
                    light += 1
                states[seat] = full
            if states[0]["over"]:
                break
            mover = states[0]["to_play"]
            s = states[mover]
            r = c.post(f"/api/games/{gid}/actions", headers=auth(tokens[str(mover)]),
                       json={"action": rng.choice(s["legal"])["id"], "version": s["version"]})
            assert r.status_code == 200, r.text
            assert bench.read_state(r.content, -1)["to_play"] == r.json()["to_play"]
        assert states[0]["over"] and light > 100 and whole > 50
        # anything without the head (an error) is parsed whole
        error = orjson.dumps({"error": "stale", "status": 409})
        assert bench.read_state(error, 0) == {"error": "stale", "status": 409}


def test_the_client_plays_every_transport_without_errors() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "server.py"), "--backends", "sqlite", "--transports",
         "http,ws,page", "--games", "2", "--seconds", "1", "--json"],
        capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-2000:]
    rows = json.loads(out.stdout)
    assert [r["transport"] for r in rows] == ["http", "ws", "page"]
    for row in rows:
        assert row["actions"] > 0 and row["errors"] == 0 and row["conflicts"] == 0, row


def test_the_mixed_and_background_workloads_run_without_errors() -> None:
    """``--workload mixed`` (one human seat, three bots: the human waits for the bots between its moves) and
    ``--workload background`` (tables of expert bots beside the measured ones) play real games with no errors."""
    for workload, extra in (("mixed", ["--bots", "random"]), ("background", ["--background", "1"])):
        out = subprocess.run(
            [sys.executable, str(ROOT / "benchmarks" / "server.py"), "--workload", workload, *extra, "--backends",
             "sqlite", "--transports", "http,ws,page", "--games", "2", "--seconds", "1", "--json"],
            capture_output=True, text=True, timeout=300, cwd=ROOT)
        assert out.returncode == 0, out.stderr[-2000:]
        rows = json.loads(out.stdout)
        assert [r["transport"] for r in rows] == ["http", "ws", "page"]
        for row in rows:
            assert row["workload"] == workload and row["bot_tables"] == (1 if workload == "background" else 0)
            assert row["actions"] > 5 and row["errors"] == 0 and row["conflicts"] == 0, row
