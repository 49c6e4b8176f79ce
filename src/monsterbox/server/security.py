"""Everything between the open internet and the routes: body size limit (413), JSON only (415), per-client rate
limits (429), and security headers on every reply (a Content-Security-Policy that forbids inline scripts and any
other origin). A pure ASGI middleware: cheap on the hot path.

Who the client is (:func:`client_of`): the connection's address, or, when that address is one of the proxies the
server was told to trust (``serve --trusted-proxy``, :class:`Proxies`), the rightmost ``X-Forwarded-For`` entry that
is not itself a trusted proxy: the address the last trusted hop saw. Never the leftmost entry, which the client
writes itself.

What is limited per what (:class:`Limits`): table creation and requests without a seat token per client address;
moves and reads per seat token (``Authorization: Bearer``), so that 80 players behind one NAT or one proxy are not
throttled as one client, with a ceiling per address on all of them (``per_address``) so that made-up tokens buy an
attacker nothing. A table socket's messages count per socket (``ws_message``): past it the socket answers only the
first refusal of a run and is closed after ``app.WS_FLOOD_CLOSE`` in a row. The windows are kept per process:
``serve --workers N`` divides every budget by N (:meth:`Limits.per_process`), so that N processes together allow what
one would.
"""

from __future__ import annotations

import ipaddress
import json
import math
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from limits import RateLimitItem, parse
from starlette.requests import HTTPConnection

from monsterbox.core.errors import InvalidOptions
from monsterbox.server.connection import reply_lang
from monsterbox.server.errors import say

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
DOCS_CSP = CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")


class Proxies:
    """The reverse proxies the server trusts to say who the client is: addresses and networks (``127.0.0.1``,
    ``10.0.0.0/8``, ``::1``). Empty: no header is trusted (the default)."""

    def __init__(self, entries: Iterable[str] = ()) -> None:
        self.entries = tuple(e.strip() for e in entries if e.strip())
        self.networks = tuple(parse_network(e) for e in self.entries)
        self.known: dict[str, bool] = {}  # address -> trusted (a few proxies, a few thousand clients: remembered)

    def __bool__(self) -> bool:
        return bool(self.networks)

    def __contains__(self, address: object) -> bool:
        if not self.networks or not isinstance(address, str):
            return False
        found = self.known.get(address)
        if found is None:
            try:
                ip = ipaddress.ip_address(address)
            except ValueError:
                found = False
            else:
                found = any(ip.version == n.version and ip in n for n in self.networks)
            if len(self.known) > 10_000:
                self.known.clear()
            self.known[address] = found
        return found

    @classmethod
    def from_text(cls, text: str | None) -> Proxies:
        """``MONSTERBOX_TRUSTED_PROXIES``: comma-separated addresses or networks."""
        return cls((text or "").split(","))


def parse_network(text: str) -> ipaddress.IPv4Network | ipaddress.IPv6Network:
    """One trusted proxy: an IPv4 or IPv6 address or network (CIDR); InvalidOptions, clearly worded, if not."""
    try:
        return ipaddress.ip_network(text, strict=False)
    except ValueError:
        raise InvalidOptions("a trusted proxy is an IP address or network such as 127.0.0.1 or 10.0.0.0/8, got "
                             "{got}", got=repr(text[:100])) from None


@dataclass
class Limits:
    """Rate limits (``limits`` notation, e.g. ``"20/second"``); None disables one. ``create`` and ``connect`` count
    per client address; ``move`` and ``read`` per seat token (per address for a request without one); ``per_address``
    bounds all of a client address's API requests together; ``ws_message`` counts per socket."""

    create: str | None = "30/minute"
    move: str | None = "30/second"
    read: str | None = "200/second"
    connect: str | None = "60/minute"
    ws_message: str | None = "30/second"
    per_address: str | None = "2000/second"
    body_bytes: int = 256 * 1024
    trusted_proxies: tuple[str, ...] = ()  # take the client from X-Forwarded-For when the peer is one of these

    def per_process(self, workers: int) -> Limits:
        """These limits for one of ``workers`` processes that share the traffic: every amount counted per client
        address or seat token divided by ``workers`` (rounded up: at least 1), the windows unchanged (each process
        counts its own requests). ``ws_message`` counts per socket, and a socket lives in one process: unchanged."""
        if workers <= 1:
            return self
        return replace(self, **{k: share(getattr(self, k), workers) for k in
                                ("create", "move", "read", "connect", "per_address")})


