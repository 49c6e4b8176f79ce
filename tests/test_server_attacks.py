"""The server attacked: every finding of issue 9 as a hostile request that must be refused cleanly (never a 500,
never a hung or stuck table), plus the limits on sizes and rates."""

import json
import time

import pytest

pytest.importorskip("fastapi", reason="the server extra (installed by make test)")

from monsterbox.server.security import Limits  # noqa: E402
from tests.server_helpers import auth, client_for, new_table, state  # noqa: E402


@pytest.fixture
def db(tmp_path):
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.mark.parametrize("spec,message", [
    ("ismcts:time=inf", "finite"),
    ("ismcts:time=nan", "finite"),
    ("ismcts:c=nan", "finite"),
    ("ismcts:c=inf", "finite"),
    ("ismcts:time=60", "seconds per move"),
    ("ismcts:iterations=100000000", "iterations"),
    ("ismcts:iterations=1e300", "out of range"),
    ("heuristic:treasure=abc", "heuristic"),
    ("heuristic:bogus=1", "bogus"),
    ("random:x=1", "no parameters"),
    ("policy:path=/etc/passwd", "not available on this server"),
    ("ismcts:workers=64", "one process"),
    ("expert:iterations=99999999", "takes no parameters"),
    ("policy:path=/tmp/model.zip", "not available on this server"),
    ("x" * 300, "at most 200"),
    ("", "agent"),
])
def test_hostile_agent_specs_are_refused_at_creation(db, spec, message):
    client = client_for(db)
    t0 = time.perf_counter()
    r = client.post("/api/games", json={"game": "inn", "players": 3, "seats": ["human", spec, "random"]})
    assert r.status_code == 400 and message in r.json()["error"], r.text
    assert time.perf_counter() - t0 < 30  # refused, not run
    assert client.get("/api/games").json()["games"] == []


def test_a_huge_deck_option_is_refused_at_once(db):
    client = client_for(db)
    deck = ["M1"] * 30000  # ~150 kB: the old check was quadratic (12-24 s)
    r = client.post("/api/games", json={"game": "inn", "players": 4, "seats": ["human"] * 4, "practice": True,
                                        "options": {"deck": deck}})
    assert r.status_code == 400 and "at most" in r.json()["error"]


@pytest.mark.parametrize("options,message", [
    ({"cards": "/etc/shadow"}, "never a path"),
    ({"x": [[[[[[[[1]]]]]]]]}, "nested"),
    ({"cards": {"creature": [{"id": "a" * 5000}]}}, "longer than"),
    ({"open_treasures": 1e400}, ""),
])
def test_malformed_options_give_400(db, options, message):
    client = client_for(db)
    body = json.dumps({"game": "inn", "players": 4, "seats": ["human"] * 4, "options": options})
    r = client.post("/api/games", content=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and message in r.json()["error"], r.text


def test_body_limit_content_type_and_malformed_json(db):
    client = client_for(db)
    big = json.dumps({"game": "inn", "players": 4, "seats": ["human"] * 4, "options": {"pad": "x" * 400_000}})
    r = client.post("/api/games", content=big, headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and "too large" in r.json()["error"]
    body = json.dumps({"game": "inn", "players": 4, "seats": ["human"] * 4})
    for ctype in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data", ""):
        r = client.post("/api/games", content=body, headers={"Content-Type": ctype} if ctype else {})
        assert r.status_code == 415, (ctype, r.text)
    for raw in ("{", "[]", "null", '{"game": 1}', "\x00\xff"):
        r = client.post("/api/games", content=raw.encode("latin-1"), headers={"Content-Type": "application/json"})
        assert r.status_code == 400, (raw, r.text)
    r = client.post("/api/games", content=b"1", headers={"Content-Type": "application/json", "Content-Length": "x"})
    assert r.status_code in (400, 413)
    assert client.get("/api/games").json()["games"] == []


def test_rate_limits_answer_429(db):
    client = client_for(db, limits=Limits(create="3/minute", move="5/minute", read="20/minute", connect=None,
                                          ws_message=None))
    codes = [client.post("/api/games", json={"game": "inn", "players": 3, "seats": ["random"] * 3}).status_code
             for _ in range(5)]
    assert codes[:3] == [201] * 3 and codes[3:] == [429, 429]
    r = client.post("/api/games", json={"game": "inn", "players": 3, "seats": ["random"] * 3})
    assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
    reads = [client.get("/api/health").status_code for _ in range(30)]
    assert 429 in reads and reads[0] == 200


def test_fuzzed_requests_never_give_a_500(db):
    import random

    client = client_for(db)
    gid, tokens = new_table(client, "maker", 3, ["human", "human", "random"])
    rng = random.Random(1)
    junk = [None, 0, -1, 2**70, 1.5, "", "x" * 300, [], {}, {"a": 1}, True, "🙂", "../../etc/passwd", "<script>"]
    paths = [f"/api/games/{gid}", f"/api/games/{gid}/actions", f"/api/games/{gid}/events", f"/api/games/{gid}/join",
             f"/api/games/{gid}/record", "/api/games", f"/api/games/{'x' * 500}", "/api/games/..%2F..%2Fetc",
             "/api/cards/..", f"/api/games/{gid}/ws"]
    for _ in range(300):
        path = rng.choice(paths)
        method = rng.choice(["GET", "POST", "PUT", "DELETE"])
        body = {k: rng.choice(junk) for k in rng.sample(["game", "players", "seats", "action", "version", "seat",
                                                          "name", "options", "practice", "seed"], rng.randint(0, 5))}
        headers = {"Content-Type": "application/json"}
        if rng.random() < 0.5:
            headers["Authorization"] = rng.choice(["Bearer " + tokens["0"], "Bearer x", "Bearer", "junk", "Bearer " +
                                                   "y" * 500])
        params = {k: str(rng.choice(junk)) for k in rng.sample(["since", "limit", "status", "before", "token"], 2)}
        r = client.request(method, path, content=json.dumps(body), headers=headers, params=params)
        assert r.status_code < 500, (method, path, body, params, r.status_code, r.text)
        assert r.headers.get("content-type", "").startswith("application/json"), (path, r.text[:80])
    assert state(client, gid, tokens["0"])["version"] >= 0


def test_tokens_belong_to_their_table(db):
    client = client_for(db)
    a, ta = new_table(client, "inn", 3, ["human", "human", "random"])
    b, tb = new_table(client, "inn", 3, ["human", "human", "random"])
    r = client.get(f"/api/games/{b}", headers=auth(ta["0"]))
    assert r.status_code == 403
    with client.websocket_connect(f"/api/games/{b}/ws?token={ta['0']}") as ws:
        assert ws.receive_json()["status"] == 403


def test_hostile_websocket_frames_are_answered_not_crashed(db):
    client = client_for(db)
    gid, tokens = new_table(client, "inn", 3, ["human"] * 3)
    with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens['0']}") as ws:
        first = ws.receive_json()
        for frame in (b"\x00\x01binary", "x" * 10000, "[]", '{"action": 5, "version": 0}',
                      '{"action": "a", "version": true}', '{"action": "' + "a" * 300 + '", "version": 0}'):
            if isinstance(frame, bytes):
                ws.send_bytes(frame)
            else:
                ws.send_text(frame)
            reply = ws.receive_json()
            assert reply["status"] in (400, 413), (frame[:20], reply)
        assert state(client, gid, tokens["0"])["version"] == first["version"]
