"""The two requests of every move over HTTP — read a table's state, play a move — served without the framework's
routing, dependency solving and exception wrappers (measured: about 220 µs of a request's CPU on this machine, as
much as building the state itself).

``HotPath`` is a pure ASGI middleware inside ``security.Guard`` (so rate limits, the body limit, JSON-only and the
security headers apply to it as to every request). It answers ``GET /api/games/{id}`` and
``POST /api/games/{id}/actions`` by calling the very functions the FastAPI routes of ``app.py`` call (``API``), and
passes every other request on. The routes stay declared, so the OpenAPI schema documents these two as well, and a
test checks that both paths give the same replies.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import orjson
from pydantic import ValidationError
from starlette.requests import Request

Reply = tuple[int, Any]


class HotPath:
    def __init__(self, app: Any, api: Any) -> None:
        self.app = app
        self.api = api  # app.API: read_state, post_move, error_reply, validation_text

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            parts = scope["path"].split("/")  # "", "api", "games", id[, "actions"]
            if len(parts) >= 4 and parts[1] == "api" and parts[2] == "games" and parts[3]:
                method = scope["method"]
                if len(parts) == 4 and method == "GET":
                    await self.reply(send, await self.run(self.api.read_state, Request(scope), parts[3], None))
                    return
                if len(parts) == 5 and parts[4] == "actions" and method == "POST":
                    body = await read_body(receive)
                    await self.reply(send, await self.run(self.api.post_move, Request(scope), parts[3], body))
                    return
        await self.app(scope, receive, send)

    async def run(self, fn: Callable[..., Awaitable[Any]], request: Request, table_id: str, body: bytes | None
                  ) -> Reply:
        try:
            token, lang = self.api.bearer(request), self.api.lang_of(request)
            if body is None:
                return 200, await fn(table_id, token, lang)
            try:
                move = self.api.Move.model_validate_json(body or b"null")
            except ValidationError as exc:
                return 400, {"error": self.api.validation_text(exc.errors(), lang)}
            return 200, await fn(table_id, token, lang, move)
        except Exception as exc:  # noqa: BLE001 - mapped exactly as the app's exception handlers map them
            status = self.api.status_of(exc)
            if status is None:
                raise
            return status, {"error": self.api.error_text(exc, self.api.reply_lang(request))}

    @staticmethod
    async def reply(send: Any, reply: Reply) -> None:
        status, data = reply
        body = orjson.dumps(data)
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


async def read_body(receive: Any) -> bytes:
    """The request's body (``Guard`` has already bounded its size)."""
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if not message.get("more_body", False):
            return body
