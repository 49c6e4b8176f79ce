"""Live tables: games in memory, rebuilt from the database on demand, kept consistent with it.

The database is the source of truth. A move is checked (token, turn, version, legality), committed, and only then
applied to the in-memory game; a failed commit changes nothing. ``version`` is the number of moves played: a move
must name the version it was chosen at, so a stale or repeated move is refused (409). Bots move off the request
path, one move at a time, each committed like a human's. Every change wakes the table's subscribers at once. Tables
leave memory when idle (``evict_idle``) and when ``max_live`` are held (``make_room``: the least recently used first),
and are rebuilt from the database on the next read.

A human's seat name may not pass for another seat (``clean_name``, ``check_unique_name``): not another seat's name
at the table as read in any language, nor a name the server gives seats itself ("Bot 2 (hard)", "Player 1", "You").
"""

from __future__ import annotations

import contextlib
import datetime as dt
import logging
import re
import secrets
import threading
import time
import unicodedata
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

import monsterbox
from monsterbox.core.cardfile import packaged_card_data
from monsterbox.core.errors import IllegalAction, InvalidOptions
from monsterbox.core.game import Game
from monsterbox.core.i18n import LANGUAGES, _, language, use_language
from monsterbox.core.registry import game_part, get_ruleset
from monsterbox.core.wording import seat_names
from monsterbox.server.bots import BotBudget, BotJob, BotPool, BotWorkers, check_agent_spec, move_seed, on_light_thread
from monsterbox.server.choice import check_steps, preview
from monsterbox.server.errors import Claimed, Forbidden, NotFound, Stale, Unavailable
from monsterbox.server.store import Conflict, GameRow, Store, StoreError, commitment, now, token_hash

log = logging.getLogger("monsterbox.server")

MAX_NAME = 40
#: the names the server gives seats itself (``core.wording.seat_names``: "Bot 2 (hard)", "Robot 2 (difficile)",
#: "Player 1", "Joueur 1", "You", "Vous"), as skeletons (``skeleton``): a human's name may not look like them
AUTOMATIC_NAME = re.compile(r"(bot|robot|player|joueur)\d|(you|vous)$")
#: a finished game's replay positions are kept every this many moves (Table.position)
CHECKPOINT = 128
#: how long a bot's next move waits for the table's open sockets to send the last one (Tables.await_pushes)
PUSH_WAIT = 0.2
#: tables held in memory at most (``Tables.max_live``; ``serve --max-tables``): reading old tables one after another
#: must not fill the memory. At the cap, the least recently used leave it down to ``ROOM`` of the cap at once.
MAX_LIVE = 10_000
ROOM = 0.9


