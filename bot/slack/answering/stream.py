"""A DM answer streamed into the question's thread (`chat.startStream` / `appendStream` / `stopStream`,
through slack_sdk's `chat_stream`): the tool steps appear live as task cards, and the answer text is
appended only at the end, once the grounding check has passed it. So a streamed answer never shows an
amount the check would reject, whatever the model drafted along the way.

    start (before the turn): a first task card, "reading your question" ─▶ the stream's ts is the
        question's progress in the inbox (a takeover edits it)
    each step of the turn, as it happens (the core's `StepObserver` port, knowing nothing of Slack):
        tool_use ─▶ task "연차 조회 2026" pending ─▶ running ─▶ in progress ─▶ result ─▶ complete, or error
        with the reason; several tools in one round ─▶ a plan title naming them
    finish: the open tasks closed, the answer (checked), the feedback buttons ─▶ stopStream

Anything failing part-way marks the stream broken: steps stop being sent, and `finish` raises
`StreamFailed` with the message's ts (if it was started), so the caller edits that message into the
answer (`chat.update`) or posts it: the person still gets exactly one complete answer.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from slack_sdk.errors import SlackApiError
from slack_sdk.models.messages.chunk import Chunk, MarkdownTextChunk, PlanUpdateChunk, TaskUpdateChunk
from slack_sdk.web.async_chat_stream import AsyncChatStream
from slack_sdk.web.async_client import AsyncWebClient

from bot import text
from bot.agent.trace import ModelCall, Running, Step, ToolCall, ToolResult
from bot.slack.answering.render import truncate
from bot.slack.transport.rate_limits import error_of, outcome_unknown

log = logging.getLogger(__name__)

# Errors that say this app or workspace cannot stream at all (rather than this one message failing):
# after one, the process stops trying and uses placeholders.
UNAVAILABLE = {
    "unknown_method",
    "not_allowed_token_type",
    "missing_scope",
    "method_deprecated",
    "feature_not_enabled",
    "not_implemented",
}
OUTPUT_LIMIT = 500  # a task card's output: the tool's line, not a page
READING = "reading"  # the first task: the model reading the question
# Steps that come within this long of each other go in one append: a lookup's pending, running and
# complete (milliseconds apart) are one call, not three, at no cost a person could see.
COALESCE_STEPS = 0.1
# The appends a streamed answer makes, for the budget: the tool steps of a round or two, batched.
STREAM_APPENDS = 3


class StreamFailed(Exception):
    """The stream could not carry the answer; `ts` is its message, if it was started. `maybe_delivered`:
    the call that failed (the start, or the stop carrying the answer) got no answer from Slack (a time-out,
    a dropped connection, a 5xx), so Slack may have done it: check before doing it again."""

    def __init__(self, ts: str | None, error: str | None, *, maybe_delivered: bool = False) -> None:
        super().__init__(error or "stream failed")
        self.ts = ts
        self.error = error
        self.maybe_delivered = maybe_delivered


class StreamSwitch:
    """Whether this process still tries to stream (it stops after Slack says streaming is unavailable)."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled


def _error_of(exc: Exception) -> str | None:
    if isinstance(exc, SlackApiError):
        return str(error_of(exc) or "")
    return exc.__class__.__name__


def task_title(name: str, tool_input: Any, korean: bool) -> str:
    """What is looked up: "연차 조회 2026", "근무일 계산 2026-12-21~2026-12-25", "날짜 확인 2026-05-25"."""
    given = tool_input if isinstance(tool_input, dict) else {}
    titled = text.TASK_TITLES.get(name)
    base = titled.pick(korean) if titled else name
    year, start, end, on = (given.get(key) for key in ("year", "start", "end", "date"))
    if isinstance(year, int):
        return f"{base} {year}"
    if isinstance(start, str) and isinstance(end, str):
        return f"{base} {start[:10]}~{end[:10]}"
    return f"{base} {on[:10]}" if isinstance(on, str) else base


