"""Connections bounded (issue 30, item 2): an attacker's repros on loopback against a real uvicorn server running
``serve``'s protocols (server/protocol.py). Waits are bounded and generous; what is asserted is the outcome (a 431,
a 408, a closed socket, another client answered), never a timing threshold."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import replace
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server extra (installed by make test)")
import httpx  # noqa: E402
import uvicorn  # noqa: E402

from monsterbox.server.app import Settings, create_app  # noqa: E402
from monsterbox.server.protocol import ConnectionLimits, serve_config  # noqa: E402
from monsterbox.server.security import Limits  # noqa: E402
from tests.server_helpers import NO_LIMITS  # noqa: E402

BOUND = 10.0  # seconds: the most any wait here takes before the test fails

TEST_LIMITS = ConnectionLimits(head_timeout=1.0, body_timeout=1.0, per_address=None)


class Running:
    def __init__(self, limits: ConnectionLimits, db: str, rates: Limits = NO_LIMITS, **settings: Any) -> None:
        # the listening socket is bound here and handed to uvicorn: a port picked free and bound later could be
        # taken meanwhile by another test process's server (the tests run in parallel)
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.port = int(self.sock.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self.app = create_app(settings=Settings(db=db, limits=rates, **settings))
        app = self.app
        self.server = uvicorn.Server(serve_config(app, limits, host="127.0.0.1", port=self.port,
                                                  log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)
        self.thread.start()
        end = time.monotonic() + BOUND
        while not self.server.started:
            assert time.monotonic() < end, "the server did not start"
            time.sleep(0.02)

    def connect(self) -> socket.socket:
        s = socket.create_connection(("127.0.0.1", self.port), timeout=BOUND)
        return s

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=BOUND)
        self.sock.close()


@pytest.fixture
def serve(tmp_path) -> Iterator[object]:
    started: list[Running] = []

    def start(limits: ConnectionLimits = TEST_LIMITS, rates: Limits = NO_LIMITS, **settings: Any) -> Running:
        """A server with ``limits`` and ``rates``; ``settings``: more fields of its ``Settings``."""
        running = Running(limits, f"sqlite:///{tmp_path / f'games{len(started)}.db'}", rates, **settings)
        started.append(running)
        return running

    yield start
    for r in started:
        r.stop()


def read_all(s: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (or BOUND seconds pass: then the test fails)."""
    out = b""
    end = time.monotonic() + BOUND
    while time.monotonic() < end:
        try:
            chunk = s.recv(65536)
        except ConnectionResetError:
            return out
        if not chunk:
            return out
        out += chunk
    raise AssertionError(f"the server kept the connection open: {out[:200]!r}")


def test_an_endless_header_line_gets_431_while_another_client_is_answered(serve):
    server = serve(replace(TEST_LIMITS, head_timeout=60.0))
    attacker = server.connect()
    attacker.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Endless: ")
    sent, refused = 0, False
    try:
        while sent < 4 * 1024 * 1024:  # the server must stop this long before 4 MB
            attacker.sendall(b"a" * 8192)
            sent += 8192
    except (BrokenPipeError, ConnectionResetError):
        refused = True
    # meanwhile another client is answered
    other = httpx.get(server.url + "/api/health", timeout=BOUND)
    assert other.status_code == 200 and other.json()["ok"] is True
    reply = read_all(attacker) if not refused else b""
    assert refused or reply.startswith(b"HTTP/1.1 431"), reply[:100]
    assert sent < 4 * 1024 * 1024


def test_a_head_over_the_limit_in_one_piece_gets_431(serve):
    server = serve(replace(TEST_LIMITS, max_head_bytes=2048))
    s = server.connect()
    s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 4096 + b"\r\n\r\n")
    assert read_all(s).startswith(b"HTTP/1.1 431")
    ok = server.connect()
    ok.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Small: " + b"b" * 1024 + b"\r\nConnection: close\r\n\r\n")
    assert read_all(ok).startswith(b"HTTP/1.1 200")


def test_a_half_sent_head_is_dropped_after_the_head_timeout(serve):
    server = serve()
    s = server.connect()
    s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")  # and nothing more (slowloris)
    reply = read_all(s)
    assert reply.startswith(b"HTTP/1.1 408"), reply[:100]
    silent = server.connect()  # a connection that never sends a byte is dropped too
    assert read_all(silent).startswith(b"HTTP/1.1 408")
    # a request completed in time on a kept-alive connection is answered, and the next one too
    with httpx.Client(base_url=server.url, timeout=BOUND) as c:
        assert c.get("/api/health").status_code == 200
        assert c.get("/api/health").status_code == 200


