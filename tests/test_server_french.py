"""The server's errors in the reader's language (issue 10): a French request (``?lang=fr`` or Accept-Language) gets
the French text of each error, an English one exactly the English text, over HTTP (hot path and routes alike) and
over the WebSocket."""

import json

import pytest

pytest.importorskip("fastapi", reason="the server extra (installed by make test)")

from monsterbox.server.errors import Stale, error_text  # noqa: E402
from monsterbox.server.security import Limits  # noqa: E402
from tests.server_helpers import auth, client_for, new_table  # noqa: E402

FR = {"params": {"lang": "fr"}}
FR_HEADER = {"headers": {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}}


@pytest.fixture
def db(tmp_path):
    return f"sqlite:///{tmp_path / 'games.db'}"


def post(client, url, body, lang, headers=None):
    kw = {"fr": FR, "fr-h": FR_HEADER}.get(lang, {})
    return client.post(url, json=body, params=kw.get("params"), headers={**(headers or {}), **kw.get("headers", {})})


@pytest.mark.parametrize("hot_path", [True, False])
def test_move_errors_in_the_requests_language(db, hot_path):
    """Bad token 403, stale version 409, refused move 400 (the engine's reason), malformed body 400: French for a
    French request through either path, English unchanged otherwise; nothing changes."""
    client = client_for(db, hot_path=hot_path)
    gid, tokens = new_table(client, "inn", 3, ["human", "human", "human"])
    table = client.app.state.tables.get(gid)
    turn, v = table.game.to_play, table.version
    legal = table.game.legal_actions()[0]
    url = f"/api/games/{gid}/actions"
    mine = auth(tokens[str(turn)])
    cases = [  # body, headers, status, English, French
        ({"action": legal, "version": v}, auth("forged"), 403,
         "this token holds no seat at this table", "ce jeton ne tient aucune place à cette table"),
        ({"action": legal, "version": v}, {}, 403, "a seat token is needed to play (Authorization: Bearer <token>)",
         "il faut le jeton d'une place pour jouer (Authorization: Bearer <token>)"),
        ({"action": legal, "version": v + 1}, mine, 409,
         f"the table is at version {v}, not {v + 1}: the move was chosen on an older state (or sent twice); "
         "nothing changed",
         f"la table est à la version {v}, pas {v + 1} : le coup a été choisi sur un état plus ancien (ou envoyé "
         "deux fois) ; rien n'a changé"),
    ]
    for body, headers, status, en, fr in cases:
        for lang, want in (("en", en), ("fr", fr), ("fr-h", fr)):
            r = post(client, url, body, lang, headers)
            assert (r.status_code, r.json()["error"]) == (status, want), (lang, r.text)
    # a refused move: the engine's reason, in French for a French player
    texts = {lang: post(client, url, {"action": "bonus:gold", "version": v}, lang, mine) for lang in ("en", "fr")}
    assert {r.status_code for r in texts.values()} == {400}
    assert "not one of your choices" in texts["en"].json()["error"]
    assert "not one of your choices" not in texts["fr"].json()["error"]
    # a malformed body: the lead-in in French (pydantic's own field descriptions stay English)
    r = post(client, url, {"action": legal}, "fr", mine)
    assert r.status_code == 400 and r.json()["error"].startswith("requête invalide : version: ")
    r = post(client, url, {"action": legal}, "en", mine)
    assert r.status_code == 400 and r.json()["error"].startswith("bad request: version: ")
    assert table.version == v and table.game.actions == []


def test_unknown_table_and_bad_new_games_in_french(db):
    client = client_for(db)
    for lang, want in (("en", "no game 'nope'"), ("fr", "aucune partie 'nope'")):
        r = client.get("/api/games/nope", **({"params": {"lang": lang}}))
        assert (r.status_code, r.json()["error"]) == (404, want)
    body = {"game": "inn", "players": 4, "seats": ["human"] * 3}
    r = post(client, "/api/games", body, "en")
    assert (r.status_code, r.json()["error"]) == (
        400, "seats must list 4 entries ('human', 'open' or an agent name), got 3")
    r = post(client, "/api/games", body, "fr-h")
    assert (r.status_code, r.json()["error"]) == (
        400, "seats doit donner 4 entrées ('human', 'open' ou un nom d'agent), reçu 3")
    body = {"game": "inn", "players": 4, "seats": ["human"] * 4, "seed": 7}
    r = post(client, "/api/games", body, "fr")
    assert r.status_code == 400 and r.json()["error"].startswith("une graine ne peut être choisie que sur une table")
    body = {"game": "inn", "players": 3, "seats": ["human", "wizard", "random"]}
    r = post(client, "/api/games", body, "fr")
    assert r.status_code == 400 and r.json()["error"].startswith(
        "l'agent 'wizard' n'est pas disponible sur ce serveur ; placez l'un de : ")
    assert post(client, "/api/games", body, "en").json()["error"].startswith(
        "agent 'wizard' is not available on this server; seat one of: ")
    body = {"game": "inn", "players": 3, "seats": ["human"] * 3, "options": {"x": [0] * 600}}
    assert post(client, "/api/games", body, "fr").json()["error"] == \
        "une liste des options a 600 entrées ; 500 au plus"
    assert post(client, "/api/games", body, "en").json()["error"] == \
        "a list in the options has 600 entries; at most 500"
    r = client.get("/api/rules/chess", params={"lang": "fr"})
    assert r.status_code == 404 and r.json()["error"].startswith("aucun jeu 'chess' ; jeux : inn, ")
    assert client.get("/api/games").json()["games"] == []


