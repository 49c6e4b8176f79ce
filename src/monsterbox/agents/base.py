"""What an agent is given: the seat's view, the legal actions and a way to sample determinizations.

Agents never receive the Game or its true state. ``Observation.sample(seed)`` returns a determinized game, which
holds only what the seat knows plus resampled hidden information.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from monsterbox.core.game import Game


class Observation:
    """One decision of one seat: ``legal`` (action ids), ``legal_codes`` (the same as integer codes of the game's
    action table), ``view`` (built on first use) and ``sample(seed)`` (a determinization of the seat)."""

    def __init__(self, game: Game, seat: int) -> None:
        self.game_id = game.game_id
        self.seat = seat
        self.players = game.players
        # only these four ways to read the game (bound methods), never the game object itself
        self._legal_fn, self._codes_fn = game.legal_actions, game.legal_codes_shared
        self._view_fn, self._sample_fn = game.view, game.determinize
        self._legal: list[str] | None = None
        self._codes: Sequence[int] | None = None
        self._cached_view: dict[str, Any] | None = None

    @property
    def legal(self) -> list[str]:
        if self._legal is None:
            self._legal = self._legal_fn()
        return self._legal

    @property
    def legal_codes(self) -> Sequence[int]:
        """The codes of ``legal`` (same order); a shared sequence: do not modify it."""
        if self._codes is None:
            self._codes = self._codes_fn()
        return self._codes

    @property
    def view(self) -> dict[str, Any]:
        """The seat's view (built on first use)."""
        if self._cached_view is None:
            self._cached_view = self._view_fn(self.seat)
        return self._cached_view

    def sample(self, seed: int) -> Game:
        """A determinization for this seat: a full game consistent with its view."""
        return self._sample_fn(self.seat, seed)

    def refresh(self) -> None:
        """Forget what was read for the previous decision: a runner keeps one Observation per seat and refreshes
        it before each of that seat's decisions (an agent must not keep an Observation past its ``act``)."""
        self._legal = self._codes = self._cached_view = None

    def __repr__(self) -> str:
        return f"Observation(game_id={self.game_id!r}, seat={self.seat}, legal={self.legal!r})"


def observe(game: Game, seat: int) -> Observation:
    """Build the observation of ``seat`` (who must be the seat to play). It reads the game only through the seat's
    view, its legal actions and determinizations; the agent is never handed the game."""
    return Observation(game, seat)


class Agent(Protocol):
    name: str

    def act(self, obs: Observation) -> str:
        """Return one of ``obs.legal``. (An agent may also define ``act_code(obs) -> int``, the same choice as one
        of ``obs.legal_codes``; runners then use it and skip building action ids.)"""
        ...