def test_a_half_sent_body_is_dropped_after_the_body_timeout(serve):
    server = serve()
    s = server.connect()
    s.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n"
              b'{"game": ')
    read_all(s)  # closed (before any reply: the request never completed)
    assert httpx.get(server.url + "/api/health", timeout=BOUND).status_code == 200


def test_connections_from_one_address_are_capped(serve):
    server = serve(replace(TEST_LIMITS, head_timeout=60.0, per_address=3))
    held = [server.connect() for _ in range(3)]
    time.sleep(0.2)  # the server has accepted them (their count is taken on accept)
    extra = server.connect()
    assert read_all(extra) == b""  # closed at once, nothing answered
    held.pop().close()
    end = time.monotonic() + BOUND
    while True:  # the closed one is released: a new connection is served
        try:
            r = httpx.get(server.url + "/api/health", timeout=BOUND)
            if r.status_code == 200:
                break
        except httpx.HTTPError:
            pass
        assert time.monotonic() < end, "a connection was not released"
        time.sleep(0.05)
    for s in held:
        s.close()


def test_the_global_cap_on_connections_answers_503_and_frees_up(serve):
    """Slowloris from many addresses (issue 30, finding 4): past ``max_connections`` connections at once, from any
    addresses, a request gets 503 at once instead of a descriptor (uvicorn's ``limit_concurrency``); a closed
    connection gives its place back."""
    server = serve(replace(TEST_LIMITS, head_timeout=60.0, max_connections=4))
    held = [server.connect() for _ in range(4)]
    for s in held:  # each sends half a head, as a slowloris does
        s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
    time.sleep(0.2)
    extra = server.connect()
    extra.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert read_all(extra).startswith(b"HTTP/1.1 503"), "past the cap: 503 at once"
    for s in held:
        s.close()
    end = time.monotonic() + BOUND
    while True:  # the places are given back
        try:
            if httpx.get(server.url + "/api/health", timeout=BOUND).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        assert time.monotonic() < end, "the closed connections were not released"
        time.sleep(0.05)


def test_seat_sockets_count_per_seat_token_and_spectators_per_address(serve):
    """80 players behind one NAT (no proxy) all keep their sockets: a socket holding a valid seat token counts
    against the cap per token, not per address; an address's tokenless (spectator) sockets are still capped."""
    import websockets.sync.client as wsc

    server = serve(replace(TEST_LIMITS, head_timeout=60.0, per_address=3))
    tables = []
    for _ in range(10):  # ten players, one address
        r = httpx.post(server.url + "/api/games", json={"game": "inn", "players": 3,
                                                          "seats": ["human", "random", "random"]}, timeout=BOUND)
        assert r.status_code == 201, r.text
        tables.append((r.json()["id"], r.json()["tokens"]["0"]))
    url = f"ws://127.0.0.1:{server.port}/api/games"
    with ExitStack() as stack:
        for k, (gid, token) in enumerate(tables):
            if k % 2:  # the token in the address
                ws = stack.enter_context(wsc.connect(f"{url}/{gid}/ws?token={token}", open_timeout=BOUND))
            else:  # the token as the first message, as the page sends it
                ws = stack.enter_context(wsc.connect(f"{url}/{gid}/ws", open_timeout=BOUND))
                assert "version" in json.loads(ws.recv(timeout=BOUND))  # the spectator's state first
                ws.send(json.dumps({"token": token}))
            for _ in range(100):  # the seat's own state comes (after any spectator's state pushed meanwhile)
                if json.loads(ws.recv(timeout=BOUND)).get("seat") == 0:
                    break
            else:
                raise AssertionError("the seat's state never came")
        gid = tables[0][0]
        for _ in range(3):
            ws = stack.enter_context(wsc.connect(f"{url}/{gid}/ws", open_timeout=BOUND))
            assert "version" in json.loads(ws.recv(timeout=BOUND))
        with pytest.raises(Exception), wsc.connect(f"{url}/{gid}/ws", open_timeout=BOUND) as ws:  # noqa: B017
            ws.recv(timeout=BOUND)  # the fourth tokenless socket of the address: closed at once
        # a made-up token holds no seat: counted by its address, which is full
        with pytest.raises(Exception), wsc.connect(f"{url}/{gid}/ws?token=madeup", open_timeout=BOUND) as ws:  # noqa: B017
            ws.recv(timeout=BOUND)


