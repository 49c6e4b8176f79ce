"""Persistence, the source of truth: a ``games`` row per table (its set-up, seats and a summary for the lobby) and an
append-only ``moves`` table with a unique (game, index). A move is committed before it is acknowledged; two
processes racing for the same index cannot both win (the loser gets :class:`Conflict`).

SQLite (the default; WAL journal, ``synchronous=NORMAL``) or PostgreSQL by URL (psycopg 3). The schema is managed by
Alembic migrations (``monsterbox/server/migrations``), applied at start-up, so a database made by an earlier version
upgrades in place.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import fcntl
import hashlib
import json
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    bindparam,
    create_engine,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    """One table: what rebuilds its game (game id, players, seed, options; the moves are in ``moves``), its seats and
    what the lobby lists."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(16))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[str] = mapped_column(String(80))  # decimal; server seeds have 128 bits
    seed_commitment: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)  # {"kind", "agent"?, "token_hash"?, "name"?, "open"?}
    practice: Mapped[bool] = mapped_column(Boolean, default=False)
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    hints: Mapped[bool] = mapped_column(Boolean, default=False)
    status: Mapped[str] = mapped_column(String(16), default="playing")  # waiting | playing | over
    to_play: Mapped[int | None] = mapped_column(Integer, nullable=True)
    moves: Mapped[int] = mapped_column(Integer, default=0)
    created: Mapped[dt.datetime] = mapped_column(DateTime)
    updated: Mapped[dt.datetime] = mapped_column(DateTime)

    __table_args__ = (Index("ix_games_lobby", "private", "status", "updated"),)


class MoveRow(Base):
    """One move of one table, never changed once written."""

    __tablename__ = "moves"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game: Mapped[str] = mapped_column(String(32), ForeignKey("games.id", ondelete="CASCADE"))
    index: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(200))
    seat: Mapped[int] = mapped_column(Integer)
    by: Mapped[str] = mapped_column(String(16))  # "human" | "bot" | "fallback" (a failing bot replaced by random)
    created: Mapped[dt.datetime] = mapped_column(DateTime)

    __table_args__ = (UniqueConstraint("game", "index", name="uq_moves_game_index"),)


