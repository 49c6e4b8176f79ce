"""Bots at a server table: agent specs checked against the server's budgets when the table is created, and each bot
move computed off the request path, bounded in time, with the ``random`` agent standing in for a bot that fails.
"""

from __future__ import annotations

import collections
import concurrent.futures as cf
import contextlib
import functools
import hashlib
import logging
import math
import os
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import monsterbox
from monsterbox.agents import make_agent, observe
from monsterbox.agents.cost import CHEAP, move_seconds
from monsterbox.agents.registry import parse_agent_spec
from monsterbox.core.errors import InvalidOptions, MonsterboxError
from monsterbox.core.game import Game

log = logging.getLogger("monsterbox.server.bots")

MAX_SPEC = 200
#: agents a client may seat; ``policy`` loads a model file from the server's disk (code), so it is never offered;
#: ``learned`` only as the shipped policy (``NO_PARAMS``: ``learned:path=...`` would name a file on the server's disk)
SERVER_AGENTS = ("random", "heuristic", "ismcts", "easy", "medium", "hard", "expert", "learned")
#: agents a client may seat by their bare name only
NO_PARAMS = ("learned",)


@dataclass(frozen=True)
class BotBudget:
    """What one bot move may cost on this server."""

    max_iterations: int = 5000
    max_seconds: float = 3.0  # a time budget per move (ismcts ``time=``)
    grace: float = 2.0  # beyond its budget, a move is abandoned and the random agent moves instead


def tried_at_creation(spec: str) -> bool:
    """Whether ``check_agent_spec`` plays ``spec`` on a fresh game before accepting it (parameters other than a
    search's, which construction accepts but play may refuse): such a check can take tens of milliseconds. A spec
    that does not parse counts as tried (its check refuses it)."""
    try:
        name, params = parse_agent_spec(spec)
    except Exception:  # noqa: BLE001 - the check itself says what is wrong
        return True
    return bool(params) and name != "ismcts"


def check_agent_spec(spec: Any, game_id: str, players: int, budget: BotBudget) -> str:
    """An agent spec from a client, or InvalidOptions saying what is wrong and what is allowed."""
    if not isinstance(spec, str) or not spec or len(spec) > MAX_SPEC:
        raise InvalidOptions("a seat is 'human', 'open' or an agent name (at most {n} characters)", n=MAX_SPEC)
    name, params = parse_agent_spec(spec)
    if name not in SERVER_AGENTS:
        raise InvalidOptions("agent {name} is not available on this server; seat one of: {agents}",
                             name=repr(name), agents=", ".join(SERVER_AGENTS))
    if name in NO_PARAMS and params:
        raise InvalidOptions("agent {name} takes no parameters on this server: seat it as {name}", name=repr(name))
    if params.get("workers", 1) != 1:
        raise InvalidOptions("agent {spec}: bots on this server think in one process (workers=1)", spec=repr(spec))
    for key, value in params.items():
        if isinstance(value, float) and not math.isfinite(value):
            raise InvalidOptions("agent {spec}: parameter {key} must be a finite number, got {value}",
                                 spec=repr(spec), key=key, value=value)
        if isinstance(value, int | float) and not isinstance(value, bool) and abs(value) > 1e9:
            raise InvalidOptions("agent {spec}: parameter {key}={value} is out of range", spec=repr(spec), key=key,
                                 value=value)
    agent = make_agent(spec, game_id, 0)
    seconds = float(getattr(agent, "time_budget", 0.0) or 0.0)
    iterations = getattr(agent, "iterations", None)
    if seconds > budget.max_seconds:
        raise InvalidOptions("agent {spec}: at most {seconds} seconds per move on this server", spec=repr(spec),
                             seconds=f"{budget.max_seconds:g}")
    if not seconds and isinstance(iterations, int) and iterations > budget.max_iterations:
        raise InvalidOptions("agent {spec}: at most {iterations} iterations per move on this server "
                             "(or time=<seconds> up to {seconds})", spec=repr(spec),
                             iterations=budget.max_iterations, seconds=f"{budget.max_seconds:g}")
    cost = move_seconds(spec, game_id)
    if not seconds and cost > budget.max_seconds:
        raise InvalidOptions("agent {spec}: a move would take about {cost} s of this server's time in this game, "
                             "more than the {seconds} s a bot move may use; ask for fewer iterations, a depth, or "
                             "time=<seconds>", spec=repr(spec), cost=f"{cost:.3g}",
                             seconds=f"{budget.max_seconds:g}")
    if tried_at_creation(spec):
        # parameters that construction accepts may still fail in play: try the bot on a fresh game now
        g = monsterbox.new_game(game_id, players, 0)
        rng = random.Random(0)
        for _ in range(40):
            if g.over:
                break
            seat = g.to_play
            assert seat is not None
            try:
                action = agent.act(observe(g, seat))
                g.play(action)
            except MonsterboxError as exc:
                raise InvalidOptions("agent {spec} cannot play: {reason}", spec=repr(spec), reason=exc) from None
            except Exception as exc:  # noqa: BLE001 - any failure of a client's parameters is a bad spec
                raise InvalidOptions("agent {spec} cannot play with these parameters ({kind}: {reason})",
                                     spec=repr(spec), kind=type(exc).__name__, reason=str(exc)) from None
            if rng.random() < 0.5 and not g.over:
                g.play(rng.choice(g.legal_actions()))
    return spec