def test_websocket_control_frames_are_rate_limited(serve):
    import websockets.exceptions
    import websockets.sync.client as wsc

    server = serve(replace(TEST_LIMITS, ws_control_per_second=10))
    r = httpx.post(server.url + "/api/games", json={"game": "inn", "players": 3, "seats": ["random"] * 3},
                   timeout=BOUND)
    gid = r.json()["id"]
    with wsc.connect(f"ws://127.0.0.1:{server.port}/api/games/{gid}/ws", open_timeout=BOUND) as calm:
        calm.recv(timeout=BOUND)
        for _ in range(5):  # a few pings (a browser's keep-alive) are answered
            assert calm.ping().wait(timeout=BOUND)
    with wsc.connect(f"ws://127.0.0.1:{server.port}/api/games/{gid}/ws", open_timeout=BOUND) as ws:
        ws.recv(timeout=BOUND)
        with pytest.raises(websockets.exceptions.ConnectionClosed) as closed:
            for _ in range(200):
                ws.ping()
                time.sleep(0.001)
            while True:
                ws.recv(timeout=BOUND)
        # closed by the server: with 1008 when its close frame arrived before the client's next pings reset it
        assert closed.value.rcvd is None or closed.value.rcvd.code == 1008


def test_a_websocket_message_flood_is_answered_once_then_closed_while_a_player_plays(serve):
    """300 messages at once on a spectator's socket, past its message limit: one 429 (not one reply a message), the
    socket closed (1008) after WS_FLOOD_CLOSE refusals in a row; meanwhile a player's socket at the same table plays a
    move and gets its state."""
    import websockets.exceptions
    import websockets.sync.client as wsc

    from monsterbox.server.app import WS_FLOOD_CLOSE

    allowed = 5
    server = serve(rates=replace(NO_LIMITS, ws_message=f"{allowed}/minute"))  # one window for the whole flood
    r = httpx.post(server.url + "/api/games", json={"game": "inn", "players": 3,
                                                      "seats": ["human", "random", "random"]}, timeout=BOUND)
    assert r.status_code == 201, r.text
    gid, token = r.json()["id"], r.json()["tokens"]["0"]
    url = f"ws://127.0.0.1:{server.port}/api/games/{gid}/ws"
    with wsc.connect(url, open_timeout=BOUND) as flood, wsc.connect(f"{url}?token={token}", open_timeout=BOUND) as me:
        flood.recv(timeout=BOUND)
        sent = 0
        with contextlib.suppress(websockets.exceptions.ConnectionClosed):  # closed midway, or all sent first
            for _ in range(300):
                flood.send(json.dumps({"action": "x", "version": 0}))
                sent += 1
        replies = []
        with pytest.raises(websockets.exceptions.ConnectionClosed) as closed:
            while True:
                replies.append(json.loads(flood.recv(timeout=BOUND)))
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        assert [m["status"] for m in replies if "status" in m].count(429) == 1, replies
        assert sum("status" in m for m in replies) == allowed + 1  # the allowed ones answered (403: no seat), 1 429
        assert sent >= allowed + WS_FLOOD_CLOSE  # closed only once the run was that long
        end = time.monotonic() + BOUND  # the player's socket plays on, answered at once
        s = json.loads(me.recv(timeout=BOUND))
        while not (s.get("to_play") == 0 and s.get("legal")):
            s = json.loads(me.recv(timeout=max(0.1, end - time.monotonic())))
        me.send(json.dumps({"action": s["legal"][0]["id"], "version": s["version"]}))
        while (after := json.loads(me.recv(timeout=max(0.1, end - time.monotonic())))).get("version", -1) \
                <= s["version"]:
            assert "error" not in after, after
        assert after["version"] > s["version"]


def test_serve_refuses_nonsense_limits():
    from typer.testing import CliRunner

    from monsterbox.cli import app

    for flag in ("--head-timeout", "--max-head-bytes", "--max-per-address", "--max-tables", "--max-spectators",
                 "--spectator-idle"):
        out = CliRunner().invoke(app, ["serve", flag, "0", "--db", "sqlite:///:memory:"])
        assert out.exit_code != 0 and "must be a positive number" in out.output, out.output


