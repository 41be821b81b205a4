"""The durable inbox as a port: what the Slack side does with a question between its ack and its answer.

The states and the leases are described with the SQL implementation, `bot/db/inbox.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, Protocol

from bot.domain.people import Surface
from bot.ports.conversations import Turn

State = Literal["received", "answering", "answered", "failed"]


@dataclass(frozen=True)
class Delivery:
    """A question as Slack delivered it, before it is recorded."""

    delivery_id: str
    surface: Surface
    slack_user_id: str
    payload: dict[str, Any]
    # The question as a turn of its thread's conversation, recorded with it (a DM's; None elsewhere).
    turn: Turn | None = None


@dataclass(frozen=True)
class HeldQuestion:
    """A question this process holds: recorded, not yet finished."""

    delivery_id: str
    surface: Surface
    slack_user_id: str
    payload: dict[str, Any]
    received_at: datetime
    progress_ts: str | None = None  # the placeholder a previous holder posted
    attempts: int = 0  # how many times it was taken over


class Inbox(Protocol):
    """The inbox as seen by one process. Every method may raise when the database is unreachable."""

    def working(self, delivery_id: str) -> AbstractContextManager[None]:
        """While inside, a worker of this process is answering the question, so `renew` keeps its lease."""
        ...

    async def accept(self, delivery: Delivery) -> HeldQuestion | None:
        """Records a new question, held by this process; None when this delivery was recorded before."""
        ...

    async def rank(self, held: HeldQuestion) -> int:
        """How many questions the same person asked in the rate-limit window up to and including this one."""
        ...

    async def start_answering(self, delivery_id: str, *, progress_ts: str | None = None) -> bool:
        """received → answering; False if this process no longer holds the question."""
        ...

    async def note_progress(self, delivery_id: str, progress_ts: str) -> None:
        """Remembers the placeholder, so whoever takes the question over edits it rather than leave it."""
        ...

    async def finish(self, delivery_id: str, *, answered: bool, replies: Sequence[Turn] = ()) -> bool:
        """answered / failed, with the replies posted for it as turns of their thread's conversation,
        recorded together; False if another process had taken it over meanwhile. A question recorded with
        a turn and finished with no reply known (found posted after a takeover) leaves its thread stale."""
        ...

    async def renew(self) -> int:
        """Extends the lease of every question a worker of this process is working on; how many."""
        ...

    async def take_over(self, limit: int = 100, *, sole_process: bool = False) -> Sequence[HeldQuestion]:
        """Takes the oldest questions nobody holds any more and holds them here."""
        ...

    async def release(self) -> int:
        """Lets go of every unfinished question this process holds; how many."""
        ...

    async def depth(self) -> int:
        """Questions recorded and not yet finished, in every process."""
        ...

    async def purge(self) -> int:
        """Forgets finished questions once they are old enough (a day); how many."""
        ...

    async def state_of(self, delivery_id: str) -> State | None: ...
