"""Accounts (issue 31): register, sign in and out, export and delete; seats that belong to an account; rated tables.

Guest play with seat tokens stays as it is. A signed-in browser holds one HttpOnly, SameSite=Strict cookie (Secure
behind TLS) whose value is the session id; the database keeps only its sha256. Every state-changing request that
uses the session must also send the session's anti-forgery token in ``X-CSRF-Token`` (given at sign-in and by
``GET /api/me``) and, when the browser names an ``Origin``, come from this server's own: a cross-site page can
neither read the token nor set the header without a CORS preflight this server never grants.

Sign-in attempts are limited per address (every attempt) and per account name (failed attempts, counted for names
that do not exist too, so a 429 reveals nothing); a wrong name and a wrong password get the same 401 after the same
Argon2 work. The API is in DESIGN.md ("Accounts") and docs/server-api.md.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import hmac
import logging
import re
import secrets
import threading
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import JSONResponse, Response
from limits import parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import delete, func, insert, select, update
from starlette.requests import HTTPConnection

from monsterbox.core.errors import InvalidOptions
from monsterbox.core.registry import GAME_IDS
from monsterbox.server.connection import reply_lang
from monsterbox.server.errors import Forbidden, NotFound, ServerError, error_text
from monsterbox.server.security import Proxies, client_of, forwarded_proto
from monsterbox.server.store import (
    AccountRow,
    ChatRow,
    GameRow,
    OutcomeRow,
    RatedGameRow,
    RatingRow,
    SeatAccountRow,
    SessionRow,
    Store,
    TableExtraRow,
    now,
    token_hash,
)
from monsterbox.server.tables import looks_automatic

log = logging.getLogger("monsterbox.server")

COOKIE = "mb_session"
CSRF_HEADER = "x-csrf-token"
NAME_RE = re.compile(r"^[A-Za-z0-9_.-]{3,24}$")
MIN_PASSWORD = 10
MAX_PASSWORD = 200
#: the device tokens an account's seat keeps at once (one per browser that resumed it; the oldest goes first)
MAX_DEVICES = 8


class Unauthorized(ServerError):
    """Not signed in, or a wrong name or password (401)."""


class TooMany(ServerError):
    """Too many attempts: wait (429)."""


class Taken(ServerError):
    """A name already registered (409)."""


@dataclass
class AccountLimits:
    """Limits of the account endpoints (``limits`` notation); None disables one. Argon2's costs: pwdlib's
    recommended ones unless set (tests use smaller ones; still Argon2)."""

    sign_in_per_address: str | None = "20/minute"
    failures_per_account: str | None = "5/15minutes"
    register_per_address: str | None = "10/hour"
    chat_per_seat: str | None = "5/10seconds"
    session_days: int = 30
    argon2_time_cost: int | None = None
    argon2_memory_cost: int | None = None
    # None: Secure when the request came over TLS (https, or X-Forwarded-Proto from a trusted proxy)
    secure_cookie: bool | None = None

    def per_process(self, workers: int) -> AccountLimits:
        """These limits for one of ``workers`` processes that share the traffic (``serve --workers N``): each process
        counts its own attempts, so every rate is divided by ``workers`` (rounded up: at least 1), as
        ``security.Limits.per_process`` divides the request limits; the N processes together allow what one would
        (a client's attempts land on any of them)."""
        from monsterbox.server.security import share

        if workers <= 1:
            return self
        return dataclasses.replace(self, **{k: share(getattr(self, k), workers) for k in
                                            ("sign_in_per_address", "failures_per_account", "register_per_address",
                                             "chat_per_seat")})


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=100)
    password: str = Field(max_length=1000)


class Password(BaseModel):
    model_config = ConfigDict(extra="forbid")
    password: str = Field(max_length=1000)


@dataclass
class Me:
    """The signed-in account of a request."""

    id: int
    name: str
    csrf: str


def check_name(name: str) -> str:
    """A new account's name: 3 to 24 letters, digits or . _ -, and, since it becomes the account's seat name at its
    tables, not shaped like the names the server gives seats itself (``tables.looks_automatic``: "player1", "bot-2")."""
    if not NAME_RE.match(name):
        raise InvalidOptions("a user name is 3 to 24 letters, digits or . _ -")
    if looks_automatic(name):
        raise InvalidOptions("a user name may not start with bot, robot, player or joueur followed by a number, nor "
                             "be you or vous: it would read as a seat the server names itself")
    return name