class AccountRow(Base):
    """A player's account (issue 31): a unique name (compared case-insensitively through ``name_key``) and an Argon2
    hash of the password (pwdlib); never the password."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(40), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    created: Mapped[dt.datetime] = mapped_column(DateTime)


class SessionRow(Base):
    """A signed-in browser: only the sha256 of the session id is stored (a stolen database opens no session), with
    the session's anti-forgery token (sent back in ``X-CSRF-Token`` by every state-changing request)."""

    __tablename__ = "sessions"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account: Mapped[int] = mapped_column(Integer, ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    csrf: Mapped[str] = mapped_column(String(64))
    created: Mapped[dt.datetime] = mapped_column(DateTime)
    expires: Mapped[dt.datetime] = mapped_column(DateTime)


class RatingRow(Base):
    """An account's openskill rating in one game."""

    __tablename__ = "ratings"

    account: Mapped[int] = mapped_column(Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)


class RatedGameRow(Base):
    """One account's result at one rated table and its rating after it (the profile's history)."""

    __tablename__ = "rated_games"

    account: Mapped[int] = mapped_column(Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    won: Mapped[bool] = mapped_column(Boolean)
    score: Mapped[float] = mapped_column(Float)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    delta: Mapped[float] = mapped_column(Float)
    created: Mapped[dt.datetime] = mapped_column(DateTime)


class SeatAccountRow(Base):
    """A seat taken while signed in belongs to the account ("my tables" on any device)."""

    __tablename__ = "seat_accounts"

    game: Mapped[str] = mapped_column(String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account: Mapped[int] = mapped_column(Integer, ForeignKey("accounts.id", ondelete="CASCADE"), index=True)


class TableExtraRow(Base):
    """What a table's creation chose beyond the game: rated, the chat variant, the clock (issue 31)."""

    __tablename__ = "table_extras"

    game: Mapped[str] = mapped_column(String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    verbal: Mapped[bool] = mapped_column(Boolean, default=False)
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    timeout_agent: Mapped[str | None] = mapped_column(String(40), nullable=True)
    clock_state: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)  # server/clock.py
    rated_at: Mapped[dt.datetime | None] = mapped_column(DateTime, nullable=True)


class OutcomeRow(Base):
    """A seat's outcome at a finished table (the profile's history): its result (filled when a profile first lists
    it), and the summary of its review once one was computed (``analysis``: accuracy, flagged decisions, counts by
    tier)."""

    __tablename__ = "seat_outcomes"

    game: Mapped[str] = mapped_column(String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    won: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    score: Mapped[float | None] = mapped_column(Float, nullable=True)
    accuracy: Mapped[float | None] = mapped_column(Float, nullable=True)
    flagged: Mapped[int | None] = mapped_column(Integer, nullable=True)
    tiers: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    reviewed: Mapped[dt.datetime | None] = mapped_column(DateTime, nullable=True)


class ChatRow(Base):
    """One chat message at one table, kept with its record."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game: Mapped[str] = mapped_column(String(32), ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(400))
    created: Mapped[dt.datetime] = mapped_column(DateTime)


_INSERT_MOVE = insert(MoveRow.__table__).values(
    game=bindparam("g"), index=bindparam("i"), action=bindparam("a"), seat=bindparam("s"), by=bindparam("b"),
    created=bindparam("c"))
_UPDATE_GAME = update(GameRow.__table__).where(GameRow.__table__.c.id == bindparam("g")).values(
    moves=bindparam("m"), updated=bindparam("u"), status=bindparam("st"), to_play=bindparam("tp"))


# The same two statements in SQLite's own dialect, for the writer connection of a SQLite store (below).
_SQLITE_INSERT_MOVE = 'INSERT INTO moves (game, "index", action, seat, "by", created) VALUES (?, ?, ?, ?, ?, ?)'
_SQLITE_UPDATE_GAME = "UPDATE games SET moves = ?, updated = ?, status = ?, to_play = ? WHERE id = ?"
_SQLITE_LOAD_GAME = ('SELECT id, game_id, players, seed, seed_commitment, options, seats, practice, "private", '
                     "hints, status, to_play, moves, created, updated FROM games WHERE id = ?")
_SQLITE_LOAD_MOVES = 'SELECT action FROM moves WHERE game = ? AND "index" >= ? ORDER BY "index"'
_SQLITE_INSERT_GAME = ("INSERT INTO games (id, game_id, players, seed, seed_commitment, options, seats, practice, "
                       '"private", hints, status, to_play, moves, created, updated) '
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")


# PostgreSQL: the move, the table's summary and the notification in one statement, so one round trip (a data-modifying
# CTE runs in full even though the UPDATE reads nothing from it but the game id); autocommit makes it one transaction.
_PG_APPEND = (
    'WITH m AS (INSERT INTO moves (game, "index", action, seat, "by", created) '
    "VALUES (%(g)s, %(i)s, %(a)s, %(s)s, %(b)s, %(c)s) RETURNING game) "
    "UPDATE games SET moves = %(m)s, updated = %(c)s, status = %(st)s, to_play = %(tp)s "
    "WHERE id = (SELECT game FROM m) RETURNING pg_notify('monsterbox', %(p)s)")


def sqlite_time(t: dt.datetime) -> str:
    """A timestamp as SQLAlchemy's SQLite ``DateTime`` stores it (so both paths write the same text)."""
    return t.isoformat(sep=" ", timespec="microseconds")


class Conflict(Exception):
    """The move's index is already taken: another request or process moved first."""


class StoreError(Exception):
    """The database could not store a change (nothing was changed)."""


def pg_payload(notify: str) -> str:
    """What a PostgreSQL notification carries: "<table>:<process>" only ("table T changed", and which process
    changed it, so that process need not read its own change back). Any role that can connect may ``NOTIFY``, so a
    receiver trusts nothing in it: it re-reads the table from the database (``notify.PostgresListener``). Made from
    the SQLite processes' payload (``server/siblings.py``: "<table>:<version or kind>:<process>[:<action>]")."""
    parts = notify.split(":", 3)
    return f"{parts[0]}:{parts[2]}" if len(parts) >= 3 else parts[0]


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def commitment(seed: int | str) -> str:
    """The seed commitment published before the deal: sha256 of the seed's decimal text."""
    return hashlib.sha256(str(seed).encode()).hexdigest()


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


@dataclass
class Loaded:
    row: GameRow
    actions: list[str]


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")  # durable at checkpoints; a crash of the process loses nothing
    cur.execute("PRAGMA busy_timeout=5000")
    cur.execute("PRAGMA foreign_keys=ON")
    # no checkpoint at commit: a commit that crosses the WAL's threshold would copy the WAL into the database and
    # wait for the disk (fsync) on the request path, up to tens of milliseconds; the store's checkpointer does it
    cur.execute("PRAGMA wal_autocheckpoint=0")
    cur.close()


class Checkpointer:
    """Copies SQLite's WAL into the database file from a thread of its own (``PRAGMA wal_checkpoint(PASSIVE)``,
    which never blocks a writer or waits for a reader), every ``interval`` seconds while there were commits. With
    ``synchronous=NORMAL`` a checkpoint is where SQLite waits for the disk; moved here, a move's commit only writes
    to the WAL. The thread has its own connection and stops with the store."""

    def __init__(self, database: str, interval: float = 0.5) -> None:
        self.database = database
        self.interval = interval
        self.dirty = False  # set after each commit (a plain flag: read and cleared by this thread only)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sqlite-checkpoint", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        conn = sqlite3.connect(self.database, timeout=5, isolation_level=None, check_same_thread=False)
        try:
            while not self._stop.wait(self.interval):
                if self.dirty:
                    self.dirty = False
                    self.checkpoint(conn)
            self.checkpoint(conn)
        finally:
            conn.close()

    @staticmethod
    def checkpoint(conn: sqlite3.Connection) -> None:
        # busy or gone: the WAL stays readable as it is, and the next round tries again
        with contextlib.suppress(sqlite3.Error):
            conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=10)


def normalise_url(url: str) -> str:
    """``postgresql://`` means psycopg 3 (the driver in the ``server`` extra)."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


class Store:
    def __init__(self, url: str, migrate: bool = True) -> None:
        self.url = normalise_url(url)
        self.is_sqlite = self.url.startswith("sqlite")
        self.is_postgres = self.url.startswith("postgresql")
        if self.is_sqlite:
            self.engine = create_engine(self.url, connect_args={"check_same_thread": False, "timeout": 5})
            event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            self.engine = create_engine(self.url, pool_size=10, max_overflow=20, pool_pre_ping=True)
        if migrate:
            from monsterbox.server.migrate import upgrade

            upgrade(self.engine)
        self.session = sessionmaker(self.engine, expire_on_commit=False)
        # SQLite takes one writer at a time anyway: moves are written through one connection of our own, with two
        # plain statements, under a lock (a tenth of the cost of a pooled SQLAlchemy transaction per move).
        self._writer: sqlite3.Connection | None = None
        self._pg: Any = None  # PostgreSQL: the psycopg connection moves are written through (``_append_postgres``)
        self._writer_lock = threading.Lock()
        database = self.engine.url.database if self.is_sqlite else None
        #: the SQLite file, when there is one (several processes may share it: ``server/siblings.py``)
        self.sqlite_file: str | None = None
        #: SQLite: told the payload of each change once committed (the other processes' channel); PostgreSQL
        #: notifies in the same statement
        self.notifier: Callable[[str], None] | None = None
        self._lockfile: Any = None
        if database and database != ":memory:" and not database.startswith("file:"):
            self.sqlite_file = database
            self._writer = sqlite3.connect(database, timeout=5, isolation_level=None, check_same_thread=False)
            _sqlite_pragmas(self._writer, None)
            # processes sharing the file take turns on this lock rather than in SQLite's busy handler, which
            # sleeps a millisecond or more (blocking the event loop) where the other writer needs a tenth of that
            self._lockfile = open(database + ".write-lock", "a+b")  # noqa: SIM115 - held for the store's life
        self._checkpointer = Checkpointer(self.sqlite_file) if self.sqlite_file else None

    @contextmanager
    def _tx(self) -> Iterator[Any]:
        try:
            with self.engine.begin() as conn:
                yield conn
        except IntegrityError as exc:
            orig = exc.orig
            if type(orig).__name__ == "UniqueViolation" or "UNIQUE constraint failed" in str(orig):
                raise Conflict(str(orig)) from None
            raise StoreError(f"the database refused the change: {orig}") from exc
        except SQLAlchemyError as exc:
            raise StoreError(f"the database refused the change: {type(exc).__name__}") from exc

    # --- tables ----------------------------------------------------------------------------------------------------
    @contextmanager
    def _writing(self) -> Iterator[None]:
        """SQLite: one writer at a time in this process, and across the processes sharing the file (waiting on a lock
        is cheaper than SQLite's busy sleeps)."""
        if self.is_sqlite:
            with self._writer_lock, self._file_lock():
                yield
        else:
            yield

    @contextmanager
    def _file_lock(self) -> Iterator[None]:
        """The write lock the processes sharing a SQLite file take turns on (``flock``); the caller holds
        ``_writer_lock``, so threads of one process never contend for it."""
        f = self._lockfile
        if f is None:
            yield
            return
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)

    def _told(self, notify: str | None) -> None:
        """After a SQLite commit: the checkpointer has work, and the other processes are told (``notifier``)."""
        if self._checkpointer is not None:
            self._checkpointer.dirty = True
        if notify and self.notifier is not None:
            self.notifier(notify)

    def add(self, row: GameRow, then: Callable[[Any], None] | None = None) -> None:
        """Store a new table. SQLite: one plain INSERT on the writer connection (the ORM's unit of work took 1.2 ms
        of a table's 1.9 ms creation), in the text the ORM writes and reads (``tests``: read back through it).
        ``then(conn)`` writes the table's other rows (its extras: server/accounts.py) in the same transaction, so a
        table is stored whole or not at all (a full disk refuses it all: StoreError)."""
        if then is not None:
            values = {c.name: getattr(row, c.key) for c in GameRow.__table__.columns}
            with self._writing(), self._tx() as conn:
                conn.execute(insert(GameRow.__table__).values(**values))
                then(conn)
            if self._checkpointer is not None:
                self._checkpointer.dirty = True
            return
        if self._writer is not None:
            self._add_sqlite(row)
            return
        with self._writing(), self.session() as s:
            try:
                with s.begin():
                    s.add(row)
            except SQLAlchemyError as exc:
                raise StoreError(f"the database refused the new table: {type(exc).__name__}") from exc
        if self._checkpointer is not None:
            self._checkpointer.dirty = True

    def _add_sqlite(self, row: GameRow) -> None:
        values = (row.id, row.game_id, row.players, row.seed, row.seed_commitment, json.dumps(row.options),
                  json.dumps(row.seats), bool(row.practice), bool(row.private), bool(row.hints),
                  row.status or "playing", row.to_play, row.moves or 0, sqlite_time(row.created),
                  sqlite_time(row.updated))
        with self._writer_lock, self._file_lock():
            w = self._writer
            assert w is not None
            try:
                w.execute(_SQLITE_INSERT_GAME, values)  # one statement: its own transaction
            except sqlite3.Error as exc:
                raise StoreError(f"the database refused the new table: {type(exc).__name__}") from exc
        self._told(None)

    def load(self, game: str, since: int = 0) -> Loaded | None:
        """The table's row and its moves from index ``since`` on (in order)."""
        if self.is_sqlite:
            return self._load_sqlite(game, since)
        return self._load_orm(game, since)

    def _load_sqlite(self, game: str, since: int) -> Loaded | None:
        """``load`` in two plain statements on a pooled connection, the row built from their values: the ORM's
        session took about 1 ms a table (every table a second process serves is loaded there once, and every
        catch-up reads its moves). The same row as the ORM reads (``tests``: compared)."""
        with self.engine.connect() as conn:
            found = conn.exec_driver_sql(_SQLITE_LOAD_GAME, (game,)).first()
            if found is None:
                return None
            actions = [a for (a,) in conn.exec_driver_sql(_SQLITE_LOAD_MOVES, (game, since))]
        (id_, game_id, players, seed, seed_commitment, options, seats, practice, private, hints, status, to_play,
         moves, created, updated) = found
        row = GameRow(id=id_, game_id=game_id, players=players, seed=seed, seed_commitment=seed_commitment,
                      options=json.loads(options), seats=json.loads(seats), practice=bool(practice),
                      private=bool(private), hints=bool(hints), status=status, to_play=to_play, moves=moves,
                      created=dt.datetime.fromisoformat(created), updated=dt.datetime.fromisoformat(updated))
        return Loaded(row, actions)

    def _load_orm(self, game: str, since: int) -> Loaded | None:
        with self.session() as s:
            row = s.get(GameRow, game)
            if row is None:
                return None
            actions = list(s.scalars(select(MoveRow.action).where(MoveRow.game == game, MoveRow.index >= since)
                                     .order_by(MoveRow.index)))
            return Loaded(row, actions)

    def moves_count(self, game: str) -> int:
        with self.engine.connect() as conn:
            n = conn.execute(select(func.count()).select_from(MoveRow).where(MoveRow.game == game)).scalar_one()
            return int(n)

    def append(self, game: str, index: int, action: str, seat: int, by: str, summary: dict[str, Any],
               notify: str | None = None) -> None:
        """Store move ``index`` of ``game`` and the table's new summary, atomically. Raises Conflict when the index is
        taken (a stale or repeated move, or another process), StoreError when the database fails."""
        stamp = now()
        if self._writer is not None:
            self._append_sqlite(game, index, action, seat, by, summary, stamp)
            self._told(notify)
            return
        if self.is_postgres:
            self._append_postgres(game, index, action, seat, by, summary, stamp, pg_payload(notify or ""))
            return
        with self._tx() as conn:  # plain statements compiled once: this is the hot path of every move
            conn.execute(_INSERT_MOVE, {"g": game, "i": index, "a": action, "s": seat, "b": by, "c": stamp})
            conn.execute(_UPDATE_GAME, {"g": game, "m": index + 1, "u": stamp, "st": summary["status"],
                                        "tp": summary["to_play"]})
            if notify is not None and self.is_postgres:
                conn.execute(text("SELECT pg_notify('monsterbox', :p)"), {"p": pg_payload(notify)})

    def _append_postgres(self, game: str, index: int, action: str, seat: int, by: str, summary: dict[str, Any],
                         stamp: dt.datetime, notify: str) -> None:
        """One statement on the store's own psycopg connection (autocommit; psycopg prepares it on the server after a
        few uses): a pooled SQLAlchemy transaction took six round trips (pre-ping, BEGIN, three statements, COMMIT).
        A lost connection is dropped and the move refused (StoreError); the next move opens a new one."""
        import psycopg

        params = {"g": game, "i": index, "a": action, "s": seat, "b": by, "c": stamp, "m": index + 1,
                  "st": summary["status"], "tp": summary["to_play"], "p": notify}
        with self._writer_lock:
            try:
                if self._pg is None or self._pg.closed:
                    url = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
                    self._pg = psycopg.connect(url, autocommit=True, connect_timeout=5)
                self._pg.execute(_PG_APPEND, params)
            except psycopg.errors.UniqueViolation as exc:
                raise Conflict(str(exc)) from None
            except psycopg.OperationalError as exc:
                if self._pg is not None:
                    self._pg.close()
                self._pg = None
                raise StoreError(f"the database refused the change: {type(exc).__name__}") from exc
            except psycopg.Error as exc:
                raise StoreError(f"the database refused the change: {type(exc).__name__}") from exc

    def _append_sqlite(self, game: str, index: int, action: str, seat: int, by: str, summary: dict[str, Any],
                       stamp: dt.datetime) -> None:
        when = sqlite_time(stamp)
        with self._writer_lock, self._file_lock():
            w = self._writer
            assert w is not None
            try:
                try:
                    w.execute("BEGIN IMMEDIATE")
                    w.execute(_SQLITE_INSERT_MOVE, (game, index, action, seat, by, when))
                    w.execute(_SQLITE_UPDATE_GAME, (index + 1, when, summary["status"], summary["to_play"], game))
                    w.execute("COMMIT")
                except BaseException:
                    if w.in_transaction:
                        w.execute("ROLLBACK")
                    raise
            except sqlite3.IntegrityError as exc:
                if "UNIQUE constraint failed" in str(exc):
                    raise Conflict(str(exc)) from None
                raise StoreError(f"the database refused the change: {exc}") from exc
            except sqlite3.Error as exc:
                raise StoreError(f"the database refused the change: {type(exc).__name__}") from exc

    def update_seats(self, game: str, seats: list[dict[str, Any]], expect: list[dict[str, Any]],
                     summary: dict[str, Any], notify: str | None = None,
                     then: Callable[[Any], None] | None = None) -> None:
        """Replace the seats if they are still ``expect`` (another process may have taken the seat): Conflict.
        ``then(conn)`` writes what goes with it (the seat's account) in the same transaction."""
        with self._writing(), self._tx() as conn:
            row = conn.execute(select(GameRow.seats).where(GameRow.id == game).with_for_update()).first()
            if row is None or row[0] != expect:
                raise Conflict("the seats changed meanwhile")
            conn.execute(update(GameRow).where(GameRow.id == game).values(seats=seats, updated=now(), **summary))
            if then is not None:
                then(conn)
            if notify is not None and self.is_postgres:
                conn.execute(text("SELECT pg_notify('monsterbox', :p)"), {"p": pg_payload(notify)})
        if self.is_sqlite:
            self._told(notify)

    def listing(self, status: str | None, game: str | None, limit: int,
                before: tuple[dt.datetime, str] | None) -> list[GameRow]:
        """Public tables, most recently changed first, ``limit`` of them, after the cursor ``before``."""
        q = select(GameRow).where(GameRow.private.is_(False))
        if status is not None:
            q = q.where(GameRow.status == status)
        if game is not None:
            q = q.where(GameRow.game_id == game)
        if before is not None:
            t, i = before
            q = q.where((GameRow.updated < t) | ((GameRow.updated == t) & (GameRow.id < i)))
        q = q.order_by(GameRow.updated.desc(), GameRow.id.desc()).limit(limit)
        with self.session() as s:
            return list(s.scalars(q))

    def close(self) -> None:
        if self._checkpointer is not None:
            self._checkpointer.close()
            self._checkpointer = None
        if self._pg is not None:
            with self._writer_lock:
                self._pg.close()
                self._pg = None
        if self._writer is not None:
            with self._writer_lock:
                self._writer.close()
                self._writer = None
        if self._lockfile is not None:
            self._lockfile.close()
            self._lockfile = None
        self.engine.dispose()


def open_store(url: str) -> Store:
    return Store(url)


__all__ = ["Conflict", "GameRow", "Loaded", "MoveRow", "Store", "StoreError", "commitment", "now", "open_store",
           "token_hash"]
