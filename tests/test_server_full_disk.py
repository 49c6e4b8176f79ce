"""A full disk (issue 30, Low: "table creation on a full disk gives 500 or a reset"): every write answers a clean 503
that says nothing was stored, and nothing is half-written; once there is room again the same requests succeed.

The disk is filled for real inside SQLite: ``PRAGMA max_page_count`` (set on every connection of the server's
store) caps the database at its current size, and a trigger on each table makes every INSERT and UPDATE first store
a 1 MB blob, which needs pages the database may not have: SQLite raises ``SQLITE_FULL`` ("database or disk is
full") inside the write's own statement, on whichever connection the server writes with (the move writer, the
pool)."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server extra (installed by make test)")
from fastapi.testclient import TestClient  # noqa: E402
from sqlalchemy import event  # noqa: E402

from monsterbox.server.app import Settings, create_app  # noqa: E402
from tests.server_helpers import NO_LIMITS, auth  # noqa: E402

PASSWORD = "correct horse battery"
TABLES = ("games", "moves", "chat", "accounts", "sessions", "seat_accounts", "table_extras", "ratings",
          "rated_games")


def contents(path: str) -> dict[str, list[Any]]:
    """Every row of every table of the server's database (read with a connection of our own)."""
    conn = sqlite3.connect(path)
    try:
        return {t: sorted(map(repr, conn.execute(f"SELECT * FROM {t}"))) for t in TABLES}  # noqa: S608
    finally:
        conn.close()


class FullDisk:
    """Fills the database of ``client``'s server (see the module docstring); ``free()`` makes room again."""

    def __init__(self, client: TestClient, path: str) -> None:
        self.store = client.app.state.store
        self.path = path
        self.pages = 0
        event.listen(self.store.engine, "connect", self._cap)

    def _cap(self, dbapi_conn: Any, _record: Any) -> None:
        if self.pages:
            dbapi_conn.execute(f"PRAGMA max_page_count = {self.pages}")

    def _apply(self) -> None:
        self.store.engine.dispose()  # the pool's connections are opened again, capped (or not)
        self.store._writer.execute(f"PRAGMA max_page_count = {self.pages or 1073741823}")

    def fill(self, tables: tuple[str, ...] = TABLES) -> None:
        """Full for every write to ``tables`` (all by default)."""
        self.filled = tables
        conn = sqlite3.connect(self.path)
        conn.execute("CREATE TABLE IF NOT EXISTS ballast (b BLOB)")
        for t in tables:
            for op in ("INSERT", "UPDATE"):
                conn.execute(f"CREATE TRIGGER full_{t}_{op.lower()} BEFORE {op} ON {t} "
                             "BEGIN INSERT INTO ballast VALUES (zeroblob(1000000)); END")
        conn.commit()
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self.pages = conn.execute("PRAGMA page_count").fetchone()[0] + 8
        conn.close()
        self._apply()

    def free(self) -> None:
        conn = sqlite3.connect(self.path)
        for t in self.filled:
            for op in ("insert", "update"):
                conn.execute(f"DROP TRIGGER full_{t}_{op}")
        conn.commit()
        conn.close()
        self.pages = 0
        self._apply()


