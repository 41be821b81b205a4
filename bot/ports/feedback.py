"""Feedback on answers as a port: a person's 👍 / 👎 under an answer, kept as who, which answer, good or
bad, and when (never the question or the answer's text), read back as counts and the latest bad answers.
The SQL implementation is `bot/db/feedback.py`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal, Protocol

Rating = Literal["good", "bad"]
RATINGS: tuple[Rating, ...] = ("good", "bad")


@dataclass(frozen=True)
class BadAnswer:
    answer_id: str
    at: datetime


@dataclass(frozen=True)
class FeedbackSummary:
    good: int
    bad: int
    latest_bad: list[BadAnswer]


class FeedbackLog(Protocol):
    async def record(
        self, answer_id: str, slack_user_id: str, rating: Rating, message_ts: str | None
    ) -> None:
        """Keeps one rating per person and answer: rating again changes it."""
        ...

    async def summary(self, latest: int = 10) -> FeedbackSummary:
        """Counts of good and bad, and the `latest` bad answers' ids, newest first."""
        ...
