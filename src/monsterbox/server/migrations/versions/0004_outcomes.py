"""A seat's outcome at a finished table, for the profile (issue 31): its result and, once a review of that seat was
computed, the review's accuracy and flag counts.

Revision ID: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seat_outcomes",
        sa.Column("game", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("won", sa.Boolean, nullable=True),
        sa.Column("score", sa.Float, nullable=True),
        sa.Column("accuracy", sa.Float, nullable=True),
        sa.Column("flagged", sa.Integer, nullable=True),
        sa.Column("tiers", sa.JSON, nullable=True),
        sa.Column("reviewed", sa.DateTime, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("seat_outcomes")
