"""Issue 31: "your turn" pushed live to the lobby: the account's socket (``WS /api/me/ws``, session cookie) and a
guest's (``WS /api/turns/ws``, seat tokens), and the attacker's tests of both (no or forged session, a cross-site
page, another account's tables, too many sockets, floods, oversize messages, forged tokens)."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from monsterbox.server.turns import MAX_GUEST_TABLES, MAX_PER_ACCOUNT
from tests.server_helpers import move, my_turn
from tests.test_server_accounts import csrf, make, register, sign_in


@pytest.fixture
def db(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'turns.db'}"


def table_of_two(c: TestClient, guest: TestClient, token: str) -> tuple[str, str]:
    """A Mansion table: seat 0 the signed-in creator's, seat 1 claimed by a guest; returns (id, the guest's token)."""
    r = c.post("/api/games", json={"game": "mansion", "players": 2, "seats": ["human", "human"]},
               headers=csrf(token))
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    claimed = guest.post(f"/api/games/{gid}/claim", json={"code": r.json()["invites"]["1"]})
    assert claimed.status_code == 201, claimed.text
    return gid, claimed.json()["token"]


def next_tables(ws: Any, gid: str) -> dict[str, Any]:
    msg = ws.receive_json()
    assert msg["type"] == "tables", msg
    return next(t for t in msg["tables"] if t["id"] == gid)


def play_until_turn_of(c: TestClient, gid: str, tokens: dict[int, str], seat: int) -> None:
    """Moves by whoever is to play until ``seat`` is to play."""
    for _ in range(20):
        s = c.get(f"/api/games/{gid}").json()
        if s["to_play"] == seat:
            return
        other = s["to_play"]
        st = my_turn(c, gid, tokens[other], other)
        assert move(c, gid, tokens[other], st).status_code == 200
    raise AssertionError("the seat's turn never came")


def test_a_move_by_the_other_seat_is_pushed_to_the_accounts_lobby_as_your_turn(db: str) -> None:
    with make(db) as c:
        guest = TestClient(c.app)
        register(c, "alice")
        token = sign_in(c, "alice")
        gid, guest_token = table_of_two(c, guest, token)
        mine = c.post(f"/api/games/{gid}/resume", headers=csrf(token)).json()["token"]
        tokens = {0: mine, 1: guest_token}
        play_until_turn_of(c, gid, tokens, 1)  # the guest is to play
        with c.websocket_connect("/api/me/ws") as ws:
            first = next_tables(ws, gid)
            assert first["seat"] == 0 and first["your_turn"] is False
            st = my_turn(guest, gid, guest_token, 1)
            assert move(guest, gid, guest_token, st).status_code == 200  # the other seat moves
            pushed = next_tables(ws, gid)
            while not pushed["your_turn"] and pushed["to_play"] != 0:  # (a state between, if any)
                pushed = next_tables(ws, gid)
            assert pushed["your_turn"] is True and pushed["to_play"] == 0


def test_a_table_created_while_the_socket_is_open_is_pushed(db: str) -> None:
    with make(db) as c:
        register(c, "alice")
        token = sign_in(c, "alice")
        with c.websocket_connect("/api/me/ws") as ws:
            assert ws.receive_json() == {"type": "tables", "tables": []}
            r = c.post("/api/games", json={"game": "inn", "players": 3, "seats": ["human", "random", "random"]},
                       headers=csrf(token))
            gid = r.json()["id"]
            msg = ws.receive_json()
            assert [t["id"] for t in msg["tables"]] == [gid]


def refused(c: TestClient, path: str, **kw: Any) -> tuple[dict[str, Any], int]:
    """What a refused socket says, and its close code."""
    with c.websocket_connect(path, **kw) as ws:
        msg = ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    return msg, closed.value.code


def test_the_account_socket_needs_a_valid_session_from_this_site(db: str) -> None:
    with make(db) as c:
        msg, code = refused(c, "/api/me/ws")  # no session
        assert (msg["status"], code) == (401, 4401) and msg["error"]
        c.cookies.set("mb_session", "forged-session-id")
        msg, code = refused(c, "/api/me/ws")
        assert (msg["status"], code) == (401, 4401) and "sign in again" in msg["error"]
        c.cookies.clear()
        register(c, "alice")
        sign_in(c, "alice")
        # a cross-site page cannot listen with the player's cookie
        msg, code = refused(c, "/api/me/ws", headers={"origin": "https://evil.example"})
        assert (msg["status"], code) == (403, 4403)
        msg, code = refused(c, "/api/me/ws", headers={"origin": "null"})
        assert (msg["status"], code) == (403, 4403)
        with c.websocket_connect("/api/me/ws", headers={"origin": "http://testserver"}) as ws:
            assert ws.receive_json()["type"] == "tables"  # this site's own page


def test_an_account_sees_only_its_own_tables_and_a_signed_out_socket_closes(db: str) -> None:
    with make(db) as c:
        guest = TestClient(c.app)
        bob = TestClient(c.app)
        register(c, "alice")
        token = sign_in(c, "alice")
        register(bob, "bob")
        bob_csrf = sign_in(bob, "bob")
        gid, guest_token = table_of_two(c, guest, token)
        mine = c.post(f"/api/games/{gid}/resume", headers=csrf(token)).json()["token"]
        with bob.websocket_connect("/api/me/ws") as ws:
            assert ws.receive_json() == {"type": "tables", "tables": []}  # alice's table is not bob's
            bob.delete("/api/session", headers=csrf(bob_csrf))
            # a change at a table wakes nothing for bob; his socket checks its session at its next push
            turns = c.app.state.turns  # type: ignore[attr-defined]
            for key in list(turns.accounts_w.subs):
                turns.accounts_w.wake(key)
            msg = ws.receive_json()
            assert msg["status"] == 401
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4401
        assert c.app.state.turns.accounts_w.subs == {}  # type: ignore[attr-defined]
        assert c.app.state.turns.index == {}  # type: ignore[attr-defined]
        assert mine and guest_token


def test_sockets_per_account_are_bounded_and_they_only_speak(db: str) -> None:
    with make(db) as c:
        register(c, "alice")
        sign_in(c, "alice")
        opened = []
        try:
            for _ in range(MAX_PER_ACCOUNT):
                ws = c.websocket_connect("/api/me/ws").__enter__()
                assert ws.receive_json()["type"] == "tables"
                opened.append(ws)
            msg, code = refused(c, "/api/me/ws")
            assert (msg["status"], code) == (429, 4429)
            ws = opened[0]
            ws.send_text('{"action": "x"}')
            assert ws.receive_json()["status"] == 400  # nothing to send on it
            ws.send_text("x" * 9000)
            assert ws.receive_json()["status"] == 413
            with pytest.raises(WebSocketDisconnect):
                ws.receive_json()
            ws2 = opened[1]
            for _ in range(20):
                ws2.send_text("{}")
                assert ws2.receive_json()["status"] == 400
            ws2.send_text("{}")
            assert ws2.receive_json()["status"] == 429  # a flood closes it
            with pytest.raises(WebSocketDisconnect):
                ws2.receive_json()
        finally:
            for ws in opened:
                with contextlib.suppress(Exception):
                    ws.__exit__(None, None, None)


def test_a_guests_lobby_follows_its_seats_with_their_tokens(db: str) -> None:
    with make(db) as c:
        r = c.post("/api/games", json={"game": "mansion", "players": 2, "seats": ["human", "human"]})
        gid = r.json()["id"]
        t0 = r.json()["tokens"]["0"]
        t1 = c.post(f"/api/games/{gid}/claim", json={"code": r.json()["invites"]["1"]}).json()["token"]
        tokens = {0: t0, 1: t1}
        play_until_turn_of(c, gid, tokens, 1)
        with c.websocket_connect("/api/turns/ws") as ws:
            ws.send_json({"seats": [{"id": gid, "token": t0}, {"id": gid, "token": "forged"},
                                    {"id": "nope", "token": "x"}]})
            msg = ws.receive_json()
            assert msg["type"] == "turns"
            assert [(x["id"], x["seat"], x["your_turn"]) for x in msg["tables"]] == [(gid, 0, False)]
            assert msg["tables"][0]["game"] == "mansion" and len(msg["tables"][0]["names"]) == 2
            assert sorted(e["id"] for e in msg["errors"]) == [gid, "nope"]  # a forged token, an unknown table
            st = my_turn(c, gid, t1, 1)
            assert move(c, gid, t1, st).status_code == 200
            pushed = ws.receive_json()
            assert pushed["tables"][0]["your_turn"] is True and pushed["tables"][0]["to_play"] == 0
        assert c.app.state.turns.tables_w.subs == {}  # type: ignore[attr-defined]


@pytest.mark.parametrize("first", [
    "not json", '{"seats": "all"}', '{"seats": [], "more": 1}', '{"seats": [{"id": 1, "token": "x"}]}',
    '{"seats": [{"id": "a", "token": ""}]}',
    '{"seats": [' + ",".join(['{"id": "a", "token": "x"}'] * (MAX_GUEST_TABLES + 1)) + "]}"])
def test_a_guests_socket_refuses_a_bad_first_message(db: str, first: str) -> None:
    with make(db) as c, c.websocket_connect("/api/turns/ws") as ws:
        ws.send_text(first)
        msg = ws.receive_json()
        assert msg["status"] == 400 and msg["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4400


def test_a_guests_socket_refuses_a_cross_site_page(db: str) -> None:
    with make(db) as c:
        msg, code = refused(c, "/api/turns/ws", headers={"origin": "https://evil.example"})
        assert (msg["status"], code) == (403, 4403)
