"""Issue 31: table chat. Players talk, spectators read; text only, length- and rate-limited, kept with the record;
Monster has no chat unless the rulebook's variant "More verbal communication" is chosen at creation."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from monsterbox.server.accounts import AccountLimits
from monsterbox.server.app import Settings, create_app
from tests.server_helpers import NO_LIMITS, auth, new_table


def make(db: str, **limits: Any) -> TestClient:
    settings = Settings(db=db, limits=NO_LIMITS,
                        accounts=AccountLimits(argon2_time_cost=1, argon2_memory_cost=8192, **limits))
    return TestClient(create_app(settings=settings))


@pytest.fixture
def db(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'chat.db'}"


def say(c: TestClient, gid: str, token: str | None, text: str) -> Any:
    return c.post(f"/api/games/{gid}/chat", json={"text": text}, headers=auth(token) if token else {})


def test_players_talk_and_spectators_read_at_a_mansion_table(db: str) -> None:
    with make(db) as c:
        gid, tokens = new_table(c, "mansion", 2, ["human", "human"])
        assert say(c, gid, tokens["0"], "  hello   there ").status_code == 201
        assert say(c, gid, tokens["1"], "<script>alert(1)</script>").status_code == 201
        chat = c.get(f"/api/games/{gid}/chat").json()  # a spectator
        assert chat["allowed"] is True
        assert [(m["seat"], m["text"]) for m in chat["messages"]] == [
            (0, "hello there"), (1, "<script>alert(1)</script>")]  # kept as typed: the page shows it as text
        assert all(m["name"] for m in chat["messages"])
        since = chat["messages"][0]["id"]
        assert [m["seat"] for m in c.get(f"/api/games/{gid}/chat?since={since}").json()["messages"]] == [1]
        # spectators and forged tokens do not talk
        assert say(c, gid, None, "hi").status_code == 403
        assert say(c, gid, "forged-token", "hi").status_code == 403


@pytest.mark.parametrize("text", ["", "   ", "x" * 301, "bell\x07", "line\u2028break\u0000"])
def test_empty_long_and_control_messages_are_refused(db: str, text: str) -> None:
    with make(db) as c:
        gid, tokens = new_table(c, "mansion", 2, ["human", "random"])
        r = say(c, gid, tokens["0"], text)
        assert r.status_code == 400 and r.json()["error"]
        assert c.get(f"/api/games/{gid}/chat").json()["messages"] == []


def test_a_flood_is_cut(db: str) -> None:
    with make(db, chat_per_seat="3/minute") as c:
        gid, tokens = new_table(c, "mansion", 2, ["human", "human"])
        assert [say(c, gid, tokens["0"], f"m{i}").status_code for i in range(4)] == [201, 201, 201, 429]
        assert say(c, gid, tokens["1"], "my turn to speak").status_code == 201  # per seat
        assert len(c.get(f"/api/games/{gid}/chat").json()["messages"]) == 4


def test_monster_has_no_chat_unless_the_verbal_variant_is_chosen(db: str) -> None:
    """The rulebook's variant "More verbal communication" is Monster's game option ``verbal_communication``."""
    with make(db) as c:
        gid, tokens = new_table(c, "monster", 2, ["human", "heuristic"])
        assert c.get(f"/api/games/{gid}/chat").json() == {"allowed": False, "messages": []}
        r = say(c, gid, tokens["0"], "take the vampire")
        assert r.status_code == 403 and "verbal_communication" in r.json()["error"]  # says why, and what allows it
        r = c.post(f"/api/games/{gid}/chat?lang=fr", json={"text": "x"}, headers=auth(tokens["0"]))
        assert r.status_code == 403 and "communication verbale" in r.json()["error"]
        gid, tokens = new_table(c, "monster", 2, ["human", "heuristic"], options={"verbal_communication": True})
        assert c.get(f"/api/games/{gid}/chat").json()["allowed"] is True
        assert say(c, gid, tokens["0"], "take the vampire").status_code == 201
        # the option is validated like the others
        r = c.post("/api/games", json={"game": "monster", "players": 2, "seats": ["human", "heuristic"],
                                       "options": {"verbal_communication": "yes"}})
        assert r.status_code == 400 and "verbal_communication" in r.json()["error"]
        # the old top-level field still asks for it (it sets the game option)
        gid, tokens = new_table(c, "monster", 2, ["human", "heuristic"], verbal_communication=True)
        assert say(c, gid, tokens["0"], "hello").status_code == 201


def test_a_monster_table_stored_with_the_old_verbal_field_keeps_its_chat(db: str) -> None:
    """Before the game option, the choice was the table's ``table_extras.verbal``: such a table still talks."""
    from sqlalchemy import insert

    from monsterbox.server.store import TableExtraRow

    with make(db) as c:
        gid, tokens = new_table(c, "monster", 2, ["human", "heuristic"])
        store = c.app.state.store  # type: ignore[attr-defined]
        with store.engine.begin() as conn:
            conn.execute(insert(TableExtraRow).values(game=gid, rated=False, verbal=True))
    with make(db) as c:  # a new process reads it
        assert c.get(f"/api/games/{gid}/chat").json()["allowed"] is True
        assert say(c, gid, tokens["0"], "we may talk").status_code == 201


