"""Alembic's entry point. OfficeBot hands it an open connection (`config.attributes["connection"]`)
inside one transaction, so a migration run either completes or leaves the database as it was."""

from __future__ import annotations

from alembic import context

from bot.db.tables import metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations with `officebot db upgrade` (bot/db/migrate.py)")

context.configure(
    connection=connection,
    target_metadata=metadata,
    # SQLite's DDL is transactional once the driver stops managing transactions (bot/db/engine.py).
    transactional_ddl=True,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
