"""Hints and reviews over HTTP (issue #14): ``GET /api/games/{id}/hint`` for the seat to play at a table that allows
hints, and ``GET /api/games/{id}/review?seat=k`` for a finished game, both computed by ``monsterbox.analysis`` off the
request path, in bounded pools of their own (so a review never delays a bot's move), within the budgets below.

A hint reads only the asking seat's information: ``analysis.hint`` sees the game through determinizations of that
seat's information set, and its seed depends only on the number of moves played and the seat (public facts), so two
games that look the same to the seat get the same hint.
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import hashlib
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import orjson
from fastapi import APIRouter, FastAPI, Query, Request
from fastapi.responses import Response
from limits import parse

from monsterbox.analysis.evaluate import MAX_SAMPLES
from monsterbox.analysis.hint import hint
from monsterbox.analysis.quality import why
from monsterbox.analysis.review import GROWTH, METHOD, REVIEW_DEPTH, REVIEW_SAMPLES, review_record
from monsterbox.core.game import Game
from monsterbox.core.i18n import LANGUAGES, use_language
from monsterbox.server.bots import BotBudget, BotPool
from monsterbox.server.connection import bearer, lang_of
from monsterbox.server.errors import ServerError, error_text, say
from monsterbox.server.security import Proxies, Windows, client_of
from monsterbox.server.tables import Forbidden, Stale, Table, Tables, Unavailable, seat_name, text_module

log = logging.getLogger("monsterbox.server")

#: a review's budget per game is the review's own (``analysis.review.REVIEW_SAMPLES``, ``GROWTH``, ``REVIEW_DEPTH``),
#: so that the replay page shows the numbers of ``monsterbox review``; a hint's:
HINT_SAMPLES = {"inn": 32, "maker": 16, "mansion": 12, "monster": 16}  # a hint in about 0.3 to 4 s of one core


@dataclass
class AnalysisBudget:
    """What hints and reviews may cost on this server (the defaults are documented in docs/server-api.md).

    A hint: ``hint_samples[game]`` determinizations per option, playouts cut as a review's, given up after
    ``hint_seconds``; ``hint_rate`` per seat (a repeated question at the same position is answered from memory and
    not counted). A review:
    ``review_samples[game]`` determinizations per option for every decision of the seat to start with, up to
    ``review_growth[game]`` times as many where the verdict is close (the review's own budget by default, as
    ``monsterbox review``), playouts cut after
    ``review_depth[game]`` actions (0: to the end), given up after ``review_seconds``; at most ``review_queue``
    reviews waiting; ``review_cache`` finished reviews kept in memory. Queues: at most ``hint_queue`` hints waiting
    or computing on the server, and of hints (and of reviews) at most ``per_table`` for one table and ``per_client``
    for one client address: a client asking more waits for its own (429), never anyone else's."""

    hint_samples: dict[str, int] = field(default_factory=lambda: dict(HINT_SAMPLES))
    hint_seconds: float = 10.0
    hint_rate: str = "6/minute"
    review_samples: dict[str, int] = field(default_factory=lambda: dict(REVIEW_SAMPLES))
    review_depth: dict[str, int] = field(default_factory=lambda: dict(REVIEW_DEPTH))
    review_growth: dict[str, int] = field(default_factory=lambda: dict(GROWTH))
    review_seconds: float = 600.0  # the longest review measured: Mansion, 312 s of one core
    review_queue: int = 8
    review_cache: int = 200
    workers: int = 1  # threads for hints, and as many again for reviews
    hint_queue: int = 8  # hints waiting or computing on the whole server
    per_table: int = 2  # hints (and as many reviews) waiting or computing for one table
    per_client: int = 2  # hints (and as many reviews) waiting or computing for one client address


class TooSlow(Exception):
    """A review ran past its time budget."""


class TooMany(Exception):
    """A seat asked for more hints than the rate allows (429)."""


class Queued(Exception):
    """A table or a client has as many hints or reviews waiting as it may (429): its message (a ServerError)."""


def hint_seed(version: int, seat: int) -> int:
    """The hint's seed: from public facts only (moves played, the seat), never from the table's secret seed."""
    return int.from_bytes(hashlib.sha256(f"hint:{version}:{seat}".encode()).digest()[:4], "big") >> 1


