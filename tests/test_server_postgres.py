"""The server on a real PostgreSQL (a private cluster started by the tests): the same contract, migrations, and
two server processes on one database staying consistent, with changes pushed across processes by LISTEN/NOTIFY."""

import json
import threading
import time

import pytest

pytest.importorskip("fastapi", reason="the server extra (installed by make test)")
pytest.importorskip("psycopg", reason="the server extra brings psycopg 3")
import httpx  # noqa: E402
from sqlalchemy import create_engine, text  # noqa: E402

from tests.server_helpers import auth, client_for, move, my_turn, new_table, state  # noqa: E402
from tests.test_server_consistency import free_port, start_server  # noqa: E402


@pytest.fixture
def pg(postgres_url):
    engine = create_engine(postgres_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as conn:  # each test starts from an empty database
        conn.execute(text("DROP TABLE IF EXISTS moves, games, alembic_version CASCADE"))
    engine.dispose()
    return postgres_url


def test_a_game_against_bots_on_postgresql(pg):
    client = client_for(pg)
    gid, tokens = new_table(client, "mansion", 3, ["human", "heuristic", "random"])
    for _ in range(400):
        s = my_turn(client, gid, tokens["0"], 0)
        if s["over"]:
            break
        assert move(client, gid, tokens["0"], s).status_code == 200
    assert s["over"]
    assert client.get(f"/api/games/{gid}/record").json()["deal_verified"] is True
    again = move(client, gid, tokens["0"], s, "pass")
    assert again.status_code == 400 and "over" in again.json()["error"]


def test_the_same_move_twice_at_once_on_postgresql(pg):
    client = client_for(pg)
    gid, tokens = new_table(client, "inn", 3, ["human"] * 3)
    table = client.app.state.tables.get(gid)
    tok = tokens[str(table.game.to_play)]
    s = state(client, gid, tok)
    codes = []
    barrier = threading.Barrier(3)

    def send():
        barrier.wait()
        codes.append(move(client, gid, tok, s).status_code)

    threads = [threading.Thread(target=send) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(codes) == [200, 409, 409]


def test_two_server_processes_on_one_database(pg):
    ports = [free_port(), free_port()]
    procs = [start_server(pg, p) for p in ports]
    try:
        a, b = (f"http://127.0.0.1:{p}" for p in ports)
        r = httpx.post(a + "/api/games", json={"game": "inn", "players": 3, "seats": ["human"] * 3})
        gid, tokens = r.json()["id"], r.json()["tokens"]
        import websockets.sync.client as wsc

        s = httpx.get(f"{b}/api/games/{gid}", headers=auth(tokens["0"])).json()  # B loads the table too
        seat = s["to_play"]
        tok = tokens[str(seat)]
        watcher = tokens[str((seat + 1) % 3)]
        with wsc.connect(f"ws://127.0.0.1:{ports[1]}/api/games/{gid}/ws?token={watcher}") as ws:
            first = json.loads(ws.recv(timeout=5))
            assert first["version"] == s["version"]
            # a move through A reaches B's subscriber through LISTEN/NOTIFY
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
        # alternating moves between the processes never fork the game
        for i in range(20):
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
        engine = create_engine(pg.replace("postgresql://", "postgresql+psycopg://"))
        with engine.connect() as conn:
            idx = [r[0] for r in conn.execute(text('SELECT "index" FROM moves WHERE game = :g ORDER BY "index"'),
                                              {"g": gid})]
        engine.dispose()
        assert idx == list(range(len(idx))) and len(idx) >= 10
    finally:
        for p in procs:
            p.kill()
            p.wait()
