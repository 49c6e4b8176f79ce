"""Everything between the open internet and the routes: body size limit (413), JSON only (415), per-client rate
limits (429), and security headers on every reply (a Content-Security-Policy that forbids inline scripts and any
other origin). A pure ASGI middleware: cheap on the hot path."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from typing import Any

from limits import RateLimitItem, parse
from starlette.requests import HTTPConnection

from monsterbox.server.connection import reply_lang
from monsterbox.server.errors import say

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
DOCS_CSP = CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")


@dataclass
class Limits:
    """Per-client rate limits (``limits`` notation, e.g. ``"20/second"``); None disables one."""

    create: str | None = "30/minute"
    move: str | None = "30/second"
    read: str | None = "200/second"
    connect: str | None = "60/minute"
    ws_message: str | None = "30/second"
    body_bytes: int = 256 * 1024
    trust_proxy: bool = False  # take the client from X-Forwarded-For (only behind a proxy you run)


def _headers(extra: list[tuple[bytes, bytes]], csp: str) -> list[tuple[bytes, bytes]]:
    return extra + [
        (b"content-security-policy", csp.encode()),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"no-referrer"),
        (b"x-frame-options", b"DENY"),
        (b"cross-origin-opener-policy", b"same-origin"),
    ]


class Windows:
    """Fixed-window rate limiting on the monotonic clock (``limits``' memory storage reads the wall clock, and a
    backward step of the clock, by an hour say, froze every window for that hour): ``hit(item, *keys)`` counts one
    hit in the current window of ``item`` (a ``limits`` item: amount per expiry seconds) and says whether it is
    allowed. Windows past their end are dropped as they are met and in a sweep every 10,000 hits."""

    def __init__(self, clock: Any = time.monotonic) -> None:
        self.clock = clock
        self.windows: dict[tuple[Any, ...], list[float]] = {}  # key -> [window start, hits]
        self.lock = threading.Lock()
        self.hits = 0

    def hit(self, item: RateLimitItem, *keys: str) -> bool:
        now = self.clock()
        span = float(item.get_expiry())
        key = (item.amount, span, *keys)
        with self.lock:
            self.hits += 1
            if self.hits % 10_000 == 0:
                self.windows = {k: w for k, w in self.windows.items() if now - w[0] < k[1]}
            window = self.windows.get(key)
            if window is None or now - window[0] >= span:
                window = self.windows[key] = [now, 0]
            if window[1] >= item.amount:
                return False
            window[1] += 1
            return True


class RateLimiter:
    def __init__(self, cfg: Limits) -> None:
        self.limiter = Windows()
        self.items: dict[str, RateLimitItem | None] = {
            k: (parse(v) if v else None) for k, v in
            (("create", cfg.create), ("move", cfg.move), ("read", cfg.read), ("connect", cfg.connect),
             ("ws_message", cfg.ws_message))}

    def allow(self, kind: str, client: str) -> bool:
        item = self.items.get(kind)
        return item is None or self.limiter.hit(item, kind, client)

    def retry_after(self, kind: str) -> int:
        item = self.items.get(kind)
        return max(1, int(item.get_expiry())) if item else 1


def client_of(scope: dict[str, Any], trust_proxy: bool) -> str:
    if trust_proxy:
        for k, v in scope.get("headers", []):
            if k == b"x-forwarded-for":
                return v.decode("latin-1").split(",")[0].strip()
    c = scope.get("client")
    return str(c[0]) if c else "?"


def kind_of(method: str, path: str) -> str | None:
    if not path.startswith("/api/"):
        return None
    if method == "POST" and path == "/api/games":
        return "create"
    if method == "POST":
        return "move"
    return "read"


def lang_in(scope: dict[str, Any]) -> str:
    """The request's language for an error worded here (``connection.lang_of``; English if the asked one is
    unknown)."""
    return reply_lang(HTTPConnection(scope))


class Guard:
    def __init__(self, app: Any, cfg: Limits, limiter: RateLimiter) -> None:
        self.app = app
        self.cfg = cfg
        self.limiter = limiter

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            if not self.limiter.allow("connect", client_of(scope, self.cfg.trust_proxy)):
                await send({"type": "websocket.close", "code": 1008, "reason": say("too many connections",
                                                                                      lang_in(scope))})
                return
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        csp = DOCS_CSP if path == "/docs" else CSP

        async def send_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = _headers(list(message.get("headers", [])), csp)
            await send(message)

        kind = kind_of(scope["method"], path)
        if kind is not None and not self.limiter.allow(kind, client_of(scope, self.cfg.trust_proxy)):
            await self.error(send_headers, 429, say("too many requests from this client: slow down", lang_in(scope)),
                             [(b"retry-after", str(self.limiter.retry_after(kind)).encode())])
            return
        if scope["method"] in ("POST", "PUT", "PATCH", "DELETE"):
            headers = dict(scope.get("headers", []))
            length = headers.get(b"content-length")
            limit = self.cfg.body_bytes
            if length is not None:
                try:
                    declared = int(length)
                except ValueError:
                    await self.error(send_headers, 400, say("malformed Content-Length", lang_in(scope)))
                    return
                if declared > limit:
                    await self.error(send_headers, 413, say("request body too large: at most {limit} bytes",
                                                              lang_in(scope), limit=limit))
                    return
            body = b""
            more = True
            while more:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return
                body += message.get("body", b"")
                more = message.get("more_body", False)
                if len(body) > limit:
                    await self.error(send_headers, 413, say("request body too large: at most {limit} bytes",
                                                              lang_in(scope), limit=limit))
                    return
            ctype = headers.get(b"content-type", b"").split(b";")[0].strip().lower()
            if body and ctype != b"application/json":
                await self.error(send_headers, 415, say("send JSON with Content-Type: application/json",
                                                              lang_in(scope)))
                return
            sent = False

            async def replay() -> dict[str, Any]:
                nonlocal sent
                if not sent:
                    sent = True
                    return {"type": "http.request", "body": body, "more_body": False}
                return await receive()

            await self.app(scope, replay, send_headers)
            return
        await self.app(scope, receive, send_headers)

    @staticmethod
    async def error(send: Any, status: int, text: str, extra: list[tuple[bytes, bytes]] | None = None) -> None:
        body = json.dumps({"error": text}).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())] + (extra or [])})
        await send({"type": "http.response.body", "body": body})
