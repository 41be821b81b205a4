"""`OFFICEBOT_DATABASE_URL` → the SQLAlchemy URL OfficeBot connects with.

A standard URL names the database; the async driver is ours to choose, so `postgresql://user@host/db`
and `sqlite:///path` work as written (asyncpg and aiosqlite are what the project ships). Unset, the
database is the embedded SQLite file `./officebot.db` in the working directory.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

EMBEDDED_FILE = "officebot.db"

# The async driver for each database we support, whatever the URL named (or did not).
_ASYNC_DRIVERS = {"postgresql": "asyncpg", "sqlite": "aiosqlite"}


class DatabaseUrlError(ValueError):
    """One line, naming OFFICEBOT_DATABASE_URL and what is wrong with it."""


@dataclass(frozen=True)
class Database:
    url: URL
    embedded: bool  # the default file: created, migrated and seeded on first use

    @property
    def is_sqlite(self) -> bool:
        return self.url.get_backend_name() == "sqlite"

    @property
    def file(self) -> Path:
        """The SQLite database's file."""
        return Path(self.url.database or "")

    def describe(self) -> str:
        """For logs and messages: never the password."""
        return self.url.render_as_string(hide_password=True)


def embedded_database(directory: Path) -> Database:
    path = (directory / EMBEDDED_FILE).resolve()
    return Database(make_url(f"sqlite+aiosqlite:///{path}"), embedded=True)


def database_from(raw: str | None, working_directory: Path) -> Database:
    if not raw:
        return embedded_database(working_directory)
    try:
        url = make_url(raw)
    except ArgumentError:
        raise DatabaseUrlError(
            f"OFFICEBOT_DATABASE_URL={raw!r} is not a database URL: use e.g. "
            "postgresql://officebot@db.internal:5432/officebot or sqlite:///path/to/officebot.db"
        ) from None
    backend = url.get_backend_name()
    if backend == "postgres":  # Heroku-style alias
        backend = "postgresql"
    driver = _ASYNC_DRIVERS.get(backend)
    if driver is None:
        raise DatabaseUrlError(
            f"OFFICEBOT_DATABASE_URL names a {backend!r} database: OfficeBot supports postgresql:// and sqlite:///"
        )
    if backend == "sqlite" and not url.database:
        raise DatabaseUrlError(
            "OFFICEBOT_DATABASE_URL=sqlite:// has no file: use sqlite:///path/to/officebot.db"
        )
    url = url.set(drivername=f"{backend}+{driver}")
    if backend == "postgresql" and "sslmode" in url.query:
        # libpq's spelling; asyncpg takes the same values as `ssl`.
        url = url.difference_update_query(["sslmode"]).update_query_dict({"ssl": url.query["sslmode"]})
    return Database(url, embedded=False)
