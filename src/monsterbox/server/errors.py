"""The server's own errors and their wording in the reader's language.

Like ``core.errors.MonsterboxError``, a server error takes a template and its fields (``Stale("seat {seat} is not
open", seat=2)``): ``str(error)`` is the English sentence (logs, English replies), and :func:`error_text` gives it in
the request's language through the catalogue (``core.catalog`` extracts the templates of ``server/*.py``). An error
given as an f-string has no template to look up and stays English.
"""

from __future__ import annotations

from typing import Any

from monsterbox.core.errors import MonsterboxError
from monsterbox.core.i18n import DEFAULT_LANGUAGE, localized_error, use_language


class ServerError(Exception):
    """An error a client reads: a template and its fields (``str()`` is the English sentence)."""

    def __init__(self, message: str = "", **fields: Any) -> None:
        self.template = message
        self.fields = fields
        super().__init__(message.format(**fields) if fields else message)


class Forbidden(ServerError):
    """A token that does not hold the seat it claims (403)."""


class NotFound(ServerError):
    """No such table or game (404)."""


class Stale(ServerError):
    """A move chosen at another version of the table (409)."""


class Claimed(ServerError):
    """An invite code already claimed: single-use (409)."""


class Unavailable(ServerError):
    """The database could not store the change; nothing changed (503)."""


def error_text(exc: BaseException, lang: str | None) -> str:
    """``exc``'s message in ``lang`` (English, or no language: ``str(exc)`` exactly as before)."""
    if not lang or lang == DEFAULT_LANGUAGE:
        return str(exc)
    with use_language(lang):
        if isinstance(exc, ServerError) and exc.template:
            return localized_error(MonsterboxError(exc.template, **exc.fields))
        return localized_error(exc)


def say(template: str, lang: str | None, **fields: Any) -> str:
    """A message the server words itself (not raised): ``say("message too large", lang)``."""
    return error_text(ServerError(template, **fields), lang)
