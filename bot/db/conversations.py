"""A thread's conversation in our own records: every question accepted and every reply posted in a DM
thread is a row of `conversation_turns`, so a follow-up's history costs a database read, not a Slack read.

The records of a thread are complete, and a follow-up is answered from them, when all of these hold:

- the thread's first message is known: a turn we recorded, or the bot's own message (the greeting: a
  thread that opens with the bot's message never shows it to the model, which drops leading assistant
  turns, so its text does not matter and is not kept), or the bot saw the thread begin (`started`: it
  greeted in it);
- nobody edited or deleted a message of the thread since it was last read (`changed`: Slack's
  `message_changed` / `message_deleted` events), and no question of it ended without its reply recorded
  (the reply was found already posted after a takeover: its text is unknown);
- the thread, or its last read from Slack, is younger than two horizons: the retention (older turns may
  be purged) and the start of the current run of receiving (`keep_recording`: before it, a question sent
  while no process was connected may be missing).

Otherwise the Slack side reads the thread once (`conversations.replies`) and `refresh` makes the records
complete again from then on.

Retention: turns are personal data, kept only for the history window: at most `keep` (OFFICEBOT_HISTORY_DAYS)
after they were recorded, and only a thread's last `KEEP_PER_THREAD`; a thread's state goes with them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from sqlalchemy import delete, func, select, tuple_
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from bot.db.engine import single_statement, writing
from bot.db.tables import conversation_recording, conversation_threads, conversation_turns
from bot.ports.conversations import Role, Turn

DEFAULT_KEEP = timedelta(days=1)
# More than the history window's 10 turns: consecutive turns of one role are merged into one, and a
# follow-up must still find ten after merging.
KEEP_PER_THREAD = 50
DEFAULT_GAP_AFTER = 30.0  # seconds without any process saying it receives: a new run
# Slack's clock (a message's ts) against ours, when a thread's start is compared with the run's: a thread
# begun within this of the run's start counts as begun in it (only a message sent in that second, while
# nobody received, could be missed).
CLOCK_SKEW = timedelta(seconds=1)
# Turns are recorded a moment after their ts; the retention horizon is checked with this to spare.
PURGE_MARGIN = timedelta(minutes=1)

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


def ts_key(ts: str) -> tuple[int, int]:
    """Slack's ts ("1733300000.000100") in message order."""
    seconds, _, micros = ts.partition(".")
    return int(seconds or 0), int(micros or 0)


def ts_time(ts: str) -> datetime:
    seconds, micros = ts_key(ts)
    return datetime.fromtimestamp(seconds, UTC) + timedelta(microseconds=micros)


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _insert(connection: AsyncConnection) -> Any:
    return (postgresql if connection.dialect.name == "postgresql" else sqlite).insert


async def record_turns(
    connection: AsyncConnection, turns: Sequence[tuple[Turn, str | None]], now: datetime
) -> None:
    """Writes `turns` (each with its question's delivery id) on `connection`, in the caller's
    transaction; a turn already there (a reply edited into an apology: same message) takes the new text."""
    if not turns:
        return
    rows = [
        {
            "channel": t.channel,
            "thread_ts": t.thread_ts,
            "ts": t.ts,
            "role": t.role,
            "text": t.text,
            "delivery_id": delivery_id,
            "recorded_at": now,
        }
        for t, delivery_id in turns
    ]
    statement = _insert(connection)(conversation_turns)
    statement = statement.on_conflict_do_update(
        index_elements=[
            conversation_turns.c.channel,
            conversation_turns.c.thread_ts,
            conversation_turns.c.ts,
        ],
        set_={"text": statement.excluded.text, "role": statement.excluded.role},
    )
    await connection.execute(statement, rows)


async def unknown_replies(connection: AsyncConnection, delivery_ids: Sequence[str], now: datetime) -> None:
    """These questions were finished without their reply's text known: their threads are stale."""
    if not delivery_ids:
        return
    threads = select(conversation_turns.c.channel, conversation_turns.c.thread_ts).where(
        conversation_turns.c.delivery_id.in_(delivery_ids), conversation_turns.c.role == "user"
    )
    for row in (await connection.execute(threads)).all():
        await _mark(connection, row.channel, row.thread_ts, {"changed_at": now, "touched_at": now})


async def _mark(connection: AsyncConnection, channel: str, thread_ts: str, values: dict[str, Any]) -> None:
    statement = _insert(connection)(conversation_threads).values(
        channel=channel, thread_ts=thread_ts, **values
    )
    statement = statement.on_conflict_do_update(
        index_elements=[conversation_threads.c.channel, conversation_threads.c.thread_ts], set_=values
    )
    await connection.execute(statement)


