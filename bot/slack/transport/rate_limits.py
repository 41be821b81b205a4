"""Slack's rate limits, known before they are spent: one table of the Web API methods OfficeBot calls,
and the limiter every Slack call of a process goes through. Beside the table, which of those methods may
be sent again when Slack's answer is lost (`REPEATABLE`), and `outcome_unknown`: whether it may have been.

Slack limits each method per app per workspace in tiers (Tier 1: 1+ a minute, Tier 2: 20+, Tier 3: 50+,
Tier 4: 100+), with bursts allowed, and `chat.postMessage` / `assistant.threads.setStatus` per channel
(about one a second) under a workspace-wide cap of several hundred a minute. Each limit here is a token
bucket: it holds `calls` tokens, refilled at `calls` per `per` seconds, so a quiet minute lets a burst of a
whole minute's calls through and a steady rate above the tier is slowed to it.

- `take(method, channel)` waits for a token (the client does this before every call), so no call is made
  that the budget already says Slack would refuse; `try_take_all` takes several at once or none, for
  choosing how to present an answer (stream it, or post it at once) without waiting.
- A 429 that comes anyway (a limit lower than the table) stops the method until its `Retry-After` has
  passed: Slack's word wins over the table. Each retry then takes a token like any call. A Retry-After
  longer than `LONGEST_WAIT` is not waited out: `take` raises `WaitTooLong` at once, so the caller can
  show the answer another way or tell the person, instead of leaving them waiting for minutes.
- Per-channel limits are Slack's per conversation: a call addressed to a user id (a DM opened by posting
  to `U…`) counts in that DM's bucket once Slack has named the DM (`same_channel`, told by the client).
- A bucket full again says nothing a fresh one would not: idle buckets are dropped now and then, so the
  limiter's memory follows the conversations active in the last minute, not every one ever seen.
- Several processes share a workspace's limits. They divide them (`share` = 1/OFFICEBOT_PROCESSES of
  every workspace-wide limit), rather than coordinating through the database: a Slack call never waits
  for a database round trip, and a process that dies leaves no budget locked. The price is budget unused
  while one process is idle. Per-channel limits are not divided: one question's answer is one process's.

Thread-safe: the receiving loop and the answer worker's loop share one limiter.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import aiohttp
from slack_sdk.errors import SlackApiError


@dataclass(frozen=True)
class Limit:
    calls: float  # a bucket of this many calls, refilled at `calls` per `per` seconds
    per: float = 60.0
    per_channel: bool = False  # one bucket per channel (DMs are channels) instead of one per workspace


TIER_2 = Limit(20)
TIER_3 = Limit(50)
TIER_4 = Limit(100)
# "1 message per second to a specific channel, with short bursts over 1 allowed": a burst of 3, then 1 a second.
PER_CHANNEL = Limit(3, per=3.0, per_channel=True)
POSTS_PER_WORKSPACE = Limit(300)  # the workspace-wide cap of per-channel methods: "several hundred a minute"

# Every method OfficeBot calls, and Slack's limits for it (Slack's method reference, as of 2026-12).
LIMITS: Mapping[str, tuple[Limit, ...]] = {
    # Tier 1, but each Socket Mode reconnect needs a fresh URL at once: its pace is the reconnect backoff's
    # (bot/slack/transport/socket_mode.py), and a 429 is still honoured.
    "apps.connections.open": (),
    "auth.test": (TIER_4,),  # "special": far above what one start-up needs
    "users.info": (TIER_4,),
    "users.list": (TIER_2,),
    "users.lookupByEmail": (TIER_3,),  # an approver or requester without a slack_user_id (leave requests)
    "conversations.history": (TIER_3,),
    "conversations.replies": (TIER_3,),
    "conversations.open": (TIER_3,),
    "chat.postMessage": (PER_CHANNEL, POSTS_PER_WORKSPACE),
    "chat.postEphemeral": (TIER_4,),
    "chat.update": (TIER_3,),
    "chat.startStream": (TIER_2,),
    "chat.appendStream": (TIER_4,),
    "chat.stopStream": (TIER_2,),
    "assistant.threads.setStatus": (PER_CHANNEL, POSTS_PER_WORKSPACE),
    "assistant.threads.setSuggestedPrompts": (PER_CHANNEL, POSTS_PER_WORKSPACE),
    "views.publish": (TIER_4,),
    "views.open": (TIER_4,),
    "views.update": (TIER_4,),
    # HR's usage chart (bot/slack/home/hr_chart.py), uploaded once per change of its figures.
    "files.getUploadURLExternal": (TIER_4,),
    "files.completeUploadExternal": (TIER_4,),
    "files.info": (TIER_4,),  # HR's dropped data files, read again at Import
}
UNLISTED = TIER_3  # a method missing from the table: Tier 3, the most common tier

# The methods that may be sent again when Slack's answer to them is lost (a 5xx, a dropped connection):
# doing one twice leaves Slack as doing it once. Reads; edits and setters that replace what is there
# (`chat.update`, `views.publish` / `views.update`, the assistant status and prompts); a second
# `chat.stopStream` is refused (`message_not_in_streaming_state`), never appended; `conversations.open`
# finds the DM it opened; `apps.connections.open` only hands out another URL. Every other method creates
# something (`chat.postMessage`, `chat.postEphemeral`, `chat.startStream`, `chat.appendStream`,
# `views.open`): a repeat would show it twice, so the SDK retries it only after a 429 or a connection never
# made (Slack did nothing), and a DM's answer is looked for before it is posted again
# (bot/slack/answering/answer.py's `_deliver`; an ephemeral one cannot be looked for, and is posted again).
REPEATABLE: frozenset[str] = frozenset(
    {
        "apps.connections.open",
        "auth.test",
        "users.info",
        "users.list",
        "users.lookupByEmail",
        "conversations.history",
        "conversations.replies",
        "conversations.open",
        "chat.update",
        "chat.stopStream",
        "assistant.threads.setStatus",
        "assistant.threads.setSuggestedPrompts",
        "views.publish",
        "views.update",
        "files.info",
    }
)
# Refill at 90 % of Slack's rate: a call is counted here when its budget is taken (a stream's stop with its
# start) and by Slack when it arrives, seconds later; at a sustained full rate that drift alone would
# earn the odd 429 (1 in 600 answers, measured), which the margin removes.
HEADROOM = 0.9
# The longest a call waits out a 429's Retry-After. Slack's are seconds; one of minutes is not waited (a
# person would be left looking at nothing): the call fails at once, as if refused, for the caller to handle.
LONGEST_WAIT = 30.0
# How often idle (full) buckets are dropped: a per-channel bucket refills in seconds, a tier's in a minute.
SWEEP_EVERY = 60.0
# How long a user id's DM is remembered unused. Dropped, the next post to the user id counts apart from
# the DM until Slack's answer names it again: one call's worth, an hour after the last.
ALIAS_KEPT = 3600.0


# Slack's `ok: false` errors that say the call may have been carried out in part ("It's possible some aspect
# of the operation succeeded", Slack's method reference): no more trustworthy than a 5xx.
MAYBE_DONE_ERRORS = frozenset({"internal_error", "fatal_error"})


def outcome_unknown(exc: BaseException) -> bool:
    """Whether Slack may have carried out a call that raised `exc`: it gave no answer we can trust (a
    5xx, an `internal_error` / `fatal_error`, no answer in time, the connection dropped). Any other
    `ok: false`, or a 429, means it did nothing."""
    if isinstance(exc, SlackApiError):
        return status_of(exc) >= 500 or error_of(exc) in MAYBE_DONE_ERRORS
    return isinstance(exc, aiohttp.ClientError | TimeoutError)


def status_of(exc: SlackApiError) -> int:
    """The HTTP status of Slack's answer. Usually the SDK's parsed response (`status_code`); when the body,
    labelled JSON, was not (a proxy's error page), the SDK hands over aiohttp's raw response (`status`)."""
    response = exc.response
    return int(getattr(response, "status_code", None) or getattr(response, "status", None) or 0)


def error_of(exc: SlackApiError) -> str | None:
    """Slack's `error` code, when its answer had a body to read (aiohttp's raw response has none)."""
    read = getattr(exc.response, "get", None)
    error = read("error") if read is not None else None
    return error if isinstance(error, str) else None


class WaitTooLong(Exception):
    """A call that Slack's Retry-After holds back for longer than the caller waits."""

    def __init__(self, method: str, seconds: float) -> None:
        super().__init__(f"{method}: Slack asked to wait {seconds:.0f} s")
        self.method = method
        self.seconds = seconds


