"""Issue 31: clocks. Real time (a move's seconds plus a bank) or turn-based (hours a move), timed on the server; a
seat out of time is played by the bot of the level chosen at creation, the table says so, and its player takes it
back; the clock survives a restart. Deadlines are tested by sweeping at a chosen time (no waiting on the clock), and
once through the server's own sweeper with a very short clock."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from monsterbox.server.accounts import AccountLimits
from monsterbox.server.app import Settings, create_app
from monsterbox.server.clock import turn
from tests.server_helpers import NO_LIMITS, auth, my_turn, new_table, state, wait_for

FAR = 10**9  # seconds: any deadline has passed by then


def make(db: str, **kw: Any) -> TestClient:
    settings = Settings(db=db, limits=NO_LIMITS, accounts=AccountLimits(argon2_time_cost=1, argon2_memory_cost=8192),
                        **kw)
    return TestClient(create_app(settings=settings))


@pytest.fixture
def db(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'clock.db'}"


def test_time_beyond_the_move_comes_out_of_the_bank() -> None:
    clock = {"move_seconds": 10.0, "bank_seconds": 60.0}
    st = {"banks": [60.0, 60.0], "seat": 0, "since": 1000.0, "deadline": 1070.0, "version": 0}
    after = turn(clock, st, 1, 1, 1025.0)  # seat 0 took 25 s: 15 from its bank
    assert after["banks"] == [45.0, 60.0] and after["seat"] == 1 and after["deadline"] == 1025.0 + 10 + 60
    quick = turn(clock, after, 0, 2, 1030.0)  # seat 1 took 5 s: within its move's time
    assert quick["banks"] == [45.0, 60.0] and quick["deadline"] == 1030.0 + 10 + 45
    daily = turn({"turn_hours": 24.0}, {"banks": [0.0, 0.0], "seat": 0, "since": 0.0, "deadline": 0.0,
                                        "version": 0}, 1, 1, 50.0)
    assert daily["deadline"] == 50.0 + 24 * 3600
    assert turn(clock, quick, None, 3, 1031.0)["deadline"] is None  # the game is over: no clock runs


@pytest.mark.parametrize("clock", [
    {"move_seconds": 1}, {"move_seconds": 10**9}, {"move_seconds": 10, "bank_seconds": -5},
    {"turn_hours": 0.01}, {"turn_hours": 10**6}, {"turn_hours": 24, "move_seconds": 30}, {},
    {"bank_seconds": 30}, {"move_seconds": "soon"}, {"move_seconds": 30, "extra": 1},
])
def test_timer_abuse_bad_clocks_are_refused(db: str, clock: dict[str, Any]) -> None:
    with make(db) as c:
        r = c.post("/api/games", json={"game": "inn", "players": 3, "seats": ["human", "random", "random"],
                                       "clock": clock})
        assert r.status_code == 400 and r.json()["error"]


def test_infinite_times_and_unknown_levels_are_refused(db: str) -> None:
    with make(db) as c:
        body = '{"game": "inn", "players": 3, "seats": ["human", "random", "random"], "clock": {"move_seconds": '
        r = c.post("/api/games", content=body + 'Infinity}}', headers={"Content-Type": "application/json"})
        assert r.status_code == 400
        r = c.post("/api/games", json={"game": "inn", "players": 3, "seats": ["human", "random", "random"],
                                       "clock": {"move_seconds": 30}, "timeout_agent": "ismcts:iterations=5000"})
        assert r.status_code == 400
        r = c.post("/api/games", json={"game": "inn", "players": 3, "seats": ["human", "random", "random"],
                                       "timeout_agent": "easy"})
        assert r.status_code == 400


def test_the_state_carries_the_clock(db: str) -> None:
    with make(db) as c:
        gid, tokens = new_table(c, "mansion", 2, ["human", "human"], clock={"move_seconds": 30, "bank_seconds": 120})
        s = state(c, gid, tokens["0"])
        clock = s["clock"]
        assert clock["move_seconds"] == 30 and clock["banks"] == [120.0, 120.0]
        assert clock["seat"] == s["to_play"]
        assert time.time() + 30 < clock["deadline"] <= time.time() + 150


def take_over(c: TestClient, gid: str) -> None:
    c.app.state.clocks.sweep(now=time.time() + FAR)  # type: ignore[attr-defined]


def test_a_seat_out_of_time_is_played_by_the_chosen_bot_and_taken_back(db: str) -> None:
    with make(db) as c:
        gid, tokens = new_table(c, "mansion", 2, ["human", "human"], clock={"turn_hours": 24},
                                timeout_agent="easy")
        s = state(c, gid, tokens["0"])
        late = s["to_play"]
        other = 1 - late
        take_over(c, gid)
        s = state(c, gid)
        assert s["seats"][late]["timed_out"] is True and s["seats"][late]["kind"] == "bot"
        assert s["seats"][late]["agent"] == "easy"
        assert s["seats"][late]["note"] == "out of time: a bot plays this seat until its player takes it back"
        assert state(c, gid, tokens[str(late)]) and "note" in state(c, gid)["seats"][late]  # after the bot's moves
        # the bot plays the seat: the other seat's turn comes
        wait_for(c, gid, tokens[str(other)], lambda st: st["to_play"] == other or st["over"])
        # nobody else takes the seat back: a spectator, another seat, a forged token
        assert c.post(f"/api/games/{gid}/takeback").status_code == 403
        assert c.post(f"/api/games/{gid}/takeback", headers=auth(tokens[str(other)])).status_code == 400
        assert c.post(f"/api/games/{gid}/takeback", headers=auth("forged")).status_code == 403
        r = c.post(f"/api/games/{gid}/takeback", headers=auth(tokens[str(late)]))
        assert r.status_code == 200 and r.json() == {"seat": late}
        s = state(c, gid, tokens[str(late)])
        assert s["seats"][late]["kind"] == "human" and "timed_out" not in s["seats"][late]
        assert s["clock"]["banks"][late] == 0.0
        # the player plays their own seat again once the other seat's turn is over
        while (s := state(c, gid, tokens[str(other)]))["to_play"] == other and not s["over"]:
            r = c.post(f"/api/games/{gid}/actions", json={"action": s["legal"][0]["id"], "version": s["version"]},
                       headers=auth(tokens[str(other)]))
            assert r.status_code == 200
        s = my_turn(c, gid, tokens[str(late)], late)
        assert s["legal"], "the seat taken back has its moves again"


def test_the_server_s_own_sweeper_times_a_short_clock(db: str) -> None:
    with make(db, clock_tick=0.02, min_move_seconds=0.05) as c:
        gid, tokens = new_table(c, "mansion", 2, ["human", "human"], clock={"move_seconds": 0.05})
        s = wait_for(c, gid, None, lambda st: any(x.get("timed_out") for x in st["seats"]))
        assert any(x.get("note") for x in s["seats"])


def test_the_clock_survives_a_restart(db: str) -> None:
    with make(db) as c:
        gid, tokens = new_table(c, "mansion", 2, ["human", "human"], clock={"turn_hours": 1})
        late = state(c, gid)["to_play"]
    with make(db) as c:  # a new server on the same database: the table is not in its memory
        assert gid not in c.app.state.tables.live  # type: ignore[attr-defined]
        assert c.app.state.clocks.sweep(now=time.time() + 1800) == []  # type: ignore[attr-defined]
        assert c.app.state.clocks.sweep(now=time.time() + 3700) == [gid]  # type: ignore[attr-defined]
        s = state(c, gid)
        assert s["seats"][late]["timed_out"] is True
        assert s["clock"]["seat"] == s["to_play"]


def test_a_clock_whose_start_was_not_stored_starts_on_the_next_change(db: str) -> None:
    """Creation stores the table (with its clock settings) first, then the clock's starting state: if that second
    write failed (a full disk: a 503), the table would be untimed forever. The next change starts its clock."""
    from sqlalchemy import update

    from monsterbox.server.accounts import TableExtraRow

    with make(db) as c:
        gid, tokens = new_table(c, "mansion", 2, ["human", "human"], clock={"move_seconds": 30, "bank_seconds": 120})
        store = c.app.state.tables.store  # type: ignore[attr-defined]
        with store.engine.begin() as conn:
            conn.execute(update(TableExtraRow).where(TableExtraRow.game == gid).values(clock_state=None))
        clocks = c.app.state.clocks  # type: ignore[attr-defined]
        assert clocks._load(gid) is None
        clocks.on_change(gid)
        started = clocks._load(gid)
        assert started is not None and started["banks"] == [120.0, 120.0]
        assert started["seat"] == state(c, gid, tokens["0"])["to_play"]


def test_the_clock_moves_with_the_move_itself(db: str) -> None:
    """A state is built under the table's lock; the clock moves on under the same lock as the move that changes the
    seat to play (``Tables.committed``), so no state shows the new seat to play with the old clock. Without the
    after-change listeners (which run once the lock is released, when a reader may already have built a state),
    every state still agrees."""
    with make(db) as c:
        tables = c.app.state.tables  # type: ignore[attr-defined]
        clocks = c.app.state.clocks  # type: ignore[attr-defined]
        tables.listeners.remove(clocks.on_change)
        gid, tokens = new_table(c, "mansion", 2, ["human", "human"], clock={"move_seconds": 30, "bank_seconds": 120})
        for _ in range(6):
            s = state(c, gid)
            seat = s["to_play"]
            assert s["clock"]["seat"] == seat and s["clock"]["deadline"] is not None
            mine = state(c, gid, tokens[str(seat)])
            r = c.post(f"/api/games/{gid}/actions", json={"action": mine["legal"][0]["id"], "version": mine["version"]},
                       headers=auth(tokens[str(seat)]))
            assert r.status_code == 200, r.text
