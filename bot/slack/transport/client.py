"""The Slack Web API client every part of the Slack shell uses, pointed at `SLACK_API_URL`."""

from __future__ import annotations

import asyncio
import math
import random
from collections.abc import Mapping
from contextvars import ContextVar
from typing import Any

import aiohttp
from aiohttp import FormData
from slack_sdk.errors import SlackApiError
from slack_sdk.http_retry.builtin_async_handlers import (
    AsyncConnectionErrorRetryHandler,
    AsyncRateLimitErrorRetryHandler,
    AsyncServerErrorRetryHandler,
)
from slack_sdk.http_retry.builtin_interval_calculators import BackoffRetryIntervalCalculator
from slack_sdk.http_retry.jitter import Jitter
from slack_sdk.http_retry.request import HttpRequest
from slack_sdk.http_retry.response import HttpResponse
from slack_sdk.http_retry.state import RetryState
from slack_sdk.web.async_client import AsyncWebClient
from slack_sdk.web.async_slack_response import AsyncSlackResponse

from bot.config import Settings
from bot.slack.transport.pacing import PRODUCTION, Pacing
from bot.slack.transport.rate_limits import REPEATABLE, Limiter, WaitTooLong, status_of

# Slack answers 429 with Retry-After; waiting and retrying a few times covers a burst. A 5xx or a dropped
# connection is retried too (with backoff), but only for the methods a repeat cannot double
# (`rate_limits.REPEATABLE`): Slack may have done the call whose answer was lost.
RATE_LIMIT_RETRIES = 3
SERVER_ERROR_RETRIES = 2


def make_session(settings: Settings) -> aiohttp.ClientSession:
    """The HTTP session Slack calls share. slack_sdk applies its own timeout only to sessions it makes
    itself, so a shared one carries OFFICEBOT_SLACK_TIMEOUT here (aiohttp's default would be 300 s)."""
    return aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=settings.slack_timeout))


def make_web_client(
    settings: Settings,
    session: aiohttp.ClientSession | None = None,
    *,
    token: str | None = None,
    pacing: Pacing = PRODUCTION,
    limiter: Limiter | None = None,
) -> AsyncWebClient:
    """Every Web API call, `apps.connections.open` included, goes to `settings.slack_api_url`, and waits
    for `limiter`'s budget first (one limiter per process, shared by its clients; a new one if none).

    A shared `session` keeps connections alive; without one the SDK opens a new session per call. The
    SDK's retry handlers, with their waits taken from `pacing` (production's are the SDK's own): a 429
    for every method, a 5xx or a dropped connection only for the `REPEATABLE` ones."""
    limiter = limiter or Limiter()
    backoff = BackoffRetryIntervalCalculator(
        pacing.server_error_backoff, _ScaledJitter(pacing.rate_limit_jitter)
    )
    return LimitedWebClient(
        limiter,
        token=token,
        base_url=settings.slack_api_url,
        session=session,
        # Per request (it overrides the session's): a float, so that 0.5 s means 0.5 s. The SDK's annotation
        # says int, but it only hands the value to aiohttp.ClientTimeout, which takes seconds as a float.
        timeout=settings.slack_timeout,
        retry_handlers=[
            _ConnectionErrorRetry(interval_calculator=backoff),
            _RateLimitRetry(limiter, RATE_LIMIT_RETRIES, pacing.rate_limit_jitter),
            _ServerErrorRetry(max_retry_count=SERVER_ERROR_RETRIES, interval_calculator=backoff),
        ],
    )


# The call being made in this task: what a 429 refused, for the retry handler (which sees only the URL).
_CALLING: ContextVar[tuple[str, str | None]] = ContextVar("officebot_slack_call")
# Calls this task already took from the budget (`Limiter.try_take_all`), not to be taken again when made.
_PREPAID: ContextVar[dict[str, int] | None] = ContextVar("officebot_slack_prepaid", default=None)


def prepaid(calls: Mapping[str, int]) -> None:
    """Marks `calls` ({method: count}) as already taken from the budget, for the rest of this task: a
    stream's stop is taken with its start, so a stream once started can always be finished."""
    already = _PREPAID.get() or {}
    _PREPAID.set({method: already.get(method, 0) + calls.get(method, 0) for method in {*already, *calls}})


def give_back_unused(limiter: Limiter, calls: Mapping[str, int]) -> None:
    """Returns to `limiter` whatever of `calls` this task prepaid and has not made: a stream that never
    started has no stop to make, and its start, if Slack never saw it, was not spent either."""
    paid = _PREPAID.get()
    if not paid:
        return
    unused = {method: min(count, paid.get(method, 0)) for method, count in calls.items()}
    for method, count in unused.items():
        paid[method] = paid.get(method, 0) - count
    limiter.give_back({method: count for method, count in unused.items() if count})


def held_back(exc: Exception, limiter: Limiter) -> bool:
    """Whether `exc` is Slack's 429 for longer than `limiter` waits one out: the call will not succeed
    for a while, so the caller should show the answer another way than wait."""
    if not isinstance(exc, SlackApiError) or status_of(exc) != 429:
        return False
    return retry_after(exc.response.headers, default=0.0) > limiter.longest_wait


