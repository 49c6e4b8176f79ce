"""Hints and reviews over HTTP (server/analysis.py): who may ask, what they read (only the asking seat's
information), the background review of a finished game, and the story of a replayed position."""

import time

import pytest

pytest.importorskip("fastapi", reason="the server extra (installed by make test)")

import monsterbox  # noqa: E402
from monsterbox.analysis.review import decision_points  # noqa: E402
from monsterbox.server.analysis import AnalysisBudget  # noqa: E402
from tests.server_helpers import auth, client_for, move, my_turn, new_table, wait_for  # noqa: E402

SMALL = AnalysisBudget(hint_samples={"inn": 4, "maker": 3, "mansion": 3, "monster": 3},
                       review_samples={"inn": 2, "maker": 2, "mansion": 2, "monster": 2},
                       review_growth={"inn": 4, "maker": 4, "mansion": 4, "monster": 4}, hint_rate="100/minute")


@pytest.fixture
def client(tmp_path):
    c = client_for(f"sqlite:///{tmp_path / 'games.db'}")
    c.app.state.analysis.budget = SMALL
    with c:
        yield c


def hint_of(client, gid, token, **params):
    return client.get(f"/api/games/{gid}/hint", headers=auth(token) if token else {}, params=params)


def test_hint_for_the_seat_to_play_with_every_option_in_words(client):
    gid, tokens = new_table(client, "inn", 3, ["human", "heuristic", "heuristic"], hints=True, practice=True, seed=4)
    s = my_turn(client, gid, tokens["0"], 0)
    r = hint_of(client, gid, tokens["0"])
    assert r.status_code == 200, r.text
    h = r.json()
    legal = {a["id"]: a["text"] for a in s["legal"]}
    assert {o["id"] for o in h["options"]} == set(legal)
    assert all(o["text"] == legal[o["id"]] for o in h["options"])  # the wording layer's descriptions
    assert h["suggestion"]["id"] == h["options"][0]["id"] and h["value"] == h["options"][0]["estimate"]
    assert h["version"] == s["version"] and h["samples"] == 4 and all(0 <= o["estimate"] <= 1 for o in h["options"])
    fr = hint_of(client, gid, tokens["0"], lang="fr").json()
    assert [o["id"] for o in fr["options"]] == [o["id"] for o in h["options"]]
    assert fr["suggestion"]["text"] != h["suggestion"]["text"]  # in the request's language


def test_hint_refusals(client):
    gid, tokens = new_table(client, "inn", 3, ["human", "human", "heuristic"], practice=True, seed=4)
    my_turn(client, gid, tokens["0"], 0)
    off = hint_of(client, gid, tokens["0"])
    assert off.status_code == 403 and "did not allow hints" in off.json()["error"]
    gid, tokens = new_table(client, "inn", 3, ["human", "human", "heuristic"], hints=True, practice=True, seed=4)
    s = my_turn(client, gid, tokens["0"], 0)
    assert s["to_play"] == 0
    other = hint_of(client, gid, tokens["1"])  # a real seat, not to play
    assert other.status_code == 409 and "not your turn" in other.json()["error"]
    assert hint_of(client, gid, None).status_code == 403  # a spectator
    assert hint_of(client, gid, "forged-token").status_code == 403
    assert client.get("/api/games/nope/hint", headers=auth(tokens["0"])).status_code == 404


def test_hint_rate_limit_counts_new_positions_only(client):
    client.app.state.analysis.budget = AnalysisBudget(hint_samples={"inn": 2}, hint_rate="1/minute")
    gid, tokens = new_table(client, "inn", 3, ["human", "heuristic", "heuristic"], hints=True, practice=True, seed=4)
    s = my_turn(client, gid, tokens["0"], 0)
    first = hint_of(client, gid, tokens["0"])
    assert first.status_code == 200
    assert hint_of(client, gid, tokens["0"]).json() == first.json()  # the same position: from memory
    move(client, gid, tokens["0"], s)
    s = my_turn(client, gid, tokens["0"], 0)
    if not s["over"]:
        assert hint_of(client, gid, tokens["0"]).status_code == 429


@pytest.mark.parametrize("game_id, players", [("inn", 3), ("maker", 2)])
def test_hint_reads_only_the_seats_information(client, game_id, players):
    """Differential: two tables whose games differ only in cards hidden from seat 0 (the second is a
    determinization of the first for seat 0) give seat 0 the same hint."""
    seats = ["human"] + ["heuristic"] * (players - 1)
    a, ta = new_table(client, game_id, players, seats, hints=True, practice=True, seed=11)
    b, tb = new_table(client, game_id, players, seats, hints=True, practice=True, seed=11)
    s = my_turn(client, a, ta["0"], 0)
    for _ in range(3):  # a few moves in, so the hidden cards matter
        if s["over"]:
            break
        move(client, a, ta["0"], s, s["legal"][-1]["id"])
        s = my_turn(client, a, ta["0"], 0)
    assert not s["over"]
    tables = client.app.state.tables
    ga = tables.get(a).game
    with tables.get(b).lock:
        twin = ga.determinize(0, 4242)
        tables.get(b).game = twin
    assert twin.view(0) == ga.view(0)
    names = getattr(type(ga.state), "__slots__", None) or vars(ga.state)
    assert any(getattr(ga.state, k) != getattr(twin.state, k) for k in names if k not in ("log", "cards")), \
        "the twin must differ in hidden cards"
    ha, hb = hint_of(client, a, ta["0"]), hint_of(client, b, tb["0"])
    assert ha.status_code == hb.status_code == 200
    assert ha.json() == hb.json()


