"""The server: lobby, seats and tokens, hidden information over HTTP, forged and illegal requests, bots, WebSocket
play, and games surviving a restart."""

import json
import warnings

import pytest

pytest.importorskip("fastapi", reason="the server extra (installed by make test)")
warnings.filterwarnings("ignore", category=DeprecationWarning)

from fastapi.testclient import TestClient  # noqa: E402

import monsterbox  # noqa: E402
from monsterbox.server import create_app  # noqa: E402


@pytest.fixture
def db(tmp_path):
    return f"sqlite:///{tmp_path / 'games.db'}"


def new_table(client, game="inn", players=4, seats=None, seed=3):
    seats = seats or ["human"] + ["heuristic"] * (players - 1)
    r = client.post("/api/games", json={"game": game, "players": players, "seats": seats, "seed": seed})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["tokens"]


def test_play_a_whole_game_against_bots(db):
    client = TestClient(create_app(db))
    gid, tokens = new_table(client)
    tok = tokens["0"]
    for _ in range(500):
        s = client.get(f"/api/games/{gid}", params={"token": tok}).json()
        if s["over"]:
            break
        assert s["to_play"] == 0 and s["legal"], "bots play their seats at once"
        r = client.post(f"/api/games/{gid}/actions", json={"action": s["legal"][-1]["id"], "token": tok})
        assert r.status_code == 200, r.text
    assert s["over"] and s["result"]["winners"]
    rec = client.get(f"/api/games/{gid}/record").json()
    assert monsterbox.replay(rec).result()["scores"] == s["result"]["scores"]


def test_a_seat_sees_its_view_and_nothing_more(db):
    client = TestClient(create_app(db))
    gid, tokens = new_table(client, "maker", 3, ["human", "human", "random"], seed=5)
    a = client.get(f"/api/games/{gid}", params={"token": tokens["0"]}).json()
    b = client.get(f"/api/games/{gid}", params={"token": tokens["1"]}).json()
    spectator = client.get(f"/api/games/{gid}").json()
    assert a["seat"] == 0 and b["seat"] == 1 and spectator["seat"] is None
    assert "hand" in a["view"] and "hand" not in spectator["view"]
    assert a["story"] and all(isinstance(line, str) for line in a["story"])
    # seat 1 never receives seat 0's private events (deal, draws, treasures)
    assert not [e for e in b["view"]["log"] if e.get("seat") == 0 and e["type"] in ("deal", "drew", "treasure_seen")]
    table = client.app.state.tables.get(gid)
    assert a["view"] == table.game.view(0) and b["view"] == table.game.view(1)
    assert "seed" not in json.dumps(a["view"]) and "seed" not in json.dumps(spectator["view"])
    r = client.get(f"/api/games/{gid}/record")
    assert r.status_code == 403 and "seed" in r.json()["error"]


def test_forged_wrong_turn_and_illegal_requests_change_nothing(db):
    client = TestClient(create_app(db))
    gid, tokens = new_table(client, "inn", 3, ["human", "human", "human"], seed=1)
    table = client.app.state.tables.get(gid)
    g = table.game
    turn = g.to_play
    other = (turn + 1) % 3
    before = (g.actions, table.version)
    cases = [
        ({"action": g.legal_actions()[0], "token": "forged-token"}, 403, "holds no seat"),
        ({"action": g.legal_actions()[0]}, 403, "token is needed"),
        ({"action": g.legal_actions()[0], "token": tokens[str(other)]}, 400, "turn"),
        ({"action": "bonus:gold", "token": tokens[str(turn)]}, 400, "Legal now"),
    ]
    for body, status, message in cases:
        r = client.post(f"/api/games/{gid}/actions", json=body)
        assert r.status_code == status and message in r.json()["error"], r.text
        assert (g.actions, table.version) == before
    r = client.post(f"/api/games/{gid}/actions", json={"action": "drop", "token": tokens[str(turn)], "x": 1})
    assert r.status_code == 422
    assert client.get("/api/games/nope").status_code == 404


@pytest.mark.parametrize("body,message", [
    ({"game": "chess", "players": 4, "seats": ["human"] * 4}, "unknown game id"),
    ({"game": "inn", "players": 4, "seats": ["human"] * 3}, "seats must list 4"),
    ({"game": "inn", "players": 4, "seats": ["human", "wizard", "random", "random"]}, "unknown agent"),
    ({"game": "inn", "players": 4, "seats": ["human"] * 4, "options": {"speed": 1}}, "unknown Monster Inn option"),
])
def test_bad_new_games_are_refused(db, body, message):
    client = TestClient(create_app(db))
    r = client.post("/api/games", json=body)
    assert r.status_code == 400 and message in r.json()["error"]
    assert client.get("/api/games").json() == []


def test_games_survive_a_restart(db):
    client = TestClient(create_app(db))
    gid, tokens = new_table(client, "mansion", 2, ["human", "heuristic"], seed=9)
    for _ in range(6):
        s = client.get(f"/api/games/{gid}", params={"token": tokens["0"]}).json()
        client.post(f"/api/games/{gid}/actions", json={"action": s["legal"][0]["id"], "token": tokens["0"]})
    before = client.get(f"/api/games/{gid}", params={"token": tokens["0"]}).json()
    client.app.state.store.close()
    restarted = TestClient(create_app(db))  # a new process on the same database
    after = restarted.get(f"/api/games/{gid}", params={"token": tokens["0"]}).json()
    assert after["view"] == before["view"] and after["legal"] == before["legal"]
    r = restarted.post(f"/api/games/{gid}/actions", json={"action": after["legal"][0]["id"], "token": tokens["0"]})
    assert r.status_code == 200
    assert [g["id"] for g in restarted.get("/api/games").json()] == [gid]


def test_websocket_play(db):
    client = TestClient(create_app(db))
    gid, tokens = new_table(client, "monster", 2, ["human", "heuristic"], seed=2)
    with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens['0']}") as ws:
        first = ws.receive_json()
        assert first["seat"] == 0 and "view" in first
        if first["legal"]:
            ws.send_json({"action": "not-an-action"})
            assert "Legal now" in ws.receive_json()["error"]
            ws.send_json({"action": first["legal"][-1]["id"]})
            update = ws.receive_json()
            assert update["version"] > first["version"]
    with client.websocket_connect(f"/api/games/{gid}/ws?token=forged") as ws:
        assert "holds no seat" in ws.receive_json()["error"]


def test_web_front_end_is_served(db):
    client = TestClient(create_app(db))
    assert "monsterbox" in client.get("/").text
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/api/health").json()["ok"]


def test_serve_command_refuses_bad_flags():
    from typer.testing import CliRunner

    from monsterbox.cli import app

    runner = CliRunner()
    r = runner.invoke(app, ["serve", "--port", "0"])
    assert r.exit_code == 2 and "--port must be from 1 to 65535" in r.output
    r = runner.invoke(app, ["serve", "--db", "nosuchdb://x"])
    assert r.exit_code == 2 and "cannot open the database" in r.output and "Traceback" not in r.output
