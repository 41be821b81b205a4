"""The leave policy's `grants` key: where a balance's grants come from (`imported`, HR's calendar-year rows
as before, the default for every existing row; or `computed`, the Act's grants with HR's rows winning).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("leave_policy") as batch:
        batch.add_column(sa.Column("grants", sa.String(length=16), server_default="imported", nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("leave_policy") as batch:
        batch.drop_column("grants")
