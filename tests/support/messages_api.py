"""A Messages API stand-in on 127.0.0.1: scripted replies or the offline model, optional latency, a gate
that holds requests until the test lets them go, and a record of every request as the SDK sent it."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from bot.grounding.judge import asks_for_a_verdict
from bot.llm.offline import OfflineModel
from bot.tools.leave_balance import NAME as LEAVE_BALANCE
from tests.support.loopback import serve_on_loopback

# A script gets the request body and returns (status, body). It may be async.
Script = Callable[[dict[str, Any]], tuple[int, dict[str, Any]] | Awaitable[tuple[int, dict[str, Any]]]]


def message(
    content: list[dict[str, Any]],
    stop_reason: str,
    *,
    msg_id: str = "msg_scripted",
    input_tokens: int = 10,
    output_tokens: int = 5,
) -> dict[str, Any]:
    """A Messages API response body."""
    return {
        "id": msg_id,
        "type": "message",
        "role": "assistant",
        "model": "claude-scripted",
        "content": content,
        "stop_reason": stop_reason,
        "stop_sequence": None,
        "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens},
    }


def judging(requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The requests that asked the judge whether an answer answers (bot/grounding/judge.py)."""
    return [r for r in requests if asks_for_a_verdict(r)]


def answering(requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The requests of the answering conversation itself (the judge's left out)."""
    judged = judging(requests)
    return [r for r in requests if r not in judged]


def text_reply(text: str, stop_reason: str = "end_turn") -> tuple[int, dict[str, Any]]:
    return 200, message([{"type": "text", "text": text}], stop_reason)


def verdict_reply(answers: bool, missing: str = "") -> tuple[int, dict[str, Any]]:
    """The judge's reply (bot/grounding/judge.py `VERDICT_SCHEMA`)."""
    return text_reply(json.dumps({"verdict": "answers" if answers else "misses", "missing": missing}))


def tool_reply(
    *calls: tuple[str, dict[str, Any]],
    thinking: tuple[str, str] | None = None,
    name: str = LEAVE_BALANCE,
) -> tuple[int, dict[str, Any]]:
    """`calls` are (tool_use_id, input) pairs, all in one response."""
    content: list[dict[str, Any]] = []
    if thinking:
        content.append({"type": "thinking", "thinking": thinking[0], "signature": thinking[1]})
    content += [{"type": "tool_use", "id": i, "name": name, "input": inp} for i, inp in calls]
    return 200, message(content, "tool_use")


def error_reply(
    status: int, kind: str = "api_error", text: str = "stand-in error"
) -> tuple[int, dict[str, Any]]:
    return status, {"type": "error", "error": {"type": kind, "message": text}}


@dataclass
class MessagesAPIStandIn:
    """`async with MessagesAPIStandIn(script) as api:` then point the SDK at `api.base_url`."""

    script: Script | list[tuple[int, dict[str, Any]]] | None = None
    latency: float = 0.0
    requests: list[dict[str, Any]] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)
    port: int = 0
    # time.perf_counter() when each request arrived and when its response was handed to the server,
    # in request order: the benchmark measures what the bot does between a response and its next request.
    received_at: list[float] = field(default_factory=list)
    answered_at: list[float] = field(default_factory=list)
    # Sent as `retry-after-ms` with every 429 and 5xx, as the API sends `retry-after` with a 429: the SDK
    # waits that long before its retries (without one it backs off 0.5-8 s, which no test needs to wait).
    retry_after: float = 0.02
    # The most requests ever in flight at once (see `in_flight`): how many calls overlapped.
    most_in_flight: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        self._offline = OfflineModel()
        self._runner: web.AppRunner | None = None
        self._queue = list(self.script) if isinstance(self.script, list) else None
        self._arrived = asyncio.Condition()  # notified on each request: `wait_for_requests`
        self._stopping = asyncio.Event()  # ends every latency wait: stopping never waits for one
        self._gate = asyncio.Event()  # open unless `hold()`: requests wait here, counted in flight
        self._gate.set()
        self._handling: dict[int, web.Request] = {}  # by id(): a request is a mapping, not hashable

    @property
    def in_flight(self) -> int:
        """Requests being handled whose client still waits for the answer. One the SDK gave up on (its
        timeout, then a retry) still has a handler here but no connection, and is not counted: one call
        that timed out and was retried is not two calls overlapping."""
        return sum(
            1 for r in self._handling.values() if r.transport is not None and not r.transport.is_closing()
        )

    def hold(self) -> None:
        """From now on every request waits, in flight, until `release()` (or `stop()`): with
        `wait_for_in_flight` a test sees calls overlap by state, not by how long they took."""
        self._gate.clear()

    def release(self) -> None:
        """Let the held requests, and every later one, through."""
        self._gate.set()

    async def wait_for_in_flight(self, count: int, timeout: float = 30) -> None:
        """Until `count` requests are in flight at once (held, or in their latency), never a fixed sleep.
        Calls that queue one behind another never get past one: the AssertionError says how many overlapped."""
        try:
            async with asyncio.timeout(timeout), self._arrived:
                await self._arrived.wait_for(lambda: self.most_in_flight >= count)
        except TimeoutError:
            raise AssertionError(
                f"at most {self.most_in_flight} model calls in flight at once in {timeout} s, not {count}"
            ) from None

    async def wait_for_requests(self, count: int, timeout: float = 30) -> None:
        """Until `count` requests have arrived (a condition to wait for, never a fixed sleep)."""
        async with asyncio.timeout(timeout), self._arrived:
            await self._arrived.wait_for(lambda: len(self.requests) >= count)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def _handle(self, request: web.Request) -> web.Response:
        self._handling[id(request)] = request
        self.most_in_flight = max(self.most_in_flight, self.in_flight)  # the count only rises on arrivals
        try:
            return await self._answer(request)
        finally:
            del self._handling[id(request)]

    async def _answer(self, request: web.Request) -> web.Response:
        self.received_at.append(time.perf_counter())
        body = await request.json()
        self.requests.append(body)
        self.headers.append(dict(request.headers))
        async with self._arrived:
            self._arrived.notify_all()
        await self._gate.wait()
        if self.latency:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), self.latency)
        if self._queue is not None:
            if not self._queue:
                status, payload = error_reply(500, text="stand-in script exhausted")
            else:
                status, payload = self._queue.pop(0)
        elif callable(self.script):
            result = self.script(body)
            status, payload = await result if inspect.isawaitable(result) else result
        elif asks_for_a_verdict(body):
            # Unscripted, the answers are the offline model's, which held its choice to its own rules
            # (bot/llm/choice/) before answering: the stand-in's judge agrees with them, so a bot with a key
            # answers over this stand-in as the offline product does.
            status, payload = verdict_reply(True)
        else:
            status, payload = self._offline.handle(body)
        headers = (
            {"retry-after-ms": str(round(self.retry_after * 1000))} if status == 429 or status >= 500 else {}
        )
        response = web.Response(
            status=status, text=json.dumps(payload), content_type="application/json", headers=headers
        )
        self.answered_at.append(time.perf_counter())
        return response

    async def start(self) -> MessagesAPIStandIn:
        app = web.Application()
        app.router.add_post("/v1/messages", self._handle)
        self._runner, self.port = await serve_on_loopback(app, self.port)
        return self

    async def stop(self) -> None:
        self._stopping.set()
        self._gate.set()  # stopping never waits for a held request either
        if self._runner:
            await self._runner.cleanup()

    async def __aenter__(self) -> MessagesAPIStandIn:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()
