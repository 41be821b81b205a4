"""Answers and traces as Slack messages, within Slack's limits.

Limits (api.slack.com): a section block's text ≤ 3000 characters, ≤ 50 blocks per message, a message's
`text` ≤ 40000 characters (Slack recommends ≤ 4000 for readability, so answers are cut there).
"""

from __future__ import annotations

import copy
import functools
from typing import Any

from slack_sdk.models.blocks import ContextActionsBlock, FeedbackButtonObject, FeedbackButtonsElement

from bot.agent.trace import Answer, Grounded, ModelCall, Note, Step, ToolCall, ToolResult, Trace, compact_json
from bot.text import FEEDBACK_BAD, FEEDBACK_GOOD, LOADING_MESSAGES, STILL_WORKING, WORKING, is_korean

SECTION_LIMIT = 3000
BLOCKS_PER_MESSAGE = 50
ANSWER_LIMIT = 4000
# Marks our trace posts so history.py can leave them out of the conversation given to the model.
TRACE_EVENT_TYPE = "officebot_trace"
# Message metadata on what the bot DMs about a leave request (cards, notices, reminders): not a conversation
# turn, so the history rebuilt for a follow-up leaves it out, as it leaves out traces.
REQUEST_EVENT_TYPE = "officebot_request"
REQUEST_METADATA = {"event_type": REQUEST_EVENT_TYPE, "event_payload": {}}
# Message metadata on a DM placeholder: which question it shows progress for (found again on takeover).
PROGRESS_EVENT_TYPE = "officebot_progress"
# Message metadata on a DM's final message (answer, refusal or apology): which question it finished. A
# process taking a question over finds it and marks the question finished instead of answering again
# (the process that posted it could not record that it had).
FINAL_EVENT_TYPE = "officebot_final"


def marked(event_type: str, delivery_id: str) -> dict[str, Any]:
    """Message metadata naming the question a message belongs to."""
    return {"event_type": event_type, "event_payload": {"delivery_id": delivery_id}}


Message = dict[str, Any]
# The feedback buttons under an answer; each button's value is `good:<answer id>` or `bad:<answer id>`.
FEEDBACK_ACTION = "officebot_feedback"


def truncate(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def escape(text: str) -> str:
    """Slack mrkdwn control characters (&, <, >), so a model's text cannot ping people or fake links."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def answer_text(answer: str) -> str:
    return truncate(escape(answer), ANSWER_LIMIT)


def feedback_block(answer_id: str, korean: bool) -> dict[str, Any]:
    """👍 / 👎 under an answer (a `context_actions` block: Slack's feedback buttons for AI answers)."""
    block = copy.deepcopy(_feedback_template(korean))
    buttons = block["elements"][0]
    buttons["positive_button"]["value"] = f"good:{answer_id}"
    buttons["negative_button"]["value"] = f"bad:{answer_id}"
    return block


@functools.cache
def _feedback_template(korean: bool) -> dict[str, Any]:
    # Built with the SDK's Block Kit models (which check the shape) once per language: their `to_dict()`
    # costs about a millisecond, as much as the rest of an answer's own work.
    buttons = FeedbackButtonsElement(
        action_id=FEEDBACK_ACTION,
        positive_button=FeedbackButtonObject(text=FEEDBACK_GOOD.pick(korean), value="good:"),
        negative_button=FeedbackButtonObject(text=FEEDBACK_BAD.pick(korean), value="bad:"),
    )
    return ContextActionsBlock(elements=[buttons]).to_dict()


def answer_blocks(answer: str, answer_id: str, korean: bool) -> list[dict[str, Any]]:
    """An answer (already `answer_text`) as sections within Slack's 3000 characters each, then the feedback
    buttons: a message with blocks shows the blocks, not its `text`."""
    sections = [answer[i : i + SECTION_LIMIT] for i in range(0, len(answer), SECTION_LIMIT)] or [" "]
    blocks = [{"type": "section", "text": {"type": "mrkdwn", "text": part}} for part in sections]
    return [*blocks, feedback_block(answer_id, korean)]


def working_text(question: str) -> str:
    return WORKING.pick(is_korean(question) or not question)


def loading_messages(question: str) -> list[str]:
    """What Slack rotates under the thread while the bot works, in the question's language."""
    korean = is_korean(question) or not question
    return [phrase.pick(korean) for phrase in LOADING_MESSAGES]


def placeholder_text(question: str) -> str:
    return f"_{working_text(question)}_"


def still_working_status(question: str) -> str:
    return STILL_WORKING.pick(is_korean(question) or not question)


def still_working_text(question: str) -> str:
    return f"_{still_working_status(question)}_"


def is_placeholder(message: str) -> bool:
    """A placeholder not yet edited into its answer (another question of this DM is in flight)."""
    return message in {f"_{phrase.ko}_" for phrase in (WORKING, STILL_WORKING)} | {
        f"_{phrase.en}_" for phrase in (WORKING, STILL_WORKING)
    }


def _code(text: str, room: int) -> str:
    # Inside a code block only the fence itself is special; keep the block closed even when truncated.
    return "```" + truncate(escape(text).replace("```", "'''"), room - 6) + "```"


def step_block(step: Step) -> dict[str, Any]:
    match step:
        case ModelCall():
            text = (
                f"*{'judge call' if step.judge else f'model call {step.round}'}* · stop_reason `{step.stop_reason}` · "
                f"tokens in {step.input_tokens} / out {step.output_tokens} · {step.ms:.0f} ms"
            )
        case ToolCall():
            head = f"*tool_use* `{escape(step.name)}` (id `{escape(step.tool_use_id)}`)\n"
            text = head + _code(compact_json(step.input), SECTION_LIMIT - len(head))
        case ToolResult():
            flag = " :warning: *is_error*" if step.is_error else ""
            head = f"*tool_result*{flag} (id `{escape(step.tool_use_id)}`, {step.ms:.0f} ms)\n"
            text = head + _code(step.content, SECTION_LIMIT - len(head))
        case Note():
            text = f"*note* {escape(step.text)}"
        case Grounded():
            text = f"*grounding* {escape(step.describe())}"
        case Answer():
            head = "*answer*\n"
            text = head + _code(step.text, SECTION_LIMIT - len(head))
        case _:
            raise TypeError(f"unknown step {step!r}")
    return {"type": "section", "text": {"type": "mrkdwn", "text": truncate(text, SECTION_LIMIT)}}


def trace_messages(trace: Trace) -> list[Message]:
    """One message per 50 blocks (a typical turn fits in one), each with a plain-text fallback."""
    blocks = [step_block(step) for step in trace.steps]
    size = BLOCKS_PER_MESSAGE - 1  # leave room for the heading block
    chunks = [blocks[i : i + size] for i in range(0, len(blocks), size)] or [[]]
    messages: list[Message] = []
    for number, chunk in enumerate(chunks, start=1):
        part = f" ({number}/{len(chunks)})" if len(chunks) > 1 else ""
        heading = {
            "type": "context",
            "elements": [{"type": "mrkdwn", "text": f":mag: trace · {len(trace.steps)} steps{part}"}],
        }
        fallback = truncate(escape(trace.render_text()), ANSWER_LIMIT) if number == 1 else "trace" + part
        messages.append({"text": fallback, "blocks": [heading, *chunk]})
    return messages
