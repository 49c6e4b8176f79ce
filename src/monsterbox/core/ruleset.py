"""The interface every game implements: plain functions over one state object.

A ruleset works on *integer* action codes internally (fast path used by search and RL); the Game handle in
``core.game`` maps them to the stable, human-readable string ids of the public contract.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar


@dataclass(frozen=True)
class Refusal:
    """Why an action id is refused now, as data: ``code`` names the reason ("not_top", "no_weapon", ...), ``params``
    holds its card ids, seats and numbers. The engine words it in English for developers (``why_illegal``); each
    game's wording layer (``games/<id>/text.py``: ``explain_refusal``) words it for the player, with card names, in
    the player's language. Computed for the seat to play, from what that seat may know.

    Codes every game uses: ``unknown`` (not an action id of this game), ``over`` (the game is over), ``not_now`` (a
    real action, not among the choices of this moment)."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)


class Ruleset(ABC):
    """One game's forward model. Stateless: every method takes the state it works on."""

    game_id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: option keys that reveal hidden information (e.g. an explicit deck order); dropped from determinizations
    secret_options: ClassVar[tuple[str, ...]] = ()
    #: the stable ids of every kind of decision the game asks (``games/<id>/prompt.py``: ``decision_kind(view)``
    #: names the one a view faces, from public information only; a prompt names each in words)
    decision_kinds: ClassVar[tuple[str, ...]] = ()

    # --- options and setup -------------------------------------------------------------------------------------
    @abstractmethod
    def validate_options(self, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        """Return the normalised options (JSON-serialisable) or raise InvalidOptions."""

    @abstractmethod
    def setup(self, players: int, options: dict[str, Any], rng: random.Random) -> Any:
        """Return the initial state, chance drawn from ``rng``."""

    # --- forward model -----------------------------------------------------------------------------------------
    @abstractmethod
    def to_play(self, state: Any) -> int | None:
        """Seat to decide now, or None when the game is over."""

    @abstractmethod
    def legal_actions(self, state: Any) -> Sequence[int]:
        """Legal action codes for ``to_play``; never empty while the game runs. The sequence may be shared:
        callers must not modify it."""

    @abstractmethod
    def apply(self, state: Any, action: int) -> None:
        """Apply a legal action code in place (forced follow-up steps included)."""

    @abstractmethod
    def is_over(self, state: Any) -> bool: ...

    @abstractmethod
    def result(self, state: Any) -> dict[str, Any]:
        """At least ``scores`` and ``winners``; only valid when over."""

    def outcome(self, state: Any) -> tuple[list[int], list[int]]:
        """``scores`` and ``winners`` of ``result`` (a finished game), for runners that play many games and keep only
        those; games whose result holds costly details (a scoring breakdown) compute them directly."""
        res = self.result(state)
        return res["scores"], res["winners"]

    def rewards(self, state: Any) -> list[float]:
        """Per-seat reward of a finished game for search: 1 for a win, shared wins split, else 0."""
        winners = self.result(state)["winners"]
        share = 1.0 / len(winners)
        return [share if p in winners else 0.0 for p in range(len(self.result(state)["scores"]))]

    def estimate(self, state: Any) -> list[float]:
        """Estimated per-seat reward of an unfinished game, for search that stops its playouts early. Games
        override it with a heuristic evaluation; the default is an equal share."""
        n = len(self.table_view(state, None)["seats"])
        return [1.0 / n] * n

    @abstractmethod
    def copy(self, state: Any, keep_log: bool = True) -> Any: ...

    @abstractmethod
    def step_count(self, state: Any) -> int:
        """A counter that changes with every applied action (used to cache legal actions)."""

    # --- action naming -----------------------------------------------------------------------------------------
    @abstractmethod
    def action_tables(self, state: Any) -> tuple[Sequence[str], dict[str, int]]:
        """(code -> action id, action id -> code) for the game of ``state`` (they may depend on its card file and
        player count, never on the moment in the game)."""

    @abstractmethod
    def why_illegal(self, state: Any, name: str) -> str:
        """A sentence explaining why ``name`` cannot be played now, and what is allowed."""

    def refusal(self, state: Any, name: str) -> Refusal:
        """Why ``name`` cannot be played now, as data for the wording layer (games refine it)."""
        if self.is_over(state):
            return Refusal("over")
        names, codes = self.action_tables(state)
        return Refusal("not_now") if name in codes else Refusal("unknown")

    # --- information -------------------------------------------------------------------------------------------
    @abstractmethod
    def table_view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """The current table as ``seat`` may know it (``None``: a spectator), without the event log."""

    def table_views(self, state: Any, seats: Sequence[int | None]) -> list[dict[str, Any]]:
        """``table_view`` of each of ``seats`` at one moment, for a caller that serialises them at once (the
        server's states of a move): a game may build the public table once and let these views share it, so they
        are read-only. Default: one ``table_view`` each."""
        return [self.table_view(state, seat) for seat in seats]

    def event_log(self, state: Any) -> list[Any] | None:
        """The raw, append-only event log of ``state`` (None when the state keeps none)."""
        log: list[Any] | None = getattr(state, "log", None)
        return log

    def fresh_log(self, state: Any) -> None:
        """Give ``state`` an empty log (a determinization's own history starts there; ``core.events``)."""
        state.log = []

    def audience(self, entry: Any) -> int:
        """Who saw the raw log entry: ``-1`` everyone, else the one seat it was shown to."""
        return -1

    @abstractmethod
    def log_event(self, state: Any, entry: Any) -> dict[str, Any]:
        """A raw log entry as a JSON event."""

    def view(self, state: Any, seat: int) -> dict[str, Any]:
        """Everything ``seat`` may know, nothing more (JSON-serialisable): the table and the recent events of the
        state's own log. ``Game.view`` gives the same from an incremental index (and a determinization's inherited
        history); this stateless form scans the log."""
        return self._with_log(state, seat)

    def spectator_view(self, state: Any) -> dict[str, Any]:
        return self._with_log(state, None)

    def _with_log(self, state: Any, seat: int | None) -> dict[str, Any]:
        from monsterbox.core.events import EventIndex, window

        index = EventIndex(len(self.table_view(state, None)["seats"]), self.audience)
        index.sync(self.event_log(state))
        return window(self, state, seat, index)

    @abstractmethod
    def determinize(self, state: Any, seat: int, rng: random.Random, keep_log: bool = True) -> Any:
        """A full state agreeing with everything ``seat`` knows, the unknown parts resampled from ``rng``."""


class PhasedRuleset(Ruleset):
    """The parts every monsterbox game shares: its state has ``phase`` (``over_phase`` when finished),
    ``current`` (the seat to decide), ``step`` (a counter of applied actions) and ``result``; its views and
    determinization live in the module named by ``view_module`` (functions ``view`` and ``determinize``)."""

    over_phase: ClassVar[int]
    view_module: ClassVar[str]

    def to_play(self, state: Any) -> int | None:
        return None if state.phase == self.over_phase else int(state.current)

    def is_over(self, state: Any) -> bool:
        return bool(state.phase == self.over_phase)

    def result(self, state: Any) -> dict[str, Any]:
        assert state.result is not None, "result() is only available when the game is over"
        res: dict[str, Any] = state.result
        return res

    def step_count(self, state: Any) -> int:
        return int(state.step)

    def _views(self) -> Any:
        mod = self.__dict__.get("_view_mod")
        if mod is None:
            import importlib

            mod = self.__dict__["_view_mod"] = importlib.import_module(self.view_module)
        return mod

    def table_view(self, state: Any, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = self._views().view(state, seat)
        return v

    def table_views(self, state: Any, seats: Sequence[int | None]) -> list[dict[str, Any]]:
        """The view module's ``views`` when it has one (the public table built once), else one view each."""
        many = getattr(self._views(), "views", None)
        if many is None:
            return super().table_views(state, seats)
        out: list[dict[str, Any]] = many(state, seats)
        return out

    def audience(self, entry: Any) -> int:
        return int(self._views().audience(entry))

    def log_event(self, state: Any, entry: Any) -> dict[str, Any]:
        e: dict[str, Any] = self._views().log_event(state, entry)
        return e

    def determinize(self, state: Any, seat: int, rng: random.Random, keep_log: bool = True) -> Any:
        return self._views().determinize(state, seat, rng, keep_log)
