"""Group commit: items arriving while a write is in flight go together in the next one; a failed write
fails only its own batch."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest

from bot.db.group_commit import GroupCommit


async def test_items_arriving_together_are_written_in_few_batches_with_their_own_results():
    batches: list[list[int]] = []

    async def write(items: Sequence[int]) -> list[int]:
        batches.append(list(items))
        await asyncio.sleep(0.01)  # a round trip
        return [item * 10 for item in items]

    commit: GroupCommit[int, int] = GroupCommit(write)
    results = await asyncio.gather(*(commit.submit(n) for n in range(200)))
    assert results == [n * 10 for n in range(200)]
    assert len(batches) <= 3  # not 200 writes
    assert sorted(n for batch in batches for n in batch) == list(range(200))


async def test_a_quiet_item_is_written_at_once_on_its_own():
    batches: list[list[str]] = []

    async def write(items: Sequence[str]) -> list[str]:
        batches.append(list(items))
        return list(items)

    commit: GroupCommit[str, str] = GroupCommit(write)
    assert await commit.submit("a") == "a"
    assert await commit.submit("b") == "b"
    assert batches == [["a"], ["b"]]


async def test_a_failed_write_fails_its_batch_and_the_next_batch_is_tried_afresh():
    calls = 0

    async def write(items: Sequence[int]) -> list[int]:
        nonlocal calls
        calls += 1
        await asyncio.sleep(0.01)
        if calls == 1:
            raise ConnectionError("database went away")
        return list(items)

    commit: GroupCommit[int, int] = GroupCommit(write)
    first = asyncio.ensure_future(commit.submit(1))
    await asyncio.sleep(0)  # the first write starts with item 1 alone
    later = [asyncio.ensure_future(commit.submit(n)) for n in (2, 3)]
    with pytest.raises(ConnectionError):
        await first
    assert await asyncio.gather(*later) == [2, 3]
