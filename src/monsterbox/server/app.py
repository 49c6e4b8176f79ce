"""The FastAPI application: lobby, seats, HTTP and WebSocket play, stored games, the web front end."""

from __future__ import annotations

import asyncio
import importlib
from importlib import resources
from typing import Any

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

from monsterbox import __version__
from monsterbox.core.errors import IllegalAction, MonsterboxError
from monsterbox.core.registry import GAME_IDS
from monsterbox.server.store import open_store
from monsterbox.server.tables import Forbidden, NotFound, Table, Tables

TEXT_MODULES = {g: f"monsterbox.games.{g}.text" for g in GAME_IDS}


class NewGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(description=f"one of {', '.join(GAME_IDS)}")
    players: int = Field(ge=2, le=6)
    seats: list[str] = Field(description="one per seat: 'human' or an agent name such as 'heuristic'")
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    options: dict[str, Any] | None = None


class Move(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: str = Field(max_length=200)
    token: str | None = Field(default=None, max_length=200)


def table_state(table: Table, seat: int | None) -> dict[str, Any]:
    """What a seat (or a spectator) receives: its view, its legal actions with their wording, the table's seats."""
    g = table.game
    view = g.view(seat) if seat is not None else g.spectator_view()
    out: dict[str, Any] = {"id": table.id, "game": g.game_id, "players": g.players, "seat": seat,
                           "version": table.version, "over": g.over, "to_play": g.to_play, "view": view,
                           "seats": [{"seat": i, "kind": s["kind"], "agent": s.get("agent")}
                                     for i, s in enumerate(table.seats)], "legal": []}
    text = importlib.import_module(TEXT_MODULES[g.game_id])
    out["story"] = [text.narrate(e, seat) for e in view["log"][-80:]]
    if seat is not None and g.to_play == seat:
        out["legal"] = [{"id": a, "text": text.describe_action(view, a)} for a in g.legal_actions()]
    if g.over:
        out["result"] = g.result()
    return out


def create_app(db_url: str = "sqlite:///monsterbox.db") -> FastAPI:
    app = FastAPI(title="monsterbox", version=__version__,
                  description="Play the four monster games: lobby, seats, bots, stored games.")
    store = open_store(db_url)
    tables = Tables(store)
    app.state.tables = tables

    @app.exception_handler(IllegalAction)
    async def illegal(request: Request, exc: IllegalAction) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=400)

    @app.exception_handler(MonsterboxError)
    async def bad(request: Request, exc: MonsterboxError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=400)

    @app.exception_handler(Forbidden)
    async def forbidden(request: Request, exc: Forbidden) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=403)

    @app.exception_handler(NotFound)
    async def missing(request: Request, exc: NotFound) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=404)

    @app.get("/api/health")
    def health() -> dict[str, Any]:
        return {"ok": True, "version": __version__, "games": list(GAME_IDS)}

    @app.get("/api/games")
    def lobby() -> list[dict[str, Any]]:
        return [tables.summary(row) for row in store.all()]

    @app.post("/api/games", status_code=201)
    def new_game(req: NewGame) -> dict[str, Any]:
        table, tokens = tables.create(req.game, req.players, req.seats, req.seed, req.options)
        return {"id": table.id, "tokens": {str(k): v for k, v in tokens.items()}}

    def token_of(query: str | None, header: str | None) -> str | None:
        return header or query

    @app.get("/api/games/{table_id}")
    def state(table_id: str, token: str | None = Query(default=None, max_length=200),
              x_seat_token: str | None = Header(default=None)) -> dict[str, Any]:
        table = tables.get(table_id)
        return table_state(table, table.seat_of(token_of(token, x_seat_token)))

    @app.post("/api/games/{table_id}/actions")
    def act(table_id: str, move: Move, x_seat_token: str | None = Header(default=None)) -> dict[str, Any]:
        table = tables.get(table_id)
        token = token_of(move.token, x_seat_token)
        tables.play(table, token, move.action)
        return table_state(table, table.seat_of(token))

    @app.get("/api/games/{table_id}/record")
    def record(table_id: str) -> dict[str, Any]:
        table = tables.get(table_id)
        if not table.game.over:
            raise Forbidden("the record holds the seed (every hidden card): it is shown when the game is over")
        return table.game.record()

    @app.websocket("/api/games/{table_id}/ws")
    async def ws(websocket: WebSocket, table_id: str, token: str | None = None) -> None:
        await websocket.accept()
        try:
            table = tables.get(table_id)
            seat = table.seat_of(token)
        except (NotFound, Forbidden) as exc:
            await websocket.send_json({"error": str(exc)})
            await websocket.close(code=4403)
            return
        async def push_updates() -> None:
            sent = -1
            while True:
                if table.version != sent:
                    sent = table.version
                    await websocket.send_json(table_state(table, seat))
                await asyncio.sleep(0.1)

        pusher = asyncio.create_task(push_updates())
        try:
            while True:
                msg = await websocket.receive_json()
                action = msg.get("action") if isinstance(msg, dict) else None
                if not isinstance(action, str):
                    await websocket.send_json({"error": 'send {"action": "<action id>"}'})
                    continue
                try:
                    await asyncio.to_thread(tables.play, table, token, action)
                except (MonsterboxError, Forbidden) as exc:
                    await websocket.send_json({"error": str(exc)})
        except WebSocketDisconnect:
            return
        finally:
            pusher.cancel()

    web = resources.files("monsterbox").joinpath("web")
    app.mount("/static", StaticFiles(directory=str(web)), name="static")

    @app.get("/")
    def index() -> FileResponse:
        return FileResponse(str(web.joinpath("index.html")))

    app.state.store = store
    return app
