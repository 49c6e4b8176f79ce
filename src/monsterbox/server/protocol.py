"""uvicorn's HTTP protocol (httptools), with each response written to the socket in one piece.

uvicorn writes a response's head when the application starts it and its body when the body comes: two writes, two
TCP segments and two wake-ups of the client for every reply. Measured with ``benchmarks/server.py`` (50 tables over
HTTP, SQLite, this 2-core machine): about 0.1 ms of server CPU per move (two requests) and 9% more moves a second
when the head waits for the body. uvicorn takes the protocol class as its ``http`` setting (``serve`` passes this
one).

Only a head announcing a body (a ``content-length`` above 0, not a ``HEAD`` request) is held, so a body write always
follows it; ``close`` writes a held head first. Interim responses (``100 Continue``), chunked bodies and WebSocket
upgrades are written as they come.

Connections are bounded here too (issue 30, item 2: what uvicorn's httptools protocol leaves open), by
:class:`ConnectionLimits`: a request head larger than ``max_head_bytes`` is answered 431 and the connection closed
(httptools itself would buffer an endless header line); a head not complete ``head_timeout`` seconds after its first
byte (or after the connection opened) is answered 408 and closed (slowloris); a body not complete ``body_timeout``
seconds after its head closes the connection; at most ``per_address`` connections at once from one client address
(HTTP and WebSocket alike: more are closed at once), except that a WebSocket the application found to hold a valid
seat token counts against the same cap per seat token instead (``BoundedWebSocketProtocol.seated``: 80 players
behind one NAT keep their sockets; spectators' tokenless sockets stay capped per address); and on a WebSocket at
most ``ws_control_per_second`` control frames (pings, pongs) a second, the rate of the application's messages, else
it is closed (1008), and a WebSocket's output is bounded for a client that stops reading (a small kernel send
buffer, about one message of the server's own, dropped after ``ws_send_timeout`` seconds of output waiting unsent:
``BoundedWebSocketProtocol``). A trusted
reverse proxy's connections (``serve --trusted-proxy``) are not capped per address: all its clients share its address,
and the proxy caps them itself (deploy/nginx.conf). uvicorn's own
settings do the rest: ``limit_concurrency`` (503 past it), ``timeout_keep_alive``, ``ws_max_size`` and the pings.
"""

from __future__ import annotations

import contextlib
import functools
import re
import socket
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

if TYPE_CHECKING:
    from monsterbox.server.security import Proxies


@dataclass(frozen=True)
class ConnectionLimits:
    """How much one connection may hold of the server (``monsterbox serve`` flags; docs/server-api.md)."""

    max_head_bytes: int = 16 * 1024  # request line and headers
    head_timeout: float = 10.0  # seconds from a request's first byte (or the connection) to its complete head
    body_timeout: float = 30.0  # seconds from the head to the complete body
    keep_alive: int = 5  # seconds an idle kept-alive connection stays open (uvicorn's timeout_keep_alive)
    max_connections: int = 1000  # connections and tasks at once (uvicorn's limit_concurrency: 503 past it)
    per_address: int | None = 64  # connections at once from one client address (None: no cap)
    ws_max_size: int = 64 * 1024  # bytes of one WebSocket message
    ws_ping_interval: float | None = 20.0  # the server pings each socket this often ...
    ws_ping_timeout: float | None = 20.0  # ... and closes it when no pong came within this
    ws_control_per_second: int = 30  # control frames a client may send a second (the message rate)
    ws_send_buffer: int = 64 * 1024  # the kernel's send buffer of a WebSocket (bytes; Linux doubles it)
    ws_send_timeout: float = 60.0  # seconds a WebSocket's output may wait unsent before the socket is dropped
    trusted_proxies: tuple[str, ...] = ()  # peers exempt from ``per_address``: every client behind them shares it

    @functools.cached_property
    def proxies(self) -> Proxies:
        from monsterbox.server.security import Proxies  # here: a worker unpickles this module before it can answer

        return Proxies(self.trusted_proxies)