def move_seed(seed: int, seat: int, index: int) -> int:
    """The bot's seed for move ``index``: the same game and moves give the same bot moves, restart or not."""
    digest = hashlib.sha256(f"{seed}:{seat}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def think(spec: str, game: Game, seat: int, seed: int, max_seconds: float | None = None) -> str:
    """The bot's move on ``game`` (a copy: the table's game is never touched while a bot thinks); a search stops at
    ``max_seconds`` and plays the best move it found."""
    agent = make_agent(spec, game.game_id, seed)
    if max_seconds is not None and hasattr(agent, "max_seconds"):
        agent.max_seconds = max_seconds
    return agent.act(observe(game, seat))


class BotPool:
    """A bounded pool of threads for work that needs no process of its own (hints, reviews: ``server/analysis.py``).
    ``decide`` returns (action, notice): the bot's move, or the random agent's move and a notice when the bot
    failed."""

    def __init__(self, budget: BotBudget, workers: int = 2) -> None:
        self.budget = budget
        self.pool = cf.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="monsterbox-bot")

    def submit(self, fn: Any, *args: Any) -> cf.Future[Any]:
        return self.pool.submit(fn, *args)

    def decide(self, spec: str, game: Game, seat: int, seed: int) -> tuple[str, str | None]:
        return decide(spec, game, seat, seed, None)

    def shutdown(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


def decide(spec: str, game: Game, seat: int, seed: int, max_seconds: float | None) -> tuple[str, str | None]:
    """The bot's move and no notice, or the random agent's move and a notice saying the bot failed. A search agent
    is stopped at ``max_seconds`` (it then plays the best move found so far)."""
    legal = game.legal_actions()
    try:
        action = think(spec, game, seat, seed) if max_seconds is None else think(spec, game, seat, seed, max_seconds)
        if action not in legal:
            raise MonsterboxError(f"it chose {action!r}, which is not legal")
        return action, None
    except Exception as exc:  # noqa: BLE001 - a failing bot must never stop the table
        log.exception("bot %r failed at seat %d", spec, seat)
        fallback = random.Random(seed).choice(legal)
        return fallback, f"the bot at seat {seat + 1} ({spec}) failed ({type(exc).__name__}); " \
                         "a random move was played for it"


# --- bot moves in worker processes -------------------------------------------------------------------------------

#: a spec whose move costs at most this (``agents.cost``: the random agent, the heuristic bots) is played on a
#: thread of the server process: starting or feeding a process would cost more than the move
LIGHT = CHEAP
#: how long a bot process may take to start (its imports) or to bring its copy of a game up to date
STARTUP = 60.0


@dataclass(eq=False)
class BotJob:
    """One bot move asked for: ``done(action, notice)`` is called once, on a pool thread, with the move (or the
    random agent's move and a notice), or with (None, None) when the job was cancelled (``cancel``: the table no
    longer wants it). The time limit counts from the moment the move starts being computed, not from the queue."""

    key: str
    spec: str
    record: dict[str, Any]
    seat: int
    seed: int
    done: Callable[[str | None, str | None], None]
    started: float | None = None
    finished: bool = False
    cancelled: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)

    def finish(self, action: str | None, notice: str | None) -> bool:
        """Deliver the result, once (False if it was delivered already)."""
        with self.lock:
            if self.finished:
                return False
            self.finished = True
        try:
            self.done(action, notice)
        except Exception:  # noqa: BLE001 - the table's continuation logs its own failures
            log.exception("bot move continuation failed")
        return True

    def cancel(self) -> None:
        """The table no longer wants this move: a queued job never runs, a running one's process is stopped."""
        self.cancelled = True
        self.finish(None, None)

    def fallback(self, notice: str) -> None:
        legal = replay_record(self.record).legal_actions()
        self.finish(random.Random(self.seed).choice(legal), notice)


