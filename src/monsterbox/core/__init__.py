"""Game-agnostic core: the Game handle, errors, the ruleset interface, the registry and replay records."""

from monsterbox.core.errors import CardFileError, IllegalAction, InvalidOptions, MonsterboxError, RecordError
from monsterbox.core.game import Game
from monsterbox.core.record import replay
from monsterbox.core.registry import GAME_IDS, get_ruleset, new_game
from monsterbox.core.ruleset import Ruleset

__all__ = [
    "GAME_IDS",
    "CardFileError",
    "Game",
    "IllegalAction",
    "InvalidOptions",
    "MonsterboxError",
    "RecordError",
    "Ruleset",
    "get_ruleset",
    "new_game",
    "replay",
]
