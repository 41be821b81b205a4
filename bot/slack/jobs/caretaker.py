"""The inbox's caretaker, on the answer loop: at start and then every third of a lease, it

- renews the lease of every question this process is answering (so nobody takes over a slow answer),
- takes over questions whose lease ran out (their process crashed, or let them go at shutdown) and
  answers them through the same surface code as a fresh question, editing the old placeholder; on
  SQLite, whose run lock proves this is the only process, every question another owner left is taken
  at once, without waiting out its lease,
- says this process still receives Slack's events (`Conversations.keep_recording`: the threads' records
  made meanwhile can be trusted),
- reads the inbox depth for `/metrics`, and now and then purges finished rows and the threads' turns
  past their retention,
- every `notice_every` seconds (an hour; the first at start) starts a round of the §61 leave notices
  (`bot/slack/jobs/notices.py`) as a task of its own, so sending them never delays the leases;
- every profile TTL (the first at start), refreshes the members' Slack profiles from `users.list`
  (`SlackIdentity.refresh_members`), also as a task of its own;
- every `care_every` seconds (an hour; the first at start) the same for pending leave requests: reminders
  to the approver and expiry (`bot/slack/requests/request_care.py`);
- every `digest_every` seconds (ten minutes; the first at start) the morning "오늘 부재" digest in the
  announcement channel, which goes out once a working day from the policy's `digest_hour`
  (`bot/slack/jobs/absence_digest.py`);
- every `Pacing.request_sweep` seconds (15; the first at start) what leave requests owe people and nobody
  delivered yet: a process that died mid-delivery, a decision HR made at the terminal, a message Slack
  asked to hold back (`bot/slack/requests/request_delivery.py`).

A failing database only costs a warning per round: the next round tries again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Coroutine
from typing import Any

from bot.domain.people import Surface
from bot.ports.inbox import HeldQuestion
from bot.slack.answering.intake import AnswerHeld
from bot.slack.deps import Deps
from bot.slack.jobs.absence_digest import DIGEST_EVERY, AbsenceDigest
from bot.slack.jobs.notices import NOTICE_EVERY, NoticeRound
from bot.slack.listeners import dm, leave_command, mention
from bot.slack.requests.request_care import CARE_EVERY, RequestCare

log = logging.getLogger(__name__)

# Every surface whose questions go through the inbox, and how each answers one it holds.
ANSWERERS: dict[Surface, AnswerHeld] = {
    "dm": dm.answer_direct_message,
    "mention": mention.answer_mention,
    "slash": leave_command.answer_leave_command,
}
PURGE_EVERY = 600.0  # seconds between purges of finished rows
TAKE_AT_ONCE = 50  # questions taken over per round, so one process does not grab a whole backlog

Submit = Callable[[Callable[[Deps], Coroutine[Any, Any, None]]], None]


class _Periodic:
    """Work done every `every` seconds (the first at start) as a task of its own, never two at once; a
    failure is one warning, and the next round tries again."""

    def __init__(self, name: str, every: float, work: Callable[[], Coroutine[Any, Any, Any]]) -> None:
        self._name, self._every, self._work = name, every, work
        self._last: float | None = None
        self._task: asyncio.Task[None] | None = None

    def start_if_due(self) -> None:
        now = time.monotonic()
        if self._task is not None and not self._task.done():
            return  # the last round is still working
        if self._last is not None and now - self._last < self._every:
            return
        self._last = now
        self._task = asyncio.get_running_loop().create_task(self._run(), name=f"officebot-{self._name}")

    async def _run(self) -> None:
        try:
            await self._work()
        except Exception as exc:
            log.warning(
                "%s failed this round (%s); the next round tries again", self._name, exc.__class__.__name__
            )

    async def stop(self) -> None:
        await _cancelled(self._task)
        self._task = None


async def _cancelled(task: asyncio.Task[None] | None) -> None:
    """`task` cancelled and ended (None: nothing running)."""
    if task is not None:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


def _job(answerer: AnswerHeld, held: HeldQuestion) -> Callable[[Deps], Coroutine[Any, Any, None]]:
    return lambda deps: answerer(held, deps)


class Caretaker:
    def __init__(
        self,
        deps: Deps,
        submit: Submit,
        *,
        sole_process: bool = False,
        notice_every: float = NOTICE_EVERY,
        notices: NoticeRound | None = None,
        care_every: float = CARE_EVERY,
        digest_every: float = DIGEST_EVERY,
    ) -> None:
        self._deps = deps
        self._submit = submit
        self._sole_process = sole_process  # SQLite's run lock: no other process can hold a question
        self._every = deps.settings.takeover_after / 3
        self._task: asyncio.Task[None] | None = None
        self._last_purge = 0.0
        services = deps.services
        self._notices = notices or NoticeRound(
            services.policy,
            services.stores.notices,
            deps.client,
            deps.identity,
            services.calendar.clock,
            services.calendar.timezone,
        )
        self._care = RequestCare(
            services.requests,
            services.policy,
            services.directory,
            deps.client,
            deps.identity,
            deps.delivery,
            services.calendar.clock,
            services.calendar.timezone,
        )
        self._digest = AbsenceDigest(
            services.policy,
            services.stores.digests,
            deps.client,
            services.calendar.clock,
            services.calendar.timezone,
        )
        self._periodic = [
            _Periodic("leave notices", notice_every, self._notices.round),
            _Periodic("Slack members' profiles", deps.identity.ttl, self._members_round),
            _Periodic("leave requests' reminders and expiry", care_every, self._care.round),
            _Periodic("the absence digest", digest_every, self._digest.round),
        ]
        self._deliver_every = deps.pacing.request_sweep
        self._sweeper: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Starts the rounds on the running (answer) loop; the first round runs at once."""
        self._task = asyncio.get_running_loop().create_task(self._rounds(), name="officebot-caretaker")
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_owed(), name="officebot-deliver")

    async def stop(self) -> None:
        for periodic in self._periodic:
            await periodic.stop()
        await _cancelled(self._sweeper)
        self._sweeper = None
        await _cancelled(self._task)
        self._task = None

    async def _rounds(self) -> None:
        while True:
            taken: list[HeldQuestion] = []
            for periodic in self._periodic:
                periodic.start_if_due()
            try:
                taken = await self.round()
            except Exception as exc:
                log.warning("inbox caretaking failed this round (%s); retrying", exc.__class__.__name__)
            if len(taken) < TAKE_AT_ONCE:  # a full batch: there may be more orphans, go on at once
                await asyncio.sleep(self._every)

    async def _sweep_owed(self) -> None:
        """Leave requests' owed messages nobody delivered, every `Pacing.request_sweep` (its own task: the
        rounds above come every third of a lease, too seldom for a decision made at the terminal)."""
        while True:
            try:
                await self._deps.delivery.sweep(sole_process=self._sole_process)
            except Exception as exc:
                log.warning("leave requests' messages: sweep failed (%s)", exc.__class__.__name__)
            await asyncio.sleep(self._deliver_every)

    async def _members_round(self) -> None:
        try:
            count = await self._deps.identity.refresh_members()
            log.debug("Slack profiles refreshed: %d members", count)  # every 5 minutes: not news
        except Exception as exc:  # each person is then looked up with users.info, as before
            log.warning("could not list the Slack members (%s)", exc.__class__.__name__)

    async def round(self) -> list[HeldQuestion]:
        """One round; returns the questions taken over."""
        inbox, metrics = self._deps.inbox, self._deps.metrics
        await inbox.renew()
        await self._deps.conversations.keep_recording()  # this process still receives: no gap
        taken = list(await inbox.take_over(TAKE_AT_ONCE, sole_process=self._sole_process))
        for held in taken:
            answerer = ANSWERERS.get(held.surface)
            if answerer is None:  # recorded by a newer OfficeBot with a surface this one lacks
                log.warning("cannot answer a taken-over %s question", held.surface)
                await inbox.finish(held.delivery_id, answered=False)
                continue
            log.info("took over a %s question received at %s", held.surface, held.received_at.isoformat())
            metrics.taken_over.inc()
            self._submit(_job(answerer, held))
        metrics.inbox_depth.set(await inbox.depth())
        if time.monotonic() - self._last_purge > PURGE_EVERY:
            self._last_purge = time.monotonic()
            await inbox.purge()
            await self._deps.conversations.purge()  # the threads' turns, past OFFICEBOT_HISTORY_DAYS
        return taken
