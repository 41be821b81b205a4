"""Group commit: writes that arrive while one is in flight are written together in the next one.

Each statement costs a round trip (on SQLite, SQLAlchemy's work and a checkout; on PostgreSQL, a network
round trip and a pool checkout too), and under load the cost is the number of statements, not their size.
So callers hand their item to a `GroupCommit` and await its result: the first item is written at once,
on its own (no added delay when things are quiet); items that arrive meanwhile queue up and go in one
transaction as soon as it finishes. Two hundred questions arriving together cost a handful of
transactions instead of two hundred.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")

MAX_BATCH = 500  # items per transaction (SQLite allows 32,766 bound values per statement)


class GroupCommit(Generic[T, R]):
    """`await submit(item)` → the result `write(batch)` gave for that item (same order as the batch).
    A failing write fails every item of its batch; the next batch is tried afresh."""

    def __init__(self, write: Callable[[Sequence[T]], Awaitable[Sequence[R]]]) -> None:
        self._write = write
        self._pending: list[tuple[T, asyncio.Future[R]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def submit(self, item: T) -> R:
        future: asyncio.Future[R] = asyncio.get_running_loop().create_future()
        self._pending.append((item, future))
        if self._writer is None:
            self._writer = asyncio.get_running_loop().create_task(self._drain())
        return await future

    async def _drain(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
                try:
                    results = await self._write([item for item, _ in batch])
                except BaseException as exc:
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(exc)
                    if isinstance(exc, asyncio.CancelledError):
                        self._fail_pending(exc)
                        raise
                    continue
                for (_, future), result in zip(batch, results, strict=True):
                    if not future.done():
                        future.set_result(result)
        finally:
            self._writer = None

    def _fail_pending(self, exc: BaseException) -> None:
        pending, self._pending = self._pending, []
        for _, future in pending:
            if not future.done():
                future.set_exception(exc)
