"""Table chat (issue 31): the players of a table talk; spectators read. Text only (the page renders it as text,
never as markup), at most ``MAX_TEXT`` characters a message and ``chat_per_seat`` messages a seat, kept in the
database with the table (its record carries it). Monster forbids talking (rulebook: "you are not allowed to ...
verbally tell each other what to do"): its tables have no chat unless the rulebook's variant "More verbal
communication" was chosen at creation: Monster's game option ``verbal_communication`` (``games/monster/rules.py``).
A table made before the option existed kept the choice in ``table_extras.verbal``: still honoured (read, never
written again).

A new message is pushed to every page of the table (players and spectators) over the table's WebSocket as
``{"type": "chat", "table": <id>, "messages": [...]}`` (``watch``, ``follow``); a page fetches ``GET .../chat?since=``
when its socket (re)connects, for what it missed. The other server processes are told ``<table>:chat:<process>``
(PostgreSQL ``NOTIFY``, or the SQLite siblings' channel), and wake their own sockets of that table.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from typing import Any

import orjson
from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import func, insert, select
from sqlalchemy import text as text_sql

from monsterbox.core.errors import InvalidOptions
from monsterbox.server.accounts import Accounts, TooMany
from monsterbox.server.connection import bearer
from monsterbox.server.errors import Forbidden
from monsterbox.server.notify import Hub
from monsterbox.server.store import ChatRow, now

MAX_TEXT = 300
#: messages a table keeps at most (a flood stops here even across many seats' limits)
MAX_MESSAGES = 2000
#: the games whose rulebook forbids talking unless a variant allows it
SILENT_GAMES = ("monster",)


class Say(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(max_length=2000)


def chat_allowed(game_id: str, verbal: bool) -> bool:
    """Monster's players may not talk (rulebook, "Introduction": "you are not allowed to reveal your cards or
    verbally tell each other what to do"), unless the variant "More verbal communication" is on ("allow some
    general strategy discussion"); the other games have a chat."""
    return game_id not in SILENT_GAMES or verbal


def clean_text(text: str) -> str:
    """A message as kept: whitespace runs made one space; refused if empty, too long or holding control
    characters (the page shows it as text, so markup is harmless and kept as typed)."""
    text = " ".join(text.split())
    if not text:
        raise InvalidOptions("a chat message has some text")
    if len(text) > MAX_TEXT:
        raise InvalidOptions("a chat message has at most {n} characters", n=MAX_TEXT)
    if not text.isprintable():
        raise InvalidOptions("a chat message holds printable characters only")
    return text