@dataclass
class _Bucket:
    capacity: float
    refill_per_second: float
    tokens: float
    at: float  # when `tokens` was last brought up to date
    not_before: float = 0.0  # a 429's Retry-After: no token before then

    def refresh(self, now: float) -> None:
        self.tokens = min(self.capacity, self.tokens + (now - self.at) * self.refill_per_second)
        self.at = now

    def idle(self, now: float) -> bool:
        """Full again and not held back: no different from a fresh bucket."""
        self.refresh(now)
        return self.tokens >= self.capacity and self.not_before <= now

    def wait(self, now: float, count: float) -> float:
        """Seconds until `count` tokens are there (0: now)."""
        self.refresh(now)
        missing = max(0.0, count - self.tokens - 1e-9) / self.refill_per_second  # 1e-9: float rounding
        return max(missing, self.not_before - now, 0.0)


class Limiter:
    def __init__(
        self,
        limits: Mapping[str, tuple[Limit, ...]] = LIMITS,
        *,
        share: float = 1.0,
        clock: Callable[[], float] = time.monotonic,
        on_refused: Callable[[str], None] | None = None,
        on_waited: Callable[[str, float], None] | None = None,
        longest_wait: float = LONGEST_WAIT,
    ) -> None:
        self._limits = limits
        self._on_refused = on_refused  # told of every 429 (the metrics count them by method)
        self._on_waited = on_waited  # told of every wait for the budget (the metrics add them up by method)
        self._share = share  # of every workspace-wide limit: 1 / the number of processes
        self._clock = clock
        self.longest_wait = longest_wait  # of a Retry-After, before a call fails instead (`WaitTooLong`)
        self._buckets: dict[tuple[str, Limit, str | None], _Bucket] = {}
        # a user id -> the DM a call addressed to it goes to, and when that was last used
        self._aliases: dict[str, tuple[str, float]] = {}
        self._swept = clock()
        self._lock = threading.Lock()

    @property
    def bucket_count(self) -> int:
        """Buckets held now: those of calls in the last minute or so (idle ones are dropped)."""
        with self._lock:
            return len(self._buckets)

    def _now(self) -> float:
        """The clock, dropping idle buckets when a sweep is due. Called first under the lock, before any
        bucket is picked up, so that no bucket in use is dropped."""
        now = self._clock()
        if now - self._swept >= SWEEP_EVERY:
            self._swept = now
            for key in [key for key, bucket in self._buckets.items() if bucket.idle(now)]:
                del self._buckets[key]
            self._aliases = {a: (c, at) for a, (c, at) in self._aliases.items() if now - at < ALIAS_KEPT}
        return now

    def same_channel(self, alias: str, channel: str) -> None:
        """Calls addressed to `alias` (a user id) go to `channel` (their DM, as Slack answered): one
        conversation, one per-channel budget. What was spent under the alias moves to the channel's."""
        with self._lock:
            if alias == channel:
                return
            now = self._now()
            known = self._aliases.get(alias)
            self._aliases[alias] = (channel, now)
            if known is not None and known[0] == channel:
                return
            for method, limit, key in [k for k in self._buckets if k[2] == alias]:
                spent = self._buckets.pop((method, limit, key))
                spent.refresh(now)
                into = self._buckets.setdefault((method, limit, channel), spent)
                if into is not spent:
                    into.refresh(now)
                    into.tokens -= spent.capacity - spent.tokens
                    into.not_before = max(into.not_before, spent.not_before)

    def _buckets_of(self, method: str, channel: str | None, now: float) -> list[_Bucket]:
        """`now`: the caller's instant, so that a new bucket is full at it (not short by a clock tick)."""
        buckets = []
        if channel in self._aliases:
            channel, _ = self._aliases[channel]
        for limit in self._limits.get(method, (UNLISTED,)):
            if limit.per_channel and channel is None:
                continue  # a per-channel method called without one: Slack would refuse it anyway
            key = (method, limit, channel if limit.per_channel else None)
            bucket = self._buckets.get(key)
            if bucket is None:
                capacity = limit.calls if limit.per_channel else max(1.0, limit.calls * self._share)
                bucket = _Bucket(capacity, HEADROOM * capacity / limit.per, capacity, now)
                self._buckets[key] = bucket
            buckets.append(bucket)
        return buckets

    def wait_for(self, method: str, channel: str | None = None, count: float = 1) -> float:
        """Seconds until `count` calls of `method` fit the budget (0: they do now). Takes nothing."""
        with self._lock:
            now = self._now()
            return max((b.wait(now, count) for b in self._buckets_of(method, channel, now)), default=0.0)

    def try_take_all(self, calls: Mapping[str, float], channel: str | None = None) -> bool:
        """Takes every one of `calls` ({method: count}) if all fit the budget now, else none."""
        with self._lock:
            now = self._now()
            wanted = [(b, n) for method, n in calls.items() for b in self._buckets_of(method, channel, now)]
            if any(bucket.wait(now, count) > 0 for bucket, count in wanted):
                return False
            for bucket, count in wanted:
                bucket.tokens -= count
            return True

    def give_back(self, calls: Mapping[str, float], channel: str | None = None) -> None:
        """Returns `calls` ({method: count}) taken but never made (a stream's stop, when it never started)."""
        with self._lock:
            now = self._now()
            for method, count in calls.items():
                for bucket in self._buckets_of(method, channel, now):
                    bucket.refresh(now)
                    bucket.tokens = min(bucket.capacity, bucket.tokens + count)

    def held(self, method: str, channel: str | None = None) -> float:
        """Seconds a 429's Retry-After still holds `method` back (0: none). Even a call already taken
        from the budget (prepaid) waits for it: Slack's word wins. Raises `WaitTooLong` past
        `longest_wait`, as `take` does."""
        with self._lock:
            now = self._now()
            return self._hold(method, self._buckets_of(method, channel, now), now)

    def _hold(self, method: str, buckets: list[_Bucket], now: float) -> float:
        held = max((b.not_before - now for b in buckets), default=0.0)
        if held > self.longest_wait:
            raise WaitTooLong(method, held)
        return held

    async def take(self, method: str, channel: str | None = None) -> float:
        """Waits until a call of `method` fits the budget, then takes it; returns the seconds waited.
        Raises `WaitTooLong` when a 429's Retry-After holds the method back longer than `longest_wait`.
        The budget's own refill is waited for whatever it takes: that queue is the tier's pace."""
        waited = 0.0
        while True:
            with self._lock:
                now = self._now()
                buckets = self._buckets_of(method, channel, now)
                self._hold(method, buckets, now)
                pause = max((b.wait(now, 1) for b in buckets), default=0.0)
                if pause <= 0:
                    for bucket in buckets:
                        bucket.tokens -= 1
                    break
            await asyncio.sleep(pause)
            waited += pause
        if waited and self._on_waited is not None:
            self._on_waited(method, waited)
        return waited

    def refused(self, method: str, channel: str | None, retry_after: float) -> None:
        """Slack answered 429: nothing more of `method` (in `channel`, for a per-channel limit) until
        `retry_after` seconds have passed."""
        with self._lock:
            now = self._now()
            for bucket in self._buckets_of(method, channel, now):
                bucket.not_before = max(bucket.not_before, now + retry_after)
        if self._on_refused is not None:
            self._on_refused(method)
