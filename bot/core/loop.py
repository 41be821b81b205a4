"""The tool-use loop.

    call the model with the tools ─▶ stop_reason == "tool_use"?
        yes: keep the assistant content as sent, run every tool_use concurrently, answer them all in one
             user message (same order, paired by tool_use_id), call again
        no:  that is the draft answer; an optional `AnswerCheck` (the grounding check) reviews it
             before it is returned, and may ask the model once more in the same turn

The model only *requests* a tool. Whether it runs, and for whom, is decided here and in the toolbox:
the `Caller` is an argument of `run_turn`, never something the model can write.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

import anthropic
from anthropic.types import Message, MessageParam, ToolResultBlockParam, ToolUseBlock

from bot.core.lookup import run_tool
from bot.core.prompt import Clock, is_korean, system_clock, system_prompt, today_in
from bot.core.trace import Answer, ModelCall, Note, ToolCall, ToolResult, Trace
from bot.hr.directory import Caller
from bot.tools import Toolbox

log = logging.getLogger(__name__)

DEFAULT_MAX_ROUNDS = 5
DEFAULT_MAX_TOKENS = 16000


@dataclass
class Turn:
    """One question answered. `messages` is the conversation including this turn, ready for a follow-up."""

    answer: str
    trace: Trace
    messages: list[MessageParam]
    ended: str  # the final stop_reason, or "round_limit" / "model_error"
    evidence: list[ToolResult] = field(default_factory=list)


@dataclass
class Draft:
    """An answer the loop produced, before any check has decided it may be posted.

    `messages` ends with the assistant's answer; `evidence` is this turn's tool results so far.
    """

    text: str
    ended: str
    messages: list[MessageParam]
    evidence: list[ToolResult]


# Continues the same turn after appending one user message (e.g. a correction); returns the new draft.
AskAgain = Callable[[str], Awaitable[Draft]]


class AnswerCheck(Protocol):
    """Reviews a draft before it is posted; may ask again, or replace the answer (see grounding.py)."""

    async def review(
        self, draft: Draft, *, question: str, caller: Caller, trace: Trace, ask_again: AskAgain
    ) -> Draft: ...


@dataclass(frozen=True)
class _Canned:
    ko: str
    en: str

    def pick(self, korean: bool) -> str:
        return self.ko if korean else self.en


_REFUSAL = _Canned("죄송하지만 그 요청에는 답할 수 없어요.", "Sorry, I can't help with that request.")
_TRUNCATED = _Canned("(답변이 길어 중간에 잘렸어요.)", "(The answer was cut short.)")
_NO_ANSWER = _Canned(
    "답을 만들지 못했어요. 질문을 조금 바꿔서 다시 물어봐 주세요.",
    "I couldn't put an answer together. Please try rephrasing the question.",
)
_TOO_LONG = _Canned(
    "대화가 너무 길어졌어요. 새 대화(새 스레드)에서 다시 물어봐 주세요.",
    "This conversation has grown too long. Please ask again in a new thread.",
)
_ROUND_LIMIT = _Canned(
    "조회를 여러 번 반복해도 답을 마치지 못했어요.", "I stopped after too many lookups without finishing."
)
_MODEL_DOWN = _Canned(
    "죄송해요, 지금 AI 모델에 연결할 수 없어요. 잠시 후 다시 물어봐 주세요.",
    "Sorry, I can't reach the AI model right now. Please try again in a moment.",
)
_FOUND = _Canned("지금까지 조회한 결과:", "What I found so far:")


class Assistant:
    """Runs turns against one model with one toolbox. Holds no per-conversation state."""

    def __init__(
        self,
        client: anthropic.AsyncAnthropic,
        toolbox: Toolbox,
        *,
        model: str,
        timezone: str = "Asia/Seoul",
        max_rounds: int = DEFAULT_MAX_ROUNDS,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        clock: Clock = system_clock,
        check: AnswerCheck | None = None,
    ) -> None:
        self.client = client
        self.toolbox = toolbox
        self.model = model
        self.timezone = timezone
        self.max_rounds = max_rounds
        self.max_tokens = max_tokens
        self.clock = clock
        self.check = check

    async def aclose(self) -> None:
        """Closes the model client's connections; call it on the loop that used them."""
        await self.client.close()

    def system_for(self, caller: Caller) -> str:
        timezone = caller.timezone or self.timezone
        return system_prompt(today_in(timezone, self.clock), timezone)

    async def run_turn(self, conversation: Sequence[MessageParam], caller: Caller) -> Turn:
        messages: list[MessageParam] = list(conversation)
        question = _last_user_text(messages)
        korean = is_korean(question)
        system = self.system_for(caller)
        trace = Trace()
        evidence: list[ToolResult] = []

        async def converse() -> Draft:
            text, ended = await self._converse(messages, system, caller, trace, evidence, korean)
            return Draft(text, ended, messages, evidence)

        async def ask_again(user_text: str) -> Draft:
            messages.append({"role": "user", "content": user_text})
            return await converse()

        draft = await converse()
        if self.check is not None:
            reviewed = await self.check.review(
                draft, question=question, caller=caller, trace=trace, ask_again=ask_again
            )
            if reviewed is not draft:
                # The check corrected or replaced the answer: a follow-up sees only what was posted,
                # never the rejected draft or the correction that named its ungrounded amount.
                posted: MessageParam = {"role": "assistant", "content": reviewed.text}
                reviewed = replace(reviewed, messages=[*conversation, posted])
            draft = reviewed
        trace.add(Answer(draft.text))
        return Turn(draft.text, trace, draft.messages, draft.ended, draft.evidence)

    async def _converse(
        self,
        messages: list[MessageParam],
        system: str,
        caller: Caller,
        trace: Trace,
        evidence: list[ToolResult],
        korean: bool,
    ) -> tuple[str, str]:
        """Call the model until it answers; returns (answer text, how it ended). Extends `messages`
        and `evidence` in place, so a second call continues the same conversation."""
        tool_rounds = 0
        calls_here = 0
        while True:
            calls_here += 1
            call_number = len(trace.model_calls) + 1
            try:
                response = await self._call_model(messages, system, trace, call_number)
            except anthropic.APIError as exc:
                # 4xx other than 408/409/429 are not outages (a bad key, model name or request):
                # log what the API said so an operator can fix it; the user only gets the apology.
                log.warning("model call failed after retries: %s", _describe_api_error(exc, detail=True))
                trace.add(Note(f"model call failed: {_describe_api_error(exc)}"))
                return _MODEL_DOWN.pick(korean), "model_error"

            stop = response.stop_reason
            if stop == "pause_turn":
                # A long server-side turn paused: send its content back as-is and let the model go on.
                messages.append({"role": "assistant", "content": response.content})
                if calls_here >= self.max_rounds * 2:
                    return self._round_limit(korean, evidence), "round_limit"
                continue

            tool_uses = [b for b in response.content if isinstance(b, ToolUseBlock)]
            if stop != "tool_use" or not tool_uses:
                # A tool_use cut off by max_tokens is never run, so it must not stay in the conversation
                # either: an unanswered tool_use makes every later request invalid.
                content = [b for b in response.content if not isinstance(b, ToolUseBlock)]
                if content:
                    messages.append(
                        {"role": "assistant", "content": content if tool_uses else response.content}
                    )
                return self._final_text(response, korean), stop or ""

            if tool_rounds >= self.max_rounds:
                trace.add(Note(f"stopped: the model still wanted tools after {self.max_rounds} rounds"))
                return self._round_limit(korean, evidence), "round_limit"
            tool_rounds += 1

            # The assistant turn goes back exactly as received: thinking blocks and signatures included.
            messages.append({"role": "assistant", "content": response.content})
            results = await self._run_tools(tool_uses, caller, trace)
            evidence.extend(results)
            messages.append({"role": "user", "content": [_to_param(r) for r in results]})

    async def _call_model(
        self, messages: list[MessageParam], system: str, trace: Trace, call_number: int
    ) -> Message:
        started = time.perf_counter()
        response = await self.client.messages.create(
            model=self.model,
            max_tokens=self.max_tokens,
            system=system,
            tools=self.toolbox.declarations,
            messages=messages,
        )
        trace.add(
            ModelCall(
                round=call_number,
                stop_reason=response.stop_reason,
                input_tokens=response.usage.input_tokens,
                output_tokens=response.usage.output_tokens,
                ms=(time.perf_counter() - started) * 1000,
            )
        )
        return response

    async def _run_tools(
        self, tool_uses: list[ToolUseBlock], caller: Caller, trace: Trace
    ) -> list[ToolResult]:
        for block in tool_uses:
            trace.add(ToolCall(block.id, block.name, block.input))
        results = await asyncio.gather(
            *(run_tool(self.toolbox, b.id, b.name, b.input, caller) for b in tool_uses)
        )
        for result in results:
            trace.add(result)
        return list(results)

    def _final_text(self, response: Message, korean: bool) -> str:
        text = "\n".join(b.text for b in response.content if b.type == "text").strip()
        match response.stop_reason:
            case "refusal":
                return _REFUSAL.pick(korean)
            case "max_tokens":
                return f"{text} {_TRUNCATED.pick(korean)}" if text else _NO_ANSWER.pick(korean)
            case "model_context_window_exceeded":
                return text if text else _TOO_LONG.pick(korean)
        return text or _NO_ANSWER.pick(korean)

    @staticmethod
    def _round_limit(korean: bool, evidence: list[ToolResult]) -> str:
        found = [r.content for r in evidence if not r.is_error]
        text = _ROUND_LIMIT.pick(korean)
        if found:
            text += "\n" + _FOUND.pick(korean) + "\n" + "\n".join(f"• {line}" for line in found)
        return text


def _to_param(result: ToolResult) -> ToolResultBlockParam:
    return {
        "type": "tool_result",
        "tool_use_id": result.tool_use_id,
        "content": result.content,
        "is_error": result.is_error,
    }


def _last_user_text(messages: Sequence[MessageParam]) -> str:
    for message in reversed(messages):
        if message["role"] != "user":
            continue
        content: Any = message["content"]
        if isinstance(content, str):
            return content
        texts = [b.get("text", "") for b in content if isinstance(b, dict) and b.get("type") == "text"]
        if texts:
            return " ".join(texts)
    return ""


def _describe_api_error(exc: anthropic.APIError, detail: bool = False) -> str:
    if isinstance(exc, anthropic.APIStatusError):
        text = f"HTTP {exc.status_code} ({exc.__class__.__name__})"
        return f"{text}: {exc.message}" if detail else text
    return exc.__class__.__name__