def check_password(name: str, password: str) -> None:
    """A password that is not weak: at least ``MIN_PASSWORD`` characters, not the name, not one character repeated,
    and at least three different characters."""
    if len(password) < MIN_PASSWORD or len(password) > MAX_PASSWORD:
        raise InvalidOptions("a password has {low} to {high} characters", low=MIN_PASSWORD, high=MAX_PASSWORD)
    if name.lower() in password.lower() or len(set(password)) < 4:
        raise InvalidOptions("this password is too weak: use one that does not contain your name, with varied "
                             "characters")


class Limiter:
    def __init__(self) -> None:
        self.limiter = MovingWindowRateLimiter(MemoryStorage())

    def hit(self, rule: str | None, *key: str) -> bool:
        return rule is None or self.limiter.hit(parse(rule), *key)

    def test(self, rule: str | None, *key: str) -> bool:
        return rule is None or self.limiter.test(parse(rule), *key)


class Accounts:
    """The accounts' routes and what the table routes ask of them (``app.py``: creation, claims, joins)."""

    def __init__(self, store: Store, tables: Any, limits: AccountLimits | None = None,
                 proxies: Proxies | None = None) -> None:
        from pwdlib import PasswordHash
        from pwdlib.hashers.argon2 import Argon2Hasher

        self.store = store
        self.tables = tables
        self.limits = limits or AccountLimits()
        self.proxies = proxies or Proxies()  # the reverse proxies trusted for X-Forwarded-For/-Proto (security.py)
        kw: dict[str, Any] = {k: v for k, v in (("time_cost", self.limits.argon2_time_cost),
                                                ("memory_cost", self.limits.argon2_memory_cost)) if v is not None}
        self.hasher = PasswordHash((Argon2Hasher(**kw),))
        # the same Argon2 work for a name that does not exist as for a wrong password
        self.dummy_hash = self.hasher.hash(secrets.token_urlsafe(16))
        self.limiter = Limiter()
        self.extras_cache: dict[str, dict[str, Any]] = {}
        #: told (table id, account id) when an account takes a seat (server/turns.py pushes the new table)
        self.seat_listeners: list[Any] = []
        self.lock = threading.Lock()
        self.router = APIRouter()
        self._routes()

    # --- sessions ------------------------------------------------------------------------------------------------
    def me(self, request: HTTPConnection) -> Me | None:
        """The account the request's session cookie opens (None without one; Unauthorized for an unknown or expired
        session: a forged or stolen-then-ended cookie)."""
        sid = request.cookies.get(COOKIE)
        if not sid:
            return None
        if len(sid) > 200:
            raise Unauthorized("this session is not valid: sign in again")
        with self.store.session() as s:
            found = s.execute(select(SessionRow.account, SessionRow.csrf, SessionRow.expires, AccountRow.name)
                              .join(AccountRow, AccountRow.id == SessionRow.account)
                              .where(SessionRow.id_hash == token_hash(sid))).first()
        if found is None or found.expires < now():
            raise Unauthorized("this session is not valid: sign in again")
        return Me(found.account, found.name, found.csrf)

    def checked(self, request: Request, me: Me) -> Me:
        """A state-changing request made with the session: its anti-forgery token and origin checked."""
        sent = request.headers.get(CSRF_HEADER, "")
        if not hmac.compare_digest(sent.encode(), me.csrf.encode()):
            raise Forbidden("a request made with your session must send its X-CSRF-Token (a cross-site request?)")
        origin = request.headers.get("origin")
        if origin is not None and origin != "null":
            host = request.headers.get("host", "")
            if origin.split("://", 1)[-1] != host:
                raise Forbidden("a request made with your session must come from this site")
        return me

    def acting(self, request: Request, lenient: bool = False) -> Me | None:
        """The signed-in account of a state-changing request (checked against forgery), None for a guest (and, when
        ``lenient``, for an ended or unknown session: the request is a guest's)."""
        try:
            me = self.me(request)
        except Unauthorized:
            if lenient:
                return None
            raise
        return self.checked(request, me) if me is not None else None

    def required(self, request: Request) -> Me:
        me = self.me(request)
        if me is None:
            raise Unauthorized("sign in first")
        return me

    def secure(self, request: Request) -> bool:
        if self.limits.secure_cookie is not None:
            return self.limits.secure_cookie
        return forwarded_proto(request.scope, self.proxies) in ("https", "wss")

    def address(self, request: Request) -> str:
        return client_of(request.scope, self.proxies)

    # --- table extras and seats ---------------------------------------------------------------------------------
    def extras(self, table_id: str) -> dict[str, Any]:
        """A table's extras (rated, verbal, clock, timeout agent), cached; defaults for a table without any."""
        found = self.extras_cache.get(table_id)
        if found is not None:
            return found
        with self.store.session() as s:
            row = s.get(TableExtraRow, table_id)
        found = {"rated": bool(row.rated), "verbal": bool(row.verbal), "clock": row.clock,
                 "timeout_agent": row.timeout_agent} if row is not None else \
            {"rated": False, "verbal": False, "clock": None, "timeout_agent": None}
        with self.lock:
            if len(self.extras_cache) > 10000:
                self.extras_cache.clear()
            self.extras_cache[table_id] = found
        return found

    def before_create(self, request: Request, rated: bool, practice: bool, seats: list[str]) -> Me | None:
        """The creator's account; a rated table needs one, a real deal and no open seat (every human seat is taken
        by a signed-in player: the invited ones at their claim)."""
        me = self.acting(request, lenient=not rated)
        if rated:
            if practice:
                raise InvalidOptions("a practice table is never rated")
            if me is None:
                raise Unauthorized("sign in to create a rated table: every human seat of a rated table is signed in")
            if "open" in seats:
                raise InvalidOptions("a rated table has no open seats: invite the players (they claim their seat "
                                     "signed in)")
        return me

    def created(self, table_id: str, tokens: dict[int, str], me: Me | None, rated: bool, verbal: bool,
                clock: dict[str, Any] | None = None, timeout_agent: str | None = None, conn: Any = None) -> None:
        """A new table's extras and its creator's seat, in ``conn``'s transaction (the one storing the table:
        ``Tables.create(then=...)``; all or nothing) or one of their own."""
        with contextlib.nullcontext(conn) if conn is not None else self.store.engine.begin() as conn:
            if rated or verbal or clock:
                conn.execute(insert(TableExtraRow).values(
                    game=table_id, rated=rated, verbal=verbal, clock=clock, timeout_agent=timeout_agent))
            if me is not None:
                for seat in tokens:
                    conn.execute(insert(SeatAccountRow).values(game=table_id, seat=seat, account=me.id))
        with self.lock:
            self.extras_cache[table_id] = {"rated": rated, "verbal": verbal, "clock": clock,
                                           "timeout_agent": timeout_agent}
        if me is not None and tokens:
            self.seat_taken(table_id, me.id)

    def before_seat(self, request: Request, table_id: str) -> Me | None:
        """Before a claim or a join: the taker's account; a rated table's seats go to signed-in players only, one
        seat an account."""
        rated = self.extras(table_id)["rated"]
        me = self.acting(request, lenient=not rated)
        if rated:
            if me is None:
                raise Unauthorized("this table is rated: sign in to take a seat")
            with self.store.session() as s:
                held = s.scalar(select(SeatAccountRow.seat).where(SeatAccountRow.game == table_id,
                                                                  SeatAccountRow.account == me.id))
            if held is not None:
                raise Forbidden("your account already holds a seat at this rated table")
        return me

    def seats_held(self, table_id: str, me: Me | None) -> set[int]:
        """The seats of a table the signed-in account ``me`` holds already (none for a guest)."""
        if me is None:
            return set()
        with self.store.session() as s:
            return set(s.scalars(select(SeatAccountRow.seat).where(SeatAccountRow.game == table_id,
                                                                   SeatAccountRow.account == me.id)))

    def took(self, table_id: str, seat: int, me: Me | None, conn: Any = None) -> None:
        """A seat taken signed in belongs to the account: in ``conn``'s transaction (the one storing the seat:
        ``Tables.claim``/``join`` ``then``; all or nothing) or one of its own."""
        if me is None:
            return
        with contextlib.nullcontext(conn) if conn is not None else self.store.engine.begin() as conn:
            conn.execute(insert(SeatAccountRow).values(game=table_id, seat=seat, account=me.id))
        self.seat_taken(table_id, me.id)

    def seat_taken(self, table_id: str, account: int) -> None:
        for fn in list(self.seat_listeners):
            try:
                fn(table_id, account)
            except Exception:  # noqa: BLE001
                log.exception("seat listener failed")

    def owners(self, table_id: str) -> dict[int, int]:
        """The seats of a table that belong to accounts: seat -> account id."""
        with self.store.session() as s:
            return {seat: acc for seat, acc in s.execute(
                select(SeatAccountRow.seat, SeatAccountRow.account).where(SeatAccountRow.game == table_id))}

    def resume(self, request: Request, table_id: str) -> tuple[int, str]:
        """A seat of the signed-in account on this device: a fresh token for it, kept beside the other devices'
        (each device keeps playing)."""
        me = self.checked(request, self.required(request))
        table = self.tables.get(table_id)
        mine = [seat for seat, acc in self.owners(table_id).items() if acc == me.id]
        if not mine:
            raise Forbidden("your account holds no seat at this table")
        seat = mine[0]
        token = secrets.token_urlsafe(32)
        with table.lock:
            seats = [dict(s) for s in table.seats]
            devices = list(seats[seat].get("device_hashes", []))[-(MAX_DEVICES - 1):] + [token_hash(token)]
            seats[seat]["device_hashes"] = devices
            old = table.seats
            table.seats = seats
            try:
                self.tables.store.update_seats(table.id, seats, old, table.summary(),
                                               notify=f"{table.id}:seats:{self.tables.process_id}")
            except Exception:
                table.seats = old
                raise
            table.reindex()
        return seat, token

    def my_tables(self, account: int) -> list[dict[str, Any]]:
        with self.store.session() as s:
            rows = s.execute(select(GameRow.id, GameRow.game_id, GameRow.status, GameRow.to_play, GameRow.updated,
                                    SeatAccountRow.seat)
                             .join(SeatAccountRow, SeatAccountRow.game == GameRow.id)
                             .where(SeatAccountRow.account == account)
                             .order_by(GameRow.updated.desc()).limit(100)).all()
        return [{"id": r.id, "game": r.game_id, "seat": r.seat, "status": r.status, "to_play": r.to_play,
                 "your_turn": r.status != "over" and r.to_play == r.seat, "updated": r.updated.isoformat() + "Z"}
                for r in rows]

    # --- the routes ------------------------------------------------------------------------------------------------
    def _routes(self) -> None:
        r = self.router

        @r.post("/api/accounts", status_code=201, tags=["accounts"])
        def register(req: Credentials, request: Request) -> JSONResponse:
            """Register a user name and password (201 {"name"}; 409 the name is taken; 400 a bad name or a weak
            password). Limited per address."""
            name = check_name(req.name.strip())
            check_password(name, req.password)
            if not self.limiter.hit(self.limits.register_per_address, "register", self.address(request)):
                raise TooMany("too many accounts made from this address: try again later")
            hashed = self.hasher.hash(req.password)
            try:
                with self.store.engine.begin() as conn:
                    conn.execute(insert(AccountRow).values(name=name, name_key=name.lower(),
                                                                      password_hash=hashed, created=now()))
            except Exception as exc:
                if "UNIQUE" in str(exc).upper() or "unique" in type(exc).__name__.lower() or \
                        "duplicate" in str(exc).lower():
                    raise Taken("this user name is taken") from None
                raise
            return JSONResponse({"name": name}, status_code=201)

        @r.post("/api/session", tags=["accounts"])
        def sign_in(req: Credentials, request: Request) -> JSONResponse:
            """Sign in: sets the session cookie; returns {"name", "csrf"} (send csrf as X-CSRF-Token with every
            state-changing request). 401 a wrong name or password (the same for both), 429 too many attempts."""
            key = req.name.strip().lower()[:40]
            if not self.limiter.hit(self.limits.sign_in_per_address, "sign-in", self.address(request)):
                raise TooMany("too many sign-in attempts from this address: try again later")
            if not self.limiter.test(self.limits.failures_per_account, "failures", key):
                raise TooMany("too many failed sign-in attempts for this name: try again later")
            with self.store.session() as s:
                row = s.execute(select(AccountRow.id, AccountRow.name, AccountRow.password_hash)
                                .where(AccountRow.name_key == key)).first()
            ok = self.hasher.verify(req.password, row.password_hash if row is not None else self.dummy_hash)
            if row is None or not ok:
                self.limiter.hit(self.limits.failures_per_account, "failures", key)
                raise Unauthorized("wrong user name or password")
            sid = secrets.token_urlsafe(32)
            csrf = secrets.token_urlsafe(24)
            stamp = now()
            with self.store.engine.begin() as conn:
                conn.execute(delete(SessionRow).where(SessionRow.expires < stamp))
                conn.execute(insert(SessionRow).values(
                    id_hash=token_hash(sid), account=row.id, csrf=csrf, created=stamp,
                    expires=stamp + dt.timedelta(days=self.limits.session_days)))
            out = JSONResponse({"name": row.name, "csrf": csrf})
            out.set_cookie(COOKIE, sid, max_age=self.limits.session_days * 86400, httponly=True,
                           secure=self.secure(request), samesite="strict", path="/")
            return out

        @r.delete("/api/session", status_code=204, tags=["accounts"])
        def sign_out(request: Request) -> Response:
            """Sign out: ends the session (204)."""
            me = self.me(request)
            if me is not None:
                self.checked(request, me)
                with self.store.engine.begin() as conn:
                    conn.execute(delete(SessionRow).where(SessionRow.id_hash == token_hash(
                        request.cookies.get(COOKIE, ""))))
            out = Response(status_code=204)
            out.delete_cookie(COOKIE, path="/", httponly=True, samesite="strict", secure=self.secure(request))
            return out

        @r.get("/api/me", tags=["accounts"])
        def get_me(request: Request) -> JSONResponse:
            """The signed-in account: {"name", "csrf", "ratings": {game: {"mu", "sigma", "games"}}, "tables": [...]}
            ("my tables": every seat the account holds, with "your_turn"). 401 when not signed in."""
            me = self.required(request)
            return JSONResponse({"name": me.name, "csrf": me.csrf, "ratings": self.ratings_of(me.id),
                                 "tables": self.my_tables(me.id)})

        @r.get("/api/session", tags=["accounts"])
        def get_session(request: Request) -> JSONResponse:
            """The page's question at load: {"name": null} for a guest (or an ended session), else as ``/api/me``
            (200 either way: a guest's page logs no error)."""
            try:
                me = self.me(request)
            except Unauthorized:
                me = None
            if me is None:
                return JSONResponse({"name": None})
            return JSONResponse({"name": me.name, "csrf": me.csrf, "ratings": self.ratings_of(me.id),
                                 "tables": self.my_tables(me.id)})

        @r.get("/api/me/export", tags=["accounts"])
        def export(request: Request) -> JSONResponse:
            """Everything stored about the signed-in account (no password hash, no session ids)."""
            me = self.required(request)
            with self.store.session() as s:
                acc = s.get(AccountRow, me.id)
                results = s.execute(select(RatedGameRow).where(RatedGameRow.account == me.id)).scalars().all()
                seats = self.owners_of(me.id)
                chat = s.execute(select(ChatRow.game, ChatRow.seat, ChatRow.text, ChatRow.created)
                                 .join(SeatAccountRow, (SeatAccountRow.game == ChatRow.game)
                                       & (SeatAccountRow.seat == ChatRow.seat))
                                 .where(SeatAccountRow.account == me.id).order_by(ChatRow.id)).all()
            return JSONResponse({
                "name": me.name, "created": acc.created.isoformat() + "Z" if acc else None,
                "ratings": self.ratings_of(me.id), "tables": self.my_tables(me.id), "seats": seats,
                "rated_games": [{"game": x.game, "seat": x.seat, "won": x.won, "score": x.score, "mu": x.mu,
                                 "sigma": x.sigma, "delta": x.delta} for x in results],
                "chat": [{"game": c.game, "seat": c.seat, "text": c.text, "at": c.created.isoformat() + "Z"}
                         for c in chat]})

        @r.delete("/api/me", status_code=204, tags=["accounts"])
        def delete_me(req: Password, request: Request) -> Response:
            """Delete the signed-in account (its password again, in the body): its sessions, ratings and the link
            to its seats go with it; the games stay (guest seats, as the other players knew them)."""
            me = self.checked(request, self.required(request))
            with self.store.session() as s:
                hashed = s.scalar(select(AccountRow.password_hash).where(AccountRow.id == me.id))
            if hashed is None or not self.hasher.verify(req.password, hashed):
                raise Unauthorized("wrong password: the account was not deleted")
            with self.store.engine.begin() as conn:
                for t in (SessionRow, RatingRow, RatedGameRow, SeatAccountRow):
                    conn.execute(delete(t).where(t.account == me.id))
                conn.execute(delete(AccountRow).where(AccountRow.id == me.id))
            out = Response(status_code=204)
            out.delete_cookie(COOKIE, path="/", httponly=True, samesite="strict", secure=self.secure(request))
            return out

        @r.post("/api/games/{table_id}/resume", status_code=201, tags=["accounts"])
        def resume(table_id: str, request: Request) -> JSONResponse:
            """The signed-in account's seat at this table on this device: a fresh seat token (201 {"seat",
            "token"}); 403 when the account holds no seat here."""
            seat, token = self.resume(request, table_id)
            return JSONResponse({"id": table_id, "seat": seat, "token": token}, status_code=201)

        @r.get("/api/leaderboard/{game}", tags=["accounts"])
        def leaderboard(game: str) -> JSONResponse:
            """The game's rated players, best first by the rating's conservative estimate (mu - 3 sigma)."""
            if game not in GAME_IDS:
                raise NotFound("no game {game}; games: {games}", game=repr(game), games=", ".join(GAME_IDS))
            with self.store.session() as s:
                rows = s.execute(select(AccountRow.name, RatingRow.mu, RatingRow.sigma, RatingRow.games)
                                 .join(AccountRow, AccountRow.id == RatingRow.account)
                                 .where(RatingRow.game_id == game)
                                 .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc(), AccountRow.name)
                                 .limit(100)).all()
            return JSONResponse({"game": game, "players": [
                {"name": x.name, "mu": round(x.mu, 3), "sigma": round(x.sigma, 3), "games": x.games} for x in rows]})

        @r.get("/api/players/{name}", tags=["accounts"])
        def profile(name: str) -> JSONResponse:
            """A player's public profile: ratings and finished tables, each with its result (``result``: {"won",
            "score"}), its rating change when rated, its replay at ``#/replay/<id>`` and its review (``review``:
            {"accuracy", "flagged", "tiers"} once a review of the player's seat was computed, else null; started
            with ``GET /api/games/{id}/review?seat=k``). 404 for no such player."""
            if len(name) > 40:
                raise NotFound("no such player")
            with self.store.session() as s:
                acc = s.execute(select(AccountRow.id, AccountRow.name).where(AccountRow.name_key == name.lower())
                                ).first()
                if acc is None:
                    raise NotFound("no such player")
                rated = {x.game: x for x in s.execute(select(RatedGameRow).where(RatedGameRow.account == acc.id))
                         .scalars()}
            games = []
            for t in self.my_tables(acc.id):
                if t["status"] != "over":
                    continue
                entry = {"id": t["id"], "game": t["game"], "seat": t["seat"], "rated": t["id"] in rated,
                         "updated": t["updated"]}
                if t["id"] in rated:
                    x = rated[t["id"]]
                    entry.update(won=x.won, score=x.score, mu=round(x.mu, 3), sigma=round(x.sigma, 3),
                                 delta=round(x.delta, 3))
                games.append(entry)
            found = self.outcomes(games)
            for entry in games:
                entry.update(found[(entry["id"], entry["seat"])])
            return JSONResponse({"name": acc.name, "ratings": self.ratings_of(acc.id), "games": games})

    # --- outcomes: the profile's results and reviews -------------------------------------------------------------
    #: results a profile request works out at most (a finished game replayed once, then kept): the rest next time
    RESULTS_PER_REQUEST = 20

    def _outcome(self, table_id: str, seat: int, **values: Any) -> None:
        """Set some of a seat's outcome columns (the row made if missing)."""
        with self.store.engine.begin() as conn:
            done = conn.execute(update(OutcomeRow).where(OutcomeRow.game == table_id, OutcomeRow.seat == seat)
                                .values(**values)).rowcount
            if not done:
                conn.execute(insert(OutcomeRow).values(game=table_id, seat=seat, **values))

    def reviewed(self, table_id: str, seat: int, review: dict[str, Any]) -> None:
        """A review of ``seat`` was computed (``Analysis.review_listeners``): its accuracy and flag counts kept for
        the profile (the review itself stays the analysis's to recompute)."""
        tiers = {k: int(v) for k, v in (review.get("tiers") or {}).items()}
        try:
            self._outcome(table_id, seat, accuracy=review.get("accuracy"), flagged=len(review.get("flagged") or []),
                          tiers=tiers, reviewed=now())
        except Exception:  # noqa: BLE001 - a race on the insert: the other one wrote it
            log.warning("a review's summary of %s seat %s was not kept", table_id, seat)

    def outcomes(self, games: list[dict[str, Any]]) -> dict[tuple[str, int], dict[str, Any]]:
        """Each finished game's outcome for its seat: {"result": {"won", "score"}, "review": {"accuracy",
        "flagged", "tiers"} or None}; results not stored yet are worked out from the game (a few per call)."""
        keys = [(g["id"], g["seat"]) for g in games]
        with self.store.session() as s:
            rows = {(r.game, r.seat): r for r in s.execute(
                select(OutcomeRow).where(OutcomeRow.game.in_([k[0] for k in keys]))).scalars()} if keys else {}
        out: dict[tuple[str, int], dict[str, Any]] = {}
        budget = self.RESULTS_PER_REQUEST
        for key in keys:
            row = rows.get(key)
            result = None
            if row is not None and row.won is not None:
                result = {"won": row.won, "score": row.score}
            elif budget > 0:
                budget -= 1
                try:
                    table = self.tables.get(key[0])
                    with table.lock:
                        res = table.game.result() if table.game.over else None
                except Exception:  # noqa: BLE001 - a game that cannot be read is listed without its result
                    res = None
                if res is not None:
                    result = {"won": key[1] in res["winners"], "score": float(res["scores"][key[1]])}
                    with contextlib.suppress(Exception):  # else kept by a concurrent request
                        self._outcome(key[0], key[1], won=result["won"], score=result["score"])
            review = {"accuracy": row.accuracy, "flagged": row.flagged, "tiers": row.tiers or {}} \
                if row is not None and row.reviewed is not None else None
            out[key] = {"result": result, "review": review}
        return out

    def owners_of(self, account: int) -> list[dict[str, Any]]:
        with self.store.session() as s:
            return [{"game": g, "seat": seat} for g, seat in s.execute(
                select(SeatAccountRow.game, SeatAccountRow.seat).where(SeatAccountRow.account == account))]

    def ratings_of(self, account: int) -> dict[str, dict[str, Any]]:
        with self.store.session() as s:
            rows = s.execute(select(RatingRow).where(RatingRow.account == account)).scalars().all()
        return {x.game_id: {"mu": round(x.mu, 3), "sigma": round(x.sigma, 3), "games": x.games} for x in rows}

    def accounts_count(self) -> int:
        with self.store.session() as s:
            return int(s.scalar(select(func.count()).select_from(AccountRow)) or 0)

    def mark_rated(self, table_id: str) -> bool:
        """Claim the rating of a finished table, once across every process (True for the one that does it)."""
        with self.store.engine.begin() as conn:
            res = conn.execute(update(TableExtraRow).where(TableExtraRow.game == table_id,
                                                            TableExtraRow.rated_at.is_(None),
                                                            TableExtraRow.rated.is_(True)).values(rated_at=now()))
            return bool(res.rowcount)


def install(app: FastAPI, accounts: Accounts) -> None:
    """The accounts' routes and their errors' statuses (401, 409, 429) on ``app``."""
    for exc_type, status in ((Unauthorized, 401), (TooMany, 429), (Taken, 409)):
        async def handler(request: Request, exc: Exception, status: int = status) -> JSONResponse:
            return JSONResponse({"error": error_text(exc, reply_lang(request))}, status_code=status)

        app.add_exception_handler(exc_type, handler)
    app.include_router(accounts.router)