def replay_record(record: dict[str, Any]) -> Game:
    return monsterbox.replay(record)


#: how much lower than the server's own the bot processes' CPU priority is (``os.nice``): when searches and players'
#: requests want the same cores, the requests go first (measured, benchmarks/server.py --workload background: 50
#: human tables while 20 tables of four expert bots play, two server processes; docs/results/server-load.md). A
#: search stops at its deadline by the clock, so on a busy machine it searches less rather than later. 19, the
#: lowest priority: on a quiet 2-core machine with Inn's flat expert the human p99 was 44-64 ms over HTTP and
#: 84-100 ms over WebSocket (three runs), against 59-68 and 91-119 ms at niceness 10 (three runs).
BOT_NICENESS = 19


def _process_main(conn: Any) -> None:
    """A bot process: reads (key, record, spec, seat, seed, max_seconds) and answers (action, notice). It keeps the
    last games it was asked about (by table), so a move costs the moves played since, not a replay of the game."""
    from monsterbox.core.registry import get_ruleset, implemented_games

    with contextlib.suppress(OSError):  # a search yields the CPU to the server's requests (``BOT_NICENESS``)
        os.nice(BOT_NICENESS)
    for game_id in implemented_games():  # imported before the first move, not during its time
        get_ruleset(game_id)
    conn.send(("ready",))
    games: dict[str, Game] = {}
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        key, record, spec, seat, seed, max_seconds = task
        try:
            game = games.pop(key, None)
            actions = record["actions"]
            if game is None or game.seed != record["seed"] or game.actions != actions[:len(game.actions)]:
                game = monsterbox.replay(dict(record, actions=[]))
            for action in actions[len(game.actions):]:
                game.play(action)
            games[key] = game
            while len(games) > 32:
                del games[next(iter(games))]
            conn.send(("thinking",))
            answer = decide(spec, game.copy(), seat, seed, max_seconds)
        except Exception as exc:  # noqa: BLE001 - told to the server, which plays a random move
            answer = (None, f"{type(exc).__name__}: {exc}")
        try:
            conn.send(answer)
        except (EOFError, OSError):
            return