def describe(game: Game, seat: int, table: Table, actions: list[str], lang: str) -> dict[str, str]:
    """The wording layer's description of each action, from ``seat``'s view of ``game``, in ``lang``."""
    text = text_module(game.game_id)
    names = [seat_name(table.seats, i) for i in range(game.players)]
    with use_language(lang):
        view = game.view(seat)
        return {a: text.describe_action(view, a, names, game.state.cards) for a in actions}


def compute_hint(game: Game, seat: int, samples: int, depth: int, table: Table, lang: str) -> dict[str, Any]:
    h = hint(game, seat, samples, hint_seed(len(game.actions), seat), depth)
    words = describe(game, seat, table, [o["action"] for o in h["options"]], lang)
    return {"seat": seat, "version": len(game.actions), "lang": lang, "samples": h["samples"],
            "suggestion": {"id": h["suggestion"], "text": words[h["suggestion"]]}, "value": h["value"],
            "options": [{"id": o["action"], "text": words[o["action"]], "estimate": o["estimate"]}
                        for o in h["options"]]}


def compute_review(table: Table, record: dict[str, Any], seat: int, samples: int, depth: int, deadline: float,
                   progress: dict[str, int], stop: threading.Event, max_samples: int | None = None
                   ) -> dict[str, Any]:
    """The review (``analysis.review``) with the played and best moves in words in every language, each described
    from the seat's view at that decision."""

    def tick(done: int, total: int) -> None:
        progress["done"], progress["total"] = done, total
        if stop.is_set() or time.monotonic() > deadline:
            raise TooSlow

    out = review_record(record, seat, samples, progress=tick, depth=depth, max_samples=max_samples)
    g = rebuild_start(record)
    by_index = {d["index"]: d for d in out["decisions"]}
    texts: dict[str, dict[int, dict[str, str]]] = {lang: {} for lang in LANGUAGES}
    for i, action in enumerate(record["actions"]):
        d = by_index.get(i)
        if d is not None:
            for lang in LANGUAGES:
                words = describe(g, seat, table, list({d["played"], d["best"]}), lang)
                with use_language(lang):
                    reason = why(dict(d, best_text=words[d["best"]]))
                texts[lang][i] = {"played": words[d["played"]], "best": words[d["best"]], "why": reason}
        g.play(action)
    out["texts"] = texts
    return out


def may_review(table: Table, token: str | None) -> None:
    """Who may start a review (issue 30, finding 9): anyone once the game is over (its record is public then);
    before, nobody, not even a seat (a review replays the deal: it would reveal hidden cards), each told why in a
    clear 403. Called for a game not over: always raises Forbidden (a token that holds no seat here is told so)."""
    if table.seat_of(token) is not None:
        raise Forbidden("your review opens once the game is over (before, the review would reveal cards)")
    raise Forbidden("a game is reviewed once it is over (before, the review would reveal cards); a spectator "
                    "may not start a review of a game in progress")


def rebuild_start(record: dict[str, Any]) -> Game:
    import monsterbox

    return monsterbox.new_game(record["game_id"], record["players"], record["seed"], record.get("options") or None)


def json_response(data: Any, status: int = 200) -> Response:
    return Response(orjson.dumps(data), status_code=status, media_type="application/json")


