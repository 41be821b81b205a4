"""Feedback on answers: a person's 👍 / 👎 under an answer, kept as who, which answer, good or bad, and
when (never the question or the answer's text), and read back as counts and the latest bad answers' ids
(`officebot feedback`). One row per person and answer: clicking again changes the rating."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.db.engine import single_statement, writing
from bot.db.tables import feedback
from bot.ports.feedback import BadAnswer, FeedbackSummary, Rating


class SqlFeedbackLog:
    """The `FeedbackLog` port in the database: one row per person and answer in `feedback`."""

    def __init__(
        self, engine: AsyncEngine, clock: Callable[[], datetime] = lambda: datetime.now(UTC)
    ) -> None:
        self._engine = engine
        self._clock = clock

    async def record(
        self, answer_id: str, slack_user_id: str, rating: Rating, message_ts: str | None
    ) -> None:
        values = {"rating": rating, "at": self._clock(), "message_ts": message_ts}
        mine = (feedback.c.answer_id == answer_id, feedback.c.slack_user_id == slack_user_id)
        for _ in range(2):  # a concurrent first click by the same person may win the insert: then update
            try:
                async with writing(self._engine) as connection:
                    changed = await connection.execute(update(feedback).where(*mine).values(**values))
                    if not changed.rowcount:
                        await connection.execute(
                            feedback.insert().values(
                                answer_id=answer_id, slack_user_id=slack_user_id, **values
                            )
                        )
                return
            except IntegrityError:
                continue

    async def summary(self, latest: int = 10) -> FeedbackSummary:
        async with single_statement(self._engine) as connection:
            grouped = await connection.execute(
                select(feedback.c.rating, func.count()).group_by(feedback.c.rating)
            )
            counts: dict[str, int] = {str(rating): int(n) for rating, n in grouped.all()}
        async with single_statement(self._engine) as connection:
            rows = (
                await connection.execute(
                    select(feedback.c.answer_id, feedback.c.at)
                    .where(feedback.c.rating == "bad")
                    .order_by(feedback.c.at.desc(), feedback.c.id.desc())
                    .limit(latest)
                )
            ).all()
        at_utc = [(r.answer_id, r.at if r.at.tzinfo else r.at.replace(tzinfo=UTC)) for r in rows]
        return FeedbackSummary(
            good=int(counts.get("good", 0)),
            bad=int(counts.get("bad", 0)),
            latest_bad=[BadAnswer(answer_id, at) for answer_id, at in at_utc],
        )