def finished(client, game_id="inn", players=3, seed=3):
    gid, _ = new_table(client, game_id, players, ["heuristic"] * players, practice=True, seed=seed)
    wait_for(client, gid, None, lambda s: s["over"], timeout=60)
    return gid


def review(client, gid, seat, **params):
    end = time.monotonic() + 60
    while True:
        r = client.get(f"/api/games/{gid}/review", params={"seat": seat, **params})
        if r.status_code != 202:
            return r
        assert r.json()["status"] == "computing" and r.json()["done"] <= max(r.json()["total"], 0) + 1
        assert time.monotonic() < end, "the review did not finish"
        time.sleep(0.05)


def test_review_of_a_finished_game_in_the_background(client):
    gid = finished(client)
    first = client.get(f"/api/games/{gid}/review", params={"seat": 1})
    assert first.status_code in (200, 202)
    r = review(client, gid, 1)
    assert r.status_code == 200, r.text
    rv = r.json()
    rec = client.get(f"/api/games/{gid}/record").json()
    assert [d["index"] for d in rv["decisions"]] == decision_points(rec, 1)
    assert rv["samples"] == 2 and rv["seat"] == 1 and rv["status"] == "done"
    for d in rv["decisions"]:
        assert 0 <= d["after"] <= d["before"] <= 1 and d["played"] == rec["actions"][d["index"]]
        assert d["played_text"] and d["best_text"] and d["flagged"] == (d["loss_bound"] >= 0.05)
        assert d["why"].startswith("Better: ") if d["flagged"] else d["why"] == ""
    assert rv["flagged"] == [d["number"] for d in rv["decisions"] if d["flagged"]]
    assert rv["accuracy"] is not None and set(rv["tiers"]) == {"blunder", "mistake", "inaccuracy"}
    assert rv["result"]["won"] == (1 in monsterbox.replay(rec).result()["winners"])
    again = client.get(f"/api/games/{gid}/review", params={"seat": 1})
    assert again.status_code == 200 and again.json() == rv  # kept in memory
    fr = review(client, gid, 1, lang="fr").json()
    assert [d["played"] for d in fr["decisions"]] == [d["played"] for d in rv["decisions"]]
    assert [d["played_text"] for d in fr["decisions"]] != [d["played_text"] for d in rv["decisions"]]
    assert all(d["why"].startswith("Mieux") for d in fr["decisions"] if d["flagged"])  # why in the reader's language


def test_review_refusals(client):
    gid, tokens = new_table(client, "inn", 3, ["human", "heuristic", "heuristic"], practice=True, seed=4)
    r = client.get(f"/api/games/{gid}/review", params={"seat": 0})
    assert r.status_code == 403 and "once it is over" in r.json()["error"]
    gid = finished(client, "maker", 2, seed=5)
    assert client.get(f"/api/games/{gid}/review", params={"seat": 2}).status_code == 400
    assert client.get(f"/api/games/{gid}/review", params={"seat": -1}).status_code == 400
    assert client.get(f"/api/games/{gid}/review").status_code == 400


def test_a_review_of_a_game_in_progress_is_refused_to_seats_spectators_and_forged_tokens(client):
    """Issue 30, finding 9: nobody starts a review before the end (it would reveal cards), each told why (403), and
    no review work is queued for them."""
    gid, tokens = new_table(client, "inn", 3, ["human", "human", "heuristic"], practice=True, seed=4)
    seat = client.get(f"/api/games/{gid}/review", params={"seat": 0}, headers=auth(tokens["0"]))
    assert seat.status_code == 403 and "your review opens once the game is over" in seat.json()["error"]
    spectator = client.get(f"/api/games/{gid}/review", params={"seat": 1})
    assert spectator.status_code == 403 and "spectator may not start a review" in spectator.json()["error"]
    forged = client.get(f"/api/games/{gid}/review", params={"seat": 1}, headers=auth("forged-token"))
    assert forged.status_code == 403 and "holds no seat" in forged.json()["error"]
    assert client.app.state.analysis.jobs == {}
    fr = client.get(f"/api/games/{gid}/review", params={"seat": 0, "lang": "fr"}, headers=auth(tokens["0"]))
    assert fr.status_code == 403 and fr.json()["error"] != seat.json()["error"]  # in the reader's language


def test_review_given_up_past_its_time_is_a_clear_503(client):
    client.app.state.analysis.budget = AnalysisBudget(review_samples={"maker": 2}, review_seconds=0.0)
    gid = finished(client, "maker", 2, seed=5)
    r = review(client, gid, 0)
    assert r.status_code == 503 and "longer than" in r.json()["error"]


def test_replayed_position_has_its_story_as_the_seat_saw_it(client):
    gid = finished(client, "maker", 2, seed=5)
    rec = client.get(f"/api/games/{gid}/record").json()
    g = monsterbox.new_game("maker", 2, rec["seed"], rec["options"])
    for a in rec["actions"][:9]:
        g.play(a)
    mine = client.get(f"/api/games/{gid}/replay/9", params={"seat": "0"}).json()
    public = client.get(f"/api/games/{gid}/replay/9").json()
    assert [e["index"] for e in mine["story"]][-1] == g.event_count(0) - 1
    assert [e["index"] for e in public["story"]][-1] == g.event_count(None) - 1
    assert all(e["text"] for e in mine["story"]) and len(mine["story"]) <= 40
