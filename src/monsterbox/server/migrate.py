"""Schema migrations (Alembic), applied when the server opens its database.

A database made before migrations existed (the first server version: a ``games`` table holding each game's moves
as a JSON list, and no ``alembic_version``) is stamped as revision 0001 and upgraded like any other.
"""

from __future__ import annotations

from importlib import resources

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, inspect, text

LOCK_KEY = 0x6D6F6E73  # "mons": PostgreSQL advisory lock held while migrating, so that workers starting together wait


def alembic_config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(resources.files("monsterbox.server").joinpath("migrations")))
    return cfg


def upgrade(engine: Engine, revision: str = "head") -> None:
    cfg = alembic_config()
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": LOCK_KEY})
        tables = set(inspect(conn).get_table_names())
        cfg.attributes["connection"] = conn
        if "games" in tables and "alembic_version" not in tables:
            command.stamp(cfg, "0001")
        command.upgrade(cfg, revision)
