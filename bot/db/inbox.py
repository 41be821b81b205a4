"""The durable inbox: every question is recorded in the database before Slack is told we have it, and
stays there until it is answered, so no acknowledged question is lost to a crash or a restart.

    accept (before the ack) ─▶ received ─▶ answering ─▶ answered / failed
                                 ╰──── lease expired (holder crashed, or let it go at shutdown) ───╮
                                 ╰◀──────────────────── take_over (any process) ◀─────────────────╯

- A delivery's id (Slack's `event_id`, or a slash command's `trigger_id`) is the primary key, so a
  redelivered event inserts nothing: redelivery dedupe survives restarts and is shared by processes.
- The process that accepted a question holds it (`owner`) until `lease_until`, and renews the lease only
  of the questions one of its workers is working on (`working`, `renew`): a row it recorded but never
  started (an INSERT that landed after its ack was given up) is left to expire. A question whose lease
  has run out belongs to nobody, and any process may `take_over` it. Taking over is one UPDATE over rows picked `FOR UPDATE SKIP LOCKED`
  on PostgreSQL, so two processes never take the same row and neither waits for the other.
- Once finished, a row keeps only who asked, when and how it ended (the question itself is dropped) for a
  day, which also serves the per-person rate limit, then is purged.
- Writes that arrive together (two hundred questions at once) go in one transaction (`GroupCommit`).

The port (`Inbox`) and its values are in `bot/ports/inbox.py`; this is its SQL implementation.
The inbox knows nothing of Slack: a delivery's `payload` is whatever the surface needs to finish it.
Times come from this process's clock (UTC); processes sharing a database need synchronised clocks (NTP),
which a lease of tens of seconds tolerates easily.
"""

from __future__ import annotations

import os
import secrets
import socket
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from sqlalchemy import Row, bindparam, delete, func, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from bot.db.conversations import record_turns, unknown_replies
from bot.db.engine import single_statement, writing
from bot.db.group_commit import GroupCommit
from bot.db.tables import inbox
from bot.domain.people import Surface
from bot.ports.conversations import Turn
from bot.ports.inbox import Delivery, HeldQuestion, State

_OPEN: tuple[State, ...] = ("received", "answering")
_FINISHED: tuple[State, ...] = ("answered", "failed")

DEFAULT_LEASE = 30.0  # seconds a crashed process's questions wait before another takes them over
RANK_WINDOW = timedelta(minutes=1)  # the rate limit (OFFICEBOT_RATE_LIMIT) counts questions a minute
KEEP_FINISHED = timedelta(days=1)  # longer than Slack's retries (about 1.5 h) and the rate-limit window

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


def process_name() -> str:
    """Who holds a lease: host and pid for whoever reads the table, plus a random part so a restarted
    process with a recycled pid is not mistaken for its predecessor."""
    return f"{socket.gethostname()[:32]}:{os.getpid()}:{secrets.token_hex(3)}"


@dataclass(frozen=True)
class _Update:
    """A change to a held question: a new state, a placeholder noted, or both."""

    delivery_id: str
    state: State | None
    progress_ts: str | None = None
    replies: tuple[Turn, ...] = ()  # a finished question's, recorded with its new state


def _aware(moment: datetime) -> datetime:
    # SQLite hands datetimes back without their zone; every time stored here is UTC.
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _held(row: Row[Any]) -> HeldQuestion:
    return HeldQuestion(
        delivery_id=row.delivery_id,
        surface=cast(Surface, row.surface),
        slack_user_id=row.slack_user_id,
        payload=row.payload or {},
        received_at=_aware(row.received_at),
        progress_ts=row.progress_ts,
        attempts=row.attempts,
    )


_HELD_COLUMNS = (
    inbox.c.delivery_id,
    inbox.c.surface,
    inbox.c.slack_user_id,
    inbox.c.payload,
    inbox.c.received_at,
    inbox.c.progress_ts,
    inbox.c.attempts,
)


