"""The bot under test, in its own process, started exactly as `officebot run` starts it (Settings from the
environment, `serve`), with two benchmark knobs given as arguments:

  --store-latency S   every HR lookup takes S seconds, as a remote HR API would
  --serial            the baseline: one conversation at a time (a global lock around each answer), the way
                      a bot that handles messages in a simple loop behaves
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
from collections.abc import Sequence

from bot.config import Settings
from bot.core.loop import Assistant, Turn
from bot.hr.store import JsonHrData, SlowStore
from bot.slack.runner import serve
from bot.wiring import build_core


def one_at_a_time(assistant: Assistant) -> None:
    """Baseline only: the same assistant, answering one turn at a time across the whole process."""
    lock = asyncio.Lock()
    run_turn = assistant.run_turn

    async def serial_run_turn(conversation: Sequence, caller) -> Turn:
        async with lock:
            return await run_turn(conversation, caller)

    assistant.run_turn = serial_run_turn  # type: ignore[method-assign]


async def main(store_latency: float, serial: bool) -> None:
    settings = Settings.from_env()
    store = SlowStore(JsonHrData.load(settings.data_path), store_latency) if store_latency else None
    core = build_core(settings, store=store)
    if serial:
        one_at_a_time(core.assistant)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    await serve(settings, stop=stop, core=core)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--store-latency", type=float, default=0.0)
    parser.add_argument("--serial", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    asyncio.run(main(args.store_latency, args.serial))
