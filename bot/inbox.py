"""The durable inbox: every question is recorded in the database before Slack is told we have it, and
stays there until it is answered, so no acknowledged question is lost to a crash or a restart.

    accept (before the ack) ─▶ received ─▶ answering ─▶ answered / failed
                                 ╰──── lease expired (holder crashed, or let it go at shutdown) ───╮
                                 ╰◀──────────────────── take_over (any process) ◀─────────────────╯

- A delivery's id (Slack's `event_id`, or a slash command's `trigger_id`) is the primary key, so a
  redelivered event inserts nothing: redelivery dedupe survives restarts and is shared by processes.
- The process that accepted a question holds it (`owner`) until `lease_until` and renews the lease of
  everything it holds while it works (`renew`). A question whose lease has run out belongs to nobody,
  and any process may `take_over` it. Taking over is one UPDATE over rows picked `FOR UPDATE SKIP LOCKED`
  on PostgreSQL, so two processes never take the same row and neither waits for the other.
- Once finished, a row keeps only who asked, when and how it ended (the question itself is dropped) for a
  day, which also serves the per-person rate limit, then is purged.

The inbox knows nothing of Slack: a delivery's `payload` is whatever the surface needs to finish it.
Times come from this process's clock (UTC); processes sharing a database need synchronised clocks (NTP),
which a lease of tens of seconds tolerates easily.
"""

from __future__ import annotations

import os
import secrets
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Literal, cast

from sqlalchemy import Row, delete, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db.engine import single_statement, writing
from bot.db.tables import inbox
from bot.hr.ports import Surface

State = Literal["received", "answering", "answered", "failed"]
_OPEN: tuple[State, ...] = ("received", "answering")
_FINISHED: tuple[State, ...] = ("answered", "failed")

DEFAULT_LEASE = 30.0  # seconds a crashed process's questions wait before another takes them over
KEEP_FINISHED = timedelta(days=1)  # longer than Slack's retries (about 1.5 h) and the rate-limit window

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


def process_name() -> str:
    """Who holds a lease: host and pid for whoever reads the table, plus a random part so a restarted
    process with a recycled pid is not mistaken for its predecessor."""
    return f"{socket.gethostname()[:32]}:{os.getpid()}:{secrets.token_hex(3)}"


@dataclass(frozen=True)
class Delivery:
    """A question as Slack delivered it, before it is recorded."""

    delivery_id: str
    surface: Surface
    slack_user_id: str
    payload: dict[str, Any]


@dataclass(frozen=True)
class Held:
    """A question this process holds: recorded, not yet finished."""

    delivery_id: str
    surface: Surface
    slack_user_id: str
    payload: dict[str, Any]
    received_at: datetime
    progress_ts: str | None = None  # the placeholder a previous holder posted
    attempts: int = 0  # how many times it was taken over


def _aware(moment: datetime) -> datetime:
    # SQLite hands datetimes back without their zone; every time stored here is UTC.
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _held(row: Row[Any]) -> Held:
    return Held(
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


class Inbox:
    """The inbox as seen by one process (`owner`), on one engine. The Slack app opens two over the same
    database: one on the loop that receives (`accept`), one on the loop that answers (everything else)."""

    def __init__(
        self, engine: AsyncEngine, owner: str, *, lease: float = DEFAULT_LEASE, clock: Clock = utc_now
    ) -> None:
        self._engine = engine
        self.owner = owner
        self.lease = timedelta(seconds=lease)
        self._clock = clock
        dialect = postgresql if engine.dialect.name == "postgresql" else sqlite
        self._insert = dialect.insert

    async def accept(self, delivery: Delivery) -> Held | None:
        """Records a new question, held by this process; None when this delivery was recorded before
        (a redelivery, here or in another process)."""
        now = self._clock()
        statement = (
            self._insert(inbox)
            .values(
                delivery_id=delivery.delivery_id,
                surface=delivery.surface,
                slack_user_id=delivery.slack_user_id,
                state="received",
                received_at=now,
                owner=self.owner,
                lease_until=now + self.lease,
                payload=delivery.payload,
            )
            .on_conflict_do_nothing(index_elements=[inbox.c.delivery_id])
            .returning(inbox.c.delivery_id)
        )
        async with single_statement(self._engine) as connection:
            inserted = (await connection.execute(statement)).first()
        if inserted is None:
            return None
        return Held(delivery.delivery_id, delivery.surface, delivery.slack_user_id, delivery.payload, now)

    async def start_answering(self, delivery_id: str, *, progress_ts: str | None = None) -> bool:
        """received → answering (noting the placeholder, if given, in the same statement); False if this
        process no longer holds the question."""
        noted = {"progress_ts": progress_ts} if progress_ts is not None else {}
        return await self._update_held(delivery_id, state="answering", **noted)

    async def note_progress(self, delivery_id: str, progress_ts: str) -> None:
        """Remembers the placeholder, so whoever takes the question over edits it rather than leave it."""
        await self._update_held(delivery_id, progress_ts=progress_ts)

    async def finish(self, delivery_id: str, *, answered: bool) -> bool:
        """answered / failed, and the question itself forgotten. False if another process had taken it
        over meanwhile (this one was stalled past its lease)."""
        return await self._update_held(
            delivery_id,
            state="answered" if answered else "failed",
            finished_at=self._clock(),
            lease_until=None,
            payload=None,
        )

    async def _update_held(self, delivery_id: str, **values: Any) -> bool:
        statement = (
            update(inbox)
            .where(
                inbox.c.delivery_id == delivery_id,
                inbox.c.owner == self.owner,
                inbox.c.state.in_(_OPEN),
            )
            .values(**values)
        )
        async with single_statement(self._engine) as connection:
            return (await connection.execute(statement)).rowcount == 1

    async def renew(self) -> int:
        """Extends the lease of every question this process holds; how many it holds."""
        statement = (
            update(inbox)
            .where(inbox.c.owner == self.owner, inbox.c.state.in_(_OPEN))
            .values(lease_until=self._clock() + self.lease)
        )
        async with single_statement(self._engine) as connection:
            return (await connection.execute(statement)).rowcount

    async def take_over(self, limit: int = 100) -> Sequence[Held]:
        """Takes the oldest questions nobody holds any more (their lease ran out) and holds them here."""
        now = self._clock()
        orphans = (
            select(inbox.c.delivery_id)
            .where(inbox.c.state.in_(_OPEN), inbox.c.lease_until < now)
            .order_by(inbox.c.received_at)
            .limit(limit)
            .with_for_update(skip_locked=True)  # PostgreSQL: rows another process is taking are skipped
        )
        statement = (
            update(inbox)
            # The lease is checked again on the row itself: PostgreSQL re-evaluates this after a lock wait.
            .where(inbox.c.delivery_id.in_(orphans.scalar_subquery()), inbox.c.lease_until < now)
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

    async def asked_before(self, held: Held, window: timedelta) -> int:
        """How many questions the same person asked in the `window` up to and including `held`: its
        rank, which is the same whichever process asks and however late, so a burst is cut at the limit
        exactly."""
        statement = (
            select(func.count())
            .select_from(inbox)
            .where(
                inbox.c.slack_user_id == held.slack_user_id,
                inbox.c.received_at > held.received_at - window,
                inbox.c.received_at <= held.received_at,
            )
        )
        async with single_statement(self._engine) as connection:
            return int((await connection.execute(statement)).scalar_one())

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
