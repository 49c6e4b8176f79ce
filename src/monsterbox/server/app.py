"""The FastAPI application: lobby, seats, HTTP and WebSocket play, stored games, the web front end.

The contract is in DESIGN.md ("Server") and documented in full in docs/server-api.md.
"""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import datetime as dt
import functools
import gc
import json
import logging
import math
import os
import sqlite3
import threading
import time
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from importlib import resources
from types import SimpleNamespace
from typing import Annotated, Any

import orjson
from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StringConstraints
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException

from monsterbox import __version__
from monsterbox.core.choice import MAX_STEPS
from monsterbox.core.errors import IllegalAction, InvalidOptions, MonsterboxError
from monsterbox.core.registry import GAME_IDS
from monsterbox.server.accounts import AccountLimits, Accounts, install
from monsterbox.server.analysis import Analysis
from monsterbox.server.bots import BotBudget, tried_at_creation
from monsterbox.server.chat import Chat
from monsterbox.server.clock import Clocks, ClockSpec, check_clock, check_level
from monsterbox.server.connection import bearer, lang_of, reply_lang
from monsterbox.server.errors import Claimed, error_text, say
from monsterbox.server.hotpath import HotPath
from monsterbox.server.notify import Hub, PostgresListener
from monsterbox.server.ratings import Ratings
from monsterbox.server.security import Guard, Limits, Proxies, RateLimiter
from monsterbox.server.siblings import SiblingChannel
from monsterbox.server.state import card_page, events_page, replay_story, rules_page, state_json
from monsterbox.server.store import Store, StoreError, token_hash
from monsterbox.server.tables import MAX_LIVE, Forbidden, NotFound, Stale, Table, Tables, Unavailable, card_data
from monsterbox.server.turns import Turns

log = logging.getLogger("monsterbox.server")

MAX_OPTION_NODES = 5000  # values in an options object (a card file included)
MAX_LIST = 500  # entries in any one list of the options
MAX_STRING = 200
MAX_DEPTH = 6
#: a table socket whose messages the ``ws_message`` rate limit refused this many times in a row is closed (1008): only
#: the first refusal of a run is answered (429), the others are dropped unread, so a flood costs the server no replies
WS_FLOOD_CLOSE = 100
#: a table's sockets holding no seat (spectators) at once in one process, by default (``Settings.max_spectators``): each
#: one costs memory and a state to write on every move (2,000 spectators: 72 MB, a move 0.62 s to reach them all)
MAX_SPECTATORS = 200
#: seconds a socket opened without a token on a table full of spectators has to send a seat's token as its first
#: message (as the page does) before it is refused: a player always reaches its own table
SEAT_GRACE = 5.0


@dataclass
class Settings:
    """A server's configuration; ``from_env`` reads ``MONSTERBOX_*`` variables (used by ``serve --workers``)."""

    db: str = "sqlite:///monsterbox.db"
    limits: Limits = field(default_factory=Limits)
    budget: BotBudget = field(default_factory=BotBudget)
    bot_workers: int = 2
    idle_seconds: float = 600.0  # an unfinished table nobody used for this long leaves memory (kept in the database)
    finished_idle_seconds: float = 10.0  # the same for a finished game
    max_live_tables: int = MAX_LIVE  # tables in memory at most, the least recently used leave first (Tables.make_room)
    max_spectators: int = MAX_SPECTATORS  # a table's sockets holding no seat at once (more: 503, closed 4503)
    spectator_idle_seconds: float = 1800.0  # a spectator socket whose table's version stays this long is closed (1001)
    hot_path: bool = True  # serve the state and move requests through hotpath.HotPath (False: the routes only)
    telemetry: bool = False  # FastAPI's OpenTelemetry spans and metrics (MONSTERBOX_TELEMETRY=1)
    accounts: AccountLimits = field(default_factory=AccountLimits)  # sign-in limits, sessions (server/accounts.py)
    clock_tick: float = 0.25  # how often the clocks' deadlines are checked (server/clock.py)
    min_move_seconds: float = 5.0  # the shortest real-time clock a table may ask for
    min_turn_hours: float = 1.0  # the shortest turn-based clock

    @classmethod
    def from_env(cls) -> Settings:
        """``MONSTERBOX_DB``, ``MONSTERBOX_TELEMETRY=1``, ``MONSTERBOX_NO_RATE_LIMITS=1``,
        ``MONSTERBOX_TRUSTED_PROXIES`` (comma-separated addresses or networks: ``serve --trusted-proxy``) and
        ``MONSTERBOX_WORKERS`` (the number of processes sharing the traffic: each one's rate limits are that share of
        the budget, ``Limits.per_process`` and ``AccountLimits.per_process``), ``MONSTERBOX_MAX_TABLES`` (the most
        tables each process holds in memory: ``serve --max-tables``), ``MONSTERBOX_MAX_SPECTATORS`` (the most spectator
        sockets of one table in each process: ``serve --max-spectators``), ``MONSTERBOX_SPECTATOR_IDLE`` (seconds a
        spectator socket stays open on a table that does not change: ``serve --spectator-idle``). A malformed trusted
        proxy, cap or time is an InvalidOptions."""
        s = cls(db=os.environ.get("MONSTERBOX_DB", cls.db), telemetry=os.environ.get("MONSTERBOX_TELEMETRY") == "1",
                max_live_tables=positive_env("MONSTERBOX_MAX_TABLES", MAX_LIVE),
                max_spectators=positive_env("MONSTERBOX_MAX_SPECTATORS", MAX_SPECTATORS),
                spectator_idle_seconds=positive_seconds_env("MONSTERBOX_SPECTATOR_IDLE", cls.spectator_idle_seconds))
        if os.environ.get("MONSTERBOX_NO_RATE_LIMITS") == "1":
            s.limits = Limits(create=None, move=None, read=None, connect=None, ws_message=None, per_address=None)
        proxies = Proxies.from_text(os.environ.get("MONSTERBOX_TRUSTED_PROXIES"))
        workers = os.environ.get("MONSTERBOX_WORKERS", "1")
        n = int(workers) if workers.isdigit() else 1
        s.limits = dataclasses.replace(s.limits, trusted_proxies=proxies.entries).per_process(n)
        s.accounts = s.accounts.per_process(n)  # sign-in, registration and chat limits: each process its share
        return s