def receive_chat(ws: Any, timeout: float = 30.0) -> dict[str, Any]:
    """The next chat push on a table's socket (the states pushed meanwhile skipped); fails when none comes (a
    generous bound on a loaded machine: nothing is asserted about the time it takes)."""
    box: dict[str, Any] = {}

    def read() -> None:
        for _ in range(50):
            msg = ws.receive_json()
            if msg.get("type") == "chat":
                box["msg"] = msg
                return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout)
    assert "msg" in box, "no chat message was pushed"
    return dict(box["msg"])


def test_a_message_is_pushed_to_every_page_of_the_table(db: str) -> None:
    """Players and spectators get a new message over the table's WebSocket, without asking for it."""
    with make(db) as c:
        gid, tokens = new_table(c, "mansion", 2, ["human", "human"])
        with c.websocket_connect(f"/api/games/{gid}/ws") as watcher, \
                c.websocket_connect(f"/api/games/{gid}/ws?token={tokens['1']}") as player:
            assert watcher.receive_json()["id"] == gid and player.receive_json()["seat"] == 1  # the states first
            assert say(c, gid, tokens["0"], "hello <b>all</b>").status_code == 201
            for ws in (watcher, player):
                msg = receive_chat(ws)
                assert msg["table"] == gid
                assert [(m["seat"], m["text"]) for m in msg["messages"]] == [(0, "hello <b>all</b>")]
                assert msg["messages"][0]["name"] and msg["messages"][0]["id"]
            assert say(c, gid, tokens["1"], "hi").status_code == 201
            assert [m["text"] for m in receive_chat(watcher)["messages"]] == ["hi"]  # only what is new
            # the limits are the same as before
            assert say(c, gid, tokens["1"], "x" * 301).status_code == 400


def test_no_chat_is_pushed_at_a_monster_table_without_the_variant(db: str) -> None:
    with make(db) as c:
        gid, tokens = new_table(c, "monster", 2, ["human", "human"])
        assert c.app.state.chat.hub.subs == {}  # type: ignore[attr-defined]
        with c.websocket_connect(f"/api/games/{gid}/ws?token={tokens['0']}") as ws:
            assert ws.receive_json()["id"] == gid
            assert c.app.state.chat.hub.subs == {}  # type: ignore[attr-defined]  # nothing followed
        gid, tokens = new_table(c, "monster", 2, ["human", "human"], options={"verbal_communication": True})
        with c.websocket_connect(f"/api/games/{gid}/ws?token={tokens['0']}") as ws:
            assert ws.receive_json()["id"] == gid
            assert say(c, gid, tokens["1"], "the troll first").status_code == 201
            assert receive_chat(ws)["messages"][0]["text"] == "the troll first"
        assert c.app.state.chat.hub.subs == {}  # type: ignore[attr-defined]  # unsubscribed when it closed


def test_the_chat_is_kept_with_the_record_and_survives_a_restart(db: str) -> None:
    with make(db) as c:
        gid, tokens = new_table(c, "inn", 3, ["human", "random", "random"])
        assert say(c, gid, tokens["0"], "good luck").status_code == 201
    with make(db) as c:  # a new server process on the same database
        assert [m["text"] for m in c.get(f"/api/games/{gid}/chat").json()["messages"]] == ["good luck"]
        from tests.test_server_accounts import play_out

        play_out(c, gid, {0: tokens["0"]})
        assert [m["text"] for m in c.get(f"/api/games/{gid}/record").json()["chat"]] == ["good luck"]


def test_a_message_said_through_another_process_is_pushed_too(db: str) -> None:
    """Two server processes on one SQLite file (``serve --workers``): a message said through one reaches the
    sockets the other holds (told over the siblings' channel, as moves are)."""
    with make(db) as a, make(db) as b:
        gid, tokens = new_table(a, "mansion", 2, ["human", "human"])
        with b.websocket_connect(f"/api/games/{gid}/ws?token={tokens['1']}") as ws:
            assert ws.receive_json()["seat"] == 1
            channel = a.app.state.store.notifier.__self__  # type: ignore[attr-defined]  # a's SiblingChannel
            for _ in range(500):  # b's holding of the table has reached a (its "hold" datagram)
                if channel.holders.get(gid):
                    break
                time.sleep(0.01)
            assert channel.holders.get(gid)
            assert say(a, gid, tokens["0"], "from the other worker").status_code == 201
            assert receive_chat(ws)["messages"][0]["text"] == "from the other worker"