class _Slot:
    """One worker process and the thread that feeds it jobs from the fair queue."""

    def __init__(self, pool: BotWorkers, number: int) -> None:
        self.pool = pool
        self.number = number
        self.proc: Any = None
        self.conn: Any = None
        self.thread = threading.Thread(target=self.run, name=f"monsterbox-bot-slot-{number}", daemon=True)
        self.thread.start()

    def start_process(self) -> None:
        import multiprocessing

        # spawned, not forked: a forked child would hold copies of the server's sockets
        ctx = multiprocessing.get_context("spawn")
        parent, child = ctx.Pipe()
        self.proc = ctx.Process(target=_process_main, args=(child,), daemon=True,
                                name=f"monsterbox-bot-{self.number}")
        self.proc.start()
        child.close()
        self.conn = parent
        if not parent.poll(STARTUP) or parent.recv() != ("ready",):
            raise OSError("the bot process did not start")

    def stop_process(self) -> None:
        """Stop the process at once (a move abandoned mid-search: its CPU goes back to the other tables)."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.join(5)
            self.pool.killed += 1
        if self.conn is not None:
            self.conn.close()
        self.proc = self.conn = None

    def run(self) -> None:
        pool = self.pool
        while True:
            job = pool.next_job()
            if job is None:
                self.stop_process()
                return
            budget = pool.budget
            limit = budget.max_seconds + budget.grace
            try:
                if self.proc is None or not self.proc.is_alive():
                    self.stop_process()
                    self.start_process()
                self.conn.send((job.key, job.record, job.spec, job.seat, job.seed, budget.max_seconds))
                # the process brings its copy of the game up to date (the moves since its last look), then thinks
                if not self.conn.poll(STARTUP) or self.conn.recv() != ("thinking",):
                    raise OSError("the bot process did not take the move")
            except (EOFError, OSError) as exc:
                log.error("bot process for %s: %s", job.key, exc)
                self.stop_process()
                job.fallback(f"the bot at seat {job.seat + 1} ({job.spec}) could not start; a random move was "
                             "played for it")
                continue
            job.started = time.monotonic()  # the limit counts from here: time in the queue is not search time
            answer = None
            while not job.cancelled and not pool.closed:
                if self.conn.poll(0.02):
                    try:
                        answer = self.conn.recv()
                    except (EOFError, OSError):
                        answer = (None, "the bot's process ended")
                    break
                if time.monotonic() - job.started > limit:
                    break
            if answer is None:  # cancelled, closing, or past its time: the search is stopped, not left running
                self.stop_process()
                if pool.closed:
                    job.cancel()
                elif not job.cancelled:
                    log.warning("bot %r at %s seat %d ran past %g s", job.spec, job.key, job.seat, limit)
                    job.fallback(f"the bot at seat {job.seat + 1} ({job.spec}) ran past {limit:g} s; a random "
                                 "move was played")
                continue
            action, notice = answer
            if action is None:
                log.error("bot %r at %s seat %d failed: %s", job.spec, job.key, job.seat, notice)
                job.fallback(f"the bot at seat {job.seat + 1} ({job.spec}) failed; a random move was played for it")
            else:
                job.finish(action, notice)


_light_thread = threading.local()


@functools.lru_cache(maxsize=1024)
def cost_of(spec: str, game_id: str) -> float:
    """``agents.cost.move_seconds``, kept (it parses the spec: a table asks it at every bot move)."""
    return move_seconds(spec, game_id)


def on_light_thread() -> bool:
    """Whether the caller runs on a thread of a ``LightRunner`` (where a cheap bot's move is played on at once)."""
    return getattr(_light_thread, "runner", None) is not None


class LightRunner:
    """Cheap bot moves (``LIGHT``) on ``threads`` threads of this process, in the order asked, each bounded in time
    by one watchdog thread: a move still running ``max_seconds + grace`` after it started gets the random agent's
    move instead, and the thread computing it is left to finish alone (its answer is dropped) while a fresh thread
    takes its place, so a bot that hangs never holds up another table's bots. (It was a thread started for every
    move and joined with a time limit: a thread's start cost more CPU than a heuristic bot's move.)"""

    def __init__(self, budget: BotBudget, threads: int) -> None:
        self.budget = budget
        self.limit = budget.max_seconds + budget.grace
        self.threads = threads
        self.queue: collections.deque[tuple[BotJob, Game]] = collections.deque()
        self.cond = threading.Condition()
        self.running: dict[int, BotJob] = {}  # worker number -> the move it computes
        self.retired: set[int] = set()  # workers whose move was given up: they end when it returns
        self.numbers = 0
        self.started = False
        self.closed = False
        self.stop = threading.Event()

    def submit(self, job: BotJob, game: Game) -> None:
        with self.cond:
            if self.closed:
                raise RuntimeError("the bot threads are shut down")
            if not self.started:  # the threads start with the first move
                self.started = True
                for _ in range(self.threads):
                    self._spawn()
                threading.Thread(target=self._watch, name="monsterbox-bot-watchdog", daemon=True).start()
            # asked from one of these threads (a bot's move played, the next bot's asked for) into an empty queue:
            # that thread takes it as soon as it returns, so no other thread is woken (a thread switch a move)
            wake = bool(self.queue) or getattr(_light_thread, "runner", None) is not self
            self.queue.append((job, game))
            if wake:
                self.cond.notify()

    def _spawn(self) -> None:
        """A new worker thread (the caller holds ``cond``)."""
        self.numbers += 1
        threading.Thread(target=self._work, args=(self.numbers,), name=f"monsterbox-bot-light-{self.numbers}",
                         daemon=True).start()

    def _work(self, number: int) -> None:
        _light_thread.runner = self
        while True:
            with self.cond:
                while not self.queue and not self.closed:
                    self.cond.wait()
                if self.closed:
                    return
                job, game = self.queue.popleft()
                if job.cancelled:
                    continue
                job.started = time.monotonic()
                self.running[number] = job
            answer = decide(job.spec, game, job.seat, job.seed, None)
            with self.cond:
                self.running.pop(number, None)
                if number in self.retired:  # given up by the watchdog, which delivered a random move instead
                    self.retired.discard(number)
                    return
            job.finish(*answer)

    def _watch(self) -> None:
        """Every tenth of the time limit (at most 0.1 s): moves running past it are given up."""
        tick = min(0.1, self.limit / 10)
        while not self.stop.wait(tick):
            now = time.monotonic()
            with self.cond:
                late = [(n, j) for n, j in self.running.items()
                        if j.started is not None and now - j.started > self.limit]
                for n, _job in late:
                    del self.running[n]
                    self.retired.add(n)
                    self._spawn()
            for _n, job in late:
                if not job.cancelled:
                    log.warning("bot %r at %s seat %d ran past %g s", job.spec, job.key, job.seat, self.limit)
                    job.fallback(f"the bot at seat {job.seat + 1} ({job.spec}) ran past {self.limit:g} s; a random "
                                 "move was played")

    def shutdown(self) -> None:
        with self.cond:
            self.closed = True
            pending = [job for job, _game in self.queue]
            self.queue.clear()
            self.cond.notify_all()
        self.stop.set()
        for job in pending:
            job.cancel()


class BotWorkers:
    """Where a server's bot moves are computed. Searching bots (``agents.cost`` above ``LIGHT``) run in ``processes``
    worker processes (spawned on first use), each move stopped by its search at the budget's ``max_seconds`` and
    the process killed if it is still busy ``grace`` seconds later or when the move is no longer wanted; the waiting
    moves form one queue with at most one move per table (``Tables`` asks for a table's next move only once the last
    one is played), served in turn, so a table's bots cannot starve another table's. Cheap bots (the random agent,
    the heuristic bots) move on ``threads`` threads of this process, never queued behind a search."""

    def __init__(self, budget: BotBudget, processes: int = 2, threads: int = 2) -> None:
        self.budget = budget
        self.processes = processes
        self.light = LightRunner(budget, threads)
        self.queue: collections.deque[BotJob] = collections.deque()
        self.cond = threading.Condition()
        self.slots: list[_Slot] = []
        self.closed = False
        self.killed = 0  # processes stopped mid-move (tests read it)

    def request(self, key: str, spec: str, game: Game, seat: int, seed: int,
                done: Callable[[str | None, str | None], None]) -> BotJob:
        """Ask for the move of the bot ``spec`` at ``seat`` of ``game`` (copied: the caller's game is not kept)."""
        record = {"game_id": game.game_id, "players": game.players, "seed": game.seed, "options": game.options,
                  "actions": list(game.actions)}
        job = BotJob(key, spec, record, seat, seed, done)
        if cost_of(spec, game.game_id) <= LIGHT:
            self.light.submit(job, game.copy())
            return job
        with self.cond:
            if self.closed:
                job.cancel()
                return job
            self.queue.append(job)
            if not self.slots:  # the processes themselves start with their first move
                self.slots = [_Slot(self, i) for i in range(self.processes)]
            self.cond.notify()
        return job

    def next_job(self) -> BotJob | None:
        """The next queued move still wanted (None when closing)."""
        with self.cond:
            while True:
                if self.closed:
                    return None
                while self.queue:
                    job = self.queue.popleft()
                    if not job.cancelled:
                        return job
                self.cond.wait()

    def shutdown(self) -> None:
        with self.cond:
            self.closed = True
            pending = list(self.queue)
            self.queue.clear()
            self.cond.notify_all()
        for job in pending:
            job.cancel()
        self.light.shutdown()
        for slot in self.slots:
            slot.thread.join(5)
