"""Live tables: games in memory, rebuilt from their stored records on demand (so a restart loses nothing), with
bots playing their seats as soon as it is their turn."""

from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass, field
from typing import Any

import monsterbox
from monsterbox.agents import make_agent, observe
from monsterbox.agents.registry import parse_agent_spec
from monsterbox.core.errors import IllegalAction, InvalidOptions
from monsterbox.core.game import Game
from monsterbox.server.store import GameRow, Store, now, token_hash
from monsterbox.sim import agent_seed


class Forbidden(Exception):
    """A token that does not hold the seat it claims."""


class NotFound(Exception):
    pass


@dataclass
class Table:
    id: str
    game: Game
    seats: list[dict[str, Any]]
    bots: dict[int, Any] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    version: int = 0

    def seat_of(self, token: str | None) -> int | None:
        if not token:
            return None
        h = token_hash(token)
        for i, s in enumerate(self.seats):
            if s.get("token_hash") == h:
                return i
        raise Forbidden("this token holds no seat at this table")


class Tables:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.live: dict[str, Table] = {}
        self.lock = threading.Lock()

    # --- creation and loading ------------------------------------------------------------------------------------
    def create(self, game_id: str, players: int, seats: list[str], seed: int | None,
               options: dict[str, Any] | None) -> tuple[Table, dict[int, str]]:
        """Seats: ``"human"`` or an agent spec (``"heuristic"``, ``"ismcts:iterations=200"``). Returns the table and
        a token for every human seat (handed to whoever will sit there)."""
        if len(seats) != players:
            raise InvalidOptions(f"seats must list {players} entries ('human' or an agent name), got {len(seats)}")
        if seed is None:
            seed = secrets.randbelow(2**31)
        game = monsterbox.new_game(game_id, players, seed, options)
        seat_rows: list[dict[str, Any]] = []
        tokens: dict[int, str] = {}
        for i, spec in enumerate(seats):
            if spec == "human":
                token = secrets.token_urlsafe(24)
                tokens[i] = token
                seat_rows.append({"kind": "human", "token_hash": token_hash(token)})
            else:
                parse_agent_spec(spec)
                make_agent(spec, game_id, 0)  # validate parameters now
                seat_rows.append({"kind": "bot", "agent": spec})
        table = Table(secrets.token_hex(8), game, seat_rows)
        self.store.add(GameRow(id=table.id, game_id=game_id, players=players, seed=seed, options=game.options,
                               actions=[], seats=seat_rows, created=now(), updated=now()))
        self._start_bots(table)
        with self.lock:
            self.live[table.id] = table
        self.run_bots(table)
        return table, tokens

    def get(self, table_id: str) -> Table:
        with self.lock:
            table = self.live.get(table_id)
            if table is not None:
                return table
            row = self.store.get(table_id)
            if row is None:
                raise NotFound(f"no game {table_id!r}")
            record = {"game_id": row.game_id, "players": row.players, "seed": row.seed, "options": row.options,
                      "actions": row.actions}
            table = Table(row.id, monsterbox.replay(record), list(row.seats))
            self._start_bots(table)
            self.live[table.id] = table
        self.run_bots(table)
        return table

    def _start_bots(self, table: Table) -> None:
        g = table.game
        for i, s in enumerate(table.seats):
            if s["kind"] == "bot":
                table.bots[i] = make_agent(s["agent"], g.game_id, agent_seed(g.seed, i))

    # --- play ----------------------------------------------------------------------------------------------------
    def play(self, table: Table, token: str | None, action: str) -> None:
        """A human seat's action: checked (token, turn, legality), applied, stored; then the bots move."""
        with table.lock:
            seat = table.seat_of(token)
            if seat is None:
                raise Forbidden("a seat token is needed to play")
            g = table.game
            if g.over:
                raise IllegalAction("the game is over")
            if g.to_play != seat:
                raise IllegalAction(f"it is seat {g.to_play}'s turn, not seat {seat}'s")
            g.play(action)
            table.version += 1
            self.store.save(table.id, g.actions, table.seats)
        self.run_bots(table)

    def run_bots(self, table: Table) -> None:
        with table.lock:
            g = table.game
            moved = False
            while not g.over and g.to_play in table.bots:
                seat = g.to_play
                assert seat is not None
                g.play(table.bots[seat].act(observe(g, seat)))
                moved = True
            if moved:
                table.version += 1
                self.store.save(table.id, g.actions, table.seats)

    def summary(self, row: GameRow) -> dict[str, Any]:
        return {"id": row.id, "game": row.game_id, "players": row.players,
                "seats": [{"seat": i, "kind": s["kind"], "agent": s.get("agent")} for i, s in enumerate(row.seats)],
                "actions": len(row.actions), "created": row.created.isoformat()}
