"""Moves as an append-only table with a unique (game, index); 128-bit seeds with their commitment; practice,
private and hints flags; the lobby's summary (status, to_play, moves).

Existing games keep every move (copied from the JSON list into ``moves``). Their deals were not committed in
advance, so they are marked practice tables; their status is recomputed by replaying them.

Revision ID: 0002
"""

import datetime as dt
import hashlib
import json

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def _summary(game_id, players, seed, options, actions):
    """Status and seat to play of an old game, by replaying it (a game that no longer re-checks stays 'playing')."""
    try:
        import monsterbox

        g = monsterbox.replay({"game_id": game_id, "players": players, "seed": seed, "options": options or {},
                               "actions": actions})
    except Exception:  # noqa: BLE001 - an unreadable old game is kept as it was
        return "playing", None
    return ("over" if g.over else "playing"), g.to_play


def upgrade() -> None:
    conn = op.get_bind()
    # read the old games first: recreating the games table (SQLite) must happen before moves reference it
    games = sa.table("games", sa.column("id", sa.String), sa.column("game_id", sa.String),
                     sa.column("players", sa.Integer), sa.column("seed", sa.String), sa.column("options", sa.JSON),
                     sa.column("actions", sa.JSON), sa.column("seats", sa.JSON), sa.column("updated", sa.DateTime),
                     sa.column("seed_commitment", sa.String), sa.column("practice", sa.Boolean),
                     sa.column("status", sa.String), sa.column("to_play", sa.Integer),
                     sa.column("moves", sa.Integer))
    moves = sa.table("moves", sa.column("game", sa.String), sa.column("index", sa.Integer),
                     sa.column("action", sa.String), sa.column("seat", sa.Integer), sa.column("by", sa.String),
                     sa.column("created", sa.DateTime))
    rows = conn.execute(sa.select(games.c.id, games.c.game_id, games.c.players, games.c.seed, games.c.options,
                                  games.c.actions, games.c.seats, games.c.updated)).all()
    with op.batch_alter_table("games") as batch:
        batch.alter_column("seed", type_=sa.String(80), existing_type=sa.Integer, postgresql_using="seed::text")
        batch.add_column(sa.Column("seed_commitment", sa.String(64), nullable=False, server_default=""))
        batch.add_column(sa.Column("practice", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("private", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("status", sa.String(16), nullable=False, server_default="playing"))
        batch.add_column(sa.Column("to_play", sa.Integer, nullable=True))
        batch.add_column(sa.Column("moves", sa.Integer, nullable=False, server_default="0"))
        batch.drop_column("actions")
        batch.create_index("ix_games_lobby", ["private", "status", "updated"])
    op.create_table(
        "moves",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("index", sa.Integer, nullable=False),
        sa.Column("action", sa.String(200), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("by", sa.String(16), nullable=False),
        sa.Column("created", sa.DateTime, nullable=False),
        sa.UniqueConstraint("game", "index", name="uq_moves_game_index"),
    )
    for gid, game_id, players, seed, options, actions, _seats, updated in rows:
        if isinstance(actions, str):
            actions = json.loads(actions)
        if isinstance(options, str):
            options = json.loads(options)
        actions = list(actions or [])
        status, to_play = _summary(game_id, players, int(seed), options, actions)
        if actions:
            conn.execute(sa.insert(moves), [
                {"game": gid, "index": i, "action": a, "seat": -1, "by": "migrated",
                 "created": updated or dt.datetime(2026, 1, 1)} for i, a in enumerate(actions)])
        conn.execute(sa.update(games).where(games.c.id == gid).values(
            seed_commitment=hashlib.sha256(str(seed).encode()).hexdigest(), practice=True, status=status,
            to_play=to_play, moves=len(actions)))


def downgrade() -> None:
    raise NotImplementedError("monsterbox does not downgrade its database; restore a backup instead")
