"""Bots at a server table: agent specs checked against the server's budgets when the table is created, and each bot
move computed off the request path, bounded in time, with the ``random`` agent standing in for a bot that fails.
"""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import logging
import math
import random
from dataclasses import dataclass
from typing import Any

import monsterbox
from monsterbox.agents import make_agent, observe
from monsterbox.agents.registry import parse_agent_spec
from monsterbox.core.errors import InvalidOptions, MonsterboxError
from monsterbox.core.game import Game

log = logging.getLogger("monsterbox.server.bots")

MAX_SPEC = 200
#: agents a client may seat; ``policy`` loads a model file from the server's disk (code), so it is never offered
SERVER_AGENTS = ("random", "heuristic", "ismcts", "easy", "medium", "hard", "expert")


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


def think(spec: str, game: Game, seat: int, seed: int) -> str:
    """The bot's move on ``game`` (a copy: the table's game is never touched while a bot thinks)."""
    agent = make_agent(spec, game.game_id, seed)
    return agent.act(observe(game, seat))


class BotPool:
    """A bounded pool of bot threads. ``decide`` returns (action, notice): the bot's move, or the random agent's move
    and a notice when the bot failed or ran past its budget."""

    def __init__(self, budget: BotBudget, workers: int = 2) -> None:
        self.budget = budget
        self.pool = cf.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="monsterbox-bot")

    def submit(self, fn: Any, *args: Any) -> cf.Future[Any]:
        return self.pool.submit(fn, *args)

    def decide(self, spec: str, game: Game, seat: int, seed: int) -> tuple[str, str | None]:
        legal = game.legal_actions()
        try:
            action = think(spec, game, seat, seed)
            if action not in legal:
                raise MonsterboxError(f"it chose {action!r}, which is not legal")
            return action, None
        except Exception as exc:  # noqa: BLE001 - a failing bot must never stop the table
            log.exception("bot %r failed at seat %d", spec, seat)
            fallback = random.Random(seed).choice(legal)
            return fallback, f"the bot at seat {seat + 1} ({spec}) failed ({type(exc).__name__}); " \
                             "a random move was played for it"

    def shutdown(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
