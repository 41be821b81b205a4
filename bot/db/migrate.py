"""Schema migrations (Alembic), run in one transaction, and the check every process makes at start.

`upgrade` brings a database to the newest revision, all or nothing. `check_schema` refuses to run
against a database whose schema is behind this code (run `officebot db upgrade`) or ahead of it (a newer
OfficeBot migrated it), with one line saying which; `upgrade` refuses a database that is ahead too.
`new_revision` writes the next migration file (`officebot db revision -m "…"`).
"""

from __future__ import annotations

import importlib.util
import re
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db.engine import create_engine, outside_transaction, single_statement, writing_on
from bot.db.url import embedded_database

# Alembic (and the migration modules it loads) is imported only where a migration, a check that fails or a
# new revision needs it: a process starting on a database already at the newest revision, the usual case,
# checks that with one SELECT and saves the 0.3 s of CPU the import takes.
if TYPE_CHECKING:
    from alembic.config import Config

_MIGRATIONS = Path(__file__).resolve().parent / "migrations"
VERSIONS = _MIGRATIONS / "versions"


class SchemaMismatch(Exception):
    """One line: the database's schema is not the one this code needs, and what to do about it."""


def _config(connection: Connection | None = None, versions: Path | None = None) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(_MIGRATIONS))
    config.set_main_option("version_locations", str(versions or VERSIONS))
    config.set_main_option("path_separator", "os")  # one folder, whatever its name holds
    # Revisions are numbered 0001, 0002, …, and their files named after the number and the message.
    config.set_main_option("file_template", "%%(rev)s_%%(slug)s")
    config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(_config()).get_current_head()
    assert head is not None
    return head


def newest_file_revision() -> str:
    """The newest revision by its file's name (`0005_leave_notices.py` → "0005"): revisions are numbered
    in order, one file each, so this is Alembic's head without loading Alembic (a test checks they agree)."""
    numbers = [int(m[1]) for f in VERSIONS.glob("*.py") if (m := re.match(r"(\d{4})_", f.name))]
    return f"{max(numbers):04d}"


async def _at_newest(engine: AsyncEngine) -> bool:
    """True when the database is already at the newest revision (one SELECT; no Alembic)."""
    try:
        async with single_statement(engine) as connection:
            stored = (
                (await connection.execute(text("SELECT version_num FROM alembic_version"))).scalars().all()
            )
    except DBAPIError:
        return False  # no schema yet, or unreadable: the full check says which
    return stored == [newest_file_revision()]


def _known_revisions() -> set[str]:
    from alembic.script import ScriptDirectory

    return {script.revision for script in ScriptDirectory.from_config(_config()).walk_revisions()}


def _current(connection: Connection) -> str | None:
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(connection).get_current_revision()


async def current_revision(engine: AsyncEngine) -> str | None:
    async with single_statement(engine) as connection:
        return await connection.run_sync(_current)


def _ahead(current: str) -> SchemaMismatch:
    return SchemaMismatch(
        f"OFFICEBOT_DATABASE_URL: the database schema is at revision {current}, newer than this OfficeBot "
        f"knows ({head_revision()}): upgrade OfficeBot to the version that migrated it"
    )


async def upgrade(engine: AsyncEngine) -> tuple[str | None, str]:
    """Migrates to the newest revision in one transaction; returns (from, to).

    On SQLite, foreign keys are off while it runs (a migration that rebuilds a table must not cascade
    deletes into the tables that point at it) and checked before the transaction commits."""
    if await _at_newest(engine):
        newest = newest_file_revision()
        return newest, newest
    from alembic import command

    sqlite = engine.dialect.name == "sqlite"
    async with engine.connect() as connection:
        if sqlite:
            await outside_transaction(connection, "PRAGMA foreign_keys = OFF")
        try:
            async with writing_on(connection):
                before = await connection.run_sync(_current)
                if before is not None and before not in _known_revisions():
                    raise _ahead(before)
                await connection.run_sync(lambda sync: command.upgrade(_config(sync), "head"))
                if sqlite and (await connection.execute(text("PRAGMA foreign_key_check"))).first():
                    raise SchemaMismatch(
                        "the migration would leave rows pointing at nothing; nothing was changed"
                    )
        finally:
            if sqlite:
                await outside_transaction(connection, "PRAGMA foreign_keys = ON")
    return before, head_revision()


async def check_schema(engine: AsyncEngine) -> None:
    if await _at_newest(engine):
        return
    current = await current_revision(engine)
    head = head_revision()
    if current == head:
        return
    if current is None:
        raise SchemaMismatch(
            "OFFICEBOT_DATABASE_URL: the database has no OfficeBot schema yet: run `officebot db upgrade`"
        )
    if current in _known_revisions():
        raise SchemaMismatch(
            f"OFFICEBOT_DATABASE_URL: the database schema is at revision {current}, this OfficeBot needs "
            f"{head}: run `officebot db upgrade`"
        )
    raise _ahead(current)


async def new_revision(message: str, versions: Path | None = None) -> Path:
    """Writes the next migration into `versions` (bot/db/migrations/versions) and returns its file.

    Alembic's autogenerate fills it with what bot/db/tables.py declares and the migrations do not create
    yet, compared on a scratch SQLite database migrated to the newest revision (so no configured database
    is needed or touched; a test checks the migrated schema matches the tables on PostgreSQL too). With
    nothing to compare, e.g. for a data migration, upgrade() is left to write. Review it either way:
    autogenerate does not see renames, and SQLite-specific output needs checking on PostgreSQL."""
    with tempfile.TemporaryDirectory(prefix="officebot-revision-") as scratch:
        engine = create_engine(embedded_database(Path(scratch)))
        try:
            async with engine.connect() as connection:
                return await connection.run_sync(lambda sync: _write_revision(sync, message, versions))
        finally:
            await engine.dispose()


def _write_revision(connection: Connection, message: str, versions: Path | None) -> Path:
    from alembic import command
    from alembic.script import Script, ScriptDirectory

    config = _config(connection, versions)
    if importlib.util.find_spec("ruff"):  # a developer's install: the new file comes out formatted
        config.set_section_option("post_write_hooks", "hooks", "ruff")
        config.set_section_option("post_write_hooks", "ruff.type", "module")
        config.set_section_option("post_write_hooks", "ruff.module", "ruff")
        config.set_section_option("post_write_hooks", "ruff.options", "format REVISION_SCRIPT_FILENAME")
    command.upgrade(config, "head")  # the database autogenerate compares with: every migration so far
    head = ScriptDirectory.from_config(config).get_current_head()
    script = command.revision(config, message, autogenerate=True, rev_id=f"{int(head or 0) + 1:04d}")
    assert isinstance(script, Script), script  # one head, so one new revision
    return Path(script.path)
