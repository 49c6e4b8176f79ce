"""What an agent is given: the seat's view, the legal actions and a way to sample determinizations.

Agents never receive the Game or its true state. ``Observation.sample(seed)`` returns a determinized game, which
holds only what the seat knows plus resampled hidden information.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from monsterbox.core.game import Game


@dataclass
class Observation:
    game_id: str
    seat: int
    players: int
    legal: list[str]
    _view: Callable[[], dict[str, Any]] = field(repr=False)
    _sample: Callable[[int], Game] = field(repr=False)
    _cached_view: dict[str, Any] | None = field(default=None, repr=False)

    @property
    def view(self) -> dict[str, Any]:
        """The seat's view (built on first use)."""
        if self._cached_view is None:
            self._cached_view = self._view()
        return self._cached_view

    def sample(self, seed: int) -> Game:
        """A determinization for this seat: a full game consistent with its view."""
        return self._sample(seed)


def observe(game: Game, seat: int) -> Observation:
    """Build the observation of ``seat`` (who must be the seat to play)."""
    return Observation(
        game_id=game.game_id, seat=seat, players=game.players, legal=game.legal_actions(),
        _view=lambda: game.view(seat), _sample=lambda seed: game.determinize(seat, seed),
    )


class Agent(Protocol):
    name: str

    def act(self, obs: Observation) -> str:
        """Return one of ``obs.legal``."""
        ...