def positive_env(name: str, default: int) -> int:
    """A positive whole number from the environment variable ``name`` (``default`` when it is not set)."""
    text = os.environ.get(name)
    if text is None:
        return default
    if not text.strip().isdigit() or int(text) < 1:
        raise InvalidOptions("{name} must be a positive number, got {got}", name=name, got=repr(text[:40]))
    return int(text)


def positive_seconds_env(name: str, default: float) -> float:
    """A positive, finite number of seconds from the environment variable ``name`` (``default`` when it is not set)."""
    text = os.environ.get(name)
    if text is None:
        return default
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise InvalidOptions("{name} must be a positive number, got {got}", name=name, got=repr(text[:40]))
    return value


def close_reason(text: str) -> str:
    """``text`` cut to the 123 bytes a WebSocket close frame's reason may hold (a translation may be longer)."""
    return text.encode()[:123].decode(errors="ignore")


# --- request bodies ------------------------------------------------------------------------------------------------
class NewGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=16, description=f"one of {', '.join(GAME_IDS)}")
    players: int = Field(ge=1, le=12)
    seats: list[str] = Field(max_length=12, description="one per seat: 'human', 'open' or an agent name")
    names: list[str | None] | None = Field(default=None, max_length=12)
    options: dict[str, Any] | None = None
    practice: bool = False
    private: bool = False
    hints: bool = False
    seed: int | None = Field(default=None, ge=0, lt=2**256, description="practice tables only")
    rated: bool = Field(default=False, description="rated (openskill): every human seat signed in; never practice")
    verbal_communication: bool = Field(default=False, description="deprecated: Monster's game option "
                                       "options.verbal_communication (the variant 'More verbal communication'), "
                                       "which this sets at a Monster table")
    clock: ClockSpec | None = Field(default=None, description="{move_seconds, bank_seconds} or {turn_hours}")
    timeout_agent: str | None = Field(default=None, max_length=16,
                                      description="the level of the bot that plays a seat out of time (medium)")


class Move(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: str = Field(max_length=200)
    version: int = Field(ge=0, lt=2**31)


class Choice(BaseModel):
    """The steps of a choice of several decisions (``core.choice``), in order, chosen at ``version``."""

    model_config = ConfigDict(extra="forbid")
    steps: list[Annotated[str, StringConstraints(max_length=200)]] = Field(max_length=MAX_STEPS)
    version: int = Field(ge=0, lt=2**31)


class ChoicePlay(Choice):
    steps: list[Annotated[str, StringConstraints(max_length=200)]] = Field(min_length=1, max_length=MAX_STEPS)


class Claim(BaseModel):
    model_config = ConfigDict(extra="forbid")
    code: str = Field(min_length=1, max_length=200, description="the invite's claim code")
    name: str | None = Field(default=None, max_length=200, description="the claimer's name at the table")


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int | None = Field(default=None, ge=0, lt=12)
    name: str | None = Field(default=None, max_length=200)


def check_options_shape(options: Any) -> None:
    """Bounded size and depth, and card files as data only, before any game looks at them (so every check after
    this runs on a small input)."""
    if options is None:
        return
    if "cards" in options and isinstance(options["cards"], str):
        raise InvalidOptions("option cards is the card file's content (a JSON object or list), never a path: the "
                             "server reads no files for a client")
    nodes = 0
    stack: list[tuple[Any, int]] = [(options, 0)]
    while stack:
        value, depth = stack.pop()
        nodes += 1
        if nodes > MAX_OPTION_NODES:
            raise InvalidOptions("options too large: at most {n} values in all", n=MAX_OPTION_NODES)
        if depth > MAX_DEPTH:
            raise InvalidOptions("options nested too deeply (at most {n} levels)", n=MAX_DEPTH)
        if isinstance(value, dict):
            if len(value) > MAX_LIST:
                raise InvalidOptions("an object in the options has more than {n} keys", n=MAX_LIST)
            for k, v in value.items():
                if len(k) > MAX_STRING:
                    raise InvalidOptions("an option key is longer than {n} characters", n=MAX_STRING)
                stack.append((v, depth + 1))
        elif isinstance(value, list):
            if len(value) > MAX_LIST:
                raise InvalidOptions("a list in the options has {got} entries; at most {n}", got=len(value), n=MAX_LIST)
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, str):
            if len(value) > MAX_STRING:
                raise InvalidOptions("a text in the options is longer than {n} characters", n=MAX_STRING)
        elif isinstance(value, float) and not math.isfinite(value):
            raise InvalidOptions("numbers in the options must be finite")