DEFAULT_LIMITS = ConnectionLimits()


def limits_of(config: Any) -> ConnectionLimits:
    """The limits a server runs with: those of a :class:`ServeConfig`, else the defaults."""
    return getattr(config, "monsterbox_limits", None) or DEFAULT_LIMITS


def _admit(server_state: Any, address: str | None, cap: int | None) -> bool:
    """Count one more connection from ``address`` if it is under ``cap`` (the counts live with uvicorn's
    ``ServerState``: one event loop, no lock needed)."""
    if address is None or cap is None:
        return True
    counts: dict[str, int] = server_state.__dict__.setdefault("monsterbox_per_address", {})
    n = counts.get(address, 0)
    if n >= cap:
        return False
    counts[address] = n + 1
    return True


def _release(server_state: Any, address: str | None) -> None:
    counts: dict[str, int] | None = server_state.__dict__.get("monsterbox_per_address")
    if address is None or counts is None or address not in counts:
        return
    counts[address] -= 1
    if counts[address] <= 0:
        del counts[address]

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


def _plain_response(status: int, reason: bytes) -> bytes:
    body = reason + b"\n"
    return (b"HTTP/1.1 %d %s\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: %d\r\n"
            b"connection: close\r\n\r\n%s" % (status, reason, len(body), body))


class OneWriteHttpProtocol(HttpToolsProtocol):
    """``HttpToolsProtocol`` whose request/response cycles write through ``OneWriteTransport``, with the head size,
    head and body timeouts and per-address cap of :class:`ConnectionLimits` (module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.limits = limits_of(self.config)
        self.head_bytes = 0
        self.reading_head = True
        self.timer: Any = None
        self.address: str | None = None  # counted against the per-address cap while set
        self.refused = False

    def connection_made(self, transport: Any) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else None
        if address in self.limits.proxies:  # a trusted reverse proxy: its clients are counted by the proxy itself
            address = None
        if not _admit(self.server_state, address, self.limits.per_address):
            self.refused = True
            transport.close()
            return
        self.address = address
        self.arm(self.limits.head_timeout, self.head_timed_out)

    def connection_lost(self, exc: Exception | None) -> None:
        self.disarm()
        _release(self.server_state, self.address)
        self.address = None
        super().connection_lost(exc)

    def arm(self, seconds: float, then: Any) -> None:
        self.disarm()
        self.timer = self.loop.call_later(seconds, then)

    def disarm(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def refuse(self, status: int, reason: bytes) -> None:
        """Answer ``status`` and close (no request is running: the head is not complete)."""
        self.refused = True
        self.disarm()
        if not self.transport.is_closing():
            self.transport.write(_plain_response(status, reason))
            self.transport.close()

    def head_timed_out(self) -> None:
        self.timer = None
        if not self.reading_head:
            return
        if self.cycle is None or self.cycle.response_complete:
            self.refuse(408, b"Request Timeout")
        elif not self.transport.is_closing():  # a response is still being written: no reply of our own
            self.transport.close()

    def body_timed_out(self) -> None:
        self.timer = None
        if not self.reading_head and not self.transport.is_closing():
            self.transport.close()  # the request's receive() then sees the disconnect

    def data_received(self, data: bytes) -> None:
        if self.refused:
            return
        if self.reading_head:
            self.head_bytes += len(data)
            if self.head_bytes > self.limits.max_head_bytes:
                self.refuse(431, b"Request Header Fields Too Large")
                return
            if self.timer is None:
                self.arm(self.limits.head_timeout, self.head_timed_out)
        super().data_received(data)

    def on_headers_complete(self) -> None:
        self.reading_head = False
        self.arm(self.limits.body_timeout, self.body_timed_out)
        before = self.cycle
        super().on_headers_complete()
        cycle = self.cycle
        if cycle is not None and cycle is not before:  # a new cycle (an upgrade makes none): not started yet
            cycle.transport = OneWriteTransport(self.transport, self.scope["method"] == "HEAD")  # type: ignore[assignment]

    def on_message_complete(self) -> None:
        self.disarm()
        self.reading_head = True
        self.head_bytes = 0
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        """The socket's protocol now counts against the per-address cap (it releases the address when it closes)."""
        self.disarm()
        address, self.address = self.address, None
        super().handle_websocket_upgrade()
        ws = self.transport.get_protocol()
        if isinstance(ws, BoundedWebSocketProtocol):
            ws.held = (self.server_state, address)
        else:
            _release(self.server_state, address)


class BoundedWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol with a rate limit on the control frames a client sends (pings and pongs
    are answered by the protocol and never reach the application's message limit): past
    ``ws_control_per_second`` in a second, the socket is closed with 1008.

    Its output is bounded too, for a client that stops reading: the kernel's send buffer is ``ws_send_buffer`` (not
    the megabytes Linux grows it to on its own), and the application's next message waits until the last one has
    reached the kernel (a write buffer with no high-water mark above 0: uvicorn's ``send`` awaits it), so the server
    holds at most one message of its own for the socket on top of the kernel's buffer, and the table's pusher
    (app.ws) sends the latest state when the socket drains. A socket whose output has waited unsent for
    ``ws_send_timeout`` seconds is dropped (aborted: its pending output is discarded, the application sees it gone)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.limits = limits_of(self.config)
        self.window = (0.0, 0)
        self.held: tuple[Any, str | None] | None = None
        self.stall: Any = None  # the timer that drops a socket whose output waits unsent (ws_send_timeout)

    def connection_made(self, transport: Any) -> None:  # type: ignore[override]
        super().connection_made(transport)
        sock = transport.get_extra_info("socket")
        if sock is not None and self.limits.ws_send_buffer:
            with contextlib.suppress(OSError):  # not a socket with a send buffer: nothing to bound
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.limits.ws_send_buffer)
        transport.set_write_buffer_limits(high=0)  # paused whenever output waits: send() awaits it

    def pause_writing(self) -> None:
        super().pause_writing()
        if self.stall is None and self.limits.ws_send_timeout:
            self.stall = self.loop.call_later(self.limits.ws_send_timeout, self.stalled)

    def resume_writing(self) -> None:
        super().resume_writing()
        if self.stall is not None:
            self.stall.cancel()
            self.stall = None

    def stalled(self) -> None:
        """The output waited unsent for ``ws_send_timeout`` seconds: the client reads nothing; dropped."""
        self.stall = None
        if not self.writable.is_set():
            self.transport.abort()

    def control_frame_allowed(self) -> bool:
        now = self.loop.time()
        start, n = self.window
        if now - start >= 1.0:
            start, n = now, 0
        self.window = (start, n + 1)
        return n + 1 <= self.limits.ws_control_per_second

    def too_many_control_frames(self) -> None:
        if not self.transport.is_closing():
            self.conn.send_close(1008, "too many control frames")
            self.transport.write(b"".join(self.conn.data_to_send()))
            self.transport.close()

    def handle_ping(self) -> None:
        if self.control_frame_allowed():
            super().handle_ping()
        else:
            self.too_many_control_frames()

    def handle_pong(self, event: Any) -> None:
        if self.control_frame_allowed():
            super().handle_pong(event)
        else:
            self.too_many_control_frames()

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        # the application tells a socket holding a valid seat token (``seated``); the task that runs it has not
        # started yet, so it sees this
        self.scope["extensions"]["monsterbox.seated"] = self.seated  # type: ignore[index]

    def seated(self, seat_key: str) -> None:
        """The socket presents a valid seat token (``seat_key``: the token's hash): it counts against the cap per
        seat token, no longer against its address's, so that 80 players behind one NAT (no proxy) all keep their
        sockets, while an address's tokenless (spectator) sockets and unchecked connections stay capped. A token
        at its cap leaves the socket counted by its address."""
        if self.held is None:
            return
        server_state, address = self.held
        if address is None:  # not counted (a trusted proxy's, or no cap)
            return
        key = "seat:" + seat_key
        if _admit(server_state, key, self.limits.per_address):
            _release(server_state, address)
            self.held = (server_state, key)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.held is not None:
            _release(*self.held)
            self.held = None
        if self.stall is not None:
            self.stall.cancel()
            self.stall = None
        super().connection_lost(exc)


