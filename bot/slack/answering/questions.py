"""What the person typed, cleaned for the model: bot mentions removed, a trailing `--trace` read as a flag."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

_MENTION = re.compile(r"<@[A-Z0-9]+(?:\|[^>]*)?>")
_TRACE_FLAG = re.compile(r"(?:^|\s)--trace\s*$")


@dataclass(frozen=True)
class Question:
    text: str
    wants_trace: bool = False


ANOTHER_PERSON = "(another person / 다른 사람)"


def clean_text(text: str, bot_user_id: str | None = None) -> str:
    """The bot's own mention says whom a message is for, not what it asks, so it goes. Anyone else's
    mention stays visible as "another person": the model must see that a question is about someone else
    (and refuse it) rather than answer with the asker's own balance."""

    def replace(match: re.Match[str]) -> str:
        user = match.group(0)[2:].split("|")[0].rstrip(">")
        if user == bot_user_id or (bot_user_id is None and match.start() == 0):
            return " "
        return f" {ANOTHER_PERSON} "

    return " ".join(_MENTION.sub(replace, text).split())


def parse_question(text: str, bot_user_id: str | None = None) -> Question:
    cleaned = clean_text(text, bot_user_id)
    if _TRACE_FLAG.search(cleaned):
        return Question(_TRACE_FLAG.sub("", cleaned).strip(), wants_trace=True)
    return Question(cleaned)


# "balance": no question, so this year's balance straight from the tool; "question": through the model.
LeaveCommandKind = Literal["balance", "question", "help", "request"]


@dataclass(frozen=True)
class LeaveCommand:
    """`/leave`, `/leave help`, `/leave <question>`, `/leave trace [question]`."""

    kind: LeaveCommandKind
    question: Question


def parse_leave_command(text: str) -> LeaveCommand:
    question = parse_question(text)
    words = question.text.split(maxsplit=1)
    if words and words[0].lower() == "trace":
        question = Question(words[1] if len(words) > 1 else "", wants_trace=True)
    if question.text.lower() in ("help", "도움말", "?"):
        return LeaveCommand("help", question)
    if question.text.lower() in ("request", "신청", "휴가 신청", "연차 신청"):
        return LeaveCommand("request", question)
    return LeaveCommand("question" if question.text else "balance", question)
