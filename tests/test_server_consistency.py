"""The database is the source of truth: concurrent double submits, a failing database, a crashing bot, kill -9 of
the server process, and a database made by the first server version upgraded by the migrations."""

import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time

import pytest

pytest.importorskip("fastapi", reason="the server extra (installed by make test)")
import httpx  # noqa: E402
from sqlalchemy import create_engine, text  # noqa: E402

import monsterbox  # noqa: E402
from tests.server_helpers import auth, claim_all, client_for, move, my_turn, new_table, state, wait_for  # noqa: E402


@pytest.fixture
def db(tmp_path):
    return f"sqlite:///{tmp_path / 'games.db'}"


def test_the_same_move_sent_twice_at_once_is_applied_once(db):
    client = client_for(db)
    for trial in range(15):
        gid, tokens = new_table(client, "inn", 3, ["human"] * 3)
        table = client.app.state.tables.get(gid)
        tok = tokens[str(table.game.to_play)]
        s = state(client, gid, tok)
        barrier = threading.Barrier(4)
        codes = []

        def send(s=s, tok=tok, gid=gid, barrier=barrier, codes=codes):
            barrier.wait()
            codes.append(move(client, gid, tok, s, s["legal"][0]["id"]).status_code)

        threads = [threading.Thread(target=send) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(codes) == [200, 409, 409, 409], (trial, codes)
        assert table.version == s["version"] + 1 == client.app.state.store.moves_count(gid)


def test_a_failed_database_write_changes_nothing(db, tmp_path):
    client = client_for(db)
    gid, tokens = new_table(client, "inn", 3, ["human"] * 3)
    table = client.app.state.tables.get(gid)
    tok = tokens[str(table.game.to_play)]
    s = state(client, gid, tok)
    raw = create_engine(db)
    with raw.begin() as conn:  # a real failure of the database, not a mock: a trigger refuses every new move
        conn.execute(text("CREATE TRIGGER refuse BEFORE INSERT ON moves BEGIN SELECT RAISE(ABORT, 'disk full'); END"))
    r = move(client, gid, tok, s)
    assert r.status_code == 503 and "nothing changed" in r.json()["error"]
    after = state(client, gid, tok)
    assert after["version"] == s["version"] and after["view"] == s["view"] and after["legal"] == s["legal"]
    with raw.begin() as conn:
        conn.execute(text("DROP TRIGGER refuse"))
    assert move(client, gid, tok, after).status_code == 200
    raw.dispose()


def test_a_crashing_bot_is_replaced_by_random_for_that_move(db, monkeypatch):
    from monsterbox.server import bots

    def crash(spec, game, seat, seed):
        raise RuntimeError("bot exploded")

    monkeypatch.setattr(bots, "think", crash)
    client = client_for(db)
    # the crashing bot moves first: the table must not stay stuck in the lobby
    gid, tokens = new_table(client, "inn", 3, ["heuristic", "human", "heuristic"], practice=True, seed=2,
                            options={"first_player": 0})
    s = my_turn(client, gid, tokens["1"], 1)
    assert s["version"] >= 1 and "failed" in s.get("notice", "") and "random move" in s["notice"]
    assert move(client, gid, tokens["1"], s).status_code == 200
    s = wait_for(client, gid, tokens["1"], lambda x: x["to_play"] == 1 or x["over"])
    assert s["version"] >= 3
    with client.app.state.store.engine.connect() as conn:
        by = {r[0] for r in conn.execute(text("SELECT by FROM moves WHERE game = :g"), {"g": gid})}
    assert by == {"fallback", "human"}


def test_a_bot_past_its_time_is_replaced(db, monkeypatch):
    from monsterbox.server import bots
    from monsterbox.server.bots import BotBudget

    def slow(spec, game, seat, seed):
        time.sleep(3)
        return game.legal_actions()[0]

    monkeypatch.setattr(bots, "think", slow)
    client = client_for(db, budget=BotBudget(max_seconds=0.2, grace=0.2))
    gid, tokens = new_table(client, "inn", 3, ["random", "human", "human"], practice=True, seed=1,
                            options={"first_player": 0})
    s = wait_for(client, gid, tokens["1"], lambda x: x["version"] >= 1, timeout=10)
    assert "ran past" in s["notice"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db, port):
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "monsterbox.cli", "serve", "--db", db, "--port", str(port),
                             "--no-rate-limits"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    for _ in range(200):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=0.5).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.05)
    proc.kill()
    raise AssertionError("server did not start: " + proc.stderr.read().decode()[-2000:])


