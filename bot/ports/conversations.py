"""A thread's conversation as our own records hold it: the turns a follow-up needs, so that answering
one does not cost a `conversations.replies` read (Tier 3: about 50 a minute per workspace).

The SQL implementation (`bot/db/conversations.py`) describes when the records are complete; the Slack
side (`bot/slack/answering/conversation.py`) reads Slack only when they are not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal, Protocol

Role = Literal["user", "assistant"]


@dataclass(frozen=True)
class Turn:
    """One message of a thread as the model sees it: a person's question (its text as parsed, the
    mention and `--trace` taken out) or one of our replies. A top-level message is the root of its own
    thread, so `thread_ts` is its own `ts` then."""

    channel: str
    thread_ts: str
    ts: str
    role: Role
    text: str


class Conversations(Protocol):
    """Every method may raise when the database is unreachable."""

    async def recorded(self, channel: str, thread_ts: str, *, root_is_ours: bool) -> Sequence[Turn] | None:
        """The thread's turns, oldest first, if our records of it are complete; None when they cannot be
        (Slack must be read). `root_is_ours`: Slack says the thread's first message is the bot's."""
        ...

    async def refresh(
        self, channel: str, thread_ts: str, turns: Sequence[Turn], *, read_at: datetime
    ) -> None:
        """Replaces the thread's records with `turns`, read from Slack at `read_at`: complete again."""
        ...

    async def started(self, channel: str, thread_ts: str) -> None:
        """The bot saw the thread begin (it greeted in it, or its greeting is the thread's first message):
        complete as of now, with no turns yet."""
        ...

    async def changed(self, channel: str, thread_ts: str) -> None:
        """A message of the thread was edited or deleted: its records are stale until read again."""
        ...

    async def keep_recording(self) -> None:
        """Says this process is receiving Slack's events (the caretaker's every round): while some
        process is, no question goes unrecorded, so records made since can be trusted."""
        ...

    async def purge(self) -> int:
        """Forgets turns older than the retention, and the threads' states with them; how many turns."""
        ...