def test_guard_errors_in_french(db):
    """Body limit 413, JSON only 415 and rate limit 429: worded by the guard in the request's language."""
    client = client_for(db, limits=Limits(create=None, move=None, read=None, connect=None, ws_message=None,
                                          body_bytes=1000))
    big = json.dumps({"game": "inn", "players": 4, "seats": ["human"] * 4, "options": {"pad": "x" * 2000}})
    for lang, want in (("en", "request body too large: at most 1000 bytes"),
                       ("fr", "corps de requête trop grand : 1000 octets au plus")):
        r = client.post("/api/games", content=big, params={"lang": lang}, headers={"Content-Type": "application/json"})
        assert (r.status_code, r.json()["error"]) == (413, want)
    r = client.post("/api/games", content=b"{}", headers={"Content-Type": "text/plain", "Accept-Language": "fr"})
    assert (r.status_code, r.json()["error"]) == (415, "envoyez du JSON avec Content-Type: application/json")
    client = client_for(db, limits=Limits(create="1/minute", move=None, read=None, connect=None, ws_message=None))
    body = {"game": "inn", "players": 3, "seats": ["random"] * 3}
    assert post(client, "/api/games", body, "en").status_code == 201
    r = post(client, "/api/games", body, "fr")
    assert (r.status_code, r.json()["error"]) == (429, "trop de requêtes de ce client : ralentissez")
    r = post(client, "/api/games", body, "en")
    assert (r.status_code, r.json()["error"]) == (429, "too many requests from this client: slow down")


def test_websocket_errors_in_the_sockets_language(db):
    client = client_for(db)
    gid, tokens = new_table(client, "inn", 3, ["human", "human", "human"])
    table = client.app.state.tables.get(gid)
    turn, v = table.game.to_play, table.version
    with client.websocket_connect("/api/games/nope/ws?lang=fr") as ws:
        assert ws.receive_json() == {"error": "aucune partie 'nope'", "status": 404}
    with client.websocket_connect(f"/api/games/{gid}/ws?lang=fr&token={tokens[str(turn)]}") as ws:
        ws.receive_json()
        ws.send_json({"action": table.game.legal_actions()[0], "version": v + 5})
        reply = ws.receive_json()
        assert reply["status"] == 409 and reply["error"].startswith(f"la table est à la version {v}, pas {v + 5} :")
        ws.send_text("[1]")
        assert ws.receive_json()["error"] == 'envoyez {"action": "<action id>", "version": <int>}'
    with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[str(turn)]}") as ws:
        ws.receive_json()
        ws.send_text("[1]")
        assert ws.receive_json()["error"] == 'send {"action": "<action id>", "version": <int>}'
    assert table.version == v


def test_too_many_connections_in_french(db):
    from starlette.websockets import WebSocketDisconnect

    client = client_for(db, limits=Limits(create=None, move=None, read=None, connect="1/minute", ws_message=None))
    gid, _tokens = new_table(client, "inn", 3, ["random"] * 3)
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.receive_json()
    for lang, want in (("fr", "trop de connexions"), ("en", "too many connections")):
        url = f"/api/games/{gid}/ws?lang={lang}"
        with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(url):
            pass
        assert (refused.value.code, refused.value.reason) == (1008, want)


def test_error_text_keeps_english_and_fills_fields():
    exc = Stale("seat {seat} is not open", seat=2)
    assert str(exc) == error_text(exc, "en") == error_text(exc, None) == "seat 2 is not open"
    assert error_text(exc, "fr") == "la place 2 n'est pas libre"
    assert error_text(ValueError("plain"), "fr") == "plain"
