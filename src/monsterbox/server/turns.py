""""Your turn", pushed live to the lobby (issue 31): two WebSockets that tell a lobby page when one of its tables
changed, so that the page never polls.

- ``WS /api/me/ws``: the signed-in account's tables ("my tables" of ``GET /api/me``, each with ``your_turn``), pushed
  as ``{"type": "tables", "tables": [...]}`` at connection and whenever one of them changes (a move by anyone, a bot
  included; a seat taken). Opened with the session cookie; refused (close code 4403) when the browser's ``Origin`` is
  not this server (a cross-site page cannot listen with the player's cookie), 4401 without a valid session, 4429
  beyond ``MAX_PER_ACCOUNT`` sockets of one account. The session is checked again at every push and at least every
  ``RECHECK_SECONDS``: a signed-out or deleted account's socket closes (4401).
- ``WS /api/turns/ws``: a guest's "My tables" (the seat tokens this browser keeps). The first message lists them,
  ``{"seats": [{"id", "token"}, ...]}`` (at most ``MAX_GUEST_TABLES``); each is checked like a seat's token (an
  unknown table or a token holding no seat there comes back in ``errors`` as ``{"id", "error", "status"}``: 404 or
  403) and the socket pushes
  ``{"type": "turns", "tables": [{"id", "seat", "game", "over", "to_play", "your_turn", "names", "version"}]}`` at once
  and whenever one of them changes.

Both wake on the tables' change listeners (``Tables.listeners``) of this process; a change made by another process
reaches them when that process's notification brings the table up to date here (as the tables' own sockets).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from typing import Any

import orjson
from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from sqlalchemy import select

from monsterbox.server.accounts import COOKIE, Accounts, Me, Unauthorized
from monsterbox.server.connection import reply_lang
from monsterbox.server.errors import Forbidden, NotFound, error_text, say
from monsterbox.server.store import SessionRow, now, token_hash

#: sockets one account may hold open at once (one per lobby page: tabs and devices)
MAX_PER_ACCOUNT = 8
#: tables a guest's socket follows (the lobby lists 12)
MAX_GUEST_TABLES = 12
#: the longest a signed-in socket goes without checking that its session still holds
RECHECK_SECONDS = 30.0
#: a burst of changes (a bot playing several moves) makes one push: the socket waits this long after a wake
COALESCE_SECONDS = 0.1
MAX_MESSAGE = 8192

Entry = tuple[asyncio.AbstractEventLoop, asyncio.Event]


class Watchers:
    """Keys (an account, a table) -> the sockets waiting on them; one event per socket, set from any thread."""

    def __init__(self) -> None:
        self.subs: dict[Any, set[Entry]] = {}
        self.lock = threading.Lock()

    def add(self, key: Any, entry: Entry) -> None:
        with self.lock:
            self.subs.setdefault(key, set()).add(entry)

    def remove(self, key: Any, entry: Entry) -> None:
        with self.lock:
            subs = self.subs.get(key)
            if subs is not None:
                subs.discard(entry)
                if not subs:
                    del self.subs[key]

    def count(self, key: Any) -> int:
        with self.lock:
            return len(self.subs.get(key, ()))

    def wake(self, key: Any) -> None:
        with self.lock:
            entries = list(self.subs.get(key, ()))
        for loop, event in entries:
            try:
                loop.call_soon_threadsafe(event.set)
            except RuntimeError:  # its loop is closed: the socket is gone
                self.remove(key, (loop, event))


def same_origin(ws: WebSocket) -> bool:
    """A browser names the page that opens a socket in ``Origin``: it must be this server (the Host the browser
    connected to). A client that is no browser sends none."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    return origin != "null" and origin.split("://", 1)[-1] == ws.headers.get("host", "")


