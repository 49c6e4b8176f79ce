"""Shared pieces of the server tests: a client on a fresh database, tables, waiting for a seat's turn."""

from __future__ import annotations

import time
import warnings
from typing import Any

warnings.filterwarnings("ignore", category=DeprecationWarning)

from fastapi.testclient import TestClient  # noqa: E402

from monsterbox.server.app import Settings, create_app  # noqa: E402
from monsterbox.server.security import Limits  # noqa: E402

NO_LIMITS = Limits(create=None, move=None, read=None, connect=None, ws_message=None)


def client_for(db: str, limits: Limits | None = None, **kw: Any) -> TestClient:
    settings = Settings(db=db, limits=limits or NO_LIMITS, **kw)
    return TestClient(create_app(settings=settings))


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def claim_all(post: Any, created: dict[str, Any]) -> dict[str, str]:
    """Every human seat's token of a table just created (``created``: the reply of POST /api/games): the creator's
    own, and each invited seat's, claimed with its code as the invited player would (``post(path, json=...)``: a
    TestClient's or an httpx client's ``post``)."""
    tokens = dict(created["tokens"])
    for seat, code in created.get("invites", {}).items():
        r = post(f"/api/games/{created['id']}/claim", json={"code": code})
        assert r.status_code == 201, r.text
        assert r.json()["seat"] == int(seat)
        tokens[seat] = r.json()["token"]
    return tokens


def new_table(client: TestClient, game: str = "inn", players: int = 4, seats: list[str] | None = None,
              claim: bool = True, **extra: Any) -> tuple[str, dict[str, str]]:
    """A new table and its seat tokens: every human seat's (each invite claimed), or the creator's only
    (``claim=False``)."""
    seats = seats or ["human"] + ["heuristic"] * (players - 1)
    r = client.post("/api/games", json={"game": game, "players": players, "seats": seats, **extra})
    assert r.status_code == 201, r.text
    return r.json()["id"], claim_all(client.post, r.json()) if claim else r.json()["tokens"]


def state(client: TestClient, gid: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}", headers=auth(token) if token else {})
    assert r.status_code == 200, r.text
    return r.json()


def wait_for(client: TestClient, gid: str, token: str | None, pred: Any, timeout: float = 20.0) -> dict[str, Any]:
    """Poll the table until ``pred(state)`` (the bots move off the request path)."""
    end = time.monotonic() + timeout
    while True:
        s = state(client, gid, token)
        if pred(s):
            return s
        if time.monotonic() > end:
            raise AssertionError(f"the table did not reach the expected state: {s['status']}, to play "
                                 f"{s['to_play']}, version {s['version']}, notice {s.get('notice')}")
        time.sleep(0.01)


def my_turn(client: TestClient, gid: str, token: str, seat: int) -> dict[str, Any]:
    return wait_for(client, gid, token, lambda s: s["over"] or (s["to_play"] == seat and s["legal"]))


def move(client: TestClient, gid: str, token: str, s: dict[str, Any], action: str | None = None) -> Any:
    action = action or s["legal"][0]["id"]
    return client.post(f"/api/games/{gid}/actions", json={"action": action, "version": s["version"]},
                       headers=auth(token))
