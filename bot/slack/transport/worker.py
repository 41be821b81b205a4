"""Answers are worked out on a second event loop, in its own thread, apart from the Slack transport.

Acks must leave within milliseconds whatever else is going on. The Anthropic and Slack SDKs spend real
CPU on every call (building, sending and parsing requests); with hundreds of conversations in flight,
that work on the loop that reads the Socket Mode connection would hold acks back by whole seconds, since
an event loop runs every ready callback before it looks at the socket again. So the transport loop only
reads, dispatches and acks, and hands each question to this loop. The interpreter switches threads every
few milliseconds, which keeps acks prompt however busy answering gets.

Everything the answers need (the services from `open_services`, the Slack client, the identity cache)
is opened on this loop, used only here, and closed here.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
from collections.abc import Callable, Coroutine
from contextlib import AbstractAsyncContextManager, AsyncExitStack
from typing import Any, Generic, TypeVar

log = logging.getLogger(__name__)

D = TypeVar("D")
T = TypeVar("T")

DEFAULT_GRACE = 20.0  # seconds in-flight answers get to finish at shutdown (OFFICEBOT_SHUTDOWN_GRACE)


class AnswerWorker(Generic[D]):
    """`start(open_deps)` enters the answering side's context on the worker loop; `submit(job)` runs
    `job(deps)` there without waiting for it; `stop()` lets in-flight jobs finish (up to `grace`), then
    leaves that context on the same loop, which closes everything it opened."""

    def __init__(self, name: str = "officebot-answers") -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name=name, daemon=True)
        self._deps: D | None = None
        self._opened = AsyncExitStack()
        self._jobs: set[asyncio.Task[None]] = set()

    def _call(self, coroutine: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop)

    async def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        """Runs `coroutine` on the worker loop (where the services live) and waits for it from here."""
        return await asyncio.wrap_future(self._call(coroutine))

    @property
    def deps(self) -> D:
        if self._deps is None:
            raise RuntimeError("the answer worker is not started")
        return self._deps

    async def start(self, open_deps: Callable[[], AbstractAsyncContextManager[D]]) -> D:
        self._thread.start()

        async def enter() -> D:
            return await self._opened.enter_async_context(open_deps())

        self._deps = await asyncio.wrap_future(self._call(enter()))
        return self._deps

    def submit(self, job: Callable[[D], Coroutine[Any, Any, None]]) -> None:
        """Fire and forget: `job` must handle its own errors (it has the means to tell the user)."""
        self._loop.call_soon_threadsafe(self._spawn, job, self.deps)

    def _spawn(self, job: Callable[[D], Coroutine[Any, Any, None]], deps: D) -> None:
        task = self._loop.create_task(job(deps))
        self._jobs.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._jobs.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("an answer failed", exc_info=task.exception())

    async def stop(self, grace: float = DEFAULT_GRACE) -> None:
        if not self._thread.is_alive():
            if not self._loop.is_closed():
                self._loop.close()
            return

        async def wind_down() -> None:
            if self._jobs:
                _, pending = await asyncio.wait(set(self._jobs), timeout=grace)
                for task in pending:
                    task.cancel()
                await asyncio.gather(*pending, return_exceptions=True)
            await self._opened.aclose()

        await asyncio.wrap_future(self._call(wind_down()))
        self._loop.call_soon_threadsafe(self._loop.stop)
        await asyncio.to_thread(self._thread.join)
        self._loop.close()