class Chat:
    def __init__(self, accounts: Accounts, tables: Any, notify: Any = None) -> None:
        self.accounts = accounts
        self.tables = tables
        self.store = accounts.store
        self.notify = notify
        self.lock = threading.Lock()
        self.hub = Hub()  # the sockets following a table's chat in this process (``watch``/``follow``)
        self.router = APIRouter()
        self._routes()

    def allowed(self, table: Any) -> bool:
        options = table.game.options
        return chat_allowed(table.game.game_id, bool(options.get("verbal_communication"))
                            or (table.game.game_id in SILENT_GAMES and self.accounts.extras(table.id)["verbal"]))

    def messages(self, table_id: str, since: int = 0, limit: int = 200) -> list[dict[str, Any]]:
        with self.store.session() as s:
            rows = s.execute(select(ChatRow.id, ChatRow.seat, ChatRow.text, ChatRow.created)
                             .where(ChatRow.game == table_id, ChatRow.id > since).order_by(ChatRow.id)
                             .limit(limit)).all()
        return [{"id": r.id, "seat": r.seat, "text": r.text, "at": r.created.isoformat() + "Z"} for r in rows]

    def last_id(self, table_id: str) -> int:
        with self.store.session() as s:
            return int(s.scalar(select(func.max(ChatRow.id)).where(ChatRow.game == table_id)) or 0)

    async def watch(self, table: Any) -> tuple[str, Any, int] | None:
        """A socket's subscription to the table's chat, taken before the socket is accepted (so a message said
        between the page's ``GET .../chat`` on connecting and this subscription is never lost): the table, the
        subscription and the last message id now (what ``follow`` pushes comes after it). None at a table without
        chat."""
        if not self.allowed(table):
            return None
        entry = self.hub.subscribe(table.id)
        try:
            return table.id, entry, await asyncio.to_thread(self.last_id, table.id)
        except BaseException:
            self.hub.unsubscribe(table.id, entry)
            raise

    async def follow(self, watch: tuple[str, Any, int], names: Callable[[], list[str]],
                     send: Callable[[str], Awaitable[None]]) -> None:
        """Push each new message of the watched table as ``{"type": "chat", "table", "messages": [{"id", "seat",
        "name", "text", "at"}]}`` until cancelled (the socket closed)."""
        table_id, (_, wake), last = watch
        while True:
            await wake.wait()
            wake.clear()
            msgs = await asyncio.to_thread(self.messages, table_id, last)
            if not msgs:
                continue
            last = msgs[-1]["id"]
            known = names()
            for m in msgs:
                m["name"] = known[m["seat"]] if 0 <= m["seat"] < len(known) else "?"
            await send(orjson.dumps({"type": "chat", "table": table_id, "messages": msgs}).decode())

    def unwatch(self, watch: tuple[str, Any, int] | None) -> None:
        if watch is not None:
            self.hub.unsubscribe(watch[0], watch[1])

    def _routes(self) -> None:
        r = self.router

        @r.get("/api/games/{table_id}/chat", tags=["chat"])
        def read(table_id: str, since: int = Query(default=0, ge=0, lt=2**62)) -> JSONResponse:
            """The table's chat after message ``since`` (players and spectators read it): {"allowed",
            "messages": [{"id", "seat", "name", "text", "at"}]}; a table without chat has none."""
            table = self.tables.get(table_id)
            allowed = self.allowed(table)
            msgs = self.messages(table_id, since) if allowed else []
            names = table.names()
            for m in msgs:
                m["name"] = names[m["seat"]] if 0 <= m["seat"] < len(names) else "?"
            return JSONResponse({"allowed": allowed, "messages": msgs})

        @r.post("/api/games/{table_id}/chat", status_code=201, tags=["chat"])
        def say(table_id: str, req: Say, request: Request) -> JSONResponse:
            """A player's message (with the seat's bearer token; spectators only read). 403 without a seat or at a
            table without chat, 400 empty/too long/control characters, 429 too many."""
            table = self.tables.get(table_id)
            seat = table.seat_of(bearer(request))
            if seat is None:
                raise Forbidden("only the players of a table talk in its chat (send the seat's token)")
            if not self.allowed(table):
                raise Forbidden("Monster is played without talking: this table has no chat (the rulebook's variant "
                                "\"More verbal communication\", the game option verbal_communication chosen at "
                                "creation, allows it)")
            text = clean_text(req.text)
            if not self.accounts.limiter.hit(self.accounts.limits.chat_per_seat, "chat", table_id, str(seat)):
                raise TooMany("too many chat messages: slow down")
            with self.lock, self.store.engine.begin() as conn:
                count = conn.execute(select(func.count()).select_from(ChatRow)
                                     .where(ChatRow.game == table_id)).scalar_one()
                if count >= MAX_MESSAGES:
                    raise TooMany("this table's chat is full")
                res = conn.execute(insert(ChatRow).values(game=table_id, seat=seat, text=text,
                                                                      created=now()))
                mid = res.inserted_primary_key[0] if res.inserted_primary_key else None
                told = f"{table_id}:chat:{self.tables.process_id}"  # the other processes' sockets too
                if self.store.is_postgres:
                    conn.execute(text_sql("SELECT pg_notify('monsterbox', :p)"), {"p": told})
            self.hub.notify(table_id)  # pushed to the table's pages (``follow``)
            if self.store.notifier is not None:  # SQLite: the processes sharing the file (server/siblings.py)
                self.store.notifier(told)
            return JSONResponse({"id": mid, "seat": seat, "text": text}, status_code=201)
