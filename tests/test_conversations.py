"""A thread's turns in our own records, on both databases: written with the inbox's changes, trusted only
while they can be complete (no gap in receiving, nothing edited since, within the retention), and kept
only as long as the history window needs them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select

from bot.db.conversations import KEEP_PER_THREAD, SqlConversations
from bot.db.inbox import SqlInbox
from bot.db.tables import conversation_turns
from bot.ports.conversations import Turn
from bot.ports.inbox import Delivery
from tests.support.database import ScratchDatabase

T0 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
CHANNEL = "DMINSU"


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


def ts_at(moment: datetime, micros: int = 0) -> str:
    return f"{int(moment.timestamp())}.{micros:06d}"


GREETING = ts_at(T0 + timedelta(seconds=5))  # the bot's message the thread opens with


def question(n: int, thread: str = GREETING) -> Delivery:
    ts = ts_at(T0 + timedelta(seconds=10 + n))
    turn = Turn(CHANNEL, thread, ts, "user", f"question {n}")
    return Delivery(f"Ev{n}", "dm", "UMINSU", {"event": {"ts": ts}}, turn)


def answer(n: int, thread: str = GREETING) -> Turn:
    return Turn(CHANNEL, thread, ts_at(T0 + timedelta(seconds=10 + n), 500), "assistant", f"answer {n}")


async def texts(records: SqlConversations, *, root_is_ours: bool = True) -> list[str] | None:
    turns = await records.recorded(CHANNEL, GREETING, root_is_ours=root_is_ours)
    return None if turns is None else [t.text for t in turns]


async def test_a_question_and_its_answer_are_the_thread_s_records(database: ScratchDatabase):
    clock = Clock()
    records = SqlConversations(database.engine, clock=clock)
    box = SqlInbox(database.engine, "p1", clock=clock)
    await records.keep_recording()
    await box.accept(question(1))
    assert await texts(records) == ["question 1"]  # the greeting and the question: nothing to read
    assert await box.finish("Ev1", answered=True, replies=[answer(1)])
    await box.accept(question(2))
    assert await texts(records) == ["question 1", "answer 1", "question 2"]


async def test_a_thread_opened_by_someone_we_never_recorded_is_not_complete(database: ScratchDatabase):
    clock = Clock()
    records = SqlConversations(database.engine, clock=clock)
    await records.keep_recording()
    await SqlInbox(database.engine, "p1", clock=clock).accept(question(1))
    assert await texts(records, root_is_ours=False) is None


async def test_records_are_not_trusted_before_this_process_says_it_receives(database: ScratchDatabase):
    clock = Clock()
    await SqlInbox(database.engine, "p1", clock=clock).accept(question(1))
    assert await texts(SqlConversations(database.engine, clock=clock)) is None


async def test_a_gap_in_receiving_makes_older_threads_incomplete(database: ScratchDatabase):
    clock = Clock()
    before = SqlConversations(database.engine, clock=clock, gap_after=30)
    await before.keep_recording()
    await SqlInbox(database.engine, "p1", clock=clock).accept(question(1))
    clock.advance(20)  # restarted within the lease: Slack redelivers what was not acknowledged
    soon = SqlConversations(database.engine, clock=clock, gap_after=30)
    await soon.keep_recording()
    assert await texts(soon) == ["question 1"]
    clock.advance(120)  # nobody received anything for two minutes: a question may be missing
    after = SqlConversations(database.engine, clock=clock, gap_after=30)
    await after.keep_recording()
    assert await texts(after) is None


async def test_another_process_receiving_meanwhile_keeps_the_run_going(database: ScratchDatabase):
    clock = Clock()
    first, second = (SqlConversations(database.engine, clock=clock, gap_after=30) for _ in range(2))
    await first.keep_recording()
    await SqlInbox(database.engine, "p1", clock=clock).accept(question(1))
    for _ in range(10):  # the first process keeps saying it receives while the second one is down
        clock.advance(10)
        await first.keep_recording()
    await second.keep_recording()  # the second one starts again: no gap, the first was there
    assert await texts(second) == ["question 1"]


async def test_an_edit_makes_the_thread_stale_until_it_is_read_again(database: ScratchDatabase):
    clock = Clock()
    records = SqlConversations(database.engine, clock=clock)
    box = SqlInbox(database.engine, "p1", clock=clock)
    await records.keep_recording()
    await box.accept(question(1))
    await box.finish("Ev1", answered=True, replies=[answer(1)])
    clock.advance(1)
    await records.changed(CHANNEL, GREETING)
    assert await texts(records) is None
    clock.advance(1)
    read_at = clock.now  # the next question reads the thread from Slack: the answer was deleted
    await box.accept(question(2))
    edited = Turn(CHANNEL, GREETING, ts_at(T0 + timedelta(seconds=11)), "user", "question 1, edited")
    current = Turn(CHANNEL, GREETING, ts_at(T0 + timedelta(seconds=12)), "user", "question 2")
    await records.refresh(CHANNEL, GREETING, [edited, current], read_at=read_at)
    assert await texts(records) == ["question 1, edited", "question 2"]
    await records.changed(CHANNEL, GREETING)  # edited again after that read
    assert await texts(records) is None


async def test_a_refresh_that_began_before_an_edit_leaves_the_thread_stale(database: ScratchDatabase):
    clock = Clock()
    records = SqlConversations(database.engine, clock=clock)
    await records.keep_recording()
    read_at = clock.now
    clock.advance(1)
    await records.changed(CHANNEL, GREETING)  # while Slack was being read
    await records.refresh(CHANNEL, GREETING, [], read_at=read_at)
    assert await texts(records) is None


async def test_an_answer_found_posted_after_a_takeover_makes_the_thread_stale(database: ScratchDatabase):
    clock = Clock()
    records = SqlConversations(database.engine, clock=clock)
    box = SqlInbox(database.engine, "p1", clock=clock)
    await records.keep_recording()
    await box.accept(question(1))
    assert await box.finish("Ev1", answered=True)  # its text is not known here
    assert await texts(records) is None


async def test_a_reply_is_recorded_only_by_the_process_that_still_holds_the_question(
    database: ScratchDatabase,
):
    clock = Clock()
    records = SqlConversations(database.engine, clock=clock, gap_after=120)
    stalled = SqlInbox(database.engine, "p1", clock=clock, lease=30)
    await records.keep_recording()
    await stalled.accept(question(1))
    clock.advance(60)
    await records.keep_recording()
    [taken] = await SqlInbox(database.engine, "p2", clock=clock).take_over()
    assert taken.delivery_id == "Ev1"
    assert not await stalled.finish("Ev1", answered=True, replies=[answer(1)])
    assert await texts(records) == ["question 1"]


async def test_turns_are_kept_for_the_retention_and_the_thread_s_last_turns_only(
    database: ScratchDatabase,
):
    clock = Clock()
    records = SqlConversations(database.engine, clock=clock, keep=timedelta(hours=6))
    box = SqlInbox(database.engine, "p1", clock=clock)
    await records.keep_recording()
    for n in range(KEEP_PER_THREAD + 5):
        await box.accept(question(n))
    assert await records.purge() == 5  # the oldest, beyond the history window
    async with database.engine.connect() as connection:
        kept = set((await connection.execute(select(conversation_turns.c.text))).scalars())
    assert "question 4" not in kept and {"question 5", f"question {KEEP_PER_THREAD + 4}"} <= kept
    clock.advance(6 * 3600 + 1)
    await records.keep_recording()
    assert await texts(records) is None  # older than the retention: read from Slack again
    assert await records.purge() == KEEP_PER_THREAD
    async with database.engine.connect() as connection:
        assert (
            await connection.execute(select(func.count()).select_from(conversation_turns))
        ).scalar_one() == 0