#: the engine's and the tables' exceptions as HTTP statuses (a client's mistake is never a 500)
ERROR_STATUS: tuple[tuple[type[Exception], int], ...] = (
    (IllegalAction, 400), (MonsterboxError, 400), (Forbidden, 403), (NotFound, 404), (Stale, 409), (Claimed, 409),
    (Unavailable, 503))


#: the database's own errors: a write that could not be stored (a full disk, a failing database) is a 503, never a 500
STORAGE_ERRORS: tuple[type[Exception], ...] = (StoreError, SQLAlchemyError, sqlite3.Error)


def storage_failed() -> Unavailable:
    """What a client reads when the database refused a write (issue 30, Low: a full disk): the operation was one
    transaction, so nothing of it was stored."""
    return Unavailable("the server could not store this change (its disk is full or its database failed); nothing "
                       "changed: try again later")


def client_error_text(exc: Exception, lang: str | None) -> str:
    """``error_text``, with the database's own errors (whose text is the server's business) worded as
    ``storage_failed``."""
    if isinstance(exc, STORAGE_ERRORS):
        log.error("a write could not be stored: %s", type(exc).__name__)
        return error_text(storage_failed(), lang)
    return error_text(exc, lang)


def status_of(exc: Exception) -> int | None:
    if isinstance(exc, STORAGE_ERRORS):
        return 503
    for exc_type, status in ERROR_STATUS:
        if isinstance(exc, exc_type):
            return status
    return None


def validation_text(errors: Any, lang: str | None = None) -> str:
    """A request body's validation errors in one line: "bad request: action: Field required; ..." (the lead-in in
    ``lang``; pydantic's own descriptions of each field stay English)."""
    parts = []
    for err in list(errors)[:5]:
        loc = ".".join(str(x) for x in err.get("loc", ()) if x != "body") or "body"
        parts.append(f"{loc}: {err.get('msg', 'invalid')}")
    return say("bad request: {details}", lang, details="; ".join(parts))


def encode_cursor(updated: dt.datetime, gid: str) -> str:
    return base64.urlsafe_b64encode(f"{updated.isoformat()}|{gid}".encode()).decode().rstrip("=")


def decode_cursor(text: str) -> tuple[dt.datetime, str]:
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode()
        when, gid = raw.split("|", 1)
        return dt.datetime.fromisoformat(when), gid
    except (ValueError, UnicodeDecodeError):
        raise InvalidOptions("before must be the 'next' value of a previous page") from None


class App(FastAPI):
    """FastAPI with the server's front ahead of FastAPI's own middleware: ``security.Guard`` (rate limits, body
    limit, JSON only, security headers) on every request, then ``hotpath.HotPath`` answering the two requests of
    every move, then FastAPI (its error and body-limit middleware, routing, validation) for every other request.
    Ahead rather than inside: the two requests of every move skip three middleware layers they never need (a
    client's error there is answered by HotPath itself)."""

    front: Any = None

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if self.front is None or scope["type"] == "lifespan":
            await super().__call__(scope, receive, send)
        else:
            await self.front(scope, receive, send)

    async def behind(self, scope: Any, receive: Any, send: Any) -> None:
        """FastAPI's own stack: what the front passes on."""
        await super().__call__(scope, receive, send)


def json_response(data: Any, status: int = 200) -> Response:
    return Response(orjson.dumps(data), status_code=status, media_type="application/json")


#: how often tables nobody uses are looked for (``Tables.evict_idle``): often enough that finished games do not pile up
SWEEP_SECONDS = 2.0