@dataclass
class Table:
    id: str
    game: Game
    seats: list[dict[str, Any]]
    practice: bool
    private: bool
    hints: bool
    seed_commitment: str
    lock: threading.RLock = field(default_factory=threading.RLock)
    notice: str | None = None
    bot_busy: bool = False
    bot_job: BotJob | None = None  # the bot move being computed for this table (server/bots.py)
    last_used: float = field(default_factory=time.monotonic)
    by_hash: dict[str, int] = field(default_factory=dict)
    log_json: dict[int | None, list[bytes]] = field(default_factory=dict)  # server/state.py: _journal
    story_json: dict[tuple[int | None, str], list[bytes]] = field(default_factory=dict)
    common_words: dict[tuple[str, bytes], str] = field(default_factory=dict)  # state._journal: (lang, event) -> words
    seats_cache: dict[str, tuple[list[dict[str, Any]], list[str]]] = field(default_factory=dict)
    state_json: dict[tuple[int | None, str], tuple[Any, bytes]] = field(default_factory=dict)  # state.state_json
    shared_json: dict[str, tuple[Any, bytes]] = field(default_factory=dict)  # state.state_json: per language
    views: tuple[int, dict[int | None, dict[str, Any]]] = field(default_factory=lambda: (-1, {}))  # state._view
    # the version each open WebSocket of this table last sent (app.ws), which a bot's next move waits for
    # the rematch of a finished table: {"id": the new table, "tokens": {seat: token}} (in memory: a restart forgets it)
    rematch: dict[str, Any] | None = None
    clock: dict[str, Any] | None = None  # the table's clock as its state shows it (server/clock.py)
    pushed: dict[int, int] = field(default_factory=dict)
    pushed_cond: threading.Condition = field(default_factory=threading.Condition)
    # a finished game's positions every CHECKPOINT moves, for replay reads (``position``; -1: the game they are of)
    checkpoints: dict[int, Game] = field(default_factory=dict)

    def sent(self, socket: int, version: int | None) -> None:
        """A socket sent the state of ``version`` (None: it closed)."""
        with self.pushed_cond:
            if version is None:
                self.pushed.pop(socket, None)
            else:
                self.pushed[socket] = version
            self.pushed_cond.notify_all()

    def __post_init__(self) -> None:
        self.reindex()

    def reindex(self) -> None:
        """After the seats changed: token lookup, and the words that hold the seats' names, afresh."""
        self.by_hash = {s["token_hash"]: i for i, s in enumerate(self.seats) if s.get("token_hash")}
        for i, s in enumerate(self.seats):  # an account's seat resumed on other devices (server/accounts.py)
            for h in s.get("device_hashes", ()):
                self.by_hash[h] = i
        self.seats_cache = {}
        self.story_json.clear()
        self.common_words.clear()
        self.state_json.clear()
        self.shared_json.clear()
        self.views = (-1, {})

    def forget_words(self) -> None:
        """After the game was rebuilt (a move undone): its events are new objects."""
        self.story_json.clear()
        self.common_words.clear()
        self.log_json.clear()
        self.state_json.clear()
        self.shared_json.clear()
        self.views = (-1, {})

    @property
    def version(self) -> int:
        return len(self.game._actions)

    def position(self, step: int) -> Game:
        """The game after its first ``step`` moves (a new copy the caller may keep): from the nearest checkpoint at
        or before ``step`` (kept every ``CHECKPOINT`` moves, made on the first read), so a replay read of a long game
        plays fewer than ``CHECKPOINT`` moves instead of rebuilding the game from its deal. Called with the lock."""
        actions = self.game.actions
        if self.checkpoints.get(-1) is not self.game:  # made for this game (a finished game no longer changes)
            self.checkpoints = {-1: self.game}
            g = rebuild(self.game, [])
            self.checkpoints[0] = g.copy()
            for i, action in enumerate(actions):
                g.play(action)
                if (i + 1) % CHECKPOINT == 0:
                    self.checkpoints[i + 1] = g.copy()
        base = step - step % CHECKPOINT
        g = self.checkpoints[base].copy()
        for action in actions[base:step]:
            g.play(action)
        return g

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token holds; None for no token (a spectator); Forbidden for a token holding no seat here."""
        if not token:
            return None
        seat = self.by_hash.get(token_hash(token))
        if seat is None:
            raise Forbidden("this token holds no seat at this table")
        return seat

    def status(self) -> str:
        """"over"; "waiting" while a seat is open or invited and not yet claimed; else "playing"."""
        if self.game.over:
            return "over"
        if any(s["kind"] == "open" or s.get("invite_hash") for s in self.seats):
            return "waiting"
        return "playing"

    def summary(self) -> dict[str, Any]:
        return {"status": self.status(), "to_play": self.game.to_play}

    def name_of(self, seat: int) -> str:
        return self._seats_words()[1][seat]

    def public_seats(self) -> list[dict[str, Any]]:
        return self._seats_words()[0]

    def names(self) -> list[str]:
        """Every seat's name in the current language."""
        return self._seats_words()[1]

    def _seats_words(self) -> tuple[list[dict[str, Any]], list[str]]:
        """The seats listing and names in the current language, made once per language until the seats change
        (they are read-only: shared by every reply)."""
        lang = language()
        words = self.seats_cache.get(lang)
        if words is None:
            listing = seats_listing(self.seats)
            words = self.seats_cache[lang] = (listing, [e["name"] for e in listing])
        return words


def text_module(game_id: str) -> Any:
    """The game's wording layer (``games/<id>/text.py``: its registered ``text`` part)."""
    return game_part(game_id, "text")


def seat_name(seats: list[dict[str, Any]], seat: int) -> str:
    """A seat's name: the one given, else "Bot 2 (heuristic)" or "Player 1" (``core.wording.seat_names``, the naming
    play, replay and review use too)."""
    return seat_names(seats)[seat]