class SqlConversations:
    """The `Conversations` port in the database, on one engine."""

    def __init__(
        self,
        engine: AsyncEngine,
        *,
        keep: timedelta = DEFAULT_KEEP,
        gap_after: float = DEFAULT_GAP_AFTER,
        clock: Clock = utc_now,
    ) -> None:
        self._engine = engine
        self.keep = keep
        self._gap_after = timedelta(seconds=gap_after)
        self._clock = clock
        # The start of the run of receiving this process is part of, once it said so: until then no
        # record is trusted (it cannot know whether it follows a gap).
        self._since: datetime | None = None

    async def keep_recording(self) -> None:
        now = self._clock()
        async with writing(self._engine) as connection:
            row = (await connection.execute(select(conversation_recording))).one_or_none()
            # Nobody said so for a while: events may have gone unreceived meanwhile, a new run begins.
            broken = row is None or _aware(row.seen_at) < now - self._gap_after
            since = now if row is None or broken else _aware(row.since)
            values = {"since": since, "seen_at": now}
            statement = _insert(connection)(conversation_recording).values(id=1, **values)
            statement = statement.on_conflict_do_update(
                index_elements=[conversation_recording.c.id], set_=values
            )
            await connection.execute(statement)
        self._since = since

    async def recorded(self, channel: str, thread_ts: str, *, root_is_ours: bool) -> Sequence[Turn] | None:
        if self._since is None:
            return None
        key = (conversation_threads.c.channel == channel, conversation_threads.c.thread_ts == thread_ts)
        turns_of = select(
            conversation_turns.c.ts, conversation_turns.c.role, conversation_turns.c.text
        ).where(conversation_turns.c.channel == channel, conversation_turns.c.thread_ts == thread_ts)
        async with single_statement(self._engine) as connection:
            state = (await connection.execute(select(conversation_threads).where(*key))).one_or_none()
            rows = (await connection.execute(turns_of)).all()
        turns = sorted(
            (Turn(channel, thread_ts, r.ts, cast(Role, r.role), r.text) for r in rows),
            key=lambda t: ts_key(t.ts),
        )
        changed_at = _aware(state.changed_at) if state is not None and state.changed_at else None
        refreshed_at = _aware(state.refreshed_at) if state is not None and state.refreshed_at else None
        if changed_at is not None and (refreshed_at is None or changed_at >= refreshed_at):
            return None  # edited or deleted since last read
        if refreshed_at is not None:
            known_since = refreshed_at
        elif root_is_ours or any(t.ts == thread_ts for t in turns):
            known_since = ts_time(thread_ts) + CLOCK_SKEW
        else:
            return None  # its first message is someone's we never recorded
        horizon = max(self._since, self._clock() - self.keep + PURGE_MARGIN)
        return turns if known_since >= horizon else None

    async def refresh(
        self, channel: str, thread_ts: str, turns: Sequence[Turn], *, read_at: datetime
    ) -> None:
        """`turns` as Slack showed them at `read_at` (when the read began: an edit after it keeps the
        thread stale). Turns recorded meanwhile (a newer question) are kept; those Slack no longer has
        (deleted) or no longer counts as turns (edited empty) go."""
        now = self._clock()
        newest = max((ts_key(t.ts) for t in turns), default=(0, 0))
        where = (conversation_turns.c.channel == channel, conversation_turns.c.thread_ts == thread_ts)
        async with writing(self._engine) as connection:
            had = {r.ts for r in await connection.execute(select(conversation_turns.c.ts).where(*where))}
            gone = [ts for ts in had - {t.ts for t in turns} if ts_key(ts) <= newest]
            if gone:
                await connection.execute(
                    delete(conversation_turns).where(*where, conversation_turns.c.ts.in_(gone))
                )
            await record_turns(connection, [(t, None) for t in turns], now)
            await _mark(connection, channel, thread_ts, {"refreshed_at": read_at, "touched_at": now})

    async def started(self, channel: str, thread_ts: str) -> None:
        now = self._clock()
        async with writing(self._engine) as connection:
            await _mark(connection, channel, thread_ts, {"refreshed_at": now, "touched_at": now})

    async def changed(self, channel: str, thread_ts: str) -> None:
        now = self._clock()
        async with writing(self._engine) as connection:
            await _mark(connection, channel, thread_ts, {"changed_at": now, "touched_at": now})

    async def purge(self) -> int:
        horizon = self._clock() - self.keep
        ranked = select(
            conversation_turns.c.channel,
            conversation_turns.c.thread_ts,
            conversation_turns.c.ts,
            func.row_number()
            .over(
                partition_by=(conversation_turns.c.channel, conversation_turns.c.thread_ts),
                order_by=conversation_turns.c.ts.desc(),
            )
            .label("newer"),
        ).subquery()
        beyond = select(ranked.c.channel, ranked.c.thread_ts, ranked.c.ts).where(
            ranked.c.newer > KEEP_PER_THREAD
        )
        key = tuple_(conversation_turns.c.channel, conversation_turns.c.thread_ts, conversation_turns.c.ts)
        async with writing(self._engine) as connection:
            old = await connection.execute(
                delete(conversation_turns).where(conversation_turns.c.recorded_at < horizon)
            )
            many = await connection.execute(delete(conversation_turns).where(key.in_(beyond)))
            await connection.execute(
                delete(conversation_threads).where(conversation_threads.c.touched_at < horizon)
            )
        return int(old.rowcount) + int(many.rowcount)
