"""What the server reads from a connection (an HTTP request or a WebSocket) before it routes it: the seat token
(``Authorization: Bearer``) and the reader's language. The application (``app``) and the modules it assembles
(``analysis``, ``security``) all read them here, so none of these imports the application.
"""

from __future__ import annotations

import functools

from starlette.requests import HTTPConnection

from monsterbox.core.errors import InvalidOptions, MonsterboxError
from monsterbox.core.i18n import LANGUAGES, check_language
from monsterbox.server.errors import Forbidden


def bearer(request_or_ws: HTTPConnection) -> str | None:
    auth = request_or_ws.headers.get("authorization")
    if not auth:
        return None
    scheme, _, token = auth.partition(" ")
    if scheme.lower() != "bearer" or not token or len(token) > 200:
        raise Forbidden("send the seat token as 'Authorization: Bearer <token>'")
    return token.strip()


def reply_lang(conn: HTTPConnection) -> str:
    """The language to word an error in: :func:`lang_of`, or English when the asked language is itself the error."""
    try:
        return lang_of(conn)
    except MonsterboxError:
        return "en"


def lang_of(conn: HTTPConnection) -> str:
    """The reader's language: ``?lang=`` (checked), else the first of Accept-Language that we speak, else English."""
    if b"lang" in conn.scope.get("query_string", b""):
        asked = conn.query_params.get("lang")
        if asked is not None:
            if len(asked) > 20:
                raise InvalidOptions("lang is a language code such as en or fr")
            return check_language(asked)
    return accepted_language(conn.headers.get("accept-language", "")[:200])


@functools.lru_cache(maxsize=256)
def accepted_language(header: str) -> str:
    """The first language of an Accept-Language header that we speak, else English (browsers send a few header
    values again and again: remembered)."""
    for part in header.split(","):
        code = part.split(";")[0].strip().split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"
