"""The server's HTTP protocol writes each response in one piece (``server/protocol.py``): every kind of response still
arrives whole from a real ``monsterbox serve`` (JSON, an empty body, HEAD, 100-continue, errors, a WebSocket), and the
rule deciding which heads wait for their body."""

import json
import socket

import pytest

pytest.importorskip("fastapi", reason="the server extra (installed by make test)")
import httpx  # noqa: E402

from monsterbox.server.protocol import OneWriteTransport, announces_body  # noqa: E402
from tests.test_server_consistency import free_port, start_server  # noqa: E402


class Recorder:
    def __init__(self):
        self.writes, self.closed = [], False

    def write(self, data):
        self.writes.append(data)

    def close(self):
        self.closed = True

    def is_closing(self):
        return self.closed


def test_a_head_announcing_a_body_is_written_with_it():
    t = Recorder()
    w = OneWriteTransport(t, head_request=False)
    head = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n"
    w.write(head)
    assert t.writes == []
    w.write(b"{}")
    assert t.writes == [head + b"{}"]
    assert w.is_closing() is False  # everything else passes through


def test_heads_without_a_body_to_come_are_written_at_once():
    for head, head_request in ((b"HTTP/1.1 204 No Content\r\ncontent-length: 0\r\n\r\n", False),
                               (b"HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\n", True),  # HEAD: no body follows
                               (b"HTTP/1.1 100 Continue\r\n\r\n", False),
                               (b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n", False)):
        t = Recorder()
        OneWriteTransport(t, head_request).write(head)
        assert t.writes == [head], head
    assert announces_body(b"HTTP/1.1 404 Not Found\r\nContent-Length: 31\r\n\r\n")


def test_close_writes_a_held_head_first():
    t = Recorder()
    w = OneWriteTransport(t, head_request=False)
    w.write(b"HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\n")
    w.close()
    assert t.writes == [b"HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\n"] and t.closed


def raw_request(port, data):
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(data)
        out = b""
        while b"\r\n\r\n" not in out:
            out += s.recv(65536)
        return s, out


def test_every_kind_of_response_arrives_from_a_real_server(tmp_path):
    port = free_port()
    proc = start_server(f"sqlite:///{tmp_path / 'games.db'}", port)
    base = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(base_url=base) as c:  # one keep-alive connection for all of these
            r = c.post("/api/games", json={"game": "inn", "players": 3, "seats": ["human"] * 3})
            assert r.status_code == 201
            gid, tok = r.json()["id"], r.json()["tokens"]["0"]
            assert c.get(f"/api/games/{gid}").json()["id"] == gid
            head = c.head("/static/index.html")  # StaticFiles answers HEAD: a length announced, no body sent
            assert head.status_code == 200 and int(head.headers["content-length"]) > 0 and head.content == b""
            assert c.get("/api/games/nosuchgame").status_code == 404
            assert c.get("/").text.rstrip().endswith("</html>")  # a FileResponse, whole
            health = c.get("/api/health")
            assert health.json()["ok"] and "server" not in health.headers  # the software is not announced
        body = json.dumps({"game": "inn", "players": 3, "seats": ["human"] * 3}).encode()
        s, out = raw_request(port, b"POST /api/games HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n"
                                   b"expect: 100-continue\r\ncontent-length: %d\r\n\r\n" % len(body))
        assert out.startswith(b"HTTP/1.1 100")  # the interim answer is not held back
        import websockets.sync.client as wsc

        with wsc.connect(f"ws://127.0.0.1:{port}/api/games/{gid}/ws?token={tok}") as ws:
            assert json.loads(ws.recv(timeout=5))["id"] == gid
        # a browser asks for compressed messages; the server declines (compressing a pushed state cost more CPU
        # than the rest of the push): the handshake's answer names no extension
        s, out = raw_request(port, b"GET /api/games/%s/ws?token=%s HTTP/1.1\r\nhost: x\r\nupgrade: websocket\r\n"
                                   b"connection: Upgrade\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                                   b"sec-websocket-version: 13\r\n"
                                   b"sec-websocket-extensions: permessage-deflate; client_max_window_bits\r\n\r\n"
                                   % (gid.encode(), tok.encode()))
        s.close()
        assert out.startswith(b"HTTP/1.1 101") and b"sec-websocket-extensions" not in out.lower()
    finally:
        proc.kill()
        proc.wait()
