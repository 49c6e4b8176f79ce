"""Persistence: each game is stored as what rebuilds it exactly (game id, players, seed, options, actions) plus its
seats (bot specs, hashed seat tokens)."""

from __future__ import annotations

import datetime as dt
import hashlib
from typing import Any

from sqlalchemy import JSON, DateTime, Integer, String, create_engine, select
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(16))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    actions: Mapped[list[str]] = mapped_column(JSON)
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)  # {"kind": "human"|"bot", "agent", "token_hash"}
    created: Mapped[dt.datetime] = mapped_column(DateTime)
    updated: Mapped[dt.datetime] = mapped_column(DateTime)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


class Store:
    def __init__(self, url: str) -> None:
        connect_args = {"check_same_thread": False} if url.startswith("sqlite") else {}
        self.engine = create_engine(url, connect_args=connect_args)
        Base.metadata.create_all(self.engine)
        self.session = sessionmaker(self.engine, expire_on_commit=False)

    def add(self, row: GameRow) -> None:
        with self.session() as s, s.begin():
            s.add(row)

    def get(self, game: str) -> GameRow | None:
        with self.session() as s:
            return s.get(GameRow, game)

    def all(self) -> list[GameRow]:
        with self.session() as s:
            return list(s.scalars(select(GameRow).order_by(GameRow.created)))

    def save(self, game: str, actions: list[str], seats: list[dict[str, Any]]) -> None:
        with self.session() as s, s.begin():
            row = s.get(GameRow, game)
            assert row is not None
            row.actions = list(actions)
            row.seats = [dict(x) for x in seats]
            row.updated = now()

    def close(self) -> None:
        self.engine.dispose()


def open_store(url: str) -> Store:
    return Store(url)


__all__ = ["GameRow", "Session", "Store", "now", "open_store", "token_hash"]