class Analysis:
    """The routes and their pools; ``router`` is included in the application (its lifespan stops the pools). The
    application keeps this object as ``app.state.analysis`` (its ``budget`` may be changed, e.g. by tests)."""

    def __init__(self, tables: Tables, budget: AnalysisBudget | None = None, proxies: Proxies | None = None) -> None:
        self.tables = tables
        self.proxies = proxies or Proxies()
        self.budget = budget or AnalysisBudget()
        self.hints = BotPool(BotBudget(), self.budget.workers)
        self.reviews = BotPool(BotBudget(), self.budget.workers)
        self.hint_cache: OrderedDict[tuple[str, int, int, str], cf.Future[dict[str, Any]]] = OrderedDict()
        # the hints and reviews not finished yet: future -> (table, client)
        self.pending: dict[str, dict[cf.Future[Any], tuple[str, str]]] = {"hint": {}, "review": {}}
        self.jobs: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
        #: told (table id, seat, review) when a review is computed (accounts.py keeps its summary for the profile)
        self.review_listeners: list[Any] = []
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.limiter = Windows()
        self.router = APIRouter(lifespan=self.lifespan)
        self.router.add_api_route("/api/games/{table_id}/hint", self.hint_route, methods=["GET"])
        self.router.add_api_route("/api/games/{table_id}/review", self.review_route, methods=["GET"])

    @asynccontextmanager
    async def lifespan(self, app: FastAPI) -> AsyncIterator[None]:
        yield
        self.close()

    def close(self) -> None:
        self.stop.set()
        self.hints.shutdown()
        self.reviews.shutdown()

    # --- hints -----------------------------------------------------------------------------------------------------
    async def hint_route(self, table_id: str, request: Request) -> Response:
        """The suggested move and every option's estimated win chance for the seat to play (its token), from its
        own information only. 403: no seat token, or the table's creator did not allow hints; 409: not that seat's
        turn (or the game is over); 429: too many hints; 503: the hint ran past its time."""
        token, lang = bearer(request), lang_of(request)
        client = client_of(request.scope, self.proxies)
        try:
            future = await asyncio.to_thread(self.hint_future, table_id, token, lang, client)
        except TooMany:
            return json_response({"error": say("at most {n} hints per seat: wait a little", lang,
                                                 n=self.budget.hint_rate)}, 429)
        except Queued as exc:
            return json_response({"error": error_text(exc.args[0], lang)}, 429)
        try:
            result = await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(future)), self.budget.hint_seconds)
        except TimeoutError:
            raise Unavailable("the hint took longer than {seconds} s; try again",
                              seconds=f"{self.budget.hint_seconds:g}") from None
        except Exception as exc:  # noqa: BLE001 - a failed hint is forgotten, and said so
            with self.lock:
                for k, v in list(self.hint_cache.items()):
                    if v is future:
                        del self.hint_cache[k]
            raise Unavailable("the hint failed ({kind}); try again", kind=type(exc).__name__) from None
        return json_response(result)

    def admit(self, kind: str, table_id: str, client: str) -> None:
        """Room for one more hint or review (``kind``) of this table from this client, or Queued (429: the client's
        own or the table's work is waiting) or Unavailable (503: the server's queue is full). Under ``self.lock``."""
        pending = self.pending[kind]
        for f in [f for f in pending if f.done()]:
            del pending[f]
        b = self.budget
        if sum(1 for t, _c in pending.values() if t == table_id) >= b.per_table:
            raise Queued(ServerError("at most {n} hints of one table are computed at a time: ask again when they "
                                     "are ready", n=b.per_table) if kind == "hint" else
                         ServerError("at most {n} reviews of one table are computed at a time: ask again when they "
                                     "are ready", n=b.per_table))
        if sum(1 for _t, c in pending.values() if c == client) >= b.per_client:
            raise Queued(ServerError("at most {n} of your hints are computed at a time: ask again when they are "
                                     "ready", n=b.per_client) if kind == "hint" else
                         ServerError("at most {n} of your reviews are computed at a time: ask again when they are "
                                     "ready", n=b.per_client))
        if kind == "hint" and len(pending) >= b.hint_queue:
            raise Unavailable("too many hints are being computed; try again in a moment")

    def hint_future(self, table_id: str, token: str | None, lang: str, client: str = "?") -> cf.Future[dict[str, Any]]:
        """The hint being computed (or computed) for this seat at this position: a position asked about again shares
        the first request's work and is not counted against the rate."""
        table = self.tables.get(table_id)
        seat = table.seat_of(token)
        if seat is None:
            raise Forbidden("a hint is for a seat: send its token (Authorization: Bearer <token>)")
        if not table.hints:
            raise Forbidden("the table's creator did not allow hints at this table")
        with table.lock:
            g = table.game
            if g.over:
                raise Stale("the game is over: there is no move to hint")
            if g.to_play != seat:
                raise Stale("it is not your turn: a hint is given to the seat to play")
            key = (table.id, table.version, seat, lang)
            snapshot = g.copy()
        with self.lock:
            future = self.hint_cache.get(key)
            if future is None:
                self.admit("hint", table.id, client)
                if not self.limiter.hit(parse(self.budget.hint_rate), "hint", table.id, str(seat)):
                    raise TooMany
                samples = self.budget.hint_samples.get(snapshot.game_id, 16)
                depth = self.budget.review_depth.get(snapshot.game_id, 0)
                future = self.hints.submit(compute_hint, snapshot, seat, samples, depth, table, lang)
                self.pending["hint"][future] = (table.id, client)
                self.hint_cache[key] = future
                while len(self.hint_cache) > 1000:
                    self.hint_cache.popitem(last=False)
            return future

    # --- reviews ---------------------------------------------------------------------------------------------------
    def reviewed(self, table_id: str, seat: int, future: cf.Future[dict[str, Any]]) -> None:
        """A review finished: its listeners are told (a failed or given-up one tells nobody)."""
        if future.cancelled() or future.exception() is not None:
            return
        for fn in list(self.review_listeners):
            try:
                fn(table_id, seat, future.result())
            except Exception:  # noqa: BLE001
                log.exception("review listener failed")

    def review_route(self, table_id: str, request: Request,
                           seat: int = Query(ge=0, lt=12, description="the seat reviewed")) -> Response:
        """The review of a finished game for one seat. 202 ``{"status": "computing", "done", "total"}`` while it is
        computed in the background (ask again), then 200 with the review; 403 before the game is over."""
        from monsterbox.core.errors import InvalidOptions

        table = self.tables.get(table_id)
        lang = lang_of(request)
        client = client_of(request.scope, self.proxies)
        with table.lock:
            g = table.game
            if not g.over:
                may_review(table, bearer(request))
            if seat >= g.players:
                raise InvalidOptions("seat must be from 0 to {last}", last=g.players - 1)
            record = {"game_id": g.game_id, "players": g.players, "seed": g.seed, "options": g.options,
                      "actions": g.actions,
                      "seats": [{k: s[k] for k in ("kind", "name", "agent") if s.get(k)} for s in table.seats]}
        key = (table.id, seat)
        with self.lock:
            job = self.jobs.get(key)
            if job is None:
                busy = sum(1 for j in self.jobs.values() if not j["future"].done())
                if busy >= self.budget.review_queue:
                    raise Unavailable("too many reviews are being computed; try again in a minute")
                try:
                    self.admit("review", table.id, client)
                except Queued as exc:
                    return json_response({"error": error_text(exc.args[0], lang)}, 429)
                progress = {"done": 0, "total": 0}
                samples = self.budget.review_samples.get(g.game_id, 8)
                depth = self.budget.review_depth.get(g.game_id, 0)
                most = min(MAX_SAMPLES, samples * self.budget.review_growth.get(g.game_id, 1))

                def work() -> dict[str, Any]:  # the time limit counts from the start of the work, not the queue
                    deadline = time.monotonic() + self.budget.review_seconds
                    return compute_review(table, record, seat, samples, depth, deadline, progress, self.stop,
                                          max(samples, most))

                job = {"future": self.reviews.submit(work), "progress": progress}
                self.pending["review"][job["future"]] = (table.id, client)
                self.jobs[key] = job
                job["future"].add_done_callback(lambda f, tid=table.id, k=seat: self.reviewed(tid, k, f))
                while len(self.jobs) > self.budget.review_cache:
                    old_key, old = next(iter(self.jobs.items()))
                    if not old["future"].done():
                        break
                    del self.jobs[old_key]
            self.jobs.move_to_end(key)
        future: cf.Future[dict[str, Any]] = job["future"]
        if not future.done():
            return json_response({"status": "computing", **job["progress"]}, 202)
        exc = future.exception()
        if exc is not None:
            with self.lock:
                self.jobs.pop(key, None)
            if isinstance(exc, TooSlow):
                raise Unavailable("the review took longer than {seconds} s and was given up",
                                  seconds=f"{self.budget.review_seconds:g}")
            raise Unavailable("the review failed ({kind}); try again", kind=type(exc).__name__)
        review = dict(future.result())
        texts = review.pop("texts")[lang]
        review["decisions"] = [dict(d, played_text=texts[d["index"]]["played"], best_text=texts[d["index"]]["best"],
                                    why=texts[d["index"]]["why"]) for d in review["decisions"]]
        review["status"] = "done"
        review["lang"] = lang
        review["method"] = METHOD
        return json_response(review)
