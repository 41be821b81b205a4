"""`officebot run` in this process: `main(argv)` on the test's main thread, as a real process runs it
(its own event loop, signal handlers, which only the main thread may install), while the Slack stand-in
serves on a loop thread of its own. Start-up of a whole process (importing the app costs seconds of CPU)
is kept for the few smoke tests that need one (tests/support/process.py).

A test drives the stand-in with `slack_thread.later(coroutine)` (runs on the stand-in's loop while
`main` blocks) and may stop the bot with a real signal sent to this process, after the bot has shown it
is up (its handlers are installed before it connects)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import signal
import threading
from collections.abc import Coroutine, Iterator
from typing import Any, TypeVar

import pytest

from tests.support.slack import populate
from tests.support.slack_api import SlackStandIn

T = TypeVar("T")

_STOPPING_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class SlackOnAThread:
    """A SlackStandIn served on an event loop running on another thread."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="slack-stand-in", daemon=True)
        self._thread.start()
        self.slack: SlackStandIn = self.run(self._start())

    async def _start(self) -> SlackStandIn:
        slack = await SlackStandIn().start()
        populate(slack)
        return slack

    def later(self, coroutine: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        """Runs `coroutine` on the stand-in's loop; the test collects its result after `main` returned."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop)

    def run(self, coroutine: Coroutine[Any, Any, T], timeout: float = 30) -> T:
        return self.later(coroutine).result(timeout)

    def close(self) -> None:
        self.run(self.slack.stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)
        self.loop.close()


@pytest.fixture
def slack_thread() -> Iterator[SlackOnAThread]:
    """The Slack stand-in (with the small workspace) on a thread, for `main(["run"])` in this process.
    A stopping signal that `run` does not handle fails the test (it would kill the test run otherwise);
    the signal dispositions are restored afterwards (`run` installs and removes its own)."""
    saved = {sig: signal.getsignal(sig) for sig in _STOPPING_SIGNALS}
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _unhandled)
    threaded = SlackOnAThread()
    try:
        yield threaded
    finally:
        threaded.close()
        for sig, handler in saved.items():
            signal.signal(sig, handler)


def _unhandled(signum: int, _frame: object) -> None:
    raise AssertionError(f"{signal.Signals(signum).name} reached the process without `run` handling it")


def send_to_this_process(sig: signal.Signals) -> None:
    """What `kill -TERM <pid>` does to a real `officebot run`."""
    os.kill(os.getpid(), sig)
