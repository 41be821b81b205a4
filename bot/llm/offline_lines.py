"""What the offline model says where its answer needs no lookup, and a lookup's result said plainly: the
statements it chooses (bot/grounding/statements.py), which code then writes whole in the person's language
(bot/text/sentences.py), as it writes the real model's. `said_as` gives the text a set of fixed statements
is written as (for the tests and the chat's checks of a decline).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from bot.calendar import Day, WorkingDays
from bot.text import Phrase
from bot.text import sentences as say

# Kind of question → the statements that answer it with no lookup.
_WORDS: dict[str, tuple[str, ...]] = {
    "greeting": ("greeting()",),
    "thanks": ("thanks()",),
    "date": ("today()",),
    "someone_else": ("only_own_leave()",),
    "how_to": ("how_to_request()",),
    "rules": ("ask_hr()", "what_i_can_do()"),
    "hours": ("not_in_hours()", "what_i_can_do()"),
    "which_year": ("which_year()",),
    "public_holiday": ("ask_a_date()",),
    "off_topic": ("cannot_offline()", "what_i_can_do()"),
    "cannot": ("cannot_offline()", "what_i_can_do()"),
}
CANNOT: tuple[str, ...] = _WORDS["cannot"]  # a question it cannot answer whole: declined, and what it can


def offline_words(kind: str, today: date, years: Sequence[int]) -> list[str]:
    """The statements for a question it answers without a lookup (what it can do, for any other kind)."""
    if kind == "leap_year":
        return [f"leap_year({years[0] if years else today.year})"]
    return list(_WORDS.get(kind, ("what_i_can_do()",)))


def calendar_said(found: Day | WorkingDays) -> str:
    """The calendar's result as a statement: what a day is, or the working days of a span."""
    if isinstance(found, Day):
        return f'day("{found.on.isoformat()}")'
    return f'working_days("{found.start.isoformat()}", "{found.end.isoformat()}")'


def _said_as(*phrases: Phrase) -> Phrase:
    return Phrase(" ".join(p.ko for p in phrases), " ".join(p.en for p in phrases))


# How the fixed answers read (the statements' own sentences, joined as the check joins them).
OFFLINE_CANNOT = _said_as(say.CANNOT_OFFLINE, say.WHAT_I_CAN_DO)
OFFLINE_SOMEONE_ELSE = say.ONLY_OWN
OFFLINE_THANKS = say.THANKS
OFFLINE_HOURS = _said_as(say.NOT_IN_HOURS, say.WHAT_I_CAN_DO)
OFFLINE_RULES = _said_as(say.ASK_HR, say.WHAT_I_CAN_DO)
OFFLINE_WHAT_I_DO = say.WHAT_I_CAN_DO