def test_no_acknowledged_move_is_lost_to_kill_9(tmp_path):
    db = f"sqlite:///{tmp_path / 'k9.db'}"
    port = free_port()
    proc = start_server(db, port)
    base = f"http://127.0.0.1:{port}"
    r = httpx.post(base + "/api/games", json={"game": "maker", "players": 3, "seats": ["human"] * 3})
    gid, tokens = r.json()["id"], claim_all(lambda path, json: httpx.post(base + path, json=json), r.json())
    acked = []
    rng = random.Random(3)
    http = httpx.Client(timeout=3)
    for round_ in range(2):
        deadline = time.monotonic() + rng.uniform(1.0, 2.0)
        killer = threading.Timer(deadline - time.monotonic(), lambda p=proc: p.send_signal(signal.SIGKILL))
        killer.start()
        try:
            while True:
                s = None
                for _seat, tok in tokens.items():
                    x = http.get(f"{base}/api/games/{gid}", headers=auth(tok)).json()
                    if x["legal"]:
                        s, stok = x, tok
                        break
                if s is None or s["over"]:
                    break
                r = http.post(f"{base}/api/games/{gid}/actions", headers=auth(stok),
                              json={"action": rng.choice(s["legal"])["id"], "version": s["version"]})
                if r.status_code == 200:
                    acked.append((s["version"], json.loads(r.content)["version"]))
        except (httpx.HTTPError, ValueError):
            pass
        killer.join()
        proc.wait(timeout=10)
        proc = start_server(db, port)
        http.close()
        http = httpx.Client(timeout=3)
        s = http.get(f"{base}/api/games/{gid}", headers=auth(tokens["0"])).json()
        assert acked and s["version"] >= acked[-1][1], (round_, acked[-1], s["version"])
    proc.kill()
    proc.wait()
    assert len(acked) > 5


def test_a_database_of_the_first_server_version_upgrades_without_loss(tmp_path):
    path = tmp_path / "old.db"
    g = monsterbox.new_game("inn", 4, 12)
    rng = random.Random(0)
    for _ in range(25):
        g.play(rng.choice(g.legal_actions()))
    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as conn:  # the first server's schema, exactly as it created it
        conn.execute(text("CREATE TABLE games (id VARCHAR(32) NOT NULL PRIMARY KEY, game_id VARCHAR(16) NOT NULL, "
                          "players INTEGER NOT NULL, seed INTEGER NOT NULL, options JSON NOT NULL, actions JSON NOT "
                          "NULL, seats JSON NOT NULL, created DATETIME NOT NULL, updated DATETIME NOT NULL)"))
        seats = [{"kind": "human", "token_hash": __import__("hashlib").sha256(b"tok").hexdigest()}] + \
            [{"kind": "bot", "agent": "heuristic"}] * 3
        conn.execute(text("INSERT INTO games VALUES ('oldgame', 'inn', 4, 12, :o, :a, :s, '2026-01-01 00:00:00', "
                          "'2026-01-02 00:00:00')"),
                     {"o": json.dumps(g.options), "a": json.dumps(g.actions), "s": json.dumps(seats)})
    engine.dispose()
    client = client_for(f"sqlite:///{path}")
    s = state(client, "oldgame", "tok")
    assert s["seat"] == 0 and s["practice"] is True
    table = client.app.state.tables.get("oldgame")
    assert table.game.actions[:25] == g.actions and table.game.seed == 12
    assert client.app.state.store.moves_count("oldgame") >= 25
    listed = client.get("/api/games").json()["games"]
    assert [x["id"] for x in listed] == ["oldgame"] and listed[0]["moves"] >= 25
    # opening it again (a second start) finds the schema current and changes nothing
    client.app.state.tables.close()
    again = client_for(f"sqlite:///{path}")
    assert state(again, "oldgame", "tok")["version"] >= 25


def test_two_server_processes_on_one_sqlite_file(tmp_path):
    from tests.two_processes import check_two_processes

    check_two_processes(f"sqlite:///{tmp_path / 'games.db'}")


