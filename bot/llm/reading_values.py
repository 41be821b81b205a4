"""What the offline model's reading of a question is, as values: the kinds of question it tells apart, the
kinds answered from a lookup, what the conversation before holds (`Earlier`), the reading itself
(`Reading`), and a lookup reading capped at MAX_LOOKUPS lookups. Apart from the readers (reading.py,
arithmetic_reading.py), which all build these, and the coverage check and the model, which read them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Literal

# At most this many lookups for one question (the loop runs at most 8 tool_use blocks a round, too).
MAX_LOOKUPS = 8

Kind = Literal[
    "greeting",
    "thanks",
    "date",
    "leap_year",
    "someone_else",
    "how_to",
    "rules",
    "hours",
    "can_i_take",
    "what_if",
    "what_if_span",
    "check_claim",
    "half_days",
    "monthly",
    "lookup",
    "percent",
    "hours_left",
    "difference",
    "compare",
    "total",
    "halves_left",
    "next_grant",
    "expiry",
    "days_until",
    "first_year",
    "why_days",
    "service_years",
    "carry_over",
    "act_rules",
    "help",
    "which_year",
    "public_holiday",
    "in_a_row",
    "grows",
    "off_topic",
    "cannot",
]
# The kinds answered from the Act's leave for the asker (get_leave_entitlement, no year).
ENTITLEMENT_KINDS: frozenset[Kind] = frozenset(
    {
        "next_grant",
        "expiry",
        "first_year",
        "why_days",
        "service_years",
        "carry_over",
        "act_rules",
        "days_until",
        "grows",  # when the yearly grant reaches a size, or next grows
    }
)
# The kinds answered from a lookup; the others are answered in words, with no lookup.
# Arithmetic on a balance lookup, written with the named figures the check evaluates.
ARITHMETIC_KINDS: frozenset[Kind] = frozenset({"percent", "hours_left", "difference", "total", "halves_left"})
LOOKUP_KINDS: frozenset[Kind] = ENTITLEMENT_KINDS.union(
    {"can_i_take", "what_if", "what_if_span", "check_claim", "half_days", "monthly", "lookup", "compare"},
    ARITHMETIC_KINDS,
)


@dataclass(frozen=True)
class Earlier:
    """What the conversation before this question holds: the last turn's lookups, and whether it was
    about leave at all."""

    years: tuple[int, ...] = ()
    tools: tuple[str, ...] = ()
    about_leave: bool = False
    question: str = ""  # the question before, so "작년은?" after a share asks for last year's share


@dataclass(frozen=True)
class Reading:
    kind: Kind
    years: tuple[int, ...] = ()  # to look up, at most MAX_LOOKUPS lookups in all
    tools: tuple[str, ...] = ()
    asked: tuple[int, ...] = ()  # every year the question asked about (more than `years` when capped)
    days: Decimal | None = None  # what-if, can-I-take: the days named; check_claim: the days claimed
    month: int | None = None
    window: tuple[int, int] | None = None  # the years that may be looked up, from the system prompt
    halves: int | None = None  # a what-if in half days: how many ("반차 3번 쓰면"); `days` is half of it
    # a what-if over dates: each day or stretch, with its size (1, or 0.5 for a half day)
    spans: tuple[tuple[date, date, Decimal], ...] = ()
    figure: str | None = (
        None  # two years' difference or total: the figure compared (used, granted, remaining)
    )
    # the records: the totals of the leave types asked ("병가 며칠 썼어?"), or the latest record up to a day
    # (today: "when did I last take leave?"; a record approved for later is not taken yet)
    types: tuple[str, ...] = ()
    latest: date | None = None
    until: date | None = None  # days_until: the day named (else the lapse or the next grant, looked up)
    rules: tuple[str, ...] = ()  # the Act's rules asked by name (act_rules): max, base, extra
    amount: str | None = None  # a what-if of several amounts, as q() terms ("q(3) + q(1) * 0.5")
    in_a_row: bool = False  # what_if_span: the days off in a row it makes are asked too

    @property
    def capped(self) -> bool:
        return len(self.asked) > len(self.years)


def lookup(
    kind: Kind,
    years: list[int],
    today: date,
    earlier: Earlier,
    window: tuple[int, int] | None,
    tools: tuple[str, ...],
    *,
    days: Decimal | None = None,
) -> Reading:
    asked = years or [today.year]
    room = max(1, MAX_LOOKUPS // len(tools))
    chosen = asked
    if len(asked) > room:
        # Too many years for one question: those that can be looked up first, in the order asked.
        inside = [y for y in asked if window is None or window[0] <= y <= window[1]]
        chosen = (inside or asked)[:room]
    return Reading(kind, tuple(chosen), tools, tuple(asked), days, window=window)
