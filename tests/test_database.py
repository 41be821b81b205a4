"""The database's life: migrations match the tables, a schema behind or ahead stops start-up with one
line, the embedded default migrates and seeds itself, an unreachable server is one line naming
OFFICEBOT_DATABASE_URL, and `officebot db upgrade` and `officebot db revision` do what they say."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from alembic import command as alembic_command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Column, Integer, Table, func, select, text
from sqlalchemy import inspect as sa_inspect

from bot.cli import main
from bot.config import Settings
from bot.db import migrate
from bot.db.engine import create_engine
from bot.db.tables import Days, employees, metadata
from bot.db.url import database_from
from bot.errors import ConfigError
from bot.services import open_database
from tests.support.database import ScratchDatabase


async def test_the_migrated_schema_is_the_tables(database: ScratchDatabase):
    def differences(connection):
        return compare_metadata(MigrationContext.configure(connection), metadata)

    async with database.engine.connect() as connection:
        assert await connection.run_sync(differences) == []


async def test_an_unmigrated_database_stops_start_up_with_one_line(tmp_path):
    settings = Settings.from_env({"OFFICEBOT_DATABASE_URL": f"sqlite:///{tmp_path / 'new.db'}"})
    with pytest.raises(ConfigError) as info:
        async with open_database(settings):
            pass
    assert str(info.value) == (
        "OFFICEBOT_DATABASE_URL: the database has no OfficeBot schema yet: run `officebot db upgrade`"
    )


async def test_a_schema_ahead_of_this_code_stops_start_up(database: ScratchDatabase):
    async with database.engine.begin() as connection:  # as a newer OfficeBot would leave it
        await connection.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    settings = Settings.from_env({"OFFICEBOT_DATABASE_URL": database.url})
    with pytest.raises(ConfigError) as info:
        async with open_database(settings):
            pass
    assert str(info.value) == (
        "OFFICEBOT_DATABASE_URL: the database schema is at revision 9999, newer than this OfficeBot knows "
        f"({migrate.head_revision()}): upgrade OfficeBot to the version that migrated it"
    )


async def test_a_schema_behind_says_to_upgrade(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path / 'behind.db'}"
    engine = create_engine(database_from(url, tmp_path))
    await migrate.upgrade(engine)
    current = migrate.head_revision()
    newer = f"{int(current) + 1:04d}"
    # As if this code knew a newer one (by Alembic's scripts and by their file names).
    monkeypatch.setattr(migrate, "head_revision", lambda: newer)
    monkeypatch.setattr(migrate, "newest_file_revision", lambda: newer)
    with pytest.raises(migrate.SchemaMismatch) as info:
        await migrate.check_schema(engine)
    await engine.dispose()
    assert str(info.value) == (
        f"OFFICEBOT_DATABASE_URL: the database schema is at revision {current}, this OfficeBot needs {newer}: "
        "run `officebot db upgrade`"
    )


async def test_the_embedded_default_migrates_and_seeds_itself_once(newcomer):
    settings = Settings.from_env({})
    assert settings.database.embedded
    async with open_database(settings, seed_when_empty=True) as engine, engine.connect() as connection:
        assert (await connection.execute(select(func.count()).select_from(employees))).scalar() == 5
        await connection.execute(text("DELETE FROM employees WHERE employee_id = 'E1005'"))
        await connection.commit()
    assert (newcomer / "officebot.db").exists()
    async with (
        open_database(settings, seed_when_empty=True) as engine,  # not empty: left as it is
        engine.connect() as connection,
    ):
        assert (await connection.execute(select(func.count()).select_from(employees))).scalar() == 4


async def test_an_unreachable_server_is_one_line_naming_the_variable(newcomer):
    settings = Settings.from_env({"OFFICEBOT_DATABASE_URL": "postgresql://officebot:secret@127.0.0.1:1/hr"})
    with pytest.raises(ConfigError) as info:
        async with open_database(settings):
            pass
    message = str(info.value)
    assert message.startswith(
        "OFFICEBOT_DATABASE_URL: cannot reach postgresql+asyncpg://officebot:***@127.0.0.1:1/hr"
    )
    assert "secret" not in message and "\n" not in message


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"OFFICEBOT_DATABASE_URL": "mysql://x@y/z"}, "supports postgresql:// and sqlite:///"),
        ({"OFFICEBOT_DATABASE_URL": "not a url"}, "is not a database URL"),
        ({"OFFICEBOT_DATABASE_URL": "sqlite://"}, "has no file"),
        ({"OFFICEBOT_DATABASE_URL": "sqlite:///x.db", "OFFICEBOT_DATA": "hr.json"}, "both set"),
    ],
)
def test_a_bad_database_setting_is_one_line(env, says):
    with pytest.raises(ConfigError) as info:
        Settings.from_env(env)
    assert says in str(info.value) and "\n" not in str(info.value)
    assert str(info.value).startswith(("OFFICEBOT_DATABASE_URL", "OFFICEBOT_DATA"))


def test_db_upgrade_migrates_then_reports_it_is_current(newcomer, monkeypatch, capsys):
    monkeypatch.setenv("OFFICEBOT_DATABASE_URL", f"sqlite:///{newcomer / 'prod.db'}")
    assert main(["db", "upgrade"]) == 0
    assert (
        capsys.readouterr()
        .out.strip()
        .endswith(f"migrated from revision (none) to {migrate.head_revision()}.")
    )
    assert main(["db", "upgrade"]) == 0
    assert (
        capsys.readouterr()
        .out.strip()
        .endswith(f"the schema is current (revision {migrate.head_revision()}).")
    )
    assert main(["demo"]) == 2  # migrated, never seeded (a production database): nobody to ask as
    assert capsys.readouterr().err.strip() == (
        "officebot: No employee with id 'E1001' in the HR data: it has no employees yet "
        "(load them with `officebot data import`)."
    )


def test_the_embedded_file_is_in_the_working_directory(tmp_path: Path):
    assert database_from(None, tmp_path).url.database == str((tmp_path / "officebot.db").resolve())


async def test_an_embedded_file_migrated_by_a_newer_officebot_is_one_line(newcomer):
    settings = Settings.from_env({})
    async with open_database(settings):
        pass
    engine = create_engine(settings.database)
    async with engine.begin() as connection:
        await connection.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    await engine.dispose()
    with pytest.raises(ConfigError) as info:
        async with open_database(settings):
            pass
    assert "revision 9999, newer than this OfficeBot knows" in str(info.value)


async def test_a_migration_that_fails_part_way_changes_nothing(tmp_path, monkeypatch):
    engine = create_engine(database_from(f"sqlite:///{tmp_path / 'half.db'}", tmp_path))
    real_upgrade = alembic_command.upgrade

    def upgrade_then_fail(config, revision):
        real_upgrade(config, revision)  # every table is created…
        raise RuntimeError("the disk filled up")  # …and then the run fails

    monkeypatch.setattr(alembic_command, "upgrade", upgrade_then_fail)
    with pytest.raises(RuntimeError):
        await migrate.upgrade(engine)
    async with engine.connect() as connection:
        tables = await connection.run_sync(lambda sync: sa_inspect(sync).get_table_names())
    await engine.dispose()
    assert tables == []  # not half-migrated: nothing at all


def test_the_newest_revision_by_file_name_is_alembic_s_head():
    # What a start on an up-to-date database compares with, without loading Alembic.
    assert migrate.newest_file_revision() == migrate.head_revision()


@pytest.fixture
def versions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the migrations' versions folder, where `officebot db revision` writes: none in the repo."""
    copy = tmp_path / "versions"
    shutil.copytree(migrate.VERSIONS, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(migrate, "VERSIONS", copy)
    return copy


def test_db_revision_writes_the_next_numbered_migration(versions: Path, capsys):
    head = migrate.head_revision()
    assert main(["db", "revision", "-m", "Backfill the notices"]) == 0
    following = f"{int(head) + 1:04d}"
    written = versions / f"{following}_backfill_the_notices.py"
    assert (
        capsys.readouterr()
        .out.strip()
        .endswith(
            f"{written}: review it (autogenerate misses renames and data), then `officebot db upgrade`."
        )
    )
    source = written.read_text(encoding="utf-8")
    assert source.startswith(f'"""Backfill the notices\n\nRevision ID: {following}\nRevises: {head}\n"""')
    assert f'revision = "{following}"\ndown_revision = "{head}"' in source
    assert "def upgrade() -> None:" in source and "pass" in source  # the tables already match: nothing to add
    assert migrate.head_revision() == following  # the new head, in the folder it was written to


async def test_db_revision_autogenerates_what_the_tables_add(versions: Path):
    probe = Table("probe", metadata, Column("id", Integer, primary_key=True), Column("days", Days))
    try:
        written = await migrate.new_revision("Probe")
    finally:
        metadata.remove(probe)
    source = written.read_text(encoding="utf-8")
    assert 'op.create_table(\n        "probe",' in source
    assert 'sa.Column("days", Days(), nullable=True)' in source and "from bot.db.tables import Days" in source
    assert 'op.drop_table("probe")' in source