class AnswerStream:
    def __init__(
        self,
        client: AsyncWebClient,
        channel: str,
        thread_ts: str,
        korean: bool,
        switch: StreamSwitch,
        *,
        coalesce: float = COALESCE_STEPS,
    ) -> None:
        self._client = client
        self._coalesce = coalesce  # Pacing.stream_coalesce
        self._channel = channel
        self._thread_ts = thread_ts
        self._korean = korean
        self._switch = switch
        self._stream: AsyncChatStream | None = None
        self._queue: asyncio.Queue[Step | Running] = asyncio.Queue()
        self._consumer: asyncio.Task[None] | None = None
        self._titles: dict[str, str] = {}
        self._open: dict[str, str] = {}  # task id -> title, for tasks not yet complete or failed
        self.ts: str | None = None
        self.broken = False
        self._error: str | None = None

    @property
    def thread_ts(self) -> str:
        return self._thread_ts

    async def start(self) -> str:
        """Starts the stream with its first task card; raises `StreamFailed` (marking streaming
        unavailable for the process when Slack says so)."""
        try:
            self._stream = await self._client.chat_stream(
                channel=self._channel, thread_ts=self._thread_ts, task_display_mode="timeline"
            )
            title = text.TASK_READING.pick(self._korean)
            self._open[READING] = title
            await self._stream.append(chunks=[TaskUpdateChunk(id=READING, title=title, status="in_progress")])
        except Exception as exc:
            error = _error_of(exc)
            if error in UNAVAILABLE:
                log.warning("Slack refused to stream (%s): answering with placeholders from now on", error)
                self._switch.enabled = False
            raise StreamFailed(None, error, maybe_delivered=outcome_unknown(exc)) from exc
        self.ts = self._stream.ts
        if not self.ts:
            raise StreamFailed(None, "no ts")
        return self.ts

    def observe(self, event: Step | Running) -> None:
        """The core's observer port: called synchronously as each step happens; never blocks or raises.
        Steps are sent in order by one sender at a time, which ends when it has nothing left to send (so
        nothing lingers if the answer is cut off)."""
        if self.ts is None or self.broken:
            return
        self._queue.put_nowait(event)
        if self._consumer is None or self._consumer.done():
            self._consumer = asyncio.ensure_future(self._consume())

    async def _consume(self) -> None:
        await asyncio.sleep(self._coalesce)  # let the steps that come together arrive
        while not self._queue.empty() and not self.broken:
            batch: list[Step | Running] = []
            while not self._queue.empty():  # steps that came together go in one call, in order
                batch.append(self._queue.get_nowait())
            chunks = [c for e in batch for c in self._chunks(e)]
            parallel = sum(isinstance(e, ToolCall) for e in batch)
            if parallel > 1:
                plan = text.PLAN_PARALLEL.pick(self._korean).format(count=parallel)
                chunks.insert(0, PlanUpdateChunk(title=plan))
            if chunks:
                await self._send(chunks)

    def _chunks(self, event: Step | Running) -> list[Chunk]:
        match event:
            case ModelCall() if READING in self._open:
                return [TaskUpdateChunk(id=READING, title=self._open.pop(READING), status="complete")]
            case ToolCall():
                title = task_title(event.name, event.input, self._korean)
                self._titles[event.tool_use_id] = self._open[event.tool_use_id] = title
                return [TaskUpdateChunk(id=event.tool_use_id, title=title, status="pending")]
            case Running() if event.tool_use_id in self._open:
                title = self._open[event.tool_use_id]
                return [TaskUpdateChunk(id=event.tool_use_id, title=title, status="in_progress")]
            case ToolResult() if event.tool_use_id in self._titles:
                title = self._titles[event.tool_use_id]
                self._open.pop(event.tool_use_id, None)
                if event.is_error:
                    reason = text.lookup_failed(event.failure, event.shown, self._korean, facts=event.facts)
                    return [
                        TaskUpdateChunk(
                            id=event.tool_use_id,
                            title=title,
                            status="error",
                            output=truncate(reason, OUTPUT_LIMIT),
                        )
                    ]
                output = truncate(event.shown or event.content, OUTPUT_LIMIT)  # the tool's line, not its data
                return [TaskUpdateChunk(id=event.tool_use_id, title=title, status="complete", output=output)]
        return []

    async def _send(self, chunks: list[Chunk]) -> None:
        assert self._stream is not None
        try:
            await self._stream.append(chunks=chunks)
        except Exception as exc:
            self.broken, self._error = True, _error_of(exc)
            log.warning("a streamed answer broke part-way (%s): it will be edited in instead", self._error)

    async def finish(
        self, answer: str, blocks: list[dict[str, Any]] | None, metadata: dict[str, Any] | None = None
    ) -> str:
        """The open tasks closed, then the answer, its blocks and metadata; returns the message's ts."""
        if self._consumer is not None:
            await self._consumer  # the last steps sent before the answer
        if self.broken or self._stream is None or self.ts is None:
            raise StreamFailed(self.ts, self._error)
        closing: list[Chunk] = [
            TaskUpdateChunk(id=task_id, title=title, status="complete")
            for task_id, title in self._open.items()
        ]
        try:
            # The closing task updates first, then the answer (stop() would put markdown_text first).
            await self._stream.stop(
                chunks=[*closing, MarkdownTextChunk(text=answer)], blocks=blocks, metadata=metadata
            )
        except Exception as exc:
            raise StreamFailed(self.ts, _error_of(exc), maybe_delivered=outcome_unknown(exc)) from exc
        return self.ts