def wait_until(check: Any, what: str) -> None:
    end = time.monotonic() + BOUND
    while not check():
        assert time.monotonic() < end, what
        time.sleep(0.02)


def test_spectator_sockets_per_table_are_capped_and_players_always_get_in(serve, monkeypatch):
    """An attacker holds a table's spectator places (max_spectators): one more tokenless socket is told 503 in its
    language and closed (4503), at once when its first message is not a token, after SEAT_GRACE when it says
    nothing; a player still reaches its table, its token in the address or sent as the first message (as the page
    does); a spectator that sends its token leaves the count, and one that closes gives its place back."""
    import websockets.exceptions
    import websockets.sync.client as wsc

    import monsterbox.server.app as app_module

    monkeypatch.setattr(app_module, "SEAT_GRACE", 0.5)
    server = serve(max_spectators=3)
    r = httpx.post(server.url + "/api/games", json={"game": "inn", "players": 3,
                                                      "seats": ["human", "random", "random"]}, timeout=BOUND)
    assert r.status_code == 201, r.text
    gid, token = r.json()["id"], r.json()["tokens"]["0"]
    url = f"ws://127.0.0.1:{server.port}/api/games/{gid}/ws"
    hub = server.app.state.hub

    def refused(ws: Any, first: str | None = None) -> str:
        if first is not None:
            ws.send(first)
        reply = json.loads(ws.recv(timeout=BOUND))
        assert reply.get("status") == 503, reply
        with pytest.raises(websockets.exceptions.ConnectionClosed) as closed:
            ws.recv(timeout=BOUND)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4503
        return str(reply["error"])

    def own_state(ws: Any) -> dict[str, Any]:
        for _ in range(100):  # the seat's own state comes (after any spectator's state pushed meanwhile)
            s = json.loads(ws.recv(timeout=BOUND))
            assert "error" not in s, s
            if s.get("seat") == 0:
                return dict(s)
        raise AssertionError("the seat's state never came")

    with ExitStack() as stack:
        watchers = [stack.enter_context(wsc.connect(url, open_timeout=BOUND)) for _ in range(3)]
        for w in watchers:
            assert "version" in json.loads(w.recv(timeout=BOUND))
        assert hub.spectators[gid] == 3
        with wsc.connect(url, open_timeout=BOUND) as extra:  # says nothing: refused once its grace is over
            text = refused(extra)
        assert text == "this table has as many spectators as it can take (3); try again later"
        with wsc.connect(url + "?lang=fr", open_timeout=BOUND) as extra:  # not a token: refused at once
            text = refused(extra, json.dumps({"action": "x", "version": 0}))
        assert "spectateurs" in text and "(3)" in text, text
        with wsc.connect(url, open_timeout=BOUND) as extra:  # a made-up token: no seat (403)
            extra.send(json.dumps({"token": "madeup"}))
            assert json.loads(extra.recv(timeout=BOUND))["status"] == 403
        # the players get in: the token in the address, or as the first message
        me = stack.enter_context(wsc.connect(f"{url}?token={token}", open_timeout=BOUND))
        own_state(me)
        page = stack.enter_context(wsc.connect(url, open_timeout=BOUND))
        page.send(json.dumps({"token": token}))
        own_state(page)
        assert hub.spectators[gid] == 3  # neither counted
        # a spectator closes: its place is given back
        watchers.pop().close()
        wait_until(lambda: hub.spectators.get(gid) == 2, "a closed spectator kept its place")
        late = stack.enter_context(wsc.connect(url, open_timeout=BOUND))
        assert "version" in json.loads(late.recv(timeout=BOUND))
        assert hub.spectators[gid] == 3
        # a spectator that sends its seat's token becomes a player and leaves the count (before its state comes)
        late.send(json.dumps({"token": token}))
        own_state(late)
        assert hub.spectators[gid] == 2
        newcomer = stack.enter_context(wsc.connect(url, open_timeout=BOUND))
        assert "version" in json.loads(newcomer.recv(timeout=BOUND))
        with wsc.connect(url, open_timeout=BOUND) as extra:
            refused(extra, "hello")
    wait_until(lambda: gid not in hub.spectators, "the closed sockets kept their places")


