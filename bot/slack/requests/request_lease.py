"""A leave request's delivery lease: one process at a time delivers a request's messages (a lease in the
database, `RequestOutbox.claim`), renewed while it works however long one call takes (a budget's wait, a
429), released when it is done."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.ports.request_messages import RequestOutbox


class RequestLease:
    """This process's (`owner`) leases on requests, each renewed every `renew_every` seconds (a third of
    the lease)."""

    def __init__(self, outbox: RequestOutbox, owner: str, renew_every: float) -> None:
        self._outbox = outbox
        self._owner = owner
        self._renew_every = renew_every

    async def claim(self, request_id: int, *, steal: bool = False) -> bool:
        """False when another process holds it (`steal`: a lease left by a dead process is taken)."""
        return await self._outbox.claim(request_id, self._owner, steal=steal)

    @asynccontextmanager
    async def held(self, request_id: int) -> AsyncIterator[asyncio.Event]:
        """A claimed lease kept while the block runs, then released. The event is set once another
        process took it: the block stops after the call in flight."""
        lost = asyncio.Event()
        heartbeat = asyncio.get_running_loop().create_task(self._renew(request_id, lost))
        try:
            yield lost
        finally:
            heartbeat.cancel()
            await asyncio.gather(heartbeat, return_exceptions=True)
            await self._outbox.release(request_id, self._owner)

    async def _renew(self, request_id: int, lost: asyncio.Event) -> None:
        while True:
            await asyncio.sleep(self._renew_every)
            if not await self._outbox.claim(request_id, self._owner):
                lost.set()  # another process took it: stop after the call in flight
                return
