"""The durable inbox on both databases: a delivery is recorded once, held by one process under a lease,
taken over by another once the lease runs out (never by two), released at shutdown, and forgotten when
finished."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from sqlalchemy import select

from bot.db.inbox import SqlInbox
from bot.db.tables import inbox
from bot.ports.inbox import Delivery
from tests.support.database import ScratchDatabase

T0 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


def delivery(n: int, user: str = "U1") -> Delivery:
    return Delivery(f"Ev{n}", "dm", user, {"event": {"text": f"question {n}", "user": user}})


async def test_a_delivery_is_recorded_once_whichever_process_sees_it(database: ScratchDatabase):
    clock = Clock()
    first, second = (SqlInbox(database.engine, name, clock=clock) for name in ("p1", "p2"))
    held = await first.accept(delivery(1))
    assert held is not None and held.payload["event"]["text"] == "question 1"
    assert await first.accept(delivery(1)) is None  # redelivered to the same process
    assert await second.accept(delivery(1)) is None  # or to another one
    assert await first.depth() == 1


async def test_concurrent_deliveries_of_one_event_record_it_once(database: ScratchDatabase):
    inboxes = [SqlInbox(database.engine, f"p{i}") for i in range(5)]
    results = await asyncio.gather(*(box.accept(delivery(7)) for box in inboxes))
    assert sum(result is not None for result in results) == 1


async def test_finishing_forgets_the_question_but_keeps_the_outcome(database: ScratchDatabase):
    box = SqlInbox(database.engine, "p1", clock=Clock())
    await box.accept(delivery(1))
    assert await box.start_answering("Ev1")
    await box.note_progress("Ev1", "1700000000.000100")
    assert await box.finish("Ev1", answered=True)
    async with database.engine.connect() as connection:
        row = (await connection.execute(select(inbox).where(inbox.c.delivery_id == "Ev1"))).one()
    assert (row.state, row.payload, row.lease_until) == ("answered", None, None)
    assert await box.depth() == 0
    assert not await box.finish("Ev1", answered=False)  # finished once only


async def test_a_crashed_process_s_questions_are_taken_over_once_its_lease_runs_out(
    database: ScratchDatabase,
):
    clock = Clock()
    crashed = SqlInbox(database.engine, "crashed", lease=30, clock=clock)
    alive = SqlInbox(database.engine, "alive", lease=30, clock=clock)
    for n in (1, 2):
        await crashed.accept(delivery(n))
    await crashed.start_answering("Ev1")
    await crashed.note_progress("Ev1", "1700000000.000100")
    clock.advance(29)
    assert await alive.take_over() == []  # still leased
    clock.advance(2)
    taken = await alive.take_over()
    assert [(h.delivery_id, h.progress_ts, h.attempts) for h in taken] == [
        ("Ev1", "1700000000.000100", 1),
        ("Ev2", None, 1),
    ]
    assert taken[0].payload["event"]["text"] == "question 1"
    assert await alive.take_over() == []  # now held (and leased) by `alive`
    assert not await crashed.finish("Ev1", answered=True)  # the stalled holder lost it
    assert await alive.finish("Ev1", answered=True)


async def test_renewing_keeps_a_slow_answer_from_being_taken(database: ScratchDatabase):
    clock = Clock()
    working = SqlInbox(database.engine, "working", lease=30, clock=clock)
    other = SqlInbox(database.engine, "other", lease=30, clock=clock)
    await working.accept(delivery(1))
    with working.working("Ev1"):
        for _ in range(4):
            clock.advance(20)
            assert await working.renew() == 1
            assert await other.take_over() == []


async def test_a_question_recorded_but_never_started_is_not_renewed_and_is_taken_over(
    database: ScratchDatabase,
):
    # The INSERT landed after the ack was given up: this process holds a row no worker ever started.
    # Renewing every row it owns kept such a question stuck for as long as the process lived.
    clock = Clock()
    recorder = SqlInbox(database.engine, "recorder", lease=30, clock=clock)
    other = SqlInbox(database.engine, "other", lease=30, clock=clock)
    await recorder.accept(delivery(1))  # never started
    await recorder.accept(delivery(2))
    with recorder.working("Ev2"):  # a slow answer in progress
        for _ in range(2):
            clock.advance(20)
            assert await recorder.renew() == 1
        assert [h.delivery_id for h in await other.take_over()] == ["Ev1"]


async def test_the_only_process_takes_every_question_another_owner_left_at_once(database: ScratchDatabase):
    # On SQLite the run lock proves the previous process is gone: its leases need not be waited out.
    clock = Clock()
    gone = SqlInbox(database.engine, "gone", lease=30, clock=clock)
    starting = SqlInbox(database.engine, "starting", lease=30, clock=clock)
    await gone.accept(delivery(1))
    await starting.accept(delivery(2))  # its own question, just recorded, is not an orphan
    assert await starting.take_over() == []  # leased: a process sharing the database must wait
    assert [h.delivery_id for h in await starting.take_over(sole_process=True)] == ["Ev1"]


async def test_two_processes_taking_over_at_once_never_take_the_same_question(database: ScratchDatabase):
    clock = Clock()
    crashed = SqlInbox(database.engine, "crashed", lease=1, clock=clock)
    for n in range(40):
        await crashed.accept(delivery(n, user=f"U{n}"))
    clock.advance(5)
    takers = [SqlInbox(database.engine, f"taker{i}", clock=clock) for i in range(4)]
    taken = await asyncio.gather(*(taker.take_over(limit=15) for taker in takers))
    ids = [held.delivery_id for batch in taken for held in batch]
    assert len(ids) == len(set(ids)) == 40


async def test_released_questions_are_taken_over_at_once(database: ScratchDatabase):
    clock = Clock()
    leaving = SqlInbox(database.engine, "leaving", lease=30, clock=clock)
    arriving = SqlInbox(database.engine, "arriving", lease=30, clock=clock)
    await leaving.accept(delivery(1))
    await leaving.accept(delivery(2))
    await leaving.finish("Ev2", answered=True)
    assert await leaving.release() == 1
    clock.advance(0.001)
    assert [h.delivery_id for h in await arriving.take_over()] == ["Ev1"]


async def test_the_rank_of_a_question_counts_only_the_same_person_before_it(database: ScratchDatabase):
    clock = Clock()
    box = SqlInbox(database.engine, "p1", clock=clock)
    ranks = []
    for n in range(5):
        clock.advance(1)
        held = await box.accept(delivery(n, user="U1"))
        await box.accept(delivery(100 + n, user="U2"))
        ranks.append(await box.rank(held) if held else None)
    assert ranks == [1, 2, 3, 4, 5]
    clock.advance(57)  # the first two (at +1 s, +2 s) fall out of the minute before this one
    late = await box.accept(delivery(9, user="U1"))
    assert late is not None and await box.rank(late) == 4


async def test_a_burst_recorded_together_is_ranked_in_arrival_order(database: ScratchDatabase):
    box = SqlInbox(database.engine, "p1", clock=Clock())
    held = await asyncio.gather(*(box.accept(delivery(n, user="U1")) for n in range(6)))
    ranks = await asyncio.gather(*(box.rank(h) for h in held if h))
    assert sorted(ranks) == [1, 2, 3, 4, 5, 6]
    again = await asyncio.gather(box.accept(delivery(0)), box.accept(delivery(0)), box.accept(delivery(77)))
    assert again[0] is None and again[1] is None and again[2] is not None


async def test_updates_made_together_each_get_their_own_answer(database: ScratchDatabase):
    clock = Clock()
    mine = SqlInbox(database.engine, "mine", lease=30, clock=clock)
    theirs = SqlInbox(database.engine, "theirs", lease=30, clock=clock)
    for n in range(4):
        await mine.accept(delivery(n))
    await theirs.accept(delivery(9))
    results = await asyncio.gather(
        mine.start_answering("Ev0", progress_ts="1.0"),
        mine.finish("Ev1", answered=True),
        mine.finish("Ev2", answered=False),
        mine.note_progress("Ev3", "3.0"),
        mine.start_answering("Ev9"),  # not this process's
    )
    assert results == [True, True, True, None, False]
    states = [await mine.state_of(f"Ev{n}") for n in (0, 1, 2, 3, 9)]
    assert states == ["answering", "answered", "failed", "received", "received"]
    clock.advance(31)
    taken = {h.delivery_id: h.progress_ts for h in await theirs.take_over()}
    assert taken == {"Ev0": "1.0", "Ev3": "3.0", "Ev9": None}


async def test_finished_questions_are_purged_after_a_day(database: ScratchDatabase):
    clock = Clock()
    box = SqlInbox(database.engine, "p1", clock=clock)
    await box.accept(delivery(1))
    await box.accept(delivery(2))
    await box.finish("Ev1", answered=True)
    clock.advance(25 * 3600)
    assert await box.purge() == 1  # the unfinished one stays, whatever its age
    assert await box.state_of("Ev1") is None and await box.state_of("Ev2") == "received"
