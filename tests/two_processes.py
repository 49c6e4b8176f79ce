"""Two server processes on one database, SQLite file or PostgreSQL: the same checks for both."""

import json
import time

import httpx
from sqlalchemy import create_engine, text

from monsterbox.server.store import normalise_url
from tests.server_helpers import auth, claim_all
from tests.test_server_consistency import free_port, start_server


def moves_stored(db, gid):
    """The indices of ``gid``'s moves as the database holds them (read with SQLAlchemy, not through a server)."""
    engine = create_engine(normalise_url(db))
    with engine.connect() as conn:
        idx = [r[0] for r in conn.execute(text('SELECT "index" FROM moves WHERE game = :g ORDER BY "index"'),
                                          {"g": gid})]
    engine.dispose()
    return idx


def check_two_processes(db):
    """Two server processes on one database (``db``): a move through one reaches the other's WebSocket subscriber at
    once; the other refuses the now stale move (409) and has caught up; moves alternated between them never fork the
    game (the indices stored, read from the database itself)."""
    ports = [free_port(), free_port()]
    procs = [start_server(db, p) for p in ports]
    try:
        a, b = (f"http://127.0.0.1:{p}" for p in ports)
        r = httpx.post(a + "/api/games", json={"game": "inn", "players": 3, "seats": ["human"] * 3})
        gid, tokens = r.json()["id"], claim_all(lambda path, json: httpx.post(a + path, json=json), r.json())
        import websockets.sync.client as wsc

        s = httpx.get(f"{b}/api/games/{gid}", headers=auth(tokens["0"])).json()  # B loads the table too
        seat = s["to_play"]
        tok = tokens[str(seat)]
        watcher = tokens[str((seat + 1) % 3)]
        with wsc.connect(f"ws://127.0.0.1:{ports[1]}/api/games/{gid}/ws?token={watcher}") as ws:
            first = json.loads(ws.recv(timeout=5))
            assert first["version"] == s["version"]
            # a move through A reaches B's subscriber (LISTEN/NOTIFY, or the SQLite processes' channel)
            t0 = time.perf_counter()
            ra = httpx.post(f"{a}/api/games/{gid}/actions", headers=auth(tok),
                            json={"action": s["legal"][0]["id"] if s["legal"] else "stay:gold",
                                  "version": s["version"]})
            assert ra.status_code == 200, ra.text
            pushed = json.loads(ws.recv(timeout=5))
            assert pushed["version"] == s["version"] + 1
            assert time.perf_counter() - t0 < 5
        # B, which served the old version, refuses the same (now stale) move with 409 and has caught up
        stale = httpx.post(f"{b}/api/games/{gid}/actions", headers=auth(tok),
                           json={"action": "stay:gold", "version": s["version"]})
        assert stale.status_code == 409
        sa = httpx.get(f"{a}/api/games/{gid}", headers=auth(tok)).json()
        sb = httpx.get(f"{b}/api/games/{gid}", headers=auth(tok)).json()
        assert sa["version"] == sb["version"] and sa["view"] == sb["view"]
        # alternating moves between the processes never fork the game (a copy that has not yet heard of the last
        # move answers 409 and catches up: under load that happens, so go on until ten moves were taken)
        taken = 0
        for i in range(80):
            if taken >= 10:
                break
            url = (a, b)[i % 2]
            cur = None
            for t in tokens.values():
                x = httpx.get(f"{url}/api/games/{gid}", headers=auth(t)).json()
                if x["legal"]:
                    cur, ct = x, t
                    break
            if cur is None:
                break
            r = httpx.post(f"{url}/api/games/{gid}/actions", headers=auth(ct),
                           json={"action": cur["legal"][0]["id"], "version": cur["version"]})
            assert r.status_code in (200, 409)
            taken += r.status_code == 200
        idx = moves_stored(db, gid)
        assert idx == list(range(len(idx))) and len(idx) >= 10
    finally:
        for p in procs:
            p.kill()
            p.wait()
