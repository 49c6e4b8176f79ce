"""Invites (issue 30, item 4; finding 10): the creator of a table receives its own seat's token only, and a single-use
claim code for each other human seat. Claiming a code gives a fresh token the creator never sees; a code is
refused the second time (409) and a wrong one 403; of concurrent claims of one code exactly one wins, in one process
and across processes on one database; an unclaimed seat shows as "invited"; invites survive a restart."""

import json
import threading

import pytest

pytest.importorskip("fastapi", reason="the server extra (installed by make test)")
from sqlalchemy import create_engine, text  # noqa: E402

from monsterbox.server import errors  # noqa: E402
from monsterbox.server.errors import Forbidden  # noqa: E402
from monsterbox.server.store import Store, normalise_url  # noqa: E402
from monsterbox.server.tables import Tables  # noqa: E402
from tests.server_helpers import auth, client_for, state  # noqa: E402


@pytest.fixture
def db(tmp_path):
    return f"sqlite:///{tmp_path / 'games.db'}"


def create(client, seats, **extra):
    r = client.post("/api/games", json={"game": "inn", "players": len(seats), "seats": seats, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def claim(client, gid, code, **extra):
    return client.post(f"/api/games/{gid}/claim", json={"code": code, **extra})


def test_the_creator_gets_its_own_token_and_a_code_for_each_other_human_seat(db):
    client = client_for(db)
    made = create(client, ["random", "human", "human", "human"])
    gid = made["id"]
    assert set(made["tokens"]) == {"1"} and set(made["invites"]) == {"2", "3"}
    # an invite code is not a token: it holds no seat, and the creator's token reads its own seat only
    for code in made["invites"].values():
        assert client.get(f"/api/games/{gid}", headers=auth(code)).status_code == 403
    mine = state(client, gid, made["tokens"]["1"])
    assert mine["seat"] == 1 and mine["status"] == "waiting"
    assert [s["kind"] for s in mine["seats"]] == ["bot", "human", "invited", "invited"]
    # the invited player claims seat 2: a token the creator never saw, holding that seat (its hand)
    r = claim(client, gid, made["invites"]["2"], name="Bea")
    assert r.status_code == 201, r.text
    got = r.json()
    assert got["seat"] == 2 and got["id"] == gid and got["token"] not in (*made["tokens"].values(),
                                                                          *made["invites"].values())
    theirs = state(client, gid, got["token"])
    assert theirs["seat"] == 2 and theirs["view"] != mine["view"]
    assert theirs["seats"][2] == {"seat": 2, "kind": "human", "name": "Bea"}
    assert theirs["status"] == "waiting"  # seat 3 is still invited
    assert "token_hash" not in json.dumps(theirs) and "invite_hash" not in json.dumps(theirs)
    r = claim(client, gid, made["invites"]["3"])
    assert r.status_code == 201 and r.json()["seat"] == 3
    assert state(client, gid)["status"] == "playing"


def test_a_code_is_single_use_and_a_wrong_code_is_refused(db):
    client = client_for(db)
    made = create(client, ["human", "human", "random"], names=["Ada", "Bea", None])
    gid, code = made["id"], made["invites"]["1"]
    first = claim(client, gid, code)
    assert first.status_code == 201
    again = claim(client, gid, code, name="Mallory")
    assert again.status_code == 409 and "already used" in again.json()["error"]
    assert state(client, gid)["seats"][1]["name"] == "Bea"  # the creator's name for the seat stays
    assert state(client, gid, first.json()["token"])["seat"] == 1  # the winner's token still holds the seat
    wrong = claim(client, gid, code[:-2] + ("AA" if not code.endswith("AA") else "BB"))
    assert wrong.status_code == 403 and "not valid" in wrong.json()["error"]
    # a code of another table is wrong here; bad bodies are 400; an unknown table 404
    other = create(client, ["human", "human", "random"])
    assert claim(client, gid, other["invites"]["1"]).status_code == 403
    assert claim(client, gid, "").status_code == 400
    assert claim(client, gid, "x" * 201).status_code == 400
    assert client.post(f"/api/games/{gid}/claim", json={"code": 5}).status_code == 400
    assert client.post(f"/api/games/{gid}/claim", json={"code": "c", "seat": 1}).status_code == 400
    assert claim(client, gid, code, name="\x00bad").status_code in (400, 409)
    assert claim(client, "nosuchgame", code).status_code == 404
    fr = client.post(f"/api/games/{gid}/claim?lang=fr", json={"code": code})
    assert fr.status_code == 409 and "already used" not in fr.json()["error"]


def test_codes_are_stored_hashed_and_invites_survive_a_restart(db):
    client = client_for(db)
    made = create(client, ["human", "human", "human"])
    gid = made["id"]
    assert claim(client, gid, made["invites"]["1"]).status_code == 201
    client.app.state.tables.close()
    engine = create_engine(normalise_url(db))
    with engine.connect() as conn:
        stored = conn.execute(text("SELECT seats FROM games WHERE id = :g"), {"g": gid}).scalar_one()
    engine.dispose()
    for secret in (*made["tokens"].values(), *made["invites"].values()):
        assert secret not in stored
    restarted = client_for(db)
    assert state(restarted, gid)["seats"][2]["kind"] == "invited"
    assert claim(restarted, gid, made["invites"]["1"]).status_code == 409  # used before the restart
    r = claim(restarted, gid, made["invites"]["2"])
    assert r.status_code == 201 and state(restarted, gid, r.json()["token"])["seat"] == 2
    assert state(restarted, gid, made["tokens"]["0"])["seat"] == 0


def race(claimers):
    """Run every claimer at once (a barrier), returning what each returned or raised."""
    out = []
    barrier = threading.Barrier(len(claimers))

    def go(fn):
        barrier.wait()
        try:
            out.append(fn())
        except Exception as exc:  # noqa: BLE001 - the outcome is what is checked
            out.append(exc)

    threads = [threading.Thread(target=go, args=(fn,)) for fn in claimers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return out


def test_concurrent_claims_of_one_code_over_http_exactly_one_wins(db):
    client = client_for(db)
    made = create(client, ["human", "human", "random"])
    gid, code = made["id"], made["invites"]["1"]
    replies = race([lambda: claim(client, gid, code) for _ in range(6)])
    codes = sorted(r.status_code for r in replies)
    assert codes == [201] + [409] * 5, codes
    winner = next(r.json()["token"] for r in replies if r.status_code == 201)
    assert state(client, gid, winner)["seat"] == 1


def check_two_processes_race(url):
    """Two ``Tables`` on one database stand for two server processes, each with the table in memory: threads on
    both claim the same code at once; exactly one wins, and both processes then agree on the seat's token."""
    a, b = Tables(Store(url), process_id="a"), Tables(Store(url), process_id="b")
    try:
        ta, _tokens, invites = a.create("inn", 3, ["human", "human", "human"], None)
        tb = b.get(ta.id)
        for code in invites.values():
            outcomes = race([lambda t=t, tab=tab, code=code: t.claim(tab, code) for t, tab in [(a, ta), (b, tb)] * 3])
            won = [o for o in outcomes if isinstance(o, tuple)]
            assert len(won) == 1, outcomes
            assert all(isinstance(o, errors.Claimed) for o in outcomes if not isinstance(o, tuple)), outcomes
            seat, token = won[0]
            a.catch_up(ta)
            b.catch_up(tb)
            assert ta.seat_of(token) == tb.seat_of(token) == seat
        fresh = Tables(Store(url), process_id="c")
        try:
            tc = fresh.get(ta.id)
            assert all(s.get("token_hash") and not s.get("invite_hash") for s in tc.seats)
            with pytest.raises(Forbidden):
                fresh.claim(tc, "no-such-code")
        finally:
            fresh.close()
            fresh.store.close()
    finally:
        for t in (a, b):
            t.close()
            t.store.close()


def test_concurrent_claims_across_two_processes_on_one_sqlite_file(db):
    check_two_processes_race(db)


def test_concurrent_claims_across_two_processes_on_postgresql(postgres_url):
    pytest.importorskip("psycopg", reason="the server extra brings psycopg 3")
    engine = create_engine(normalise_url(postgres_url))
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
    engine.dispose()
    check_two_processes_race(postgres_url)
