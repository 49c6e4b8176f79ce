"""Errors raised for user mistakes. Each carries a message that says what was wrong and what is allowed.

A message may be given as a template and its fields, ``InvalidOptions("option {key} must be true or false, got
{value}", key=..., value=...)``: ``str(error)`` is the English sentence, and the command line shows the template's
translation (the template is a message of the catalogue, ``core.catalog``) filled with the same fields. The engine
itself imports no translation.
"""

from typing import Any


class Phrase(str):
    """A piece of English among an error's fields that is itself a catalogue message ("an integer", "actor entry
    {n} (id {id})"): the command line translates it (and its own fields) with the sentence around it."""

    template: str
    fields: dict[str, Any]

    def __new__(cls, template: str, **fields: Any) -> "Phrase":
        obj = super().__new__(cls, template.format(**fields) if fields else template)
        obj.template = template
        obj.fields = fields
        return obj


class MonsterboxError(Exception):
    """Base class of every error monsterbox raises on purpose."""

    def __init__(self, message: str = "", **fields: Any) -> None:
        self.template = message
        self.fields = fields
        super().__init__(message.format(**fields) if fields else message)

    def __reduce__(self) -> tuple[Any, ...]:  # pickled (worker processes) with its template and fields
        return (_rebuild, (type(self), self.template, self.fields))


def _rebuild(cls: type[MonsterboxError], template: str, fields: dict[str, Any]) -> MonsterboxError:
    return cls(template, **fields)


class IllegalAction(MonsterboxError, ValueError):
    """An action id that is not legal for the player to move now. The game is left unchanged."""


class InvalidOptions(MonsterboxError, ValueError):
    """Unknown or malformed game options (or player count) given to ``new_game``."""


class CardFileError(MonsterboxError, ValueError):
    """A card file that cannot be used: names the entry and the field that are wrong."""


class RecordError(MonsterboxError, ValueError):
    """A replay record that is malformed or does not re-check against the rules."""
