"""The monsterbox server: a lobby, seats claimed with secret tokens, play over HTTP and WebSocket, bots filling the
other seats, and every game stored as its replay record (SQLAlchemy: SQLite by default, PostgreSQL by URL), so a
restart loses nothing."""

from monsterbox.server.app import create_app

__all__ = ["create_app"]
