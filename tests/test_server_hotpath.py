"""The hot path (``server/hotpath.py``) answers the state and move requests exactly as the FastAPI routes do:
the same game played through a server with it and one without gives the same replies, errors included."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from monsterbox.server.hotpath import HotPath
from monsterbox.server.security import Guard
from tests.server_helpers import auth, claim_all, client_for


def comparable(reply: Any) -> tuple[int, Any]:
    body = reply.json()
    if isinstance(body, dict):
        body = {k: v for k, v in body.items() if k != "id"}
    return reply.status_code, body


def test_hot_path_is_mounted(tmp_path: Path) -> None:
    with client_for(f"sqlite:///{tmp_path}/a.db") as c:
        assert isinstance(c.app.front, Guard) and isinstance(c.app.front.app, HotPath)
        assert c.app.front.app.app == c.app.behind  # every other request goes on to FastAPI's own stack
    with client_for(f"sqlite:///{tmp_path}/b.db", hot_path=False) as c:
        assert isinstance(c.app.front, Guard) and c.app.front.app == c.app.behind


def test_same_replies_with_and_without_the_hot_path(tmp_path: Path) -> None:
    with client_for(f"sqlite:///{tmp_path}/hot.db") as hot, \
            client_for(f"sqlite:///{tmp_path}/routes.db", hot_path=False) as routes:
        tables = []
        for c in (hot, routes):
            r = c.post("/api/games", json={"game": "inn", "players": 3, "seats": ["human"] * 3, "practice": True,
                                           "seed": 1234})
            assert r.status_code == 201, r.text
            tables.append((c, r.json()["id"], claim_all(c.post, r.json())))

        def both(method: str, path: str, seat: int | None = None, headers: dict[str, str] | None = None,
                 **kw: Any) -> tuple[int, Any]:
            replies = []
            for c, gid, tokens in tables:
                head = headers or (auth(tokens[str(seat)]) if seat is not None else {})
                replies.append(comparable(c.request(method, path.replace("{id}", gid), headers=head, **kw)))
            assert replies[0] == replies[1], (method, path, seat, kw)
            return replies[0]

        # errors first: each the same status and words on both paths
        assert both("GET", "/api/games/nosuchgame")[0] == 404
        assert both("GET", "/api/games/{id}", headers={"Authorization": "Bearer forged"})[0] == 403
        first = both("GET", "/api/games/{id}")[1]["to_play"]
        other = (first + 1) % 3
        status, s = both("GET", "/api/games/{id}", seat=first)
        assert status == 200 and s["legal"]
        legal = s["legal"][0]["id"]
        assert both("POST", "/api/games/{id}/actions", seat=first,
                    json={"action": legal, "version": s["version"] + 1})[0] == 409
        assert both("POST", "/api/games/{id}/actions", seat=first,
                    json={"action": "no_such_move", "version": s["version"]})[0] == 400
        assert both("POST", "/api/games/{id}/actions", seat=other,
                    json={"action": legal, "version": s["version"]})[0] == 400
        assert both("POST", "/api/games/{id}/actions", seat=first, json={"action": 5, "version": 0})[0] == 400
        assert both("POST", "/api/games/{id}/actions", seat=first,
                    json={"action": "x", "version": 0, "extra": 1})[0] == 400
        assert both("GET", "/api/games/{id}?lang=xx", seat=first)[0] == 400

        # then a whole game, every state and every move compared, in both languages
        moves = 0
        while True:
            status, spectator = both("GET", "/api/games/{id}")
            if spectator["over"]:
                break
            seat = spectator["to_play"]
            _, s = both("GET", "/api/games/{id}?lang=fr" if moves % 2 else "/api/games/{id}", seat=seat)
            action = s["legal"][moves % len(s["legal"])]["id"]
            status, after = both("POST", "/api/games/{id}/actions", seat=seat,
                                 json={"action": action, "version": s["version"]})
            assert status == 200 and after["version"] == s["version"] + 1
            moves += 1
        assert moves > 20 and spectator["result"]