def test_sqlite_checkpoints_happen_off_the_commit(tmp_path):
    """A move's commit only appends to the WAL (no checkpoint at commit, where SQLite would wait for the disk); the
    store's checkpointer thread copies the WAL into the database file soon after, so the file grows and the WAL
    does not grow without end."""
    from monsterbox.server.store import Checkpointer, GameRow, Store, now

    path = tmp_path / "c.db"
    store = Store(f"sqlite:///{path}")
    try:
        assert store._writer is not None
        assert store._writer.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
        assert isinstance(store._checkpointer, Checkpointer)
        store._checkpointer.interval = 0.05
        t = now()
        store.add(GameRow(id="g1", game_id="inn", players=3, seed="1", seed_commitment="x", options={}, seats=[],
                          created=t, updated=t))
        until(lambda: store._checkpointer is not None and not store._checkpointer.dirty)
        before = os.path.getsize(path)
        for i in range(1500):
            store.append("g1", i, "stay:gold", 0, "human", {"status": "playing", "to_play": 1})
        wal = os.path.getsize(str(path) + "-wal")
        assert wal > 0
        until(lambda: os.path.getsize(path) > before)  # the moves' pages reached the database file
    finally:
        store.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT count(*) FROM moves").fetchone()[0] == 1500


def until(pred, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not pred():
        assert time.monotonic() < end, "not reached in time"
        time.sleep(0.02)


def test_a_table_stored_by_the_sqlite_writer_is_stored_as_the_orm_stores_it(tmp_path):
    """SQLite stores a new table with one plain INSERT (``Store._add_sqlite``); PostgreSQL and in-memory databases
    through the ORM. Both must leave the same text in the database and read back the same."""
    from sqlalchemy import text as sql

    from monsterbox.server.store import GameRow, Store, StoreError, now

    def row() -> GameRow:
        t = now()
        return GameRow(id="g1", game_id="mansion", players=2, seed=str(2**100 + 7), seed_commitment="c" * 64,
                       options={"variant": "x", "n": [1, 2]},
                       seats=[{"kind": "human", "token_hash": "h", "name": "Zoé"},
                              {"kind": "bot", "agent": "heuristic"}],
                       practice=True, private=False, hints=True, status="waiting", to_play=None, moves=0,
                       created=t, updated=t)

    raw, orm = Store(f"sqlite:///{tmp_path / 'raw.db'}"), Store(f"sqlite:///{tmp_path / 'orm.db'}")
    try:
        assert raw._writer is not None
        orm._writer = None  # the ORM's way, as for PostgreSQL
        r1, r2 = row(), row()
        r2.created = r2.updated = r1.created
        raw.add(r1)
        orm.add(r2)
        texts = []
        for st in (raw, orm):
            with st.engine.connect() as conn:
                texts.append([tuple(x) for x in conn.execute(sql("SELECT * FROM games")).all()])
        assert texts[0] == texts[1] and len(texts[0]) == 1
        a, b = raw.load("g1"), orm.load("g1")
        assert a is not None and b is not None
        for col in GameRow.__table__.columns.keys():  # noqa: SIM118 - the column names
            assert getattr(a.row, col) == getattr(b.row, col), col
        with pytest.raises(StoreError):
            raw.add(row())  # the same id again: refused, nothing changed
    finally:
        raw.close()
        orm.close()


def test_a_table_loaded_by_plain_sqlite_is_the_table_the_orm_loads(tmp_path):
    """SQLite loads a table (``Store._load_sqlite``: a second process's first sight of it, every catch-up) with two
    plain statements; the row and the moves from any index must be what the ORM reads."""
    from monsterbox.server.store import GameRow, Store, now

    st = Store(f"sqlite:///{tmp_path / 'l.db'}")
    try:
        t = now()
        st.add(GameRow(id="g1", game_id="inn", players=3, seed=str(2**90 + 1), seed_commitment="c" * 64,
                       options={"deck": ["a", "b"]}, seats=[{"kind": "human", "token_hash": "h", "name": "Zoé"}] * 3,
                       practice=False, private=True, hints=False, status="playing", to_play=1, moves=0,
                       created=t, updated=t))
        for i in range(5):
            st.append("g1", i, f"move:{i}", i % 3, "human", {"status": "playing", "to_play": (i + 1) % 3})
        assert st.load("nope") is None and st._load_orm("nope", 0) is None
        for since in (0, 2, 5, 9):
            a, b = st.load("g1", since), st._load_orm("g1", since)
            assert a is not None and b is not None
            assert a.actions == b.actions == [f"move:{i}" for i in range(since, 5)]
            for col in GameRow.__table__.columns.keys():  # noqa: SIM118 - the column names
                assert getattr(a.row, col) == getattr(b.row, col), col
                assert type(getattr(a.row, col)) is type(getattr(b.row, col)), col
    finally:
        st.close()
