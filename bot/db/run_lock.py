"""One `officebot run` per SQLite file.

The durable inbox would work across processes on one SQLite file, but SQLite has no `SKIP LOCKED` and
serialises every writer on the file, so several processes would only queue behind one another; the
embedded default is for one process, and a second is refused with one line. Several processes share a
PostgreSQL database instead. The lock is an advisory `flock` on a file beside the database, which the
operating system releases when the process dies, however it dies.
"""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bot.errors import ConfigError


@contextmanager
def only_process_on(database_file: Path) -> Iterator[None]:
    lock_path = database_file.with_name(database_file.name + ".run-lock")
    with open(lock_path, "a") as lock:
        try:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise ConfigError(
                f"another `officebot run` is already serving {database_file}: the embedded SQLite database "
                "serves one process; to run several, set OFFICEBOT_DATABASE_URL to a PostgreSQL database"
            ) from None
        try:
            yield
        finally:
            fcntl.flock(lock.fileno(), fcntl.LOCK_UN)