class SqlInbox:
    """The `Inbox` port in the database. The inbox as seen by one process (`owner`), on one engine. The Slack app opens two over the same
    database: one on the loop that receives (`accept`), one on the loop that answers (everything else)."""

    def __init__(
        self,
        engine: AsyncEngine,
        owner: str,
        *,
        lease: float = DEFAULT_LEASE,
        rank_window: timedelta = RANK_WINDOW,
        clock: Clock = utc_now,
    ) -> None:
        self._engine = engine
        self.owner = owner
        self.lease = timedelta(seconds=lease)
        self.rank_window = rank_window
        self._clock = clock
        dialect = postgresql if engine.dialect.name == "postgresql" else sqlite
        self._insert = dialect.insert
        self._accepting: GroupCommit[Delivery, HeldQuestion | None] = GroupCommit(self._accept_batch)
        self._updating: GroupCommit[_Update, bool] = GroupCommit(self._update_batch)
        self._ranking: GroupCommit[HeldQuestion, int] = GroupCommit(self._rank_batch)
        self._working: set[str] = set()  # questions a worker of this process is answering right now

    @property
    def _held_here(self) -> tuple[Any, ...]:
        # Written out rather than IN (…): an executemany cannot expand a list parameter.
        return (inbox.c.owner == self.owner, or_(*(inbox.c.state == state for state in _OPEN)))

    @contextmanager
    def working(self, delivery_id: str) -> Iterator[None]:
        """While inside, a worker of this process is answering the question, so `renew` keeps its lease.
        Only these are renewed: a question this process recorded and holds but is not working on (nobody
        started it, or its worker is gone) must be left to expire, for a takeover to answer it."""
        self._working.add(delivery_id)
        try:
            yield
        finally:
            self._working.discard(delivery_id)

    async def accept(self, delivery: Delivery) -> HeldQuestion | None:
        """Records a new question, held by this process; None when this delivery was recorded before
        (a redelivery, here or in another process). Deliveries arriving together are recorded in one
        transaction (see `GroupCommit`)."""
        return await self._accepting.submit(delivery)

    async def _accept_batch(self, deliveries: Sequence[Delivery]) -> list[HeldQuestion | None]:
        now = self._clock()
        first: dict[str, int] = {}  # a delivery twice in one batch is recorded once
        rows = []
        for index, delivery in enumerate(deliveries):
            if delivery.delivery_id in first:
                continue
            first[delivery.delivery_id] = index
            rows.append(
                {
                    "delivery_id": delivery.delivery_id,
                    "surface": delivery.surface,
                    "slack_user_id": delivery.slack_user_id,
                    "state": "received",
                    # Distinct and in arrival order, so each question's rank is its own.
                    "received_at": now + timedelta(microseconds=index),
                    "owner": self.owner,
                    "lease_until": now + self.lease,
                    "payload": delivery.payload,
                    "attempts": 0,
                }
            )
        statement = (
            self._insert(inbox)
            .on_conflict_do_nothing(index_elements=[inbox.c.delivery_id])
            .returning(inbox.c.delivery_id)
        )
        # The rows go as executemany parameters: SQLAlchemy's "insertmanyvalues" renders them into the
        # one cached statement, where `.values(rows)` compiled a new one with a bind parameter per value
        # each time (0.8 ms of CPU a question in a burst of 200).
        if not any(d.turn is not None for d in deliveries):
            # One statement, no transaction around it: the ack waits for this, and nothing else.
            async with single_statement(self._engine) as connection:
                inserted = {row.delivery_id for row in await connection.execute(statement, rows)}
        else:
            # A DM question is a turn of its thread's conversation too, recorded in the same transaction:
            # a follow-up trusts these records instead of reading Slack, so neither may exist alone.
            async with writing(self._engine) as connection:
                inserted = {row.delivery_id for row in await connection.execute(statement, rows)}
                turns = [
                    (d.turn, d.delivery_id)
                    for i, d in enumerate(deliveries)
                    if d.turn is not None and d.delivery_id in inserted and first[d.delivery_id] == i
                ]
                await record_turns(connection, turns, now)
        return [
            HeldQuestion(
                d.delivery_id, d.surface, d.slack_user_id, d.payload, now + timedelta(microseconds=i)
            )
            if d.delivery_id in inserted and first[d.delivery_id] == i
            else None
            for i, d in enumerate(deliveries)
        ]

    async def rank(self, held: HeldQuestion) -> int:
        """How many questions the same person asked in the `rank_window` up to and including this one.
        Ranks follow arrival order, so a burst is cut at the limit exactly, whichever process counts."""
        return await self._ranking.submit(held)

    async def _rank_batch(self, held: Sequence[HeldQuestion]) -> list[int]:
        oldest = min(h.received_at for h in held) - self.rank_window
        statement = select(inbox.c.slack_user_id, inbox.c.received_at).where(
            inbox.c.slack_user_id.in_({h.slack_user_id for h in held}), inbox.c.received_at > oldest
        )
        asked: dict[str, list[datetime]] = {}
        async with single_statement(self._engine) as connection:
            for row in await connection.execute(statement):
                asked.setdefault(row.slack_user_id, []).append(_aware(row.received_at))
        window = self.rank_window
        return [
            sum(h.received_at - window < at <= h.received_at for at in asked.get(h.slack_user_id, []))
            for h in held
        ]

    async def start_answering(self, delivery_id: str, *, progress_ts: str | None = None) -> bool:
        """received → answering (noting the placeholder, if given, in the same transaction); False if
        this process no longer holds the question."""
        return await self._updating.submit(_Update(delivery_id, "answering", progress_ts))

    async def note_progress(self, delivery_id: str, progress_ts: str) -> None:
        """Remembers the placeholder, so whoever takes the question over edits it rather than leave it."""
        await self._updating.submit(_Update(delivery_id, None, progress_ts))

    async def finish(self, delivery_id: str, *, answered: bool, replies: Sequence[Turn] = ()) -> bool:
        """answered / failed, and the question itself forgotten (its turn stays, for the history window,
        with its replies'). False if another process had taken it over meanwhile (this one was stalled
        past its lease)."""
        state: State = "answered" if answered else "failed"
        return await self._updating.submit(_Update(delivery_id, state, replies=tuple(replies)))

    async def _update_batch(self, updates: Sequence[_Update]) -> list[bool]:
        """Every update waiting, in a few statements: placeholders noted (one executemany), then each new
        state set for all its questions at once, only where this process still holds them. Each
        statement stands alone (none needs the others), so none holds SQLite's one write lock for long:
        the ack path's INSERT never waits behind a whole batch. A finish is the exception: its state
        and its replies' turns go in one short transaction."""
        held_here = self._held_here
        done: set[tuple[str, State | None]] = set()
        async with single_statement(self._engine) as connection:
            noted = [{"id": u.delivery_id, "ts": u.progress_ts} for u in updates if u.progress_ts is not None]
            if noted:
                statement = (
                    update(inbox)
                    .where(inbox.c.delivery_id == bindparam("id"), *held_here)
                    .values(progress_ts=bindparam("ts"))
                )
                await connection.execute(statement, noted)
                done |= {(u.delivery_id, None) for u in updates if u.state is None}
            done |= await self._set_state(connection, "answering", updates)
        for state in _FINISHED:
            if any(u.state == state for u in updates):
                # Its replies join the thread's conversation in the same transaction as its new state.
                async with writing(self._engine) as connection:
                    done |= await self._set_state(connection, state, updates)
        return [(u.delivery_id, u.state) in done for u in updates]

    async def _set_state(
        self, connection: AsyncConnection, state: State, updates: Sequence[_Update]
    ) -> set[tuple[str, State | None]]:
        """`state` for every update asking for it, where this process still holds the question."""
        ids = [u.delivery_id for u in updates if u.state == state]
        if not ids:
            return set()
        values: dict[str, Any] = {"state": state}
        if state != "answering":
            values |= {"finished_at": self._clock(), "lease_until": None, "payload": None}
        statement = (
            update(inbox)
            .where(inbox.c.delivery_id.in_(ids), *self._held_here)
            .values(**values)
            .returning(inbox.c.delivery_id)
        )
        done = {row.delivery_id for row in await connection.execute(statement)}
        if state != "answering":
            finished = [u for u in updates if u.state == state and u.delivery_id in done]
            now = self._clock()
            await record_turns(connection, [(t, u.delivery_id) for u in finished for t in u.replies], now)
            await unknown_replies(connection, [u.delivery_id for u in finished if not u.replies], now)
        return {(delivery_id, state) for delivery_id in done}

    async def renew(self) -> int:
        """Extends the lease of every question a worker of this process is working on (see `working`);
        how many were extended."""
        if not self._working:
            return 0
        statement = (
            update(inbox)
            .where(
                inbox.c.delivery_id.in_(sorted(self._working)),
                inbox.c.owner == self.owner,
                inbox.c.state.in_(_OPEN),
            )
            .values(lease_until=self._clock() + self.lease)
        )
        async with single_statement(self._engine) as connection:
            return (await connection.execute(statement)).rowcount

    async def take_over(self, limit: int = 100, *, sole_process: bool = False) -> Sequence[HeldQuestion]:
        """Takes the oldest questions nobody holds any more (their lease ran out) and holds them here.

        `sole_process`: this process is known to be the only one on the database (SQLite's run lock), so
        a question held by any other owner is an orphan of a process that is gone, whatever its lease
        says: taken at once instead of after the lease."""
        now = self._clock()
        orphaned = or_(inbox.c.lease_until < now, inbox.c.owner.is_(None))
        if sole_process:
            orphaned = or_(orphaned, inbox.c.owner != self.owner)
        orphans = (
            select(inbox.c.delivery_id)
            .where(inbox.c.state.in_(_OPEN), orphaned)
            .order_by(inbox.c.received_at)
            .limit(limit)
            .with_for_update(skip_locked=True)  # PostgreSQL: rows another process is taking are skipped
        )
        statement = (
            update(inbox)
            # The lease is checked again on the row itself: PostgreSQL re-evaluates this after a lock wait.
            .where(inbox.c.delivery_id.in_(orphans.scalar_subquery()), orphaned)
            .values(owner=self.owner, lease_until=now + self.lease, attempts=inbox.c.attempts + 1)
            .returning(*_HELD_COLUMNS)
        )
        async with writing(self._engine) as connection:
            rows = (await connection.execute(statement)).all()
        return sorted((_held(row) for row in rows), key=lambda held: held.received_at)

    async def release(self) -> int:
        """Lets go of every unfinished question this process holds, for the next process (or the next
        start) to take over at once; how many."""
        statement = (
            update(inbox)
            .where(inbox.c.owner == self.owner, inbox.c.state.in_(_OPEN))
            .values(owner=None, lease_until=self._clock())
        )
        async with single_statement(self._engine) as connection:
            return (await connection.execute(statement)).rowcount

    async def depth(self) -> int:
        """Questions recorded and not yet finished, in every process."""
        statement = select(func.count()).select_from(inbox).where(inbox.c.state.in_(_OPEN))
        async with single_statement(self._engine) as connection:
            return int((await connection.execute(statement)).scalar_one())

    async def purge(self, keep: timedelta = KEEP_FINISHED) -> int:
        statement = delete(inbox).where(
            inbox.c.state.in_(_FINISHED), inbox.c.received_at < self._clock() - keep
        )
        async with single_statement(self._engine) as connection:
            return (await connection.execute(statement)).rowcount

    async def state_of(self, delivery_id: str) -> State | None:
        statement = select(inbox.c.state).where(inbox.c.delivery_id == delivery_id)
        async with single_statement(self._engine) as connection:
            return cast(State | None, (await connection.execute(statement)).scalar_one_or_none())