def test_every_write_on_a_full_disk_is_a_clean_503_and_nothing_is_half_written(tmp_path):
    path = str(tmp_path / "games.db")
    settings = Settings(db=f"sqlite:///{path}", limits=NO_LIMITS)
    with TestClient(create_app(settings=settings)) as client:
        ada = TestClient(client.app)  # a signed-in player, with a cookie jar of its own (the same running app)
        assert ada.post("/api/accounts", json={"name": "Ada", "password": PASSWORD}).status_code == 201
        csrf = {"X-CSRF-Token": ada.post("/api/session", json={"name": "Ada", "password": PASSWORD}).json()["csrf"]}
        r = client.post("/api/games", json={"game": "inn", "players": 3, "seats": ["human", "human", "open"],
                                            "options": {"first_player": 0}})
        assert r.status_code == 201, r.text
        gid, token, code = r.json()["id"], r.json()["tokens"]["0"], r.json()["invites"]["1"]
        s = client.get(f"/api/games/{gid}", headers=auth(token)).json()
        assert s["to_play"] == 0
        disk = FullDisk(client, path)
        disk.fill()
        before = contents(path)

        writes = {
            "create": lambda: client.post("/api/games", json={"game": "maker", "players": 2,
                                                              "seats": ["human", "heuristic"]}),
            "create signed in, with a clock": lambda: ada.post(
                "/api/games", headers=csrf, json={"game": "maker", "players": 2, "seats": ["human", "human"],
                                                  "clock": {"move_seconds": 300}}),
            "claim": lambda: ada.post(f"/api/games/{gid}/claim", headers=csrf, json={"code": code}),
            "join": lambda: ada.post(f"/api/games/{gid}/join", headers=csrf, json={}),
            "move": lambda: client.post(f"/api/games/{gid}/actions", headers=auth(token),
                                        json={"action": s["legal"][0]["id"], "version": s["version"]}),
            "chat": lambda: client.post(f"/api/games/{gid}/chat", headers=auth(token), json={"text": "hello"}),
            "register": lambda: client.post("/api/accounts", json={"name": "Bob", "password": PASSWORD}),
            "sign in": lambda: client.post("/api/session", json={"name": "Ada", "password": PASSWORD}),
        }
        for what, write in writes.items():
            r = write()
            assert r.status_code == 503, f"{what}: {r.status_code} {r.text}"
            error = r.json()["error"]
            assert "nothing changed" in error and "Error" not in error, f"{what}: {error}"
            assert contents(path) == before, f"{what}: something was stored"
        # the move over a WebSocket too
        with client.websocket_connect(f"/api/games/{gid}/ws?token={token}") as ws:
            ws.receive_json()
            ws.send_json({"action": s["legal"][0]["id"], "version": s["version"]})
            reply = ws.receive_json()
            assert reply["status"] == 503 and "nothing changed" in reply["error"], reply
        # in French as well
        r = client.post("/api/games?lang=fr", json={"game": "maker", "players": 2, "seats": ["human", "heuristic"]})
        assert r.status_code == 503 and "rien" in r.json()["error"], r.text
        assert contents(path) == before
        # the tables in memory did not change either: once there is room, every write succeeds
        assert client.get(f"/api/games/{gid}", headers=auth(token)).json()["version"] == s["version"]
        disk.free()
        for what, write in writes.items():
            r = write()
            assert r.status_code in (200, 201), f"{what} after the disk was freed: {r.status_code} {r.text}"


def test_a_table_or_seat_whose_second_row_cannot_be_stored_is_not_stored_at_all(tmp_path):
    """A signed-in creator's table (with its extras and the creator's seat rows) and a signed-in claim (the seat and
    its account row) are each one transaction: when only the second row finds no room, the first is not kept
    either (before: the table stood without its clock, the seat was claimed but its token never reached anyone)."""
    path = str(tmp_path / "games.db")
    with TestClient(create_app(settings=Settings(db=f"sqlite:///{path}", limits=NO_LIMITS))) as client:
        ada = TestClient(client.app)
        assert ada.post("/api/accounts", json={"name": "Ada", "password": PASSWORD}).status_code == 201
        csrf = {"X-CSRF-Token": ada.post("/api/session", json={"name": "Ada", "password": PASSWORD}).json()["csrf"]}
        r = client.post("/api/games", json={"game": "maker", "players": 2, "seats": ["human", "human"]})
        gid, code = r.json()["id"], r.json()["invites"]["1"]
        disk = FullDisk(client, path)
        disk.fill(("table_extras", "seat_accounts"))
        before = contents(path)
        r = ada.post("/api/games", headers=csrf, json={"game": "maker", "players": 2, "seats": ["human", "human"],
                                                       "clock": {"move_seconds": 300}})
        assert r.status_code == 503 and "nothing changed" in r.json()["error"], r.text
        r = ada.post(f"/api/games/{gid}/claim", headers=csrf, json={"code": code})
        assert r.status_code == 503 and "nothing changed" in r.json()["error"], r.text
        assert contents(path) == before
        assert len(client.app.state.tables.live) == 1  # the refused table never entered memory either
        disk.free()
        r = ada.post(f"/api/games/{gid}/claim", headers=csrf, json={"code": code})  # the code is still good
        assert r.status_code == 201, r.text
