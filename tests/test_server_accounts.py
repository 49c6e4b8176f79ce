"""Issue 31: accounts, sessions, seats that belong to an account, rated tables, leaderboards and profiles, and the
attacker's tests of each endpoint (forged or stolen sessions, cross-site requests, another account's tables,
enumeration of names, password guessing)."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest
from fastapi.testclient import TestClient

from monsterbox.server.accounts import AccountLimits
from monsterbox.server.app import Settings, create_app
from monsterbox.server.ratings import bot_rating, monster_difficulty, new_ratings
from tests.server_helpers import NO_LIMITS, auth, my_turn, new_table, wait_for

# real Argon2, with small costs so the suite stays quick
FAST = {"argon2_time_cost": 1, "argon2_memory_cost": 8192}
PASSWORD = "correct horse battery"


def make(db: str, base_url: str = "http://testserver", **limits: Any) -> TestClient:
    settings = Settings(db=db, limits=NO_LIMITS, accounts=AccountLimits(**{**FAST, **limits}))
    return TestClient(create_app(settings=settings), base_url=base_url)


@pytest.fixture
def db(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'acc.db'}"


def register(c: TestClient, name: str, password: str = PASSWORD) -> None:
    r = c.post("/api/accounts", json={"name": name, "password": password})
    assert r.status_code == 201, r.text


def sign_in(c: TestClient, name: str, password: str = PASSWORD) -> str:
    """Signs the client in (its cookie jar keeps the session); returns the anti-forgery token."""
    r = c.post("/api/session", json={"name": name, "password": password})
    assert r.status_code == 200, r.text
    return str(r.json()["csrf"])


def csrf(token: str) -> dict[str, str]:
    return {"X-CSRF-Token": token}


def test_register_sign_in_me_sign_out(db: str) -> None:
    with make(db) as c:
        assert c.get("/api/me").status_code == 401
        register(c, "alice")
        assert c.post("/api/accounts", json={"name": "ALICE", "password": PASSWORD}).status_code == 409
        r = c.post("/api/session", json={"name": "alice", "password": PASSWORD})
        assert r.status_code == 200
        cookie = r.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=strict" in cookie and "secure" not in cookie  # plain http
        me = c.get("/api/me").json()
        assert me["name"] == "alice" and me["ratings"] == {} and me["tables"] == []
        token = r.json()["csrf"]
        assert c.delete("/api/session", headers=csrf(token)).status_code == 204
        assert c.get("/api/me").status_code == 401


def test_cookie_is_secure_behind_tls(db: str) -> None:
    with make(db, base_url="https://testserver") as c:
        register(c, "alice")
        r = c.post("/api/session", json={"name": "alice", "password": PASSWORD})
        assert "secure" in r.headers["set-cookie"].lower()


@pytest.mark.parametrize(("name", "password"), [
    ("al", PASSWORD), ("a" * 25, PASSWORD), ("bad name", PASSWORD), ("<script>", PASSWORD),
    ("alice", "short"), ("alice", "alice12345678"), ("alice", "aaaaaaaaaaaa"), ("alice", "ababababab"),
])
def test_bad_names_and_weak_passwords_are_refused(db: str, name: str, password: str) -> None:
    with make(db) as c:
        r = c.post("/api/accounts", json={"name": name, "password": password})
        assert r.status_code == 400 and r.json()["error"]


@pytest.mark.parametrize("name", ["player1", "Bot-2", "robot_3", "joueur.4", "you", "VOUS"])
def test_an_account_name_cannot_read_as_a_seat_the_server_names(db: str, name: str) -> None:
    """Issue 30 (low): an account's name becomes its seat name at its tables, so it may not read as a bot, a numbered
    player or the reader; a name that only starts like one is allowed."""
    with make(db) as c:
        r = c.post("/api/accounts", json={"name": name, "password": PASSWORD})
        assert r.status_code == 400 and "would read as a seat" in r.json()["error"], r.text
        register(c, "Robert")
        register(c, "playful")


def test_one_account_at_two_seats_keeps_its_name_and_nobody_else_takes_it(db: str) -> None:
    """Issue 30 (low): a seat's name may not read as another seat's, except the taker's own seats: an account at two
    seats of an unrated table is "ada" at both; a guest who asks for that name, or another account of that name
    with other letter case, is refused and the seat stays open."""
    with make(db) as c:
        r = c.post("/api/games", json={"game": "inn", "players": 4, "seats": ["human", "open", "open", "open"]})
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        ada = TestClient(c.app)
        register(ada, "ada")
        csrf = {"X-CSRF-Token": sign_in(ada, "ada")}
        for _ in range(2):
            r = ada.post(f"/api/games/{gid}/join", headers=csrf, json={})
            assert r.status_code == 201, r.text
        r = c.post(f"/api/games/{gid}/join", json={"name": "ADA"})  # a guest
        assert r.status_code == 400 and "another seat's name" in r.json()["error"], r.text
        seats = c.get(f"/api/games/{gid}").json()["seats"]
        assert [s["name"] for s in seats[1:3]] == ["ada", "ada"] and seats[3]["kind"] == "open"


def test_only_a_hash_of_the_session_and_of_the_password_is_stored(db: str, tmp_path: Any) -> None:
    with make(db) as c:
        register(c, "alice")
        sign_in(c, "alice")
        sid = c.cookies.get("mb_session")
        assert sid
    con = sqlite3.connect(str(tmp_path / "acc.db"))
    dump = "\n".join(con.iterdump())
    assert sid not in dump and PASSWORD not in dump
    assert "$argon2id$" in dump


def test_wrong_password_and_unknown_name_look_the_same(db: str) -> None:
    with make(db) as c:
        register(c, "alice")
        wrong = c.post("/api/session", json={"name": "alice", "password": "not the password"})
        unknown = c.post("/api/session", json={"name": "nobody", "password": "not the password"})
        assert wrong.status_code == unknown.status_code == 401
        assert wrong.json() == unknown.json()


def test_password_guessing_is_limited_per_account_and_per_address(db: str) -> None:
    with make(db, failures_per_account="3/hour", sign_in_per_address="8/hour") as c:
        register(c, "alice")
        for _ in range(3):
            assert c.post("/api/session", json={"name": "alice", "password": "guess guess"}).status_code == 401
        # the right password too, now: the account is locked against guessing for a while
        assert c.post("/api/session", json={"name": "alice", "password": PASSWORD}).status_code == 429
        # an unknown name locks the same way (a 429 says nothing about which names exist)
        for _ in range(3):
            assert c.post("/api/session", json={"name": "ghost", "password": "guess guess"}).status_code == 401
        assert c.post("/api/session", json={"name": "ghost", "password": "guess guess"}).status_code == 429
        # 8 attempts from this address: the next one is refused whatever the name
        assert c.post("/api/session", json={"name": "bob", "password": "guess guess"}).status_code == 429


def test_forged_and_ended_sessions_are_refused(db: str) -> None:
    with make(db) as c:
        register(c, "alice")
        token = sign_in(c, "alice")
        stolen = c.cookies.get("mb_session")
        assert c.delete("/api/session", headers=csrf(token)).status_code == 204
    with make(db) as thief:
        thief.cookies.set("mb_session", stolen)  # a session ended by its owner opens nothing
        assert thief.get("/api/me").status_code == 401
        thief.cookies.set("mb_session", "forged" * 5)
        assert thief.get("/api/me").status_code == 401
        thief.cookies.set("mb_session", "x" * 500)
        assert thief.get("/api/me").status_code == 401


def test_state_changing_requests_with_the_session_need_the_csrf_token_and_this_origin(db: str) -> None:
    with make(db) as c:
        register(c, "alice")
        token = sign_in(c, "alice")
        assert c.delete("/api/session").status_code == 403
        assert c.delete("/api/session", headers={"X-CSRF-Token": "guess"}).status_code == 403
        r = c.delete("/api/session", headers={**csrf(token), "Origin": "https://evil.example"})
        assert r.status_code == 403
        # a table created with the session but without its token: refused too
        r = c.post("/api/games", json={"game": "inn", "players": 3, "seats": ["human", "random", "random"]})
        assert r.status_code == 403
        assert c.get("/api/me").status_code == 200  # nothing ended
        assert c.delete("/api/session", headers={**csrf(token), "Origin": "http://testserver"}).status_code == 204


def test_a_seat_taken_signed_in_follows_the_account_to_another_device(db: str) -> None:
    with make(db) as phone, make(db) as laptop, make(db) as mallory:
        register(phone, "alice")
        register(phone, "mallory")
        token = sign_in(phone, "alice")
        r = phone.post("/api/games", json={"game": "inn", "players": 3, "seats": ["human", "random", "random"]},
                       headers=csrf(token))
        assert r.status_code == 201
        gid, phone_token = r.json()["id"], r.json()["tokens"]["0"]
        laptop_csrf = sign_in(laptop, "alice")
        mine = laptop.get("/api/me").json()["tables"]
        assert [(t["id"], t["seat"]) for t in mine] == [(gid, 0)]
        r = laptop.post(f"/api/games/{gid}/resume", headers=csrf(laptop_csrf))
        assert r.status_code == 201 and r.json()["seat"] == 0
        laptop_token = r.json()["token"]
        s = my_turn(laptop, gid, laptop_token, 0)
        assert s["seat"] == 0
        r = laptop.post(f"/api/games/{gid}/actions", json={"action": s["legal"][0]["id"], "version": s["version"]},
                        headers=auth(laptop_token))
        assert r.status_code == 200
        assert wait_for(phone, gid, phone_token, lambda st: st["seat"] == 0)  # the phone's token still holds it
        # another account, and a guest, get nothing of it
        m = sign_in(mallory, "mallory")
        assert mallory.post(f"/api/games/{gid}/resume", headers=csrf(m)).status_code == 403
        assert mallory.get("/api/me").json()["tables"] == []
        mallory.cookies.clear()
        assert mallory.post(f"/api/games/{gid}/resume").status_code == 401


def test_rated_tables_need_signed_in_players_and_a_real_deal(db: str) -> None:
    with make(db) as c, make(db) as guest:
        seats = {"game": "inn", "players": 3, "seats": ["human", "human", "random"], "rated": True}
        assert c.post("/api/games", json=seats).status_code == 401
        register(c, "alice")
        token = sign_in(c, "alice")
        assert c.post("/api/games", json={**seats, "practice": True}, headers=csrf(token)).status_code == 400
        assert c.post("/api/games", json={**seats, "seats": ["human", "open", "random"]},
                      headers=csrf(token)).status_code == 400
        r = c.post("/api/games", json=seats, headers=csrf(token))
        assert r.status_code == 201
        gid, code = r.json()["id"], r.json()["invites"]["1"]
        # a guest cannot take the invited seat of a rated table; nor can alice take a second seat
        assert guest.post(f"/api/games/{gid}/claim", json={"code": code}).status_code == 401
        assert c.post(f"/api/games/{gid}/claim", json={"code": code}, headers=csrf(token)).status_code == 403
        register(guest, "bob")
        b = sign_in(guest, "bob")
        r = guest.post(f"/api/games/{gid}/claim", json={"code": code}, headers=csrf(b))
        assert r.status_code == 201
        assert [t["id"] for t in guest.get("/api/me").json()["tables"]] == [gid]
        # signed-in players sit at the table under their account's name (unless they gave another)
        names = [s.get("name") for s in c.get(f"/api/games/{gid}").json()["seats"]]
        assert names[:2] == ["alice", "bob"]


def play_out(c: TestClient, gid: str, tokens: dict[int, str]) -> dict[str, Any]:
    """Every human seat plays its first legal move until the game is over."""
    while True:
        s = wait_for(c, gid, None, lambda st: st["over"] or st["to_play"] in tokens)
        if s["over"]:
            return s
        seat = s["to_play"]
        mine = my_turn(c, gid, tokens[seat], seat)
        if mine["over"]:
            return mine
        r = c.post(f"/api/games/{gid}/actions", json={"action": mine["legal"][0]["id"], "version": mine["version"]},
                   headers=auth(tokens[seat]))
        assert r.status_code in (200, 409), r.text


def test_a_rated_table_rates_its_accounts_once_it_ends(db: str) -> None:
    with make(db) as c:
        register(c, "alice")
        token = sign_in(c, "alice")
        r = c.post("/api/games", json={"game": "inn", "players": 3, "seats": ["human", "random", "random"],
                                       "rated": True}, headers=csrf(token))
        gid = r.json()["id"]
        play_out(c, gid, {0: r.json()["tokens"]["0"]})
        me = wait_for_rating(c, "inn")
        rating = me["ratings"]["inn"]
        assert rating["games"] == 1 and rating["sigma"] < 25 / 3  # less uncertain than a new player's
        board = c.get("/api/leaderboard/inn").json()["players"]
        assert board == [{"name": "alice", "mu": rating["mu"], "sigma": rating["sigma"], "games": 1}]
        profile = c.get("/api/players/Alice").json()
        assert profile["name"] == "alice" and [g["id"] for g in profile["games"]] == [gid]
        assert profile["games"][0]["rated"] and profile["games"][0]["mu"] == rating["mu"]
        assert c.get("/api/players/nobody").status_code == 404
        assert c.get("/api/leaderboard/chess").status_code == 404


def wait_for_rating(c: TestClient, game: str) -> dict[str, Any]:
    import time

    for _ in range(500):
        me = c.get("/api/me").json()
        if game in me["ratings"]:
            return dict(me)
        time.sleep(0.01)
    raise AssertionError("no rating")


def test_an_unrated_table_changes_no_rating(db: str) -> None:
    with make(db) as c:
        register(c, "alice")
        token = sign_in(c, "alice")
        r = c.post("/api/games", json={"game": "inn", "players": 3, "seats": ["human", "random", "random"]},
                   headers=csrf(token))
        play_out(c, r.json()["id"], {0: r.json()["tokens"]["0"]})
        assert c.get("/api/me").json()["ratings"] == {}
        assert c.get("/api/leaderboard/inn").json()["players"] == []


def test_export_and_delete_the_account(db: str) -> None:
    with make(db) as c:
        register(c, "alice")
        token = sign_in(c, "alice")
        c.post("/api/games", json={"game": "mansion", "players": 2, "seats": ["human", "random"]},
               headers=csrf(token))
        data = c.get("/api/me/export").json()
        assert data["name"] == "alice" and len(data["tables"]) == 1
        assert "hash" not in str(data) and PASSWORD not in str(data)
        assert c.request("DELETE", "/api/me", json={"password": "wrong password"},
                         headers=csrf(token)).status_code == 401
        assert c.request("DELETE", "/api/me", json={"password": PASSWORD}).status_code == 403  # no csrf token
        assert c.request("DELETE", "/api/me", json={"password": PASSWORD}, headers=csrf(token)).status_code == 204
        assert c.get("/api/me").status_code == 401
        assert c.post("/api/session", json={"name": "alice", "password": PASSWORD}).status_code == 401
        register(c, "alice")  # the name is free again


def test_new_ratings_move_the_winner_up_and_the_loser_down() -> None:
    before = [(25.0, 25 / 3)] * 3
    after = new_ratings("inn", before, [10, 5, 1], [0])
    assert after[0][0] > 25 > after[2][0]
    assert all(s < 25 / 3 for _, s in after)


def test_monster_rates_the_team_against_the_difficulty() -> None:
    team = [(25.0, 25 / 3), (25.0, 25 / 3)]
    won = new_ratings("monster", team, [1, 1], [0, 1], {})
    lost = new_ratings("monster", team, [0, 0], [], {})
    assert won[0][0] > 25 > lost[0][0]
    # a win at a harder difficulty is worth more
    elite = new_ratings("monster", team, [1, 1], [0, 1], {"elite": True, "crisis_level": 2})
    assert elite[0][0] > won[0][0]
    assert monster_difficulty({"elite": True}) > monster_difficulty({})


def test_bots_carry_the_ladder_s_fixed_ratings() -> None:
    assert bot_rating("random", "inn") < bot_rating("easy", "inn") < bot_rating("medium", "inn") \
        < bot_rating("hard", "inn") < bot_rating("expert", "inn")
    assert bot_rating("heuristic", "inn") == bot_rating("medium", "inn")
    assert bot_rating("ismcts:search=flat:iterations=200:rollout=heuristic", "inn") == bot_rating("expert", "inn")


def test_guest_play_is_unchanged(db: str) -> None:
    with make(db) as c:
        gid, tokens = new_table(c, "inn", 3, ["human", "random", "random"])
        s = my_turn(c, gid, tokens["0"], 0)
        r = c.post(f"/api/games/{gid}/actions", json={"action": s["legal"][0]["id"], "version": s["version"]},
                   headers=auth(tokens["0"]))
        assert r.status_code == 200


def test_the_page_asks_who_is_signed_in_without_an_error(db: str) -> None:
    with make(db) as c:
        assert c.get("/api/session").json() == {"name": None}
        c.cookies.set("mb_session", "ended-or-forged")
        assert c.get("/api/session").json() == {"name": None}
        c.cookies.clear()
        register(c, "alice")
        token = sign_in(c, "alice")
        got = c.get("/api/session").json()
        assert got["name"] == "alice" and got["csrf"] == token


def test_the_profile_lists_each_finished_game_with_its_result_replay_and_review(db: str) -> None:
    """Issue 31: the profile's finished games carry their result, and the review of the player's seat (accuracy and
    flag counts) once one was computed; the review is kept across a restart."""
    import time

    from monsterbox.server.analysis import AnalysisBudget

    with make(db) as c:
        c.app.state.analysis.budget = AnalysisBudget(  # type: ignore[attr-defined]
            review_samples={"inn": 2, "maker": 2, "mansion": 2, "monster": 2},
            review_growth={"inn": 1, "maker": 1, "mansion": 1, "monster": 1})  # a small review: no close-call worlds
        register(c, "rosa")
        token = sign_in(c, "rosa")
        r = c.post("/api/games", json={"game": "mansion", "players": 2, "seats": ["human", "random"]},
                   headers=csrf(token))
        gid, mine = r.json()["id"], r.json()["tokens"]["0"]
        unfinished = c.post("/api/games", json={"game": "inn", "players": 3, "seats": ["human", "random", "random"]},
                            headers=csrf(token)).json()["id"]
        end = play_out(c, gid, {0: mine})
        rec = c.get(f"/api/games/{gid}/record").json()
        g = c.get("/api/players/rosa").json()["games"]
        assert [x["id"] for x in g] == [gid] and unfinished not in [x["id"] for x in g]  # finished games only
        entry = g[0]
        result = monsterbox_result(rec)
        assert end["over"] and entry["result"] == {"won": 0 in result["winners"], "score": float(result["scores"][0])}
        assert entry["review"] is None and entry["seat"] == 0
        # the review of the player's seat, started as the page's button does
        for _ in range(600):
            r = c.get(f"/api/games/{gid}/review?seat=0")
            if r.status_code != 202:
                break
            time.sleep(0.05)
        assert r.status_code == 200, r.text
        review = r.json()
        for _ in range(100):  # the summary is kept as the review finishes (its future's callback)
            entry = c.get("/api/players/rosa").json()["games"][0]
            if entry["review"] is not None:
                break
            time.sleep(0.02)
        assert entry["review"] == {"accuracy": review["accuracy"], "flagged": len(review["flagged"]),
                                   "tiers": review["tiers"]}
    with make(db) as c:  # a new process: kept in the database
        entry = c.get("/api/players/rosa").json()["games"][0]
        assert entry["review"]["flagged"] == len(review["flagged"]) and entry["result"]["score"] is not None


def monsterbox_result(rec: dict[str, Any]) -> dict[str, Any]:
    import monsterbox

    return dict(monsterbox.replay(rec).result())