def test_spectators_of_a_quiet_table_are_closed_and_players_stay(serve):
    """Spectator sockets left open on a table that stopped changing (the 2,000 idle spectators of the attack) are
    closed with 1001 and a reason in their language once the table's version has not changed for
    spectator_idle_seconds; while the table moves they stay; a player's socket at the same table is never closed for
    quiet and plays on."""
    import websockets.exceptions
    import websockets.sync.client as wsc

    idle = 2.0
    server = serve(spectator_idle_seconds=idle)
    r = httpx.post(server.url + "/api/games", json={"game": "inn", "players": 3,
                                                      "seats": ["human", "random", "random"]}, timeout=BOUND)
    assert r.status_code == 201, r.text
    gid, token = r.json()["id"], r.json()["tokens"]["0"]
    url = f"ws://127.0.0.1:{server.port}/api/games/{gid}/ws"
    auth = {"Authorization": f"Bearer {token}"}

    def drain(ws: Any) -> list[dict[str, Any]]:
        out = []
        while True:
            try:
                out.append(json.loads(ws.recv(timeout=0)))
            except TimeoutError:
                return out

    def my_turn() -> dict[str, Any]:
        end = time.monotonic() + BOUND
        while True:
            s = httpx.get(f"{server.url}/api/games/{gid}", headers=auth, timeout=BOUND).json()
            if s.get("to_play") == 0 and s.get("legal"):
                return dict(s)
            assert time.monotonic() < end, "the bots never gave the player its turn"
            time.sleep(0.05)

    with wsc.connect(f"{url}?token={token}", open_timeout=BOUND) as me, \
            wsc.connect(url, open_timeout=BOUND) as watcher, wsc.connect(f"{url}?lang=fr", open_timeout=BOUND) as fr:
        # the table moves for 2.5 idle periods: a move every idle/4 seconds or so; the spectators stay
        end = time.monotonic() + 2.5 * idle
        while time.monotonic() < end:
            s = my_turn()
            played = httpx.post(f"{server.url}/api/games/{gid}/actions", headers=auth, timeout=BOUND,
                                json={"action": s["legal"][0]["id"], "version": s["version"]})
            assert played.status_code == 200, played.text
            for ws in (me, watcher, fr):
                drain(ws)  # raises ConnectionClosed if the server closed it
            time.sleep(idle / 4)
        my_turn()  # and now the table waits for the player, who waits: quiet
        quiet_since = time.monotonic()
        reasons = []
        for ws in (watcher, fr):
            with pytest.raises(websockets.exceptions.ConnectionClosed) as closed:
                while True:
                    ws.recv(timeout=BOUND)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1001
            reasons.append(closed.value.rcvd.reason)
        assert time.monotonic() - quiet_since < BOUND
        assert "quiet" in reasons[0] and "reload" in reasons[0], reasons
        assert "recharge" in reasons[1], reasons
        time.sleep(idle)  # the player's socket, as quiet, stays open and plays
        drain(me)
        s = my_turn()
        me.send(json.dumps({"action": s["legal"][0]["id"], "version": s["version"]}))
        while (after := json.loads(me.recv(timeout=BOUND))).get("version", -1) <= s["version"]:
            assert "error" not in after, after
        assert after["version"] > s["version"]
        # a spectator of the now quiet table is closed again after its own idle period
        with wsc.connect(url, open_timeout=BOUND) as late:
            opened = time.monotonic()
            with pytest.raises(websockets.exceptions.ConnectionClosed) as closed:
                while True:
                    late.recv(timeout=BOUND)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1001
            assert time.monotonic() - opened >= idle * 0.9


@pytest.mark.parametrize(("variable", "field", "default", "good", "value", "bad"), [
    ("MONSTERBOX_MAX_TABLES", "max_live_tables", 10_000, "25", 25, ("0", "-3", "many")),
    ("MONSTERBOX_MAX_SPECTATORS", "max_spectators", 200, "7", 7, ("0", "-3", "many")),
    ("MONSTERBOX_SPECTATOR_IDLE", "spectator_idle_seconds", 1800.0, "90.5", 90.5, ("0", "-3", "many", "inf", "nan")),
])
def test_the_limits_come_from_the_environment(monkeypatch, variable, field, default, good, value, bad):
    """``serve --max-tables/--max-spectators/--spectator-idle`` reach every worker process through the environment:
    the default when unset, the value when set, a clear error for anything but a positive (finite) number."""
    from monsterbox.core.errors import InvalidOptions

    monkeypatch.delenv(variable, raising=False)
    assert getattr(Settings.from_env(), field) == default
    monkeypatch.setenv(variable, good)
    assert getattr(Settings.from_env(), field) == value
    for text in bad:
        monkeypatch.setenv(variable, text)
        with pytest.raises(InvalidOptions, match=f"{variable} must be a positive number"):
            Settings.from_env()