class ServeConfig(uvicorn.Config):
    """uvicorn's configuration carrying the server's :class:`ConnectionLimits` to its protocols (in every worker
    process: the configuration is what uvicorn hands them)."""

    monsterbox_limits: ConnectionLimits = DEFAULT_LIMITS


def uvicorn_options(limits: ConnectionLimits = DEFAULT_LIMITS) -> dict[str, Any]:
    """The uvicorn settings of ``serve`` with ``limits`` (see ``UVICORN_OPTIONS``)."""
    return {**UVICORN_OPTIONS, "timeout_keep_alive": limits.keep_alive, "limit_concurrency": limits.max_connections,
            "ws_max_size": limits.ws_max_size, "ws_ping_interval": limits.ws_ping_interval,
            "ws_ping_timeout": limits.ws_ping_timeout, "h11_max_incomplete_event_size": limits.max_head_bytes}


#: seconds a worker process of ``serve --workers N`` has to answer its supervisor's health check. With uvicorn's
#: default, 5 s, a worker still importing what its configuration names (it answers only after that) is killed and
#: started again: on a busy machine (load 30 on 2 cores) ``serve --workers 2`` never came up in 10 minutes, its
#: workers restarted every 5-7 s. A worker that really hangs is still replaced, a minute later.
WORKER_HEALTHCHECK_SECONDS = 60


def serve_config(app: Any, limits: ConnectionLimits = DEFAULT_LIMITS, **kwargs: Any) -> ServeConfig:
    """A uvicorn configuration for ``app`` (an application or a factory's import string) with ``limits``."""
    kwargs.setdefault("timeout_worker_healthcheck", WORKER_HEALTHCHECK_SECONDS)
    config = ServeConfig(app, **{**uvicorn_options(limits), **kwargs})
    config.monsterbox_limits = limits
    return config


#: how ``serve`` (and the browser tests' server) runs uvicorn: one-write HTTP responses with the connection bounds;
#: WebSocket through uvicorn's sans-I/O protocol on the ``websockets`` package, with the control-frame limit (its
#: default, the legacy asyncio protocol, took about 0.3 ms more of the server's CPU a move at 50 tables:
#: docs/results/server-load.md); messages of at most 64 kB; the client's address from the socket, never from a
#: header; no access log (uvicorn formats each line's parts before the logger drops it below its level: a cost on
#: every request for nothing); no per-message compression of WebSocket messages (browsers ask for it: compressing
#: one pushed state of 8.5 kB took 116 µs, three a move, a third of the server's CPU a move, to save a few kilobytes
#: a move); no "server: uvicorn" header (it tells an attacker the software, and is one more header to check and
#: write on every reply)
UVICORN_OPTIONS: dict[str, Any] = {"http": OneWriteHttpProtocol, "ws": BoundedWebSocketProtocol,
                                   "ws_max_size": 64 * 1024, "proxy_headers": False, "access_log": False,
                                   "ws_per_message_deflate": False, "server_header": False}

__all__ = ["DEFAULT_LIMITS", "UVICORN_OPTIONS", "BoundedWebSocketProtocol", "ConnectionLimits", "OneWriteHttpProtocol",
           "OneWriteTransport", "ServeConfig", "announces_body", "serve_config", "uvicorn_options"]
