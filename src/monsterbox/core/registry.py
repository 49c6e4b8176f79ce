"""Game ids and their rulesets, imported lazily so that one game's import cost is paid only when used."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from monsterbox.core.errors import InvalidOptions

# imported with the module: an import statement in ``new_game`` cost 7.8k instructions a game
from monsterbox.core.game import Game

if TYPE_CHECKING:
    from monsterbox.core.ruleset import Ruleset

GAME_IDS: tuple[str, ...] = ("inn", "monster", "mansion", "maker")

#: game id -> "module:attribute" of its Ruleset instance; games not yet built are absent.
_IMPLEMENTED: dict[str, str] = {
    "inn": "monsterbox.games.inn.rules:RULES",
    "maker": "monsterbox.games.maker.rules:RULES",
    "mansion": "monsterbox.games.mansion.rules:RULES",
    "monster": "monsterbox.games.monster.rules:RULES",
}

_TITLES = {
    "inn": "Monster Inn",
    "monster": "Monster (the cooperative game)",
    "mansion": "Monster Mansion",
    "maker": "Monster Maker",
}

_cache: dict[str, Ruleset] = {}


def implemented_games() -> tuple[str, ...]:
    return tuple(g for g in GAME_IDS if g in _IMPLEMENTED)


def get_ruleset(game_id: str) -> Ruleset:
    """The ruleset of ``game_id``; a clear error for unknown or not-yet-implemented games."""
    if game_id in _cache:
        return _cache[game_id]
    if game_id not in GAME_IDS:
        raise InvalidOptions("unknown game id {game}; known games: {games}", game=repr(game_id),
                             games=", ".join(GAME_IDS))
    target = _IMPLEMENTED.get(game_id)
    if target is None:
        raise InvalidOptions(
            f"{_TITLES[game_id]} ({game_id!r}) is not implemented yet; playable now: "
            + ", ".join(implemented_games())
        )
    module_name, attr = target.split(":")
    rules: Ruleset = getattr(importlib.import_module(module_name), attr)
    _cache[game_id] = rules
    return rules


def new_game(game_id: str, players: int = 4, seed: int = 0, options: dict[str, Any] | None = None) -> Game:
    """Start a game. Options are validated: unknown keys or bad values raise InvalidOptions."""
    return Game.start(get_ruleset(game_id), players, seed, options)
