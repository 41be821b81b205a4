"""The bot under test, in its own process, started exactly as `officebot run` starts it (Settings from the
environment, `serve`), with two benchmark knobs given as arguments:

  --store-latency S   every HR lookup takes S seconds, as a remote HR API would
  --serial            the baseline: one conversation at a time (a global lock around each answer), the way
                      a bot that handles messages in a simple loop behaves

Both are overrides of `open_services`, the same seam tests use.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
from collections.abc import AsyncIterator, Sequence

from bot.cli import collector_paused

# Loaded as `officebot run` loads its command: the collector paused meanwhile, then what was loaded left
# out of its walks (bot/cli/__init__.py), so the start-up CPU measured here is the command's.
with collector_paused():
    from anthropic.types import MessageParam

    from bot.agent.conversation import Conversation
    from bot.agent.loop import Assistant, Turn
    from bot.config import Settings
    from bot.db.hr import SqlHrStore
    from bot.domain.leave import LeaveTaken
    from bot.domain.people import Caller, Employee
    from bot.ports.hr import LeaveStore, LedgerInputs
    from bot.services import Services, open_database, open_services
    from bot.slack.transport.runner import serve


class SlowStore:
    """Adds a fixed latency to every lookup, as a remote HR API would."""

    def __init__(self, inner: LeaveStore, delay_seconds: float) -> None:
        self._inner = inner
        self._delay = delay_seconds

    async def leave_taken(self, employee_id: str, year: int) -> LeaveTaken:
        await asyncio.sleep(self._delay)
        return await self._inner.leave_taken(employee_id, year)

    async def employee(self, employee_id: str) -> Employee:
        await asyncio.sleep(self._delay)
        return await self._inner.employee(employee_id)

    async def ledger_inputs(self, employee_id: str) -> LedgerInputs:
        await asyncio.sleep(self._delay)
        return await self._inner.ledger_inputs(employee_id)


def one_at_a_time(assistant: Assistant) -> None:
    """Baseline only: the same assistant, answering one turn at a time across the whole process."""
    lock = asyncio.Lock()
    run_turn = assistant.run_turn

    async def serial_run_turn(conversation: Conversation | Sequence[MessageParam], caller: Caller) -> Turn:
        async with lock:
            return await run_turn(conversation, caller)

    assistant.run_turn = serial_run_turn  # type: ignore[method-assign]


async def main(store_latency: float, serial: bool) -> None:
    settings = Settings.from_env()

    @contextlib.asynccontextmanager
    async def services() -> AsyncIterator[Services]:
        async with contextlib.AsyncExitStack() as stack:
            store: LeaveStore | None = None
            if store_latency:
                engine = await stack.enter_async_context(open_database(settings))
                store = SlowStore(SqlHrStore(engine), store_latency)
            opened = await stack.enter_async_context(open_services(settings, leave=store))
            if serial:
                one_at_a_time(opened.assistant)
            yield opened

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    await serve(settings, stop=stop, services=services)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--store-latency", type=float, default=0.0)
    parser.add_argument("--serial", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    asyncio.run(main(args.store_latency, args.serial))
