"""Long lists cut into statements: rows per INSERT/UPDATE executemany, ids per `IN (...)`."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar

# Both well under SQLite's and asyncpg's limits on parameters per statement.
WRITE_CHUNK = 10_000
ID_CHUNK = 1_000

_Item = TypeVar("_Item")


def chunks(items: Sequence[_Item], size: int) -> Iterator[Sequence[_Item]]:
    """`items` in consecutive slices of at most `size` (itertools.batched is Python 3.12+)."""
    for start in range(0, len(items), size):
        yield items[start : start + size]
