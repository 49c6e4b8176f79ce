"""uvicorn's HTTP protocol (httptools), with each response written to the socket in one piece.

uvicorn writes a response's head when the application starts it and its body when the body comes: two writes, two
TCP segments and two wake-ups of the client for every reply. Measured with ``benchmarks/server.py`` (50 tables over
HTTP, SQLite, this 2-core machine): about 0.1 ms of server CPU per move (two requests) and 9% more moves a second
when the head waits for the body. uvicorn takes the protocol class as its ``http`` setting (``serve`` passes this
one).

Only a head announcing a body (a ``content-length`` above 0, not a ``HEAD`` request) is held, so a body write always
follows it; ``close`` writes a held head first. Interim responses (``100 Continue``), chunked bodies and WebSocket
upgrades are written as they come.
"""

from __future__ import annotations

import re
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

_CONTENT_LENGTH = re.compile(rb"\r\ncontent-length:[ \t]*([0-9]+)\r\n", re.IGNORECASE)


def announces_body(head: bytes) -> bool:
    """A final response head whose ``content-length`` is above 0."""
    if head[:9] != b"HTTP/1.1 " or head[9:10] == b"1":  # 1xx: interim, no body follows
        return False
    m = _CONTENT_LENGTH.search(head)
    return m is not None and int(m.group(1)) > 0


class OneWriteTransport:
    """The transport as one request/response cycle sees it: a head announcing a body is held and written with the
    body's first part."""

    __slots__ = ("_transport", "_held", "_head_request")

    def __init__(self, transport: Any, head_request: bool) -> None:
        self._transport = transport
        self._held: bytes | None = None
        self._head_request = head_request

    def write(self, data: bytes) -> None:
        held = self._held
        if held is not None:
            self._held = None
            self._transport.write(held + data)
        elif not self._head_request and announces_body(data):
            self._held = data
        else:
            self._transport.write(data)

    def close(self) -> None:
        if self._held is not None:
            held, self._held = self._held, None
            self._transport.write(held)
        self._transport.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


class OneWriteHttpProtocol(HttpToolsProtocol):
    """``HttpToolsProtocol`` whose request/response cycles write through ``OneWriteTransport``."""

    def on_headers_complete(self) -> None:
        before = self.cycle
        super().on_headers_complete()
        cycle = self.cycle
        if cycle is not None and cycle is not before:  # a new cycle (an upgrade makes none): not started yet
            cycle.transport = OneWriteTransport(self.transport, self.scope["method"] == "HEAD")  # type: ignore[assignment]


#: how ``serve`` (and the browser tests' server) runs uvicorn: one-write HTTP responses; WebSocket through uvicorn's
#: sans-I/O protocol on the ``websockets`` package (its default, the legacy asyncio protocol, took about 0.3 ms more
#: of the server's CPU a move at 50 tables: docs/results/server-load.md); messages of at most 64 kB; the client's
#: address from the socket, never from a header; no access log (uvicorn formats each line's parts before the logger
#: drops it below its level: a cost on every request for nothing); no per-message compression of WebSocket
#: messages (browsers ask for it: compressing one pushed state of 8.5 kB took 116 µs, three a move, a third of the
#: server's CPU a move, to save a few kilobytes a move); no "server: uvicorn" header (it tells an attacker the
#: software, and is one more header to check and write on every reply)
UVICORN_OPTIONS: dict[str, Any] = {"http": OneWriteHttpProtocol, "ws": "websockets-sansio", "ws_max_size": 64 * 1024,
                                   "proxy_headers": False, "access_log": False, "ws_per_message_deflate": False,
                                   "server_header": False}

__all__ = ["UVICORN_OPTIONS", "OneWriteHttpProtocol", "OneWriteTransport", "announces_body"]
