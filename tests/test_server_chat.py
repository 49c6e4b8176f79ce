"""Issue 31: table chat. Players talk, spectators read; text only, length- and rate-limited, kept with the record;
Monster has no chat unless the rulebook's variant "More verbal communication" is chosen at creation."""

from __future__ import annotations

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
    with make(db) as c:
        gid, tokens = new_table(c, "monster", 2, ["human", "heuristic"])
        assert c.get(f"/api/games/{gid}/chat").json() == {"allowed": False, "messages": []}
        r = say(c, gid, tokens["0"], "take the vampire")
        assert r.status_code == 403 and "verbal" in r.json()["error"]
        gid, tokens = new_table(c, "monster", 2, ["human", "heuristic"], verbal_communication=True)
        assert c.get(f"/api/games/{gid}/chat").json()["allowed"] is True
        assert say(c, gid, tokens["0"], "take the vampire").status_code == 201


def test_the_chat_is_kept_with_the_record_and_survives_a_restart(db: str) -> None:
    with make(db) as c:
        gid, tokens = new_table(c, "inn", 3, ["human", "random", "random"])
        assert say(c, gid, tokens["0"], "good luck").status_code == 201
    with make(db) as c:  # a new server process on the same database
        assert [m["text"] for m in c.get(f"/api/games/{gid}/chat").json()["messages"]] == ["good luck"]
        from tests.test_server_accounts import play_out

        play_out(c, gid, {0: tokens["0"]})
        assert [m["text"] for m in c.get(f"/api/games/{gid}/record").json()["chat"]] == ["good luck"]
