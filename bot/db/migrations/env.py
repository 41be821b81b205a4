"""Alembic's entry point. OfficeBot hands it an open connection (`config.attributes["connection"]`)
inside one transaction, so a migration run either completes or leaves the database as it was."""

from __future__ import annotations

from typing import Literal

from alembic import context
from alembic.autogenerate.api import AutogenContext

from bot.db.tables import Days, metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations with `officebot db upgrade` (bot/db/migrate.py)")


def _render_item(kind: str, item: object, autogen_context: AutogenContext) -> str | Literal[False]:
    """`officebot db revision` writes our Days type as the hand-written migrations do: `Days()`, imported."""
    if kind == "type" and isinstance(item, Days):
        autogen_context.imports.add("from bot.db.tables import Days")
        return "Days()"
    return False


context.configure(
    connection=connection,
    target_metadata=metadata,
    # SQLite's DDL is transactional once the driver stops managing transactions (bot/db/engine.py).
    transactional_ddl=True,
    render_as_batch=connection.dialect.name == "sqlite",
    render_item=_render_item,
)
with context.begin_transaction():
    context.run_migrations()
