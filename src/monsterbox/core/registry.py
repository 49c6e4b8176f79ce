"""The game registry: game ids, their rulesets and the modules of their other parts, imported lazily so that one
game's import cost is paid only when used.

Core knows no game: the games register themselves (``monsterbox/games/__init__.py`` registers the four boxed games,
and the package ``monsterbox`` imports it, so they are registered as soon as any part of monsterbox is imported). A
game from outside the package registers the same way, with :func:`register_game` (``docs/architecture.md``, "How to
add a fifth game").
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from monsterbox.core.errors import InvalidOptions

# imported with the module: an import statement in ``new_game`` cost 7.8k instructions a game
from monsterbox.core.game import Game

if TYPE_CHECKING:
    from monsterbox.core.ruleset import Ruleset

#: the games of the box (DESIGN.md's public names), in the box's order
GAME_IDS: tuple[str, ...] = ("inn", "monster", "mansion", "maker")

#: the parts a game may declare (``register_game(parts=...)``), each a module (``"pkg.text"``) or an attribute of
#: one (``"pkg.heuristic:InnPolicy"``); a layer that needs a part asks :func:`game_part`
PARTS = {
    "text": "the wording layer (module: narrate, describe_action, explain_refusal, ...)",
    "help": "the rules in words (module: rules_text, table_help)",
    "prompt": "the decision in words (module: decision_kind, prompt)",
    "heuristic": "the heuristic bot's policy class (PolicyAgent runs it on a determinization)",
    "rollout": "a fast rollout policy f(state) -> action code, for ISMCTS's heuristic rollouts",
    "card_names": "a function returning the names of the default card file, for the message catalogue",
}


@dataclass(frozen=True)
class GameEntry:
    """One registered game: its id, title, ruleset (an instance or ``"module:attribute"``) and parts."""

    game_id: str
    title: str
    rules: str | Ruleset
    parts: Mapping[str, str] = field(default_factory=dict)


_entries: dict[str, GameEntry] = {}
_cache: dict[str, Ruleset] = {}
#: (game id, part) -> the part, once imported (the server asks for a game's wording layer for every state)
_parts: dict[tuple[str, str], Any] = {}


def register_game(game_id: str, rules: str | Ruleset, title: str = "",
                  parts: Mapping[str, str] | None = None, replace: bool = False) -> GameEntry:
    """Register a game under ``game_id``: its ruleset (a ``Ruleset`` instance, or ``"module:attribute"`` imported at
    first use) and its parts (``PARTS``: which module holds its wording, its bot, ...). A game id is registered once
    (``replace=True`` to register it again, e.g. in a test)."""
    if not isinstance(game_id, str) or not game_id.isidentifier() or game_id != game_id.lower():
        raise ValueError(f"a game id is a lower-case identifier, got {game_id!r}")
    if game_id in _entries and not replace:
        raise ValueError(f"game id {game_id!r} is already registered")
    unknown = set(parts or ()) - set(PARTS)
    if unknown:
        raise ValueError(f"unknown game parts {sorted(unknown)}; parts: {', '.join(PARTS)}")
    if not isinstance(rules, str) and not title:
        title = rules.title
    entry = GameEntry(game_id, title or game_id, rules, MappingProxyType(dict(parts or {})))
    _entries[game_id] = entry
    _forget(game_id)
    return entry


def _forget(game_id: str) -> None:
    _cache.pop(game_id, None)
    for key in [k for k in _parts if k[0] == game_id]:
        del _parts[key]


def unregister_game(game_id: str) -> None:
    """Remove a game registered from outside the box (a test's toy game); the boxed games stay."""
    if game_id in GAME_IDS:
        raise ValueError(f"{game_id!r} is one of the boxed games")
    _entries.pop(game_id, None)
    _forget(game_id)


def implemented_games() -> tuple[str, ...]:
    """Every registered game id: the boxed games in the box's order, then the others in registration order."""
    return tuple(g for g in GAME_IDS if g in _entries) + tuple(g for g in _entries if g not in GAME_IDS)


def game_entry(game_id: str) -> GameEntry:
    entry = _entries.get(game_id) if isinstance(game_id, str) else None
    if entry is None:
        raise InvalidOptions("unknown game id {game}; known games: {games}", game=repr(game_id),
                             games=", ".join(implemented_games()))
    return entry


def _resolve(target: str) -> Any:
    module_name, _, attr = target.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attr) if attr else module


def get_ruleset(game_id: str) -> Ruleset:
    """The ruleset of ``game_id``; a clear error for an unknown game."""
    if game_id in _cache:
        return _cache[game_id]
    rules = game_entry(game_id).rules
    ruleset: Ruleset = _resolve(rules) if isinstance(rules, str) else rules
    _cache[game_id] = ruleset
    return ruleset


def game_part(game_id: str, part: str) -> Any:
    """The part ``part`` of ``game_id`` (``PARTS``), imported; InvalidOptions if the game has none."""
    found = _parts.get((game_id, part))
    if found is not None:
        return found
    target = game_entry(game_id).parts.get(part)
    if target is None:
        raise InvalidOptions(f"game {game_id!r} has no {part} part")
    found = _parts[(game_id, part)] = _resolve(target)
    return found


def has_part(game_id: str, part: str) -> bool:
    return part in game_entry(game_id).parts


def new_game(game_id: str, players: int = 4, seed: int = 0, options: dict[str, Any] | None = None) -> Game:
    """Start a game. Options are validated: unknown keys or bad values raise InvalidOptions."""
    return Game.start(get_ruleset(game_id), players, seed, options)