def share(text: str | None, workers: int) -> str | None:
    """One process's share of a rate limit (``limits`` notation) that ``workers`` processes count apart: the amount
    divided by ``workers``, rounded up (at least 1), the window unchanged. None (no limit) stays None."""
    if not text or workers <= 1:
        return text
    item = parse(text)
    amount = max(1, math.ceil(item.amount / workers))
    return f"{amount}/{item.multiples} {item.GRANULARITY.name}"


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
             ("ws_message", cfg.ws_message), ("per_address", cfg.per_address))}

    def allow(self, kind: str, client: str) -> bool:
        item = self.items.get(kind)
        return item is None or self.limiter.hit(item, kind, client)

    def retry_after(self, kind: str) -> int:
        item = self.items.get(kind)
        return max(1, int(item.get_expiry())) if item else 1


def peer_of(scope: dict[str, Any]) -> str:
    """The address of the connection's other end (the proxy, behind one)."""
    c = scope.get("client")
    return str(c[0]) if c else "?"


def client_of(scope: dict[str, Any], proxies: Proxies | None = None) -> str:
    """The client's address: the connection's peer, unless the peer is a trusted proxy; then the rightmost
    ``X-Forwarded-For`` entry that is not a trusted proxy (each trusted hop appends the address it saw; entries left
    of the first untrusted one from the right are the client's own writing and never read). Several
    ``X-Forwarded-For`` headers count as one list, in order."""
    peer = peer_of(scope)
    if not proxies or peer not in proxies:
        return peer
    hops: list[str] = []
    for k, v in scope.get("headers", []):
        if k == b"x-forwarded-for":
            hops.extend(v.decode("latin-1").split(","))
    for hop in reversed(hops):
        hop = hop.strip()[:100]
        if hop not in proxies:
            return hop or peer
    return hops[0].strip()[:100] if hops else peer  # every hop a trusted proxy: the first of them


def forwarded_proto(scope: dict[str, Any], proxies: Proxies | None = None) -> str:
    """The scheme the client used: ``X-Forwarded-Proto`` (its last value) when the peer is a trusted proxy, else
    the connection's own."""
    if proxies and peer_of(scope) in proxies:
        for k, v in reversed(scope.get("headers", [])):
            if k == b"x-forwarded-proto":
                return v.decode("latin-1").split(",")[-1].strip().lower()
    return str(scope.get("scheme", "http"))


def token_of(scope: dict[str, Any]) -> str | None:
    """The seat token of ``Authorization: Bearer`` (its shape is checked later, by the route), or None."""
    for k, v in scope.get("headers", []):
        if k == b"authorization":
            scheme, _, token = v.partition(b" ")
            token = token.strip()
            if scheme.lower() == b"bearer" and 0 < len(token) <= 200:
                return token.decode("latin-1")
            return None
    return None


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
        self.proxies = Proxies(cfg.trusted_proxies)

    def allowed(self, kind: str, scope: dict[str, Any]) -> bool:
        """One more request of ``kind``: creation per address; moves and reads per seat token (per address without
        one), all of an address's requests under ``per_address`` too."""
        items = self.limiter.items
        if items.get(kind) is None and (kind == "create" or items.get("per_address") is None):
            return True  # no limit to count against (--no-rate-limits): nothing to look up
        client = client_of(scope, self.proxies)
        if kind == "create":
            return self.limiter.allow(kind, client)
        if not self.limiter.allow("per_address", client):
            return False
        token = token_of(scope)
        return self.limiter.allow(kind, client if token is None else "token:" + token)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            if self.limiter.items.get("connect") is not None and \
                    not self.limiter.allow("connect", client_of(scope, self.proxies)):
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
        if kind is not None and not self.allowed(kind, scope):
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