def test_a_socket_that_never_reads_holds_up_nobody_and_is_dropped(serve):
    """A spectator opens a table's socket and stops reading its TCP socket (a tiny receive buffer, a hand-written
    handshake, then nothing read) while the table changes 300 times (moves over HTTP, states of about 10 kB). Another
    socket of the table gets every version at once; the server starts only a few sends for the stuck one (its
    kernel send buffer is bounded) and holds at most about one state of its own for it (not the 300 states, 3 MB);
    once its output has waited unsent for ws_send_timeout the socket is dropped and its places given back."""
    import base64
    import os
    import random

    import websockets.sync.client as wsc

    from monsterbox.server.protocol import BoundedWebSocketProtocol
    from tests.server_helpers import claim_all

    server = serve(replace(TEST_LIMITS, ws_send_timeout=3.0))
    with httpx.Client(base_url=server.url, timeout=BOUND) as c:
        r = c.post("/api/games", json={"game": "mansion", "players": 4, "seats": ["human"] * 4, "practice": True,
                                       "seed": 7})
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        tokens = list(claim_all(c.post, r.json()).values())
        table = server.app.state.tables.peek(gid)
        hub = server.app.state.hub

        stuck = socket.socket()
        stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        stuck.settimeout(BOUND)
        stuck.connect(("127.0.0.1", server.port))
        key = base64.b64encode(os.urandom(16)).decode()
        stuck.sendall(f"GET /api/games/{gid}/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:  # the handshake's reply, byte by byte: nothing after it is read
            head += stuck.recv(1)
        assert head.startswith(b"HTTP/1.1 101"), head
        wait_until(lambda: len(table.pushed) == 1, "the stuck socket's first state was not sent")
        (stuck_id,) = table.pushed
        port = stuck.getsockname()[1]

        def stuck_buffer() -> int | None:  # what the server holds of its own for the stuck socket (None: gone)
            for p in list(server.server.server_state.connections):
                if isinstance(p, BoundedWebSocketProtocol) and p.client and p.client[1] == port:
                    return int(p.transport.get_write_buffer_size())
            return None

        rnd = random.Random(3)

        def move() -> int:
            """A random legal move of whoever may move; the version it makes."""
            for token in tokens:
                s = c.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {token}"}).json()
                if s.get("legal"):
                    played = c.post(f"/api/games/{gid}/actions", headers={"Authorization": f"Bearer {token}"},
                                    json={"action": rnd.choice(s["legal"])["id"], "version": s["version"]})
                    assert played.status_code == 200, played.text
                    return int(s["version"]) + 1
            raise AssertionError("nobody may move")

        with wsc.connect(f"ws://127.0.0.1:{server.port}/api/games/{gid}/ws", open_timeout=BOUND) as good:
            versions = {json.loads(good.recv(timeout=BOUND))["version"]}
            largest, sent, held = 0, [], []
            for _ in range(300):
                version = move()
                while version not in versions:  # the other socket gets this version, each wait bounded
                    text = good.recv(timeout=BOUND)
                    largest = max(largest, len(text))
                    versions.add(json.loads(text)["version"])
                if (n := table.pushed.get(stuck_id)) is not None:
                    sent.append(n)
                if (b := stuck_buffer()) is not None:
                    held.append(b)
            assert set(range(1, 301)) <= versions
            assert 5_000 < largest < 30_000  # states of several kB
            assert sent and max(sent) < 60, sent[-5:]  # a few sends started, not one a version
            assert held and max(held) <= 2 * largest, max(held)  # about one state, not 64 kB of them
            # the stuck socket is dropped (ws_send_timeout) and forgotten: its place, its pushed version
            wait_until(lambda: stuck_buffer() is None, "the stuck socket was never dropped")
            wait_until(lambda: stuck_id not in table.pushed and hub.spectators.get(gid) == 1,
                       "the dropped socket kept its places")
            read_all(stuck)  # what the kernel had, then the end of the connection
            version = move()  # the other socket goes on
            while version not in versions:
                versions.add(json.loads(good.recv(timeout=BOUND))["version"])
        stuck.close()
