"""What a tool_result says on the wire: data, not prose. One place writes it and one reads it back.

A tool's result is its figure (`Balance`, `LeaveTaken`, `Entitlement`, `WorkingDays`, `Day`, `Checked`) as a
compact JSON object; a failure is an `is_error` result whose JSON gives a short reason in English (`error`),
its `kind` and its facts (the year, the years on record, the range that may be asked). Field names are
the figures the answer schema names where there is one (`remaining`, `granted`, `used`, `working_days`,
`service_years`, …). Days are decimal strings ("7.5", "0.25": exact, never a float); dates are ISO.

`wire_text` is the only writer: `ToolOutput.text` makes the result from the figures our own code checks, so
the model's text and the grounding check's figures cannot drift. `figure_in` and `failure_in` read it back
(json.loads, no patterns): the offline model, which sees nothing but the wire, reads results with them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any, get_args

from bot.calendar import Day, Holiday, HolidayKind, WorkingDays
from bot.domain.leave import Balance, LeaveRecord, LeaveTaken, format_days
from bot.domain.outcomes import NO_FACTS, FailureFacts, FailureReason
from bot.domain.requests import Checked, Draft, Part, Problem
from bot.policy.grants import Basis, Kind, StatutoryGrant
from bot.policy.standing import Entitlement

Data = dict[str, Any]
Read = Balance | LeaveTaken | Entitlement | WorkingDays | Day | Checked

# The one line a draft's result adds for the model: nothing is stored until the person submits it.
NOT_SUBMITTED = "Not submitted: the person submits it with the Submit button under your answer."
# `imported` mode, HR holding no later grant: `upcoming` is the Act's computation, not yet in HR's data.
ACT_ONLY = "HR's data holds no later grant yet: upcoming is what the Act gives, not days HR has granted."


def wire_text(data: Mapping[str, Any]) -> str:
    """The tool_result content: compact JSON, Korean names as they are."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _days(amount: Decimal) -> str:
    return format_days(amount)


def _dated(pairs: Sequence[tuple[date, Decimal]]) -> list[Data]:
    return [{"until": on.isoformat(), "days": _days(days)} for on, days in pairs]


def _holiday(holiday: Holiday) -> Data:
    return {
        "date": holiday.on.isoformat(),
        "name_ko": holiday.name_ko,
        "name_en": holiday.name_en,
        "kind": holiday.kind,
    }


def _grant(grant: StatutoryGrant) -> Data:
    hours = {"hours": grant.hours} if grant.hours is not None else {}
    return {
        "arises_on": grant.arises_on.isoformat(),
        "days": _days(grant.days),
        **hours,
        "usable_until": grant.expires_on.isoformat(),
        "kind": grant.kind,
        "service_years": grant.service_years,
        "why": grant.why,
    }


def data_of(figure: Read, as_of: date | None = None) -> Data:
    """A figure as the data its tool_result states; `as_of`: the day of the lookup, when it depends on it."""
    on = {"as_of": as_of.isoformat()} if as_of is not None else {}
    if isinstance(figure, Balance):
        pending = {"pending": _days(figure.pending)} if figure.pending is not None else {}
        return {
            "year": figure.year,
            "remaining": _days(figure.remaining),
            "granted": _days(figure.granted),
            "used": _days(figure.used),
            "lapsed": _days(figure.lapsed),
            "expiring": _dated(figure.expiring),
            **pending,
            **on,
        }
    if isinstance(figure, LeaveTaken):
        records = [
            {"date": r.taken_on.isoformat(), "days": _days(r.days), "type": r.leave_type}
            | ({"note": r.note} if r.note is not None else {})
            for r in figure.records
        ]
        totals = {kind: _days(days) for kind, days in figure.totals.items()}
        return {
            "year": figure.year,
            "records": records,
            "totals": totals,
            "undated": _days(figure.undated),
            **on,
        }
    if isinstance(figure, Entitlement):
        return _entitlement(figure)
    if isinstance(figure, WorkingDays):
        return {
            "start": figure.start.isoformat(),
            "end": figure.end.isoformat(),
            "working_days": figure.working,
            "days": figure.days,
            "weekend": figure.weekend,
            "weekday_holidays": figure.weekday_holidays,
            "holidays": [_holiday(h) for h in figure.holidays],
        }
    if isinstance(figure, Day):
        return {
            "date": figure.on.isoformat(),
            "weekday": figure.weekday_en,
            "weekday_ko": figure.weekday_ko,
            "working_day": figure.working,
            "weekend": figure.weekend,
            "holidays": [_holiday(h) for h in figure.holidays],
        }
    return _draft(figure)


