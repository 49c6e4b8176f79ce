"""Issue 28, item 3 (the server): a choice of several steps is built on a copy (``/choice/preview``: what the seat
would see after the steps, nothing stored) and played at once (``/choice``: all or nothing). Every field is hostile:
forged, oversized and illegal lists, another seat's token, not the seat's turn."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the server extra (installed by make test)")

from monsterbox.core.choice import MAX_STEPS, build, continues, goes_on, undoable_events  # noqa: E402
from monsterbox.core.registry import GAME_IDS, game_part, new_game  # noqa: E402
from tests.server_helpers import auth, client_for, new_table, state  # noqa: E402

# Monster, 3 players, seed 4, the first leader seat 0: a three-weapon kill of lair 24 is offered at once (the
# terminal's test_terminal_choices uses the same deal)
MONSTER = {"game": "monster", "players": 3, "practice": True, "seed": 4, "options": {"first_leader": 0}}


@pytest.fixture
def client(tmp_path):
    return client_for(f"sqlite:///{tmp_path / 'games.db'}")


def monster_table(client, seats=None):
    gid, tokens = new_table(client, seats=seats or ["human", "heuristic", "heuristic"], **MONSTER)
    return gid, tokens


def preview(client, gid, token, steps, version):
    return client.post(f"/api/games/{gid}/choice/preview", json={"steps": steps, "version": version},
                       headers=auth(token) if token else {})


def play(client, gid, token, steps, version):
    return client.post(f"/api/games/{gid}/choice", json={"steps": steps, "version": version},
                       headers=auth(token) if token else {})


def actions(client, gid):
    """The moves the engine received (the table's game, as stored)."""
    return list(client.app.state.tables.get(gid).game.actions)


def test_the_front_ends_share_one_rule():
    """CONTINUES / UNDOABLE_EVENTS live in each game's prompt part; the terminal reads them through core.choice."""
    import monsterbox.tui as tui

    assert not hasattr(tui, "CONTINUES") and not hasattr(tui, "UNDOABLE_EVENTS")
    assert continues("maker") == {"discard"} and continues("mansion") == {"payment"} and not continues("inn")
    assert "ability" in undoable_events("monster")
    for gid in GAME_IDS:  # every kind a game continues with is one of its decision kinds
        assert continues(gid) <= set(game_part(gid, "prompt").DECISION_KINDS)


def test_build_a_three_weapon_kill_step_by_step_with_back_then_play_it(client):
    gid, tokens = monster_table(client)
    tok = tokens["0"]
    s = state(client, gid, tok)
    v0 = s["version"]
    three = next(a["id"] for a in s["legal"] if a["id"].startswith("three:"))
    # no step: what the state shows
    r = preview(client, gid, tok, [], v0)
    assert r.status_code == 200, r.text
    assert [a["id"] for a in r.json()["legal"]] == [a["id"] for a in s["legal"]] and not r.json()["complete"]
    # one step: the engine's legal moves after it, on a copy
    r = preview(client, gid, tok, [three], v0)
    assert r.status_code == 200, r.text
    p = r.json()
    g = new_game("monster", 3, 4, {"first_leader": 0})
    g.play(three)
    assert [a["id"] for a in p["legal"]] == g.legal_actions()
    assert p["decision"] == "three_weapons" and "choose weapon 1 of 3" in p["prompt"]
    assert p["steps"][0]["id"] == three and p["steps"][0]["text"]
    assert p["view"]["seat"] == 0 and "log" not in p["view"]
    assert p["view"] == {k: v for k, v in g.view(0).items() if k != "log"}
    # nothing was stored: the table is where it was
    assert state(client, gid, tok)["version"] == v0
    # a first weapon, back (the preview of the shorter list), another one, then the rest until complete
    first = g.legal_actions()
    r1 = preview(client, gid, tok, [three, first[0]], v0).json()
    assert r1["steps"][1]["text"].startswith("Pay with")
    back = preview(client, gid, tok, [three], v0).json()
    assert back == p
    steps = [three, first[1]]
    while True:
        r = preview(client, gid, tok, steps, v0)
        assert r.status_code == 200, r.text
        if r.json()["complete"]:
            break
        steps.append(r.json()["legal"][0]["id"])
    done = r.json()
    assert done["view"] is None and done["legal"] == [] and len(done["steps"]) == len(steps)
    assert build(new_game("monster", 3, 4, {"first_leader": 0}), 0, steps).complete
    # a step past the end is refused, naming it
    r = preview(client, gid, tok, [*steps, "arm:none"], v0)
    assert r.status_code == 400 and f"Step {len(steps) + 1}" in r.json()["error"]
    # played at once: exactly these steps, one version each
    r = play(client, gid, tok, steps, v0)
    assert r.status_code == 200, r.text
    assert r.json()["version"] == v0 + len(steps)
    assert actions(client, gid)[v0:v0 + len(steps)] == steps


def test_an_illegal_step_is_named_and_nothing_is_played(client):
    gid, tokens = monster_table(client)
    tok = tokens["0"]
    s = state(client, gid, tok)
    three = next(a["id"] for a in s["legal"] if a["id"].startswith("three:"))
    for steps, n in (([three, "weapon:nonsense"], 2), (["kill:lair_999:torch"], 1), ([three, three], 2)):
        for send in (preview, play):
            r = send(client, gid, tok, steps, s["version"])
            assert r.status_code == 400, r.text
            assert f"Step {n} of the choice cannot be played" in r.json()["error"]
    after = state(client, gid, tok)
    assert after["version"] == s["version"] and after["legal"] == s["legal"]
    assert actions(client, gid) == []


def test_steps_past_the_end_of_the_choice_are_refused_and_nothing_is_played(client):
    gid, tokens = monster_table(client)
    tok = tokens["0"]
    s = state(client, gid, tok)
    kill = next(a["id"] for a in s["legal"] if a["id"].startswith("kill:"))  # one step: complete at once
    assert preview(client, gid, tok, [kill], s["version"]).json()["complete"]
    g = new_game("monster", 3, 4, {"first_leader": 0})
    g.play(kill)
    nxt = g.legal_actions()[0]  # legal after it, but not part of this choice
    r = play(client, gid, tok, [kill, nxt], s["version"])
    assert r.status_code == 400 and "Step 2 of the choice comes after its end" in r.json()["error"]
    assert state(client, gid, tok)["version"] == s["version"]


@pytest.mark.parametrize("body", [
    {"steps": ["pass"] * (MAX_STEPS + 1), "version": 0},
    {"steps": ["x" * 201], "version": 0},
    {"steps": "pass", "version": 0},
    {"steps": [1, 2], "version": 0},
    {"steps": [{"id": "pass"}], "version": 0},
    {"steps": ["pass"], "version": 2**31},
    {"steps": ["pass"], "version": -1},
    {"steps": ["pass"], "version": 0, "extra": 1},
    {"steps": ["pass"]},
])
def test_forged_bodies_are_a_clear_400(client, body):
    gid, tokens = monster_table(client)
    for path in ("choice", "choice/preview"):
        r = client.post(f"/api/games/{gid}/{path}", json=body, headers=auth(tokens["0"]))
        assert r.status_code == 400, (path, r.text)
        assert r.json()["error"].startswith("bad request")
    assert state(client, gid, tokens["0"])["version"] == 0


def test_an_empty_choice_is_not_played(client):
    gid, tokens = monster_table(client)
    r = play(client, gid, tokens["0"], [], 0)
    assert r.status_code == 400


def test_only_the_seat_to_play_with_its_own_token_at_the_current_version(client):
    gid, tokens = monster_table(client, seats=["human", "human", "heuristic"])
    s = state(client, gid, tokens["0"])
    three = next(a["id"] for a in s["legal"] if a["id"].startswith("three:"))
    for send in (preview, play):
        r = send(client, gid, None, [three], s["version"])  # no token
        assert r.status_code == 403
        r = send(client, gid, "forged-token", [three], s["version"])
        assert r.status_code == 403
        r = send(client, gid, tokens["1"], [three], s["version"])  # another seat, not its turn
        assert r.status_code == 400 and "turn" in r.json()["error"], r.text
        r = send(client, gid, tokens["0"], [three], s["version"] + 5)  # not this version
        assert r.status_code == 409
    r = preview(client, "nosuchtable", tokens["0"], [three], 0)
    assert r.status_code == 404
    assert state(client, gid, tokens["0"])["version"] == s["version"]


MAKER = {"game": "maker", "players": 3, "practice": True, "seed": 1}


def hand_discards(client, gid, token, version):
    """The cards the seat may discard once it has chosen to discard (read from the engine's legal moves, so the
    test does not depend on which cards the seed deals)."""
    p = preview(client, gid, token, ["discard"], version).json()
    cards = [a["id"] for a in p["legal"] if a["id"].startswith("discard:")]
    assert len(cards) >= 2, p["legal"]
    return cards


def test_a_maker_discard_is_built_with_back_and_its_end_shows_nothing_drawn(client):
    """Maker (seed 1, seat 0 to play): Discard, then cards one by one, then Done. The step that ends it (Done: the
    hand is refilled) is previewed as complete with no view and no moves: what it draws is learnt when played."""
    gid, tokens = new_table(client, seats=["human", "heuristic", "heuristic"], **MAKER)
    tok = tokens["0"]
    v = state(client, gid, tok)["version"]
    first, second = hand_discards(client, gid, tok, v)[:2]
    p = preview(client, gid, tok, ["discard", first], v).json()
    assert p["decision"] == "discard" and "done" in [a["id"] for a in p["legal"]]
    assert first not in [a["id"] for a in p["legal"]]
    back = preview(client, gid, tok, ["discard"], v).json()  # back one step: the first card is offered again
    assert first in [a["id"] for a in back["legal"]]
    steps = ["discard", second, "done"]
    end = preview(client, gid, tok, steps, v).json()
    assert end["complete"] and end["view"] is None and end["legal"] == [] and end["prompt"] == ""
    r = play(client, gid, tok, steps, v)
    assert r.status_code == 200, r.text
    assert actions(client, gid)[:3] == steps


def test_the_preview_stops_at_a_step_that_teaches_the_seat_something(client, monkeypatch):
    """A step whose events are not all among UNDOABLE_EVENTS ends the choice (a draw seen cannot be unseen): its
    preview shows nothing after it, and no step may follow it. Maker's discard events counted as learnt here."""
    gid, tokens = new_table(client, seats=["human", "heuristic", "heuristic"], **MAKER)
    tok = tokens["0"]
    assert not preview(client, gid, tok, ["discard"], 0).json()["complete"]
    card = hand_discards(client, gid, tok, 0)[0]
    monkeypatch.setattr(game_part("maker", "prompt"), "UNDOABLE_EVENTS", frozenset())
    p = preview(client, gid, tok, ["discard"], 0).json()
    assert p["complete"] and p["view"] is None and p["legal"] == []
    r = preview(client, gid, tok, ["discard", card], 0)
    assert r.status_code == 400 and "Step 2 of the choice comes after its end" in r.json()["error"]
    g = new_game("maker", 3, 1)
    w = g.copy()
    w.play("discard")
    assert not goes_on(g, w, 0)


def test_a_refused_step_and_the_preview_in_french(client):
    gid, tokens = monster_table(client)
    s = state(client, gid, tokens["0"])
    three = next(a["id"] for a in s["legal"] if a["id"].startswith("three:"))
    r = client.post(f"/api/games/{gid}/choice/preview?lang=fr", json={"steps": [three, "weapon:x"], "version": 0},
                    headers=auth(tokens["0"]))
    assert r.status_code == 400 and r.json()["error"].startswith("L'étape 2 du choix ne peut pas être jouée : ")
    p = client.post(f"/api/games/{gid}/choice/preview?lang=fr", json={"steps": [three], "version": 0},
                    headers=auth(tokens["0"])).json()
    assert p["prompt"] == "Tuer avec trois armes : choisir l'arme 1 sur 3"
    assert p["steps"][0]["text"] and p["legal"][0]["text"]


def test_a_database_failing_midway_says_how_far_the_choice_was_stored(tmp_path):
    """A real failure of the database (a trigger refusing the second move), not a mock: the first step stands,
    stored and shown; the reply says so (503), and the seat goes on from there."""
    from sqlalchemy import create_engine, text

    db = f"sqlite:///{tmp_path / 'games.db'}"
    client = client_for(db)
    gid, tokens = new_table(client, seats=["human", "heuristic", "heuristic"], **MAKER)
    raw = create_engine(db)
    with raw.begin() as conn:
        conn.execute(text('CREATE TRIGGER refuse BEFORE INSERT ON moves WHEN NEW."index" >= 1 '
                          "BEGIN SELECT RAISE(ABORT, 'disk full'); END"))
    card = hand_discards(client, gid, tokens["0"], 0)[0]
    r = play(client, gid, tokens["0"], ["discard", card, "done"], 0)
    assert r.status_code == 503 and "up to step 1 only" in r.json()["error"], r.text
    assert actions(client, gid) == ["discard"] and client.app.state.store.moves_count(gid) == 1
    s = state(client, gid, tokens["0"])
    assert s["version"] == 1 and s["decision"] == "discard"
    with raw.begin() as conn:
        conn.execute(text("DROP TRIGGER refuse"))
    assert play(client, gid, tokens["0"], [card, "done"], 1).status_code == 200
    raw.dispose()
