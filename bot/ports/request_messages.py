"""The messages leave requests owe people, as a port: owed with each transition (the request store writes
them in the transition's transaction), then delivered once by the holder of the request's delivery lease.
The SQL implementation is `bot/db/request_messages.py`; the deliverer is `bot/slack/requests/request_delivery.py`."""

from __future__ import annotations

from datetime import timedelta
from typing import Protocol

from bot.domain.request_messages import Owed, RequestMessage


class RequestOutbox(Protocol):
    async def due(self, limit: int = 50) -> list[int]:
        """Requests with a message owed and due now, whoever holds their lease."""
        ...

    async def claim(self, request_id: int, owner: str, *, steal: bool = False) -> bool:
        """The request's delivery lease for `owner` (taken, or renewed): True unless another owner holds it
        unexpired. `steal`: take it whoever holds it (SQLite's run lock proves no other process runs)."""
        ...

    async def release(self, request_id: int, owner: str) -> None: ...

    async def owed(self, request_id: int) -> list[RequestMessage]:
        """The request's messages still owed and due now, in the order they were owed."""
        ...

    async def messages(self, request_id: int) -> list[RequestMessage]:
        """Every message of the request, whatever its state, in order."""
        ...

    async def add(self, request_id: int, owed: Owed) -> None:
        """One more message owed, found owed while delivering (the requester told no card could go)."""
        ...

    async def posted(self, request_id: int) -> list[RequestMessage]:
        """The request's messages that were posted (channel and ts known), in order."""
        ...

    async def message_at(self, channel: str, ts: str) -> RequestMessage | None:
        """The posted message at (channel, ts), whichever request it is about."""
        ...

    async def trying(self, message_id: int) -> None:
        """Recorded before a try: a later try knows this one may have posted."""
        ...

    async def sent(self, message_id: int, channel: str | None, ts: str | None) -> None: ...

    async def failed(self, message_id: int, error: str) -> None:
        """Given up: Slack refused it for good (`error`: its error code, never a text)."""
        ...

    async def postpone(self, message_id: int, wait: timedelta) -> None:
        """Not before `wait` from now (Slack's Retry-After, or a backoff after a failed connection)."""
        ...