def _entitlement(ent: Entitlement) -> Data:
    said: Data = {
        "as_of": ent.on.isoformat(),
        "hire_date": ent.hire_date.isoformat(),
        "basis": ent.basis,
        "service_years": ent.service_years,
        "current": [_grant(g) for g in ent.current],
        "unused": _dated(ent.unused),
        "upcoming": [_grant(g) for g in ent.upcoming],
    }
    if ent.current:  # the days they count (a part-timer's hours ÷ 8), and what is left to use now
        said["current_days"] = _days(ent.current_days)
        said["usable_now"] = _days(sum((days for _, days in ent.unused), Decimal(0)))
    if ent.next_on is not None:
        said |= {"next_grant_on": ent.next_on.isoformat(), "next_grant_days": _days(ent.next_days)}
    if ent.none_because is not None:
        said["none_because"] = ent.none_because
    if ent.act_only:
        said["act_only"] = ACT_ONLY
    return said


def _draft(checked: Checked) -> Data:
    draft = checked.draft
    said: Data = {
        "draft": {
            "start": draft.start.isoformat(),
            "end": draft.end.isoformat(),
            "part": draft.part,
            "leave_type": draft.leave_type,
            "reason": draft.reason,
        },
        "submitted": False,
        "working_days": len(checked.working_dates),
        "working_dates": [d.isoformat() for d in checked.working_dates],
        "days": _days(checked.days),
        "holidays": list(checked.holidays),
    }
    if checked.balance_before is not None and checked.balance_after is not None:
        said |= {
            "year": draft.start.year,
            "balance_before": _days(checked.balance_before),
            "pending": _days(checked.pending),
            "balance_after": _days(checked.balance_after),
        }
    return said | {"next_step": NOT_SUBMITTED}


def failure_data(
    message: str, kind: FailureReason, facts: FailureFacts, problems: Sequence[Problem] = ()
) -> Data:
    """A failure's data: the short reason, its kind and the facts it states (only those known)."""
    said: Data = {"error": message, "kind": kind}
    if facts.year is not None:
        said["year"] = facts.year
    if facts.existing:
        said["years_on_record"] = list(facts.existing)
    if facts.range is not None:
        said["range"] = list(facts.range)
    if problems:
        said["problems"] = [
            {"field": p.field, "en": p.en, "ko": p.ko}
            | ({"over_balance": True} if p.over_balance else {})
            | ({"days": _days(p.days)} if p.days is not None else {})
            for p in problems
        ]
    return said


def failure_text(
    message: str, kind: FailureReason, facts: FailureFacts = NO_FACTS, problems: Sequence[Problem] = ()
) -> str:
    """An `is_error` tool_result's content."""
    return wire_text(failure_data(message, kind, facts, problems))


# --- Reading it back (the offline model sees only the wire) ---


def _loads(content: str) -> Data | None:
    try:
        data = json.loads(content)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def figure_in(content: str) -> Read | None:
    """The figure a successful result states, or None if the content is not one."""
    data = _loads(content)
    if data is None or "error" in data:
        return None
    try:
        return _figure(data)
    except (KeyError, TypeError, ValueError, InvalidOperation):
        return None