def seats_listing(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seats as every client may see them (no token or invite hashes): a human seat whose invite has not been
    claimed yet is listed as ``"invited"`` (waiting for its player)."""
    out = []
    for i, s in enumerate(seats):
        kind = "invited" if s.get("invite_hash") else s["kind"]
        entry: dict[str, Any] = {"seat": i, "kind": kind, "name": seat_name(seats, i)}
        if s["kind"] == "bot":
            entry["agent"] = s["agent"]
        if s.get("timed_out"):  # a human seat out of time, played by a bot until taken back (server/clock.py)
            entry["timed_out"] = True
            entry["note"] = _("out of time: a bot plays this seat until its player takes it back")
        out.append(entry)
    return out


class Tables:
    """The tables this process serves. ``on_change(table_id)`` is called after every change (any thread). At most
    ``max_live`` are held in memory (``make_room``); the others wait in the database."""

    def __init__(self, store: Store, budget: BotBudget | None = None, bot_workers: int = 2,
                 idle_seconds: float = 600.0, process_id: str | None = None,
                 finished_idle_seconds: float = 10.0, max_live: int = MAX_LIVE) -> None:
        if isinstance(max_live, bool) or not isinstance(max_live, int) or max_live < 1:
            raise ValueError(f"max_live is the most tables in memory, a positive number; got {max_live!r}")
        self.store = store
        self.max_live = max_live
        self.budget = budget or BotBudget()
        self.bots = BotWorkers(self.budget, bot_workers, threads=4)  # light threads also play their moves on
        self.drivers = BotPool(self.budget, 4)  # plays the bots' answers (a driver never waits for a bot)
        self.closed = False
        self.live: dict[str, Table] = {}
        self.lock = threading.Lock()
        self.idle_seconds = idle_seconds
        self.finished_idle_seconds = min(idle_seconds, finished_idle_seconds)
        self.listeners: list[Callable[[str], None]] = []
        # called under the table's lock right after each stored move (what a state shows must move with it: clocks)
        self.committed: list[Callable[[Table], None]] = []
        self.process_id = process_id or secrets.token_hex(6)
        # told when a table enters memory (True: before it is read from the database) and when it leaves (False):
        # the other processes on a SQLite file send their changes of a table only to those holding it (siblings)
        self.holding: Callable[[str, bool], None] | None = None
        # PostgreSQL: every table is listened for from the start (one LISTEN for all), but a notification is acted on
        # only for a table in memory; so a table is read again just after it enters memory, and a change notified
        # between the first read and then is not lost (``get``)
        self.reread_after_load = False
        # tests only: called with the table's id between its read from the database and its entering memory (a
        # test holds it there to store a change in that window)
        self.loaded_hook: Callable[[str], None] | None = None

    # --- creation and loading ------------------------------------------------------------------------------------
    def create(self, game_id: str, players: int, seats: list[str], options: dict[str, Any] | None, *,
               practice: bool = False, private: bool = False, hints: bool = False, seed: int | None = None,
               names: list[str | None] | None = None,
               then: Callable[[Any, str, dict[int, str]], None] | None = None,
               ) -> tuple[Table, dict[int, str], dict[int, str]]:
        """Seats: ``"human"``, ``"open"`` (anyone may take it from the lobby) or an agent spec. Returns the table,
        the creator's token (for the first ``"human"`` seat: its own) and a single-use claim code for each other
        ``"human"`` seat (for the people the creator invites: :meth:`claim` turns a code into a seat token the
        creator never sees). Only hashes of tokens and codes are stored. Fair deals: the seed is drawn here (128
        bits) unless this is a practice table. ``then(conn, table_id, tokens)`` writes the table's other rows in the
        transaction that stores it (all or nothing); a database that refuses it (a full disk) is Unavailable."""
        rules = get_ruleset(game_id)
        if len(seats) != players:
            raise InvalidOptions("seats must list {players} entries ('human', 'open' or an agent name), "
                                 "got {got}", players=players, got=len(seats))
        names = list(names or [])
        if len(names) > players:
            raise InvalidOptions("names lists at most {players} entries, got {got}", players=players, got=len(names))
        if not practice:
            if seed is not None:
                raise InvalidOptions("a seed may be chosen only on a practice table (\"practice\": true): on other "
                                     "tables the server deals and publishes a commitment to its seed")
            if (options or {}).get("cards") is not None:
                raise InvalidOptions("option cards (a card file of your own) is allowed only on a practice table "
                                     "(\"practice\": true), which every seat sees marked as such: a normal table "
                                     "plays the game's own cards")
            fixed = sorted(k for k in (options or {}) if k in rules.secret_options)
            if fixed:
                raise InvalidOptions("option(s) {options} fix hidden cards: allowed only on a practice "
                                     "table (\"practice\": true), which every seat sees marked as such",
                                     options=", ".join(fixed))
        if seed is None:
            seed = secrets.randbits(128)
        game = monsterbox.new_game(game_id, players, seed, options)
        seat_rows: list[dict[str, Any]] = []
        tokens: dict[int, str] = {}
        invites: dict[int, str] = {}
        for i, spec in enumerate(seats):
            row: dict[str, Any]
            if spec == "human" and not tokens:  # the creator's own seat
                token = secrets.token_urlsafe(32)
                tokens[i] = token
                row = {"kind": "human", "token_hash": token_hash(token)}
            elif spec == "human":  # an invited seat: waits for its player to claim it
                code = secrets.token_urlsafe(32)
                invites[i] = code
                row = {"kind": "human", "invite_hash": token_hash(code)}
            elif spec == "open":
                row = {"kind": "open"}
            else:
                row = {"kind": "bot", "agent": check_agent_spec(spec, game_id, players, self.budget)}
            name = names[i] if i < len(names) else None
            if name is not None:
                row["name"] = clean_name(name)
            seat_rows.append(row)
        for i, row in enumerate(seat_rows):
            if row.get("name"):
                check_unique_name(seat_rows, i)
        table = Table(secrets.token_hex(8), game, seat_rows, practice, private, hints, commitment(seed))
        self.make_room()  # before it is stored: a server too full for it stores nothing
        stamp = now()
        try:
            self.store.add(GameRow(id=table.id, game_id=game_id, players=players, seed=str(seed),
                                   seed_commitment=table.seed_commitment, options=game.options, seats=seat_rows,
                                   practice=practice, private=private, hints=hints, moves=0, created=stamp,
                                   updated=stamp, **table.summary()),
                           then=None if then is None else lambda conn: then(conn, table.id, tokens))
        except (StoreError, Conflict) as exc:
            log.error("could not store new table %s: %s", table.id, exc)
            raise Unavailable("the table could not be stored; nothing changed: try again") from None
        if self.holding is not None:
            self.holding(table.id, True)
        with self.lock:
            self.live[table.id] = table
        self.kick(table)
        return table, tokens, invites

    def peek(self, table_id: str) -> Table | None:
        """The table if it is in memory (no database access: safe on the event loop), else None."""
        if not isinstance(table_id, str) or len(table_id) > 32:
            raise NotFound("no such game")
        table = self.live.get(table_id)  # a dict read is atomic
        if table is not None:
            table.last_used = time.monotonic()
        return table

    def get(self, table_id: str) -> Table:
        """The table, rebuilt from the database if it is not in memory; NotFound if there is no such game."""
        table = self.peek(table_id)
        if table is not None:
            return table
        if self.holding is not None:
            self.holding(table_id, True)  # first: a change stored after the read below reaches this process
        loaded = self.store.load(table_id)
        if loaded is None:
            if self.holding is not None:
                self.holding(table_id, False)
            raise NotFound("no game {table_id}", table_id=repr(table_id))
        try:
            self.make_room()
        except Unavailable:
            if self.holding is not None:
                self.holding(table_id, False)
            raise
        row = loaded.row
        game = monsterbox.replay({"game_id": row.game_id, "players": row.players, "seed": int(row.seed),
                                  "options": row.options, "actions": loaded.actions})
        fresh = Table(row.id, game, [dict(s) for s in row.seats], row.practice, row.private, row.hints,
                      row.seed_commitment)
        if self.loaded_hook is not None:
            self.loaded_hook(table_id)
        with self.lock:
            table = self.live.setdefault(table_id, fresh)
        if table is fresh and self.reread_after_load:
            self.catch_up(table)  # now in memory, so notified of every change: what was stored since the read
        self.kick(table)
        return table

    def remote_move(self, table: Table, version: int, action: str) -> bool:
        """Another process stored ``action`` as the move that brought the table to ``version`` (its notification
        says so): played here at once if this copy is just one move behind, else the database is read
        (``catch_up``). The database's unique (game, index) makes the two copies' histories the same."""
        with table.lock:
            applied = False
            if table.version == version - 1:
                try:
                    table.game.play(action)
                    applied = True
                except IllegalAction:
                    pass
        if not applied:
            return self.catch_up(table)
        self.cancel_bot(table)
        self.changed(table)
        return True

    def catch_up(self, table: Table) -> bool:
        """Apply the moves (and seat changes) other processes stored since this copy was built; True if any."""
        with table.lock:
            loaded = self.store.load(table.id, since=table.version)
            if loaded is None:
                return False
            changed = False
            if loaded.row.seats != table.seats:
                table.seats = [dict(s) for s in loaded.row.seats]
                table.reindex()
                changed = True
            for action in loaded.actions:
                try:
                    table.game.play(action)  # checked by the engine, as a load is
                except IllegalAction:
                    log.error("table %s: stored move %d (%r) is not legal; the moves after it are not played",
                              table.id, table.version, action)
                    break
                changed = True
        if changed:
            self.cancel_bot(table)
            self.changed(table)
        return changed

    def resync(self) -> int:
        """Read every table in memory again from the database (after a lost ``LISTEN`` connection: the changes
        notified meanwhile were not heard); returns how many had changed."""
        with self.lock:
            held = list(self.live.values())
        n = 0
        for table in held:
            try:
                n += self.catch_up(table)
            except Exception:  # noqa: BLE001 - one table's failure does not stop the others' resync
                log.exception("resync of %s failed", table.id)
        return n

    def evict_idle(self) -> int:
        """Tables nobody used for ``idle_seconds`` leave memory; finished ones after ``finished_idle_seconds`` (its
        players read the last state and the record at once; later readers get it rebuilt from the database). The
        database keeps them and ``get`` rebuilds them on demand. Finished games are most of what a busy server
        holds: each one kept is about 1,800 references for every full garbage collection to follow, and a
        collection stops every request (measured: 36 ms with 300 finished Monster Inn tables, 3 ms with none)."""
        t = time.monotonic()
        with self.lock:
            gone = [k for k, v in self.live.items() if not v.bot_busy and
                    t - v.last_used > (self.finished_idle_seconds if v.game.over else self.idle_seconds)]
            for k in gone:
                del self.live[k]
        self._dropped(gone)
        return len(gone)

    def make_room(self) -> None:
        """Before a table enters memory (created, or read from the database): with ``max_live`` tables held, the
        least recently used ones that no bot is moving leave memory (kept in the database, rebuilt on demand, as
        ``evict_idle``'s are; a socket follows its table), down to ``ROOM`` of the cap in one go so that the next
        loads find room without sorting again. If none may leave (every one has a bot moving): Unavailable (503)."""
        with self.lock:
            if len(self.live) < self.max_live:
                return
            idle = sorted((v for v in self.live.values() if not v.bot_busy), key=lambda v: v.last_used)
            gone = [v.id for v in idle[:len(self.live) - int(self.max_live * ROOM)]]
            for k in gone:
                del self.live[k]
            full = len(self.live) >= self.max_live
        self._dropped(gone)
        if full:
            raise Unavailable("the server holds too many tables right now; try again in a minute")

    def _dropped(self, gone: list[str]) -> None:
        """These tables left memory: the other processes on a SQLite file are told (``holding``, outside the lock: it
        may wait for a full queue), so they stop sending this one their changes of them."""
        if self.holding is not None:
            for k in gone:
                self.holding(k, False)

    # --- play ----------------------------------------------------------------------------------------------------
    def play(self, table: Table, token: str | None, action: str, version: Any, lang: str | None = None) -> int:
        """A human seat's move: checked (token, version, turn, legality), committed, applied; then the bots are
        started. Returns the seat. A refused move is explained in the player's words and language (``lang``)."""
        seat = table.seat_of(token)
        if seat is None:
            raise Forbidden("a seat token is needed to play (Authorization: Bearer <token>)")
        if isinstance(version, bool) or not isinstance(version, int):
            raise InvalidOptions("a move names the version of the table it was chosen at: "
                                 '{"action": "<id>", "version": <int>}')
        with table.lock:
            self.at_version(table, version)
            g = table.game
            if g.over or g.to_play != seat or action not in g.legal_actions():
                raise IllegalAction(refusal_text(table, seat, action, lang))
            self._commit(table, seat, action, "human")
            table.notice = None
        self.changed(table)
        self.kick(table)
        return seat

    def at_version(self, table: Table, version: int) -> None:
        """Check, under the table's lock, that a move was chosen at the table's version (``Stale`` otherwise)."""
        table.last_used = time.monotonic()
        if version > table.version:
            # chosen on a state another process pushed (its notification has not reached this copy yet): the
            # database has the moves this copy lacks
            self.catch_up(table)
        if version != table.version:
            raise Stale("the table is at version {version}, not {sent}: the move was chosen on an "
                        "older state (or sent twice); nothing changed", version=table.version, sent=version)

    def play_choice(self, table: Table, token: str | None, steps: list[str], version: Any,
                    lang: str | None = None) -> int:
        """A human seat's choice of several steps (``core.choice``), all or nothing: every step is checked on a copy
        first (``server.choice.check_steps``: the seat's turn, each step legal where it comes, all within one choice);
        a refused step is named and nothing is played. Then each step is committed as a move of its own (one
        version each, as the record has them), and the change is told once. Returns the seat. (Only a database
        failing midway can leave a part of the choice played: the steps before it, said in the error.)"""
        seat = table.seat_of(token)
        if seat is None:
            raise Forbidden("a seat token is needed to play (Authorization: Bearer <token>)")
        if isinstance(version, bool) or not isinstance(version, int):
            raise InvalidOptions("a move names the version of the table it was chosen at: "
                                 '{"steps": ["<id>", ...], "version": <int>}')
        with table.lock:
            self.at_version(table, version)
            check_steps(table.game, seat, steps, table.names(), lang)
            stored = 0
            for action in steps:
                try:
                    self._commit(table, seat, action, "human")
                except (Stale, Unavailable):
                    if not stored:
                        raise
                    break  # the database failed midway (every step was legal): the steps before stand
                stored += 1
            table.notice = None
        self.changed(table)
        if stored < len(steps):
            raise Unavailable("the choice was stored up to step {k} only (the database failed): reload the table "
                              "and choose the rest again", k=stored)
        self.kick(table)
        return seat

    def preview_choice(self, table: Table, token: str | None, steps: list[str], version: Any,
                       lang: str = "en") -> dict[str, Any]:
        """What the token's seat would see after ``steps`` of a choice it is building (``server.choice.preview``),
        on a copy: nothing is stored or told. Only for the seat to play, at the table's version."""
        seat = table.seat_of(token)
        if seat is None:
            raise Forbidden("a seat token is needed to build a choice (Authorization: Bearer <token>)")
        if isinstance(version, bool) or not isinstance(version, int):
            raise InvalidOptions("a move names the version of the table it was chosen at: "
                                 '{"steps": ["<id>", ...], "version": <int>}')
        with table.lock:
            self.at_version(table, version)
            g = table.game
            if g.over or g.to_play != seat:
                raise IllegalAction(refusal_text(table, seat, steps[0] if steps else "", lang))
            game, names = g.copy(), table.names()
        return preview(game, seat, steps, names, version, lang)

    def _commit(self, table: Table, seat: int, action: str, by: str) -> None:
        """Apply then store one move; the caller holds the table's lock and has checked the turn. If the store fails,
        the game is rebuilt without the move before the lock is released, so nobody ever sees an unstored move."""
        g = table.game
        index = table.version
        g.play(action)  # raises IllegalAction with the engine's reason and changes nothing
        summary = {"status": table.status(), "to_play": g.to_play}
        try:
            self.store.append(table.id, index, action, seat, by, summary,
                              notify=f"{table.id}:{index + 1}:{self.process_id}:{action}")
        except BaseException as exc:
            table.game = rebuild(g, g.actions[:-1])
            table.forget_words()
            if isinstance(exc, Conflict):
                threading.Thread(target=self.catch_up, args=(table,), daemon=True).start()
                raise Stale("another move was stored first (another request or server process); reload the "
                            "table; nothing changed") from None
            log.error("could not store move %d of %s: %s", index, table.id, exc)
            raise Unavailable("the move could not be stored; nothing changed: try again") from None
        for fn in self.committed:
            try:
                fn(table)
            except Exception:  # noqa: BLE001 - the move is stored; a listener's failure is its own
                log.exception("commit listener failed")

    def join(self, table: Table, seat: int | None, name: str | None,
             then: Callable[[Any, int], None] | None = None, own: Collection[int] = ()) -> tuple[int, str]:
        """Take an open seat: returns the seat and its new token. ``then(conn, seat)`` writes what goes with it in
        the same transaction (the seat's account); ``own``: the seats the taker's account holds already (their name
        may be the same: ``check_unique_name``)."""
        with table.lock:
            free = [i for i, s in enumerate(table.seats) if s["kind"] == "open"]
            if seat is None:
                if not free:
                    raise Stale("no open seat is left at this table")
                seat = free[0]
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats):
                raise InvalidOptions("seat must be from 0 to {last}", last=len(table.seats) - 1)
            if seat not in free:
                raise Stale("seat {seat} is not open", seat=seat)
            token = secrets.token_urlsafe(32)
            seats = [dict(s) for s in table.seats]
            seats[seat] = {"kind": "human", "token_hash": token_hash(token)}
            if name:
                seats[seat]["name"] = clean_name(name)
                check_unique_name(seats, seat, own)
            elif table.seats[seat].get("name"):
                seats[seat]["name"] = table.seats[seat]["name"]
            old = table.seats
            table.seats = seats
            summary = {"status": table.status(), "to_play": table.game.to_play}
            try:
                taken = seat
                self.store.update_seats(table.id, seats, old, summary, notify=f"{table.id}:seats:{self.process_id}",
                                        then=None if then is None else lambda conn: then(conn, taken))
            except Conflict:
                table.seats = old
                threading.Thread(target=self.catch_up, args=(table,), daemon=True).start()
                raise Stale("the seat was taken meanwhile") from None
            except Exception:
                table.seats = old
                raise Unavailable("the seat could not be stored; nothing changed: try again") from None
            table.reindex()
        self.changed(table)
        return seat, token

    def rematch(self, table: Table, token: str | None) -> tuple[str, int, str]:
        """A seat of a finished table takes its seat at the rematch: the first to ask creates it (same game, players,
        seats, names and options, a fresh deal: the options that fix hidden cards are dropped), and every human seat
        of the finished table has a seat there, each handed only to the holder of that seat's token."""
        seat = table.seat_of(token)
        if seat is None:
            raise Forbidden("only a seat of this table may take a seat at its rematch")
        with table.lock:
            if not table.game.over:
                raise InvalidOptions("the game is not over: a rematch starts once it ends")
            if table.rematch is None:
                g = table.game
                secret = get_ruleset(g.game_id).secret_options
                options = {k: v for k, v in g.options.items() if k not in secret}
                seats = [s["agent"] if s["kind"] == "bot" else "human" for s in table.seats]
                new, tokens, invites = self.create(g.game_id, g.players, seats, options, practice=table.practice,
                                                   private=table.private, hints=table.hints,
                                                   names=[s.get("name") for s in table.seats])
                table.rematch = {"id": new.id, "tokens": tokens, "invites": invites}
            match = table.rematch
            if seat in match["tokens"]:
                return match["id"], seat, match["tokens"][seat]
            code = match["invites"][seat]
        # the other humans' seats are invites: claimed here for the holder of this seat's token (the only one who
        # may ask for it), once; asking again hands the same token
        new_table = self.get(match["id"])
        with table.lock:
            if seat in match["tokens"]:
                return match["id"], seat, match["tokens"][seat]
            taken, token = self.claim(new_table, code)
            match["tokens"][taken] = token
        return match["id"], taken, token

    def claim(self, table: Table, code: Any, name: Any = None,
              then: Callable[[Any, int], None] | None = None, own: Collection[int] = ()) -> tuple[int, str]:
        """Turn an invite's claim code into a fresh token for its seat: returns the seat and the token (which only
        the claimer receives). A code is single-use: a code already claimed is refused (Claimed, 409), a code this
        table never issued is Forbidden (403). Two claims of one code at once, in one process or in several on one
        database, cannot both win: the seats are replaced only if they are still as read (``update_seats``), and the
        loser reads them again and finds the code used. ``then(conn, seat)`` writes what goes with it in the same
        transaction (the seat's account)."""
        if not isinstance(code, str) or not code or len(code) > 200:
            raise InvalidOptions("an invite code is a non-empty text")
        clean = clean_name(name) if name is not None else None
        wanted = token_hash(code)
        for _attempt in range(5):
            with table.lock:
                seat = next((i for i, s in enumerate(table.seats) if s.get("invite_hash") == wanted), None)
                if seat is None:
                    if any(s.get("claimed") == wanted for s in table.seats):
                        raise Claimed("this invite was already used: its seat has a player; ask whoever invited "
                                      "you for a new table")
                    raise Forbidden("this invite code is not valid at this table")
                token = secrets.token_urlsafe(32)
                seats = [dict(s) for s in table.seats]
                row = {"kind": "human", "token_hash": token_hash(token), "claimed": wanted}
                if clean or table.seats[seat].get("name"):
                    row["name"] = clean or table.seats[seat]["name"]
                seats[seat] = row
                if clean:
                    check_unique_name(seats, seat, own)
                old = table.seats
                table.seats = seats
                summary = {"status": table.status(), "to_play": table.game.to_play}
                taken = seat
                try:
                    self.store.update_seats(table.id, seats, old, summary,
                                            notify=f"{table.id}:seats:{self.process_id}",
                                            then=None if then is None else
                                            lambda conn, taken=taken: then(conn, taken))
                except Conflict:
                    # another process changed the seats first (this claim, or another seat): read them again
                    table.seats = old
                    self.catch_up(table)
                    continue
                except Exception:
                    table.seats = old
                    raise Unavailable("the seat could not be stored; nothing changed: try again") from None
                table.reindex()
            self.changed(table)
            return seat, token
        raise Unavailable("the seats kept changing meanwhile; nothing changed: try again")

    # --- bots ------------------------------------------------------------------------------------------------------
    def kick(self, table: Table) -> None:
        """Start the bots if one is to play (one move asked for per table at a time)."""
        with table.lock:
            g = table.game
            if table.bot_busy or g.over or g.to_play is None or table.seats[g.to_play]["kind"] != "bot":
                return
            table.bot_busy = True
        self._ask(table)

    def _ask(self, table: Table) -> None:
        """Ask the bot workers for the next bot move of a table whose busy flag this caller holds; no thread waits
        for it: the answer comes back to ``_answer``. The busy flag is cleared under the lock in the same step that
        finds no bot to play, so a move landing meanwhile always kicks the bots again."""
        with table.lock:
            g = table.game
            seat = g.to_play
            if g.over or seat is None or table.seats[seat]["kind"] != "bot" or self.closed:
                table.bot_busy = False
                table.bot_job = None
                return
            spec = table.seats[seat]["agent"]
            index = table.version
            try:
                table.bot_job = self.bots.request(
                    table.id, spec, g, seat, move_seed(g.seed, seat, index),
                    lambda action, notice: self._answer(table, seat, index, spec, action, notice))
            except Exception:  # noqa: BLE001 - no bot move could be asked for: the table waits for a kick
                log.exception("bot move of %s not asked for", table.id)
                table.bot_busy = False
                table.bot_job = None

    def _answer(self, table: Table, seat: int, index: int, spec: str, action: str | None,
                notice: str | None) -> None:
        """A bot move came back: played on a driver thread, which then asks for the next; a cheap bot's move is played
        on at once on the thread that computed it (``bots.LightRunner``: one thread hand-over fewer a move)."""
        if on_light_thread():
            self._play_bot(table, seat, index, action, notice)
            return
        with contextlib.suppress(RuntimeError):  # shutting down
            self.drivers.submit(self._play_bot, table, seat, index, action, notice)

    def _play_bot(self, table: Table, seat: int, index: int, action: str | None, notice: str | None) -> None:
        played = False
        with table.lock:
            table.bot_job = None
            if self.closed:  # the server is stopping: nothing more is played
                table.bot_busy = False
                return
            # a seat taken back by its player (clocks: issue 31) is no longer the bot's
            if action is not None and table.version == index and table.game.to_play == seat \
                    and table.seats[seat]["kind"] == "bot":
                try:
                    self._commit(table, seat, action, "fallback" if notice else "bot")
                    table.notice = notice
                    played = True
                except (Stale, Unavailable) as exc:
                    log.warning("bot move of %s not stored: %s", table.id, exc)
                    table.bot_busy = False
                    return
            # else: cancelled, or another process moved meanwhile (caught up): ask again for the position now
        if played:
            self.changed(table)
            self.await_pushes(table, index + 1)
        self._ask(table)

    def cancel_bot(self, table: Table) -> None:
        """The table's position changed under a bot's move (another process moved): the move being computed is no
        longer wanted; it is stopped and asked for again from the new position."""
        job = table.bot_job
        if job is not None and len(job.record["actions"]) != table.version:
            job.cancel()

    def await_pushes(self, table: Table, version: int) -> None:
        """Before the next bot move, let every open WebSocket of the table send this version (at most ``PUSH_WAIT``
        seconds): each bot move then reaches the players as a state of its own, which the page shows one at a time at
        its pace (a socket that does not keep up gets the latest state, as before)."""
        with table.pushed_cond:
            table.pushed_cond.wait_for(lambda: all(v >= version for v in table.pushed.values()), timeout=PUSH_WAIT)

    # --- notifications -----------------------------------------------------------------------------------------------
    def changed(self, table: Table) -> None:
        for fn in list(self.listeners):
            try:
                fn(table.id)
            except Exception:  # noqa: BLE001
                log.exception("change listener failed")

    def summary(self, row: GameRow) -> dict[str, Any]:
        return {"id": row.id, "game": row.game_id, "players": row.players, "status": row.status,
                "to_play": row.to_play, "seats": seats_listing(row.seats), "practice": row.practice,
                "moves": row.moves, "created": iso(row.created), "updated": iso(row.updated)}

    def close(self) -> None:
        self.closed = True
        self.bots.shutdown()
        self.drivers.shutdown()


def card_data(table: Table) -> Any:
    """The card data a table plays with, as ``/api/cards/{game}`` gives the packaged file: the table's own card file
    (a practice table's ``cards`` option, as the game checked it), else the packaged one. Card definitions are
    public (the order of the cards is not in them)."""
    g = table.game
    own = g.options.get("cards")
    if own is None:
        return packaged_card_data(g.game_id)
    if isinstance(own, list):  # Monster Inn's card file is its list of creatures
        own = {"creature": own}
    return {"meta": {"game": g.game_id, "own": True}, **own}


def refusal_text(table: Table, seat: int, action: str, lang: str | None) -> str:
    """Why ``seat`` may not play ``action`` now, in its words: the game's wording layer (``explain_refusal``) words
    the engine's reason (``rules.refusal``) from the seat's own view, so nothing hidden from it is told."""
    g = table.game
    with use_language(lang):
        if g.over:
            return _("The game is over: no move can be played.")
        if g.to_play != seat:
            return _("It is {name}'s turn, not yours.").format(name=table.name_of(g.to_play or 0))
        text = text_module(g.game_id)
        return str(text.explain_refusal(g.rules.refusal(g.state, action), g.view(seat), action, table.names(),
                                        g.state.cards))


def rebuild(game: Game, actions: list[str]) -> Game:
    """The same game with only ``actions`` played (every action re-checked)."""
    return monsterbox.replay({"game_id": game.game_id, "players": game.players, "seed": game.seed,
                              "options": game.options, "actions": actions})


def iso(t: dt.datetime) -> str:
    return t.isoformat() + "Z"


def clean_name(name: Any) -> str:
    """A human's name for a seat, whitespace runs made one space: 1 to ``MAX_NAME`` printable characters, and not
    shaped like a name the server gives seats itself (``looks_automatic``), which would pass a player off as a bot
    or as another seat."""
    if not isinstance(name, str):
        raise InvalidOptions("a name is text")
    name = " ".join(name.split())
    if not name or len(name) > MAX_NAME or not name.isprintable():
        raise InvalidOptions("a name is 1 to {n} printable characters", n=MAX_NAME)
    if looks_automatic(name):
        raise InvalidOptions("the name {name} looks like one the server gives seats itself (a bot, a numbered player "
                             "or the reader): a name may not start with Bot, Robot, Player or Joueur followed by a "
                             "number, nor be You or Vous", name=repr(name))
    return name


def skeleton(name: str) -> str:
    """What a name reads as, whatever its case, spacing and punctuation: NFKC (so "Ｂｏｔ" is "Bot"), case folded,
    only its letters and digits kept ("Bot-2 (Hard)" reads as "bot2hard")."""
    return "".join(c for c in unicodedata.normalize("NFKC", name).casefold() if c.isalnum())


def looks_automatic(name: str) -> bool:
    """Whether a name reads as one the server gives seats itself: "bot", "robot", "player" or "joueur" followed by a
    digit ("Bot 3 (hard)", "player-2"), or "you" or "vous". "Robert", "Botanist" and "Playful" do not."""
    return AUTOMATIC_NAME.match(skeleton(name)) is not None


def check_unique_name(seats: list[dict[str, Any]], seat: int, own: Collection[int] = ()) -> None:
    """Seat ``seat``'s given name must not read as another seat's name at the table (``skeleton``), as the seats are
    named in every language (a bot's "Bot 2 (hard)" in English is "Robot 2 (difficile)" in French): a player may
    not pass as another seat. The seats in ``own`` are the taker's own (its account already holds them): one player
    at two seats of an unrated table keeps one name. InvalidOptions otherwise."""
    mine = skeleton(seats[seat]["name"])
    for lang in LANGUAGES:
        with use_language(lang):
            names = seat_names(seats)
        for i, other in enumerate(names):
            if i != seat and i not in own and skeleton(other) == mine:
                raise InvalidOptions("the name {name} reads as {other}, another seat's name at this table (only "
                                     "letters and digits count, whatever their case): choose a name no other seat "
                                     "has", name=repr(seats[seat]["name"]), other=repr(other))
