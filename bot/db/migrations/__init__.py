"""Alembic migrations, run by `bot/db/migrate.py` (`officebot db upgrade`, or the embedded database on
first use). A new revision is a module in versions/ shaped like 0001; a test checks that the migrated
schema matches `bot/db/tables.py`."""