def _figure(d: Data) -> Read | None:
    if "remaining" in d:
        pending = Decimal(d["pending"]) if "pending" in d else None
        return Balance(
            d["year"],
            Decimal(d["granted"]),
            Decimal(d["used"]),
            _pairs(d["expiring"]),
            pending,
            Decimal(d["lapsed"]),
        )
    if "records" in d:
        records = tuple(
            LeaveRecord(date.fromisoformat(r["date"]), Decimal(r["days"]), r["type"], r.get("note"))
            for r in d["records"]
        )
        return LeaveTaken(d["year"], records, Decimal(d["undated"]))
    if "hire_date" in d:
        return Entitlement(
            on=date.fromisoformat(d["as_of"]),
            hire_date=date.fromisoformat(d["hire_date"]),
            basis=_one_of(d["basis"], Basis),
            service_years=d["service_years"],
            current=tuple(map(_statutory, d["current"])),
            upcoming=tuple(map(_statutory, d["upcoming"])),
            none_because=d.get("none_because"),
            unused=_pairs(d["unused"]),
            act_only="act_only" in d,
        )
    if "draft" in d:
        return _checked(d)
    holidays = tuple(
        Holiday(date.fromisoformat(h["date"]), h["name_ko"], h["name_en"], _one_of(h["kind"], HolidayKind))
        for h in d["holidays"]
    )
    if "working_days" in d:
        start, end = date.fromisoformat(d["start"]), date.fromisoformat(d["end"])
        return WorkingDays(start, end, d["working_days"], d["weekend"], holidays)
    if "weekday" in d:
        return Day(date.fromisoformat(d["date"]), holidays)
    return None


def _checked(d: Data) -> Checked:
    draft = d["draft"]
    made = Draft(
        draft["leave_type"],
        date.fromisoformat(draft["start"]),
        date.fromisoformat(draft["end"]),
        _one_of(draft["part"], Part),
        draft["reason"],
    )
    before, after = d.get("balance_before"), d.get("balance_after")
    return Checked(
        made,
        working_dates=tuple(date.fromisoformat(w) for w in d["working_dates"]),
        days=Decimal(d["days"]),
        balance_before=Decimal(before) if before is not None else None,
        pending=Decimal(d.get("pending", "0")),
        balance_after=Decimal(after) if after is not None else None,
        holidays=tuple(d["holidays"]),
    )


def _pairs(items: list[Data]) -> tuple[tuple[date, Decimal], ...]:
    return tuple((date.fromisoformat(i["until"]), Decimal(i["days"])) for i in items)


def _statutory(g: Data) -> StatutoryGrant:
    return StatutoryGrant(
        arises_on=date.fromisoformat(g["arises_on"]),
        days=Decimal(g["days"]),
        kind=_one_of(g["kind"], Kind),
        service_years=g["service_years"],
        expires_on=date.fromisoformat(g["usable_until"]),
        why=g["why"],
        hours=g.get("hours"),
    )


def _one_of(value: object, choices: Any) -> Any:
    """`value` when it is one of a Literal's choices (a kind, a basis, a part), else ValueError."""
    if value not in get_args(choices):
        raise ValueError(f"{value!r} is not one of {get_args(choices)}")
    return value


def failure_in(content: str) -> tuple[FailureReason | None, str, FailureFacts, tuple[Problem, ...]]:
    """A failed result's kind, reason, facts and a draft's problems; a content that is not failure data is
    its own reason, of no kind."""
    data = _loads(content)
    if data is None or not isinstance(data.get("error"), str):
        return None, content, FailureFacts(), ()
    kind = data.get("kind")
    span = data.get("range")
    facts = FailureFacts(
        data.get("year"),
        tuple(data.get("years_on_record", ())),
        (span[0], span[1]) if isinstance(span, list) and len(span) == 2 else None,
    )
    problems = tuple(
        Problem(
            p["field"],
            p["ko"],
            p["en"],
            bool(p.get("over_balance")),
            Decimal(str(p["days"])) if p.get("days") is not None else None,
        )
        for p in data.get("problems", ())
    )
    known = kind if kind in get_args(FailureReason) else None
    return known, data["error"], facts, problems