def create_app(db_url: str | None = None, settings: Settings | None = None) -> App:
    settings = settings or Settings()
    if db_url is not None:
        settings.db = db_url
    store = Store(settings.db)
    tables = Tables(store, settings.budget, settings.bot_workers, settings.idle_seconds,
                    finished_idle_seconds=settings.finished_idle_seconds, max_live=settings.max_live_tables)
    hub = Hub()
    tables.listeners.append(hub.notify)
    limiter = RateLimiter(settings.limits)
    listener: PostgresListener | None = None
    stop = threading.Event()

    def remote_change(table_id: str, move: tuple[int, str] | None = None) -> None:
        if move is None:  # perhaps a chat message said through another process (server/chat.py): pushed here too
            app.state.chat.hub.notify(table_id)
        with tables.lock:
            table = tables.live.get(table_id)
        if table is None:
            app.state.turns.on_change(table_id)  # a lobby here may follow it (server/turns.py)
            return
        if move is not None:
            tables.remote_move(table, *move)
        else:
            tables.catch_up(table)

    def sweep() -> None:
        while not stop.wait(SWEEP_SECONDS):
            try:
                tables.evict_idle()
            except Exception:  # noqa: BLE001
                log.exception("eviction failed")

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> Any:
        nonlocal listener
        if store.is_postgres:
            url = store.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
            listener = PostgresListener(url, tables.process_id, remote_change, on_resync=tables.resync)
            tables.reread_after_load = True
            app.state.listener = listener
            listener.start()
            await asyncio.to_thread(listener.ready.wait, 10.0)
        siblings: SiblingChannel | None = None
        if store.sqlite_file is not None:  # other processes may serve the same file: tell them, hear them
            siblings = SiblingChannel(store.sqlite_file, tables.process_id, remote_change,
                                      holds=lambda table_id: tables.peek(table_id) is not None)
            siblings.start(asyncio.get_running_loop())
            store.notifier = siblings.send
            tables.holding = siblings.hold
        sweeper = threading.Thread(target=sweep, name="monsterbox-sweep", daemon=True)
        sweeper.start()
        clocks.start()
        # What start-up made (modules, the framework's routes and schemas, card data, catalogues: most of the
        # process's objects) lives as long as the process: frozen out of the collector's sight, so that a full
        # collection under load scans the tables' objects only (measured: 124 ms, every request waiting, before)
        gc.collect()
        gc.freeze()
        yield
        stop.set()
        clocks.stop()
        if listener is not None:
            listener.stop()
        if siblings is not None:
            store.notifier = None
            tables.holding = None
            siblings.stop()
        tables.close()
        store.close()

    # FastAPI's native OpenTelemetry checks its providers on every request (about 25 µs): on only when asked for
    telemetry = None if settings.telemetry else {"tracing": False, "metrics": False, "logs": False}
    app = App(title="monsterbox", version=__version__, lifespan=lifespan, docs_url=None, redoc_url=None,
                  telemetry=telemetry,
                  description="Play the four monster games: lobby, seats, bots, stored games. "
                              "See docs/server-api.md.")
    app.state.tables = tables
    app.state.store = store
    app.state.hub = hub
    app.state.settings = settings
    # hints and reviews (server/analysis.py)
    proxies = Proxies(settings.limits.trusted_proxies)
    app.state.analysis = Analysis(tables, proxies=proxies)
    app.include_router(app.state.analysis.router)
    accounts = Accounts(store, tables, settings.accounts, proxies=proxies)
    app.state.accounts = accounts
    app.state.analysis.review_listeners.append(accounts.reviewed)  # reviews on the profile (accounts.py)
    install(app, accounts)  # accounts, sessions, leaderboards, profiles, "my tables" (server/accounts.py)
    app.state.chat = Chat(accounts, tables)
    app.include_router(app.state.chat.router)
    app.state.ratings = Ratings(accounts, tables)
    tables.listeners.append(app.state.ratings.on_change)
    clocks = Clocks(accounts, tables, settings.clock_tick, settings.min_move_seconds, settings.min_turn_hours)
    app.state.clocks = clocks
    tables.listeners.append(clocks.on_change)
    tables.committed.append(clocks.on_commit)
    app.include_router(clocks.router)
    app.state.turns = Turns(accounts, tables)  # "your turn" pushed to the lobby (server/turns.py)
    tables.listeners.append(app.state.turns.on_change)
    accounts.seat_listeners.append(app.state.turns.on_seat)
    app.include_router(app.state.turns.router)

    # --- errors: a clear JSON message and the right status; never a 500 for a client's input ----------------
    def error(status: int, text: str) -> JSONResponse:
        return JSONResponse({"error": text}, status_code=status)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        return error(400, validation_text(exc.errors(), reply_lang(request)))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return error(exc.status_code, str(exc.detail))

    for exc_type, status in (*ERROR_STATUS, *((t, 503) for t in STORAGE_ERRORS)):
        async def handler(request: Request, exc: Exception, status: int = status) -> JSONResponse:
            return error(status, client_error_text(exc, reply_lang(request)))

        app.add_exception_handler(exc_type, handler)

    # --- the hot path: on the event loop, no thread hop, when the table is in memory ------------------------------
    async def table_for(table_id: str) -> Table:
        """The table: from memory at once, else rebuilt from the database in a worker thread."""
        table = tables.peek(table_id)
        return table if table is not None else await asyncio.to_thread(tables.get, table_id)

    # SQLite commits a move in tens of microseconds (WAL, no fsync per commit): done on the loop. PostgreSQL waits on
    # the network: in a worker thread.
    inline_writes = store.is_sqlite

    async def play(table: Table, token: str | None, action: str, version: Any, lang: str | None = None) -> int:
        if inline_writes:
            return tables.play(table, token, action, version, lang)
        return await asyncio.to_thread(tables.play, table, token, action, version, lang)

    # --- the API ----------------------------------------------------------------------------------------------------
    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"ok": True, "version": __version__, "games": list(GAME_IDS), "tables_in_memory": len(tables.live)}

    @app.get("/api/games")
    def lobby(status: str | None = Query(default=None, pattern="^(waiting|playing|over)$"),
              game: str | None = Query(default=None, max_length=16),
              limit: int = Query(default=50, ge=1, le=100),
              before: str | None = Query(default=None, max_length=200)) -> Response:
        cursor = decode_cursor(before) if before else None
        rows = store.listing(status, game, limit, cursor)
        nxt = encode_cursor(rows[-1].updated, rows[-1].id) if len(rows) == limit else None
        return json_response({"games": [tables.summary(r) for r in rows], "next": nxt})

    @app.post("/api/games", status_code=201)
    async def new_game(req: NewGame, request: Request) -> Response:
        check_options_shape(req.options)
        if req.verbal_communication and req.game == "monster":  # the old field: now Monster's game option
            req.options = {**(req.options or {}), "verbal_communication": True}
        me = accounts.before_create(request, req.rated, req.practice, req.seats) \
            if req.rated or request.cookies.get("mb_session") else None
        clock = check_clock(req.clock, settings.min_move_seconds, settings.min_turn_hours)
        level = check_level(req.timeout_agent) if clock else None
        if req.timeout_agent is not None and not clock:
            raise InvalidOptions("timeout_agent comes with a clock")
        names = list(req.names or [])
        first = next((i for i, s in enumerate(req.seats) if s == "human"), None)
        if me is not None and first is not None and first < req.players:  # a signed-in creator plays as itself
            names += [None] * (first + 1 - len(names))
            names[first] = names[first] or me.name
        extras = me is not None or req.rated or clock

        def with_extras(conn: Any, table_id: str, tokens: dict[int, str]) -> None:  # one transaction with the table
            accounts.created(table_id, tokens, me, req.rated, False, clock, level, conn=conn)

        create = functools.partial(tables.create, req.game, req.players, req.seats, req.options,
                                   practice=req.practice, private=req.private, hints=req.hints, seed=req.seed,
                                   names=names or None, then=with_extras if extras else None)
        # A plain table (no options, no agent to try first) is made in about a millisecond (a deal, one INSERT): on
        # the loop with SQLite, as a move is; a worker thread would share the interpreter with the loop, every
        # request waiting on their turns. Options (a card file to check), agents tried on a fresh game
        # (bots.tried_at_creation) and PostgreSQL (the network): in a worker thread.
        plain = not req.options and not any(s not in ("human", "open") and tried_at_creation(s) for s in req.seats)
        table, tokens, invites = create() if inline_writes and plain and not extras else \
            await asyncio.to_thread(create)
        if clock:
            clocks.created(table, clock, level or "medium")
        return json_response({"id": table.id, "tokens": {str(k): v for k, v in tokens.items()},
                              "invites": {str(k): v for k, v in invites.items()},
                              "seed_commitment": table.seed_commitment, "practice": table.practice}, 201)

    @app.post("/api/games/{table_id}/claim", status_code=201)
    def claim(table_id: str, req: Claim, request: Request) -> Response:
        """An invited seat: its single-use claim code for a fresh seat token (only the claimer receives it)."""
        table = tables.get(table_id)
        me = accounts.before_seat(request, table.id)
        seat, token = tables.claim(table, req.code, req.name or (me.name if me is not None else None),
                                   then=None if me is None else lambda conn, seat: accounts.took(table.id, seat, me,
                                                                                                 conn=conn),
                                   own=accounts.seats_held(table.id, me))
        return json_response({"id": table.id, "seat": seat, "token": token}, 201)

    @app.post("/api/games/{table_id}/join", status_code=201)
    def join(table_id: str, request: Request, req: Join | None = None) -> Response:
        table = tables.get(table_id)
        me = accounts.before_seat(request, table.id)
        name = req.name if req and req.name else (me.name if me is not None else None)
        seat, token = tables.join(table, req.seat if req else None, name,
                                  then=None if me is None else lambda conn, seat: accounts.took(table.id, seat, me,
                                                                                                conn=conn),
                                  own=accounts.seats_held(table.id, me))
        return json_response({"id": table.id, "seat": seat, "token": token}, 201)

    @app.post("/api/games/{table_id}/rematch", status_code=201)
    async def rematch(table_id: str, request: Request) -> Response:
        """A seat of a finished table takes its seat at the rematch (the first to ask creates it)."""
        table = await table_for(table_id)
        new_id, seat, token = await asyncio.to_thread(tables.rematch, table, bearer(request))
        return json_response({"id": new_id, "seat": seat, "token": token}, 201)

    @app.get("/api/games/{table_id}/rematch")
    async def rematch_of(table_id: str) -> Response:
        """The rematch of a finished table, once someone started it: {"id"} (null before)."""
        table = await table_for(table_id)
        return json_response({"id": table.rematch["id"] if table.rematch else None})

    # the two requests of every move: also served by hotpath.HotPath, which calls these same two functions
    async def read_state(table_id: str, token: str | None, lang: str) -> orjson.Fragment:
        table = await table_for(table_id)
        return orjson.Fragment(state_json(table, table.seat_of(token), lang))

    async def post_move(table_id: str, token: str | None, lang: str, move: Move) -> orjson.Fragment:
        table = await table_for(table_id)
        seat = await play(table, token, move.action, move.version, lang)
        return orjson.Fragment(state_json(table, seat, lang))

    app.state.api = SimpleNamespace(read_state=read_state, post_move=post_move, Move=Move, status_of=status_of,
                                    validation_text=validation_text, bearer=bearer, lang_of=lang_of,
                                    reply_lang=reply_lang, error_text=client_error_text)

    @app.get("/api/games/{table_id}")
    async def state(table_id: str, request: Request) -> Response:
        return json_response(await read_state(table_id, bearer(request), lang_of(request)))

    @app.get("/api/games/{table_id}/events")
    async def events(table_id: str, request: Request, since: int = Query(default=0, ge=0),
                     limit: int = Query(default=100, ge=1, le=500)) -> Response:
        table = await table_for(table_id)
        return json_response(events_page(table, table.seat_of(bearer(request)), since, limit, lang_of(request)))

    @app.post("/api/games/{table_id}/actions")
    async def act(table_id: str, move: Move, request: Request) -> Response:
        return json_response(await post_move(table_id, bearer(request), lang_of(request), move))

    @app.post("/api/games/{table_id}/choice/preview")
    async def choice_preview(table_id: str, req: Choice, request: Request) -> Response:
        """What the seat would see after some steps of a choice it is building: computed on a copy, nothing stored
        (docs/server-api.md, "Choices of several steps")."""
        table = await table_for(table_id)
        # a few milliseconds of engine work for a long choice: off the event loop
        return json_response(await asyncio.to_thread(tables.preview_choice, table, bearer(request), req.steps,
                                                     req.version, lang_of(request)))

    @app.post("/api/games/{table_id}/choice")
    async def choice_play(table_id: str, req: ChoicePlay, request: Request) -> Response:
        """A choice of several steps played at once, all or nothing; the reply is the seat's state after it."""
        table = await table_for(table_id)
        lang = lang_of(request)
        # every step checked on a copy first: engine work, off the event loop (a choice is rarer than a move)
        seat = await asyncio.to_thread(tables.play_choice, table, bearer(request), req.steps, req.version, lang)
        return json_response(orjson.Fragment(state_json(table, seat, lang)))

    @app.get("/api/games/{table_id}/record")
    def record(table_id: str) -> Response:
        table = tables.get(table_id)
        with table.lock:
            if not table.game.over:
                raise Forbidden("the record holds the seed (every hidden card): it is shown when the game is over")
            rec = table.game.record()
        rec["seed_commitment"] = table.seed_commitment
        rec["practice"] = table.practice
        rec["seats"] = [{k: s[k] for k in ("kind", "name", "agent") if s.get(k)} for s in table.seats]
        from monsterbox.core.record import verify_deal

        rec["deal_verified"] = verify_deal(rec)
        rec["seed_text"] = str(rec["seed"])  # the seed exceeds JavaScript's exact integers: also as text
        if app.state.chat.allowed(table):
            rec["chat"] = app.state.chat.messages(table.id, limit=5000)  # kept with the record (issue 31)
        return Response(json.dumps(rec), media_type="application/json")  # orjson stops at 64-bit integers

    @app.get("/api/games/{table_id}/replay/{step}")
    def replay_step(table_id: str, step: int, request: Request,
                    seat: str | None = Query(default=None, pattern="^([0-9]|all)$")) -> Response:
        """A finished game at move ``step`` (0: the deal), as ``seat`` saw it, as a spectator (no seat), or with every
        card shown (``seat=all``: each seat's view). Only when the game is over: before, it would reveal cards."""
        table = tables.get(table_id)
        with table.lock:
            g = table.game
            if not g.over:
                raise Forbidden("a game is replayed once it is over")
            actions = g.actions
            if not 0 <= step <= len(actions):
                raise InvalidOptions("step must be from 0 to {last}", last=len(actions))
            at = table.position(step)
        out: dict[str, Any] = {"id": table.id, "game": g.game_id, "players": g.players, "step": step,
                               "steps": len(actions), "seat": seat, "to_play": at.to_play, "over": at.over,
                               "last": actions[step - 1] if step else None, "seats": table.public_seats()}
        if seat == "all":
            out["views"] = [at.view(i) for i in range(g.players)]
        elif seat is not None:
            if int(seat) >= g.players:
                raise InvalidOptions("seat must be from 0 to {last} or 'all'", last=g.players - 1)
            out["view"] = at.view(int(seat))
        else:
            out["view"] = at.spectator_view()
        out["story"] = replay_story(table, at, int(seat) if seat not in (None, "all") else None, lang_of(request))
        return json_response(out)

    @app.get("/api/rules/{game}")
    def rules(game: str, request: Request) -> Response:
        if game not in GAME_IDS:
            raise NotFound("no game {game}; games: {games}", game=repr(game), games=", ".join(GAME_IDS))
        return json_response(rules_page(game, lang_of(request)))

    @app.get("/api/cards/{game}")
    def cards(game: str, request: Request) -> Response:
        if game not in GAME_IDS:
            raise NotFound("no game {game}; games: {games}", game=repr(game), games=", ".join(GAME_IDS))
        return json_response(card_page(game, lang_of(request)))

    @app.get("/api/games/{table_id}/cards")
    async def table_cards(table_id: str, request: Request) -> Response:
        """The cards this table plays with: its own card file on a practice table, else the packaged one (its names
        in the request's language, as ``/api/cards/{game}``)."""
        table = await table_for(table_id)
        if table.game.options.get("cards") is None:
            return json_response(card_page(table.game.game_id, lang_of(request)))
        return json_response(card_data(table))

    # --- WebSocket ---------------------------------------------------------------------------------------------------
    async def first_token(websocket: WebSocket) -> str | None:
        """The token a socket sends as its first message (``{"token": ...}``) within ``SEAT_GRACE`` seconds; None
        when it sends anything else or nothing in time; WebSocketDisconnect when it closes first."""
        try:
            message = await asyncio.wait_for(websocket.receive(), SEAT_GRACE)
        except TimeoutError:
            return None
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        raw = message.get("text")
        try:
            msg = orjson.loads(raw) if isinstance(raw, str) and len(raw) <= 4096 else None
        except ValueError:
            return None
        tok = msg.get("token") if isinstance(msg, dict) and set(msg) == {"token"} else None
        return tok if isinstance(tok, str) and 0 < len(tok) <= 200 else None

    @app.websocket("/api/games/{table_id}/ws")
    async def ws(websocket: WebSocket, table_id: str) -> None:
        token = websocket.query_params.get("token")
        try:
            lang = lang_of(websocket)
        except MonsterboxError:
            lang = "en"
        accepted = False
        try:
            table = await table_for(table_id)
            seat = table.seat_of(token)
            if seat is None and not hub.admit_spectator(table_id, settings.max_spectators):
                # A table full of spectators: a seat always gets in, and the page sends its token as the socket's first
                # message, so this socket has SEAT_GRACE seconds to send a seat's token before it is refused
                await websocket.accept()
                accepted = True
                token = await first_token(websocket)
                seat = table.seat_of(token)
                if seat is None:
                    raise Unavailable("this table has as many spectators as it can take ({n}); try again later",
                                      n=settings.max_spectators)
        except (NotFound, Forbidden, Unavailable) as exc:  # Unavailable: too many tables in memory, or spectators
            status = 404 if isinstance(exc, NotFound) else 403 if isinstance(exc, Forbidden) else 503
            if not accepted:
                await websocket.accept()
            await websocket.send_json({"error": error_text(exc, lang), "status": status})
            await websocket.close(code=4000 + status)
            return
        except WebSocketDisconnect:  # gone while given its grace
            return
        spectating = seat is None  # counted among the table's spectators (hub.admit_spectator)
        try:
            seated = websocket.scope.get("extensions", {}).get("monsterbox.seated")
            if seated is not None and seat is not None and token:  # counted per seat token, not address (protocol.py)
                seated(token_hash(token))
            chat_watch = await app.state.chat.watch(table)  # new chat messages pushed too (server/chat.py)
            if not accepted:
                await websocket.accept()
            entry = hub.subscribe(table_id)
            _, wake = entry
            client = f"ws:{id(websocket)}"
            who = {"seat": seat, "token": token, "authenticated": token is not None, "messages": 0}
            refused = 0  # the messages the rate limit refused in a row (WS_FLOOD_CLOSE)

            holder = {"table": table}

            async def current() -> Table:
                """The table as this process holds it now: a socket follows its table when the table left memory (idle)
                and was rebuilt (by this socket or any request), instead of staying with the old copy."""
                now = tables.peek(table_id)
                if now is None:
                    now = await asyncio.to_thread(tables.get, table_id)
                if now is not holder["table"]:
                    holder["table"].sent(id(websocket), None)
                    holder["table"] = now
                return now

            async def push() -> None:
                """Each new state of the table, as it comes (the latest one: a socket slower than the table skips
                states). A spectator's socket is closed (1001) once the table's version has not changed for
                ``spectator_idle_seconds`` (a finished table is quiet too): one timer a socket, no polling."""
                seen, since = -1, time.monotonic()  # the version last seen, and since when
                while True:
                    try:
                        table = await current()
                    except Unavailable:  # it left memory and the server is too full to take it back: try again soon
                        await asyncio.sleep(1.0)
                        continue
                    version = table.version
                    if version != seen:
                        seen, since = version, time.monotonic()
                    data = state_json(table, who["seat"], lang)
                    try:  # waits while the socket's last message has not reached the kernel (protocol.py)
                        await websocket.send({"type": "websocket.send", "text": data.decode()})
                    except WebSocketDisconnect:  # gone, or dropped for not reading: the receiving loop ends too
                        return
                    table.sent(id(websocket), version)  # a bot's next move waits for it (Tables.await_pushes)
                    if who["seat"] is not None:  # a player's socket is never closed for quiet
                        await wake.wait()
                    else:
                        try:
                            await asyncio.wait_for(wake.wait(), since + settings.spectator_idle_seconds
                                                   - time.monotonic())
                        except TimeoutError:
                            now = tables.peek(table_id)  # not in memory: nobody used it for a while, quiet as well
                            if now is None or now.version == seen:
                                await websocket.close(code=1001, reason=close_reason(say(
                                    "the table was quiet for a long time; reload the page to watch it again", lang)))
                                return
                            continue  # changed meanwhile: its state is pushed
                    wake.clear()

            async def reply_error(error: str | BaseException, status: int, **fields: Any) -> None:
                """An error in the socket's language: an exception, or a template of the server's own (catalogue)."""
                text = error_text(error, lang) if isinstance(error, BaseException) else say(error, lang, **fields)
                await websocket.send_text(json.dumps({"error": text, "status": status}))

            pusher = asyncio.create_task(push())
            chatter = asyncio.create_task(app.state.chat.follow(
                chat_watch, lambda: holder["table"].names(), websocket.send_text)) if chat_watch else None
            try:
                while True:
                    message = await websocket.receive()
                    if message["type"] == "websocket.disconnect":
                        return
                    if not limiter.allow("ws_message", client):  # every message counts, whatever it holds
                        refused += 1
                        if refused >= WS_FLOOD_CLOSE:
                            await websocket.close(code=1008, reason=say("too many messages in a row", lang))
                            return
                        if refused == 1:  # once a run: a flood is dropped unread, not answered message by message
                            await reply_error("too many messages: slow down; the next ones are dropped unread until "
                                              "the rate falls, and {n} refused in a row close the socket", 429,
                                              n=WS_FLOOD_CLOSE)
                        continue
                    refused = 0  # a message allowed again ends the run
                    raw = message.get("text")
                    if raw is None:
                        await reply_error("send text frames holding JSON", 400)
                        continue
                    if len(raw) > 4096:
                        await reply_error("message too large (at most 4096 bytes)", 413)
                        continue
                    try:
                        msg = orjson.loads(raw)
                    except ValueError:
                        msg = None
                    who["messages"] += 1
                    if isinstance(msg, dict) and set(msg) == {"token"}:
                        # the token as the first message (browsers keep it out of URLs this way)
                        if who["authenticated"] or who["messages"] > 1:
                            await reply_error("the token is sent once, as the first message", 400)
                            continue
                        tok = msg["token"]
                        try:
                            if not isinstance(tok, str) or not tok or len(tok) > 200:
                                raise Forbidden("a token is a non-empty string")
                            who["seat"] = (await current()).seat_of(tok)
                        except (Forbidden, Unavailable) as exc:
                            status = 403 if isinstance(exc, Forbidden) else 503
                            await reply_error(exc, status)
                            await websocket.close(code=4000 + status)
                            return
                        who["token"], who["authenticated"] = tok, True
                        if seated is not None and who["seat"] is not None:  # now counted per seat token (protocol.py)
                            seated(token_hash(tok))
                        if spectating and who["seat"] is not None:  # a seat now: no longer a spectator
                            spectating = False
                            hub.release_spectator(table_id)
                        wake.set()  # push this seat's own state now
                        continue
                    if not isinstance(msg, dict) or not isinstance(msg.get("action"), str) \
                            or isinstance(msg.get("version"), bool) or not isinstance(msg.get("version"), int):
                        await reply_error('send {"action": "<action id>", "version": <int>}', 400)
                        continue
                    if len(msg["action"]) > 200:
                        await reply_error("an action id is at most 200 characters", 400)
                        continue
                    try:
                        await play(await current(), who["token"], msg["action"], msg["version"], lang)
                    except Stale as exc:
                        await reply_error(exc, 409)
                    except Forbidden as exc:
                        await reply_error(exc, 403)
                    except Unavailable as exc:
                        await reply_error(exc, 503)
                    except STORAGE_ERRORS:
                        await reply_error(storage_failed(), 503)
                    except MonsterboxError as exc:
                        await reply_error(exc, 400)
            except (WebSocketDisconnect, RuntimeError):
                return
            finally:
                pusher.cancel()
                if chatter is not None:
                    chatter.cancel()
                app.state.chat.unwatch(chat_watch)
                hub.unsubscribe(table_id, entry)
                holder["table"].sent(id(websocket), None)
        finally:
            if spectating:
                hub.release_spectator(table_id)

    # --- the web front end and offline API docs ---------------------------------------------------------------------
    web = resources.files("monsterbox").joinpath("web")
    app.mount("/static", StaticFiles(directory=str(web)), name="static")
    # Swagger UI 5 (reads the OpenAPI 3.1 FastAPI writes), vendored with the page (scripts/vendor_web.py)
    app.mount("/docs-assets", StaticFiles(directory=str(web.joinpath("vendor", "swagger-ui"))), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        return HTMLResponse(DOCS_PAGE)

    @app.get("/docs-init.js", include_in_schema=False)
    def docs_init() -> Response:
        return Response(DOCS_INIT, media_type="text/javascript")

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(str(web.joinpath("index.html")))

    app.front = Guard(HotPath(app.behind, api=app.state.api) if settings.hot_path else app.behind,
                      cfg=settings.limits, limiter=limiter)
    return app


DOCS_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>monsterbox API</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="/docs-assets/swagger-ui.css"></head>
<body><div id="swagger-ui"></div>
<script src="/docs-assets/swagger-ui-bundle.js"></script>
<script src="/docs-init.js"></script></body></html>
"""

DOCS_INIT = "window.ui = SwaggerUIBundle({url: '/openapi.json', dom_id: '#swagger-ui'});\n"


def create_app_from_env() -> Any:
    """The application factory ``serve --workers N`` gives uvicorn (settings from ``MONSTERBOX_*``)."""
    return create_app(settings=Settings.from_env())


__all__ = ["Settings", "Table", "create_app", "create_app_from_env"]