class LimitedWebClient(AsyncWebClient):
    """slack_sdk's client; every call first waits for the process's budget (`bot.slack.transport.rate_limits`)."""

    def __init__(self, limiter: Limiter, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.limiter = limiter

    async def api_call(  # the SDK's, keyword for keyword
        self,
        api_method: str,
        *,
        http_verb: str = "POST",
        files: dict[str, Any] | None = None,
        data: dict[str, Any] | FormData | None = None,
        params: dict[str, Any] | None = None,
        json: dict[str, Any] | None = None,
        headers: dict[str, Any] | None = None,
        auth: dict[str, Any] | None = None,
    ) -> AsyncSlackResponse:
        channel = _channel_of(json, data, params)
        paid = _PREPAID.get()
        try:
            if paid and paid.get(api_method, 0) > 0:
                held = self.limiter.held(api_method, channel)  # taken before a 429 that came since
                paid[api_method] -= 1
                await asyncio.sleep(held)
            else:
                await self.limiter.take(api_method, channel)
        except WaitTooLong as held_back:
            # As Slack would answer (a 429 with what is left of its Retry-After), so every caller
            # handles it as it handles Slack's own refusal, without a call Slack would refuse.
            refusal = self._refusal(api_method, http_verb, held_back.seconds)
            raise SlackApiError(str(held_back), refusal) from None
        token = _CALLING.set((api_method, channel))
        try:
            response = await super().api_call(
                api_method,
                http_verb=http_verb,
                files=files,
                data=data,
                params=params,
                json=json,
                headers=headers,
                auth=auth,
            )
        finally:
            _CALLING.reset(token)
        answered = response.get("channel")
        if channel is not None and isinstance(answered, str) and answered != channel:
            # Posted to a user id: Slack names the DM it went to, whose per-channel budget this call was.
            self.limiter.same_channel(channel, answered)
        return response

    def _refusal(self, api_method: str, http_verb: str, seconds: float) -> AsyncSlackResponse:
        return AsyncSlackResponse(
            client=self,
            http_verb=http_verb,
            api_url=self.base_url + api_method,
            req_args={},
            data={"ok": False, "error": "ratelimited"},
            headers={"Retry-After": str(math.ceil(seconds))},
            status_code=429,
        )


def retry_after(headers: Mapping[str, Any] | None, *, default: float) -> float:
    """Slack's `Retry-After` in seconds (never below 0), or `default` when it is missing or unreadable.
    Header names in any case; a value as a string or as a list of them (some transports keep every one)."""
    found = {str(name).lower(): value for name, value in (headers or {}).items()}.get("retry-after")
    if isinstance(found, list | tuple):
        found = found[0] if found else None
    try:
        return max(float(found), 0.0) if found is not None else default
    except (TypeError, ValueError):
        return default


def _channel_of(*bodies: Any) -> str | None:
    for body in bodies:
        if isinstance(body, dict):
            channel = body.get("channel") or body.get("channel_id")
            if isinstance(channel, str):
                return channel
    return None


class _ScaledJitter(Jitter):
    """The SDK's random jitter (up to 1 s added to a wait), scaled."""

    def __init__(self, scale: float) -> None:
        self.scale = scale

    def recalculate(self, duration: float) -> float:
        return duration + random.random() * self.scale


def _calling(request: HttpRequest) -> tuple[str, str | None]:
    """The method and channel of the call being made (the retry handlers see only the request's URL)."""
    return _CALLING.get((request.url.rsplit("/", 1)[-1], None))


def _repeatable(request: HttpRequest) -> bool:
    return _calling(request)[0] in REPEATABLE


class _RepeatableOnly:
    """Mixed into the SDK's retry handlers: retry only a method a repeat cannot double (`REPEATABLE`),
    unless the request never left (a refused or failed connect: Slack cannot have done it)."""

    async def _can_retry_async(
        self,
        *,
        state: RetryState,
        request: HttpRequest,
        response: HttpResponse | None = None,
        error: Exception | None = None,
    ) -> bool:
        never_sent = isinstance(error, aiohttp.ClientConnectorError)
        return (never_sent or _repeatable(request)) and await super()._can_retry_async(  # type: ignore[misc]
            state=state, request=request, response=response, error=error
        )


class _ConnectionErrorRetry(_RepeatableOnly, AsyncConnectionErrorRetryHandler):
    """The SDK's retry of a dropped connection: the request may have reached Slack before it dropped."""


class _ServerErrorRetry(_RepeatableOnly, AsyncServerErrorRetryHandler):
    """The SDK's retry of a 5xx: Slack may have done the call and failed only in answering."""


class _RateLimitRetry(AsyncRateLimitErrorRetryHandler):
    """The SDK's 429 retry, through the limiter: Slack's Retry-After (1 s when it sends none) stops the
    method until then, and the retry waits for the budget like any call, plus jitter. A Retry-After
    longer than the limiter waits is not retried: the SDK raises the 429 for the caller to handle."""

    def __init__(self, limiter: Limiter, max_retry_count: int, jitter: float) -> None:
        super().__init__(max_retry_count=max_retry_count)
        self.limiter = limiter
        self.jitter = jitter

    async def prepare_for_next_attempt_async(
        self,
        *,
        state: RetryState,
        request: HttpRequest,
        response: HttpResponse | None = None,
        error: Exception | None = None,
    ) -> None:
        if response is None:
            raise error or RuntimeError("a rate-limit retry without a response")
        wait = retry_after(response.headers, default=1.0)
        method, channel = _calling(request)
        self.limiter.refused(method, channel, wait)
        try:
            await self.limiter.take(method, channel)
        except WaitTooLong:
            return  # no next attempt requested: the SDK raises this 429 now
        state.next_attempt_requested = True
        await asyncio.sleep(random.random() * self.jitter)
        state.increment_current_attempt()
