"""Errors raised for user mistakes. Each carries a message that says what was wrong and what is allowed."""


class MonsterboxError(Exception):
    """Base class of every error monsterbox raises on purpose."""


class IllegalAction(MonsterboxError, ValueError):
    """An action id that is not legal for the player to move now. The game is left unchanged."""


class InvalidOptions(MonsterboxError, ValueError):
    """Unknown or malformed game options (or player count) given to ``new_game``."""


class CardFileError(MonsterboxError, ValueError):
    """A card file that cannot be used: names the entry and the field that are wrong."""


class RecordError(MonsterboxError, ValueError):
    """A replay record that is malformed or does not re-check against the rules."""