class Turns:
    """The lobby's two sockets; ``on_change`` is a ``Tables`` listener, ``on_seat`` an ``Accounts`` one."""

    def __init__(self, accounts: Accounts, tables: Any) -> None:
        self.accounts = accounts
        self.tables = tables
        self.accounts_w = Watchers()  # account id -> its sockets
        self.tables_w = Watchers()  # table id -> guests' sockets following it
        self.index: dict[str, set[int]] = {}  # table id -> the connected accounts holding a seat there
        self.index_lock = threading.Lock()
        self.router = APIRouter()
        self._routes()

    # --- what wakes the sockets -------------------------------------------------------------------------------
    def on_change(self, table_id: str) -> None:
        """A table changed (a move, seats): wake the sockets that follow it (nothing to do when none is open)."""
        if self.tables_w.subs:
            self.tables_w.wake(table_id)
        if self.index:
            with self.index_lock:
                accounts = list(self.index.get(table_id, ()))
            for acc in accounts:
                self.accounts_w.wake(acc)

    def on_seat(self, table_id: str, account: int) -> None:
        """An account took a seat (created, claimed, joined): its sockets list the new table."""
        if self.accounts_w.count(account):
            with self.index_lock:
                self.index.setdefault(table_id, set()).add(account)
            self.accounts_w.wake(account)

    def _index(self, account: int, table_ids: set[str], old: set[str]) -> None:
        with self.index_lock:
            for tid in old - table_ids:
                accs = self.index.get(tid)
                if accs is not None:
                    accs.discard(account)
                    if not accs:
                        del self.index[tid]
            for tid in table_ids:
                self.index.setdefault(tid, set()).add(account)

    def session_holds(self, sid: str) -> bool:
        with self.accounts.store.session() as s:
            exp = s.scalar(select(SessionRow.expires).where(SessionRow.id_hash == token_hash(sid)))
        return exp is not None and exp >= now()

    # --- the sockets --------------------------------------------------------------------------------------------
    def _routes(self) -> None:
        r = self.router

        @r.websocket("/api/me/ws")
        async def account_socket(websocket: WebSocket) -> None:
            await websocket.accept()
            lang = reply_lang(websocket)

            async def refuse(exc: Exception, status: int, code: int) -> None:
                await websocket.send_json({"error": error_text(exc, lang), "status": status})
                await websocket.close(code=code)

            if not same_origin(websocket):
                await refuse(Forbidden("this socket opens from this site's own pages only"), 403, 4403)
                return
            try:
                me: Me | None = await asyncio.to_thread(self.accounts.me, websocket)
            except Unauthorized as exc:
                await refuse(exc, 401, 4401)
                return
            if me is None:
                await refuse(Unauthorized("sign in first"), 401, 4401)
                return
            sid = websocket.cookies.get(COOKIE, "")
            entry: Entry = (asyncio.get_running_loop(), asyncio.Event())
            if self.accounts_w.count(me.id) >= MAX_PER_ACCOUNT:
                await refuse(Forbidden("too many open lobby pages for this account (at most {n})",
                                       n=MAX_PER_ACCOUNT), 429, 4429)
                return
            self.accounts_w.add(me.id, entry)
            followed: set[str] = set()
            sent: bytes | None = None

            async def push() -> None:
                nonlocal followed, sent
                while True:
                    if not await asyncio.to_thread(self.session_holds, sid):
                        await refuse(Unauthorized("this session is not valid: sign in again"), 401, 4401)
                        return
                    mine = await asyncio.to_thread(self.accounts.my_tables, me.id)
                    ids = {t["id"] for t in mine}
                    self._index(me.id, ids, followed)
                    followed = ids
                    data = orjson.dumps({"type": "tables", "tables": mine})
                    if data != sent:
                        await websocket.send_text(data.decode())
                        sent = data
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(entry[1].wait(), RECHECK_SECONDS)
                    entry[1].clear()
                    await asyncio.sleep(COALESCE_SECONDS)

            try:
                await self._serve(websocket, push, None, lang)
            finally:
                self.accounts_w.remove(me.id, entry)
                self._index(me.id, set(), followed)

        @r.websocket("/api/turns/ws")
        async def guest_socket(websocket: WebSocket) -> None:
            await websocket.accept()
            lang = reply_lang(websocket)
            if not same_origin(websocket):
                await websocket.send_json({"error": say("this socket opens from this site's own pages only", lang),
                                           "status": 403})
                await websocket.close(code=4403)
                return
            entry: Entry = (asyncio.get_running_loop(), asyncio.Event())
            seats: dict[str, tuple[Any, int]] = {}  # table id -> (table, seat)
            errors: list[dict[str, Any]] = []

            async def follow(msg: Any) -> str | None:
                """The first message: the tables to follow; an error's text for a malformed one."""
                if not isinstance(msg, dict) or set(msg) != {"seats"} or not isinstance(msg["seats"], list):
                    return say('send {"seats": [{"id": "<table>", "token": "<seat token>"}, ...]} first', lang)
                if len(msg["seats"]) > MAX_GUEST_TABLES:
                    return say("a lobby follows at most {n} tables", lang, n=MAX_GUEST_TABLES)
                for item in msg["seats"]:
                    if not isinstance(item, dict) or not isinstance(item.get("id"), str) \
                            or not isinstance(item.get("token"), str) or len(item["id"]) > 64 \
                            or not 0 < len(item["token"]) <= 200:
                        return say('each seat is {"id": "<table>", "token": "<seat token>"}', lang)
                for item in msg["seats"]:
                    try:
                        table = await asyncio.to_thread(self.tables.get, item["id"])
                        seat = table.seat_of(item["token"])
                    except (NotFound, Forbidden) as exc:
                        errors.append({"id": item["id"][:64], "error": error_text(exc, lang),
                                       "status": 404 if isinstance(exc, NotFound) else 403})
                        continue
                    if item["id"] not in seats:
                        seats[item["id"]] = (table, seat)
                        self.tables_w.add(item["id"], entry)
                return None

            async def push() -> None:
                while True:
                    out = []
                    for tid, (table, seat) in list(seats.items()):
                        # the table as this process holds it now (read again if it left memory meanwhile)
                        now_t = self.tables.peek(tid) or await asyncio.to_thread(self.tables.get, tid)
                        if now_t is not table:
                            seats[tid] = (now_t, seat)
                        g = now_t.game
                        out.append({"id": tid, "seat": seat, "game": g.game_id, "over": g.over,
                                    "to_play": g.to_play, "your_turn": not g.over and g.to_play == seat,
                                    "version": now_t.version, "names": now_t.names()})
                    await websocket.send_text(orjson.dumps({"type": "turns", "tables": out,
                                                            "errors": errors}).decode())
                    await entry[1].wait()
                    entry[1].clear()
                    await asyncio.sleep(COALESCE_SECONDS)

            try:
                await self._serve(websocket, push, follow, lang)
            finally:
                for tid in seats:
                    self.tables_w.remove(tid, entry)

    async def _serve(self, websocket: WebSocket, push: Any, first: Any, lang: str) -> None:
        """Run ``push`` while reading the client: with ``first``, the first message is handed to it (and ``push``
        starts after it); any other message is refused (these sockets only speak), a flood or an oversize message
        closes the socket."""
        pusher = None if first is not None else asyncio.create_task(push())
        received = 0
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                raw = message.get("text") or message.get("bytes") or ""
                received += 1
                if len(raw) > MAX_MESSAGE:
                    await websocket.send_json({"error": say("message too large (at most {n} bytes)", lang,
                                                                n=MAX_MESSAGE), "status": 413})
                    await websocket.close(code=4413)
                    return
                if pusher is None and first is not None:
                    try:
                        msg = orjson.loads(raw)
                    except ValueError:
                        msg = None
                    problem = await first(msg)
                    if problem is not None:
                        await websocket.send_json({"error": problem, "status": 400})
                        await websocket.close(code=4400)
                        return
                    pusher = asyncio.create_task(push())
                    continue
                if received > 20:
                    await websocket.send_json({"error": say("this socket only speaks: too many messages", lang),
                                               "status": 429})
                    await websocket.close(code=4429)
                    return
                await websocket.send_json({"error": say("this socket only speaks: nothing to send", lang),
                                           "status": 400})
        except (WebSocketDisconnect, RuntimeError):
            return
        finally:
            if pusher is not None:
                pusher.cancel()
