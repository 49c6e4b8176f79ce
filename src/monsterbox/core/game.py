"""The public Game handle: string action ids over a ruleset's integer fast path."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from monsterbox.core.errors import IllegalAction, InvalidOptions, RecordError
from monsterbox.core.events import Base, EventIndex, check_since, window
from monsterbox.core.ruleset import Ruleset
from monsterbox.core.version import __version__

RECORD_FORMAT = "monsterbox-record"
RECORD_VERSION = 1


def _check_seed(seed: Any) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidOptions(f"seed must be an integer, got {seed!r}")
    return seed


class Game:
    """One game in progress. See ``DESIGN.md`` (public contract)."""

    __slots__ = ("rules", "game_id", "players", "seed", "options", "state", "_actions", "_legal_step",
                 "_legal", "_determinized", "_names", "_codes", "_events", "_base", "_result")

    def __init__(self, rules: Ruleset, players: int, seed: int, options: dict[str, Any], state: Any,
                 actions: list[str] | None = None, determinized: bool = False,
                 base: list[Base] | None = None) -> None:
        self.rules = rules
        self.game_id = rules.game_id
        self.players = players
        self.seed = seed
        self.options = options
        self.state = state
        self._actions: list[str] = actions if actions is not None else []
        self._legal_step = -1
        self._legal: Sequence[int] = ()
        self._determinized = determinized
        self._names, self._codes = rules.action_tables(state)
        self._base = base  # a determinization's inherited history (core.events)
        self._events: EventIndex | None = None
        self._result: dict[str, Any] | None = None  # computed once: a finished game no longer changes

    @classmethod
    def start(cls, rules: Ruleset, players: int, seed: int, options: dict[str, Any] | None) -> Game:
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidOptions(f"players must be an integer, got {players!r}")
        if not rules.min_players <= players <= rules.max_players:
            raise InvalidOptions(
                f"{rules.title} is for {rules.min_players} to {rules.max_players} players, got {players}"
            )
        seed = _check_seed(seed)
        opts = rules.validate_options(players, options)
        state = rules.setup(players, opts, random.Random(seed))
        return cls(rules, players, seed, opts, state)

    # --- the contract ------------------------------------------------------------------------------------------
    @property
    def to_play(self) -> int | None:
        return self.rules.to_play(self.state)

    @property
    def over(self) -> bool:
        return self.rules.is_over(self.state)

    def _legal_codes(self) -> Sequence[int]:
        rules = self.rules
        step = rules.step_count(self.state)
        if step != self._legal_step:
            self._legal = () if rules.is_over(self.state) else rules.legal_actions(self.state)
            self._legal_step = step
        return self._legal

    def legal_actions(self) -> list[str]:
        names = self._names
        return [names[a] for a in self._legal_codes()]

    def legal_codes(self) -> list[int]:
        """The integer codes behind ``legal_actions`` (same order)."""
        return list(self._legal_codes())

    def legal_codes_shared(self) -> Sequence[int]:
        """``legal_codes`` without the copy: the cached sequence itself, which callers must not modify (for
        runners and agents on the hot path)."""
        return self._legal_codes()

    def action_name(self, code: int) -> str:
        return self._names[code]

    def action_code(self, action_id: str) -> int | None:
        return self._codes.get(action_id)

    def play(self, action_id: str) -> None:
        """Apply ``action_id``; an illegal id raises IllegalAction and changes nothing."""
        if not isinstance(action_id, str):
            raise IllegalAction(f"an action id is a string, got {action_id!r}")
        if self.over:
            raise IllegalAction(f"the game is over; no action can be played (got {action_id!r})")
        code = self._codes.get(action_id)
        if code is None or code not in self._legal_codes():
            raise IllegalAction(self.rules.why_illegal(self.state, action_id))
        self.rules.apply(self.state, code)
        self._actions.append(action_id)

    def play_code(self, code: int) -> None:
        """Apply an integer action code (checked like ``play``)."""
        name = self._names[code] if 0 <= code < len(self._names) else repr(code)
        if code not in self._legal_codes():
            raise IllegalAction(self.rules.why_illegal(self.state, name))
        self.rules.apply(self.state, code)
        self._actions.append(name)

    def result(self) -> dict[str, Any]:
        if not self.over:
            raise IllegalAction("the game is not over yet: result() is available only when over is True")
        if self._result is None:
            self._result = self.rules.result(self.state)
        return self._result

    def _index(self) -> EventIndex:
        index = self._events
        if index is None:
            index = self._events = EventIndex(self.players, self.rules.audience, self._base)
        index.sync(self.rules.event_log(self.state))
        return index

    def view(self, seat: int, log: bool = True) -> dict[str, Any]:
        """The table as ``seat`` may know it and the last ``core.events.LOG_WINDOW`` events it saw (``log``, from
        index ``log_first`` of its history): its size and cost do not grow with the game.
        ``log=False``: the table alone, without ``log`` and ``log_first``, for a caller that keeps the history
        itself (``events`` and ``event_count`` page it)."""
        self._check_seat(seat)
        if not log:
            return self.rules.table_view(self.state, seat)
        return window(self.rules, self.state, seat, self._index())

    def spectator_view(self, log: bool = True) -> dict[str, Any]:
        if not log:
            return self.rules.table_view(self.state, None)
        return window(self.rules, self.state, None, self._index())

    def table_views(self, seats: Sequence[int | None]) -> list[dict[str, Any]]:
        """``view(seat, log=False)`` of each of ``seats`` (``None``: a spectator) at this moment, built together: a
        game may build the public table once and let the views share it, so they are read-only (for serialising
        at once, as the server does with the states of a move)."""
        for seat in seats:
            if seat is not None:
                self._check_seat(seat)
        return self.rules.table_views(self.state, seats)

    def events(self, seat: int | None, since: int = 0, limit: int | None = None) -> list[dict[str, Any]]:
        """The history ``seat`` saw (``None``: a spectator, public events only) from its event ``since`` on, at most
        ``limit`` events: the same events, at the same indices, as the views' ``log``/``log_first`` showed."""
        if seat is not None:
            self._check_seat(seat)
        index = self._index()
        start, stop = check_since(since, limit, index.count(seat))
        return [self.rules.log_event(self.state, e) for e in index.entries(seat, start, stop)]

    def event_count(self, seat: int | None) -> int:
        """How many events ``seat`` (``None``: a spectator) has seen so far."""
        if seat is not None:
            self._check_seat(seat)
        return self._index().count(seat)

    def determinize(self, seat: int, seed: int) -> Game:
        """A new game consistent with ``view(seat)``: hidden parts resampled with ``seed``.

        The copy carries ``seed`` as its seed, not the real game's (which would rebuild the true deck), and no
        option that reveals hidden information. Its history is what ``seat`` saw, inherited without copying
        (``core.events``); its state's own log starts empty."""
        self._check_seat(seat)
        rng = random.Random(_check_seed(seed))
        base = self._index().base_for(seat)
        state = self.rules.determinize(self.state, seat, rng, False)
        self.rules.fresh_log(state)
        options = {k: v for k, v in self.options.items() if k not in self.rules.secret_options}
        return Game(self.rules, self.players, seed, options, state, list(self._actions), True, base)

    def copy(self) -> Game:
        return Game(self.rules, self.players, self.seed, self.options, self.rules.copy(self.state),
                    list(self._actions), self._determinized, self._base)

    @property
    def actions(self) -> list[str]:
        """The action ids played so far."""
        return list(self._actions)

    def record(self) -> dict[str, Any]:
        """JSON-serialisable replay record."""
        if self._determinized:
            raise RecordError("a determinized game is a sample of hidden information and has no replay record")
        rec: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "record_version": RECORD_VERSION,
            "game_id": self.game_id,
            "engine_version": __version__,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "actions": list(self._actions),
        }
        if self.over:
            res = self.result()
            rec["result"] = {"scores": res["scores"], "winners": res["winners"]}
        return rec

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise InvalidOptions(f"seat must be an integer from 0 to {self.players - 1}, got {seat!r}")

    def __repr__(self) -> str:
        return f"<Game {self.game_id} players={self.players} seed={self.seed} actions={len(self._actions)}>"
