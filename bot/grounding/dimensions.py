"""What a named figure's arithmetic means, checked by its dimensions, as a physicist checks units.

Every fact has a dimension: days of a kind of leave (granted, used, remaining, pending; a calendar count; the
Act's days; the person's number), hours, a count, years, a share. Arithmetic means something only between
some of them, whatever the words around it: granted and used of one year are never added; a what-if takes
from what is left, not from what was granted; days times `HOURS_PER_DAY` are hours, once, and hours are never
divided by a part of a day (days divided by 0.5 count the half days that fit); a share is of what was
granted or of the same kind in another year (`used(2026) / remaining(2026) * 100` is no share used); hours
and shares are never written as days, nor days as hours. The algebra, not phrasings: an expression no set
has shown is judged by the same rules.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from bot.grounding.expressions import Unresolved, parsed
from bot.grounding.facts import CALENDAR_FUNCTIONS, Evidence
from bot.grounding.figure import ROLE, Figure, Problem
from bot.language.clause_words import DAY_UNIT_AFTER

# The grants the Act gives the person: days granted (the Act's own figures are STATUTE.…).
_ENTITLEMENT = {"next_grant_days", "grant_days", "current_days", "expiring_days", "unused_days"}
_PARTS = {Decimal("0.5"), Decimal("0.25")}
_HOURS_AFTER = re.compile(r"\s?(?:시간|hours?\b|hrs?\b)", re.I)


@dataclass(frozen=True)
class Dimension:
    unit: str  # days, hours, count, years, share, percent, number (the question's), part, hundred, hours_per_day
    kinds: frozenset[str] = frozenset()  # of days: granted, used, remaining, pending, calendar, act, question
    years: frozenset[int] = frozenset()


class Meaningless(Exception):
    """The arithmetic means nothing, whatever its value; the message says why."""


def dimension_problems(text: str, figures: Sequence[Figure], evidence: Evidence) -> list[Problem]:
    problems = []
    for figure in figures:
        if figure.shown is None or (not figure.calls and not figure.constants):
            continue
        source = text[figure.start + 1 : figure.end - 1]
        try:
            dimension = _dimension(parsed(source)[1], evidence)
        except Meaningless as why:
            problems.append(Problem(text[figure.start : figure.end], str(why)))
            continue
        except (Unresolved, ValueError, IndexError):
            continue  # the evaluation already said what is wrong with it
        said_days = DAY_UNIT_AFTER.match(text, figure.end) is not None
        if dimension.unit in ("hours", "share", "percent") and said_days:
            problems.append(Problem(text[figure.start : figure.end], f"is {dimension.unit}, written as days"))
        if dimension.unit == "days" and _HOURS_AFTER.match(text, figure.end):
            problems.append(Problem(text[figure.start : figure.end], "is days, written as hours"))
    return problems


def _dimension(node: ast.expr, evidence: Evidence) -> Dimension:
    match node:
        case ast.Call(func=ast.Name(id=name), args=args):
            return _fact(name, [getattr(a, "value", None) for a in args])
        case ast.Name(id="HOURS_PER_DAY"):
            return Dimension("hours_per_day")
        case ast.Name(id="LOOKUPS_PER_QUESTION"):
            return Dimension("count")
        case ast.Attribute(value=ast.Name(id="STATUTE"), attr=attr):
            unit = {"attendance_pct": "percent", "extra_every_years": "years"}.get(attr, "days")
            return Dimension(unit, frozenset({"act"}) if unit == "days" else frozenset())
        case ast.Constant(value=int() | float() as number):
            value = Decimal(str(number))
            return Dimension("hundred" if value == 100 else "part" if value in _PARTS else "number")
        case ast.UnaryOp(operand=operand):
            return _dimension(operand, evidence)
        case ast.BinOp(left=left, op=op, right=right):
            a, b = _dimension(left, evidence), _dimension(right, evidence)
            if isinstance(op, ast.Add | ast.Sub):
                return _sum(a, b, isinstance(op, ast.Sub), node, evidence)
            if isinstance(op, ast.Mult):
                return _product(a, b)
            if isinstance(op, ast.Div):
                return _quotient(a, b)
    return Dimension("number")


def _fact(name: str, arguments: list[object]) -> Dimension:
    if name == "q":
        return Dimension("number", frozenset({"question"}))
    if name in ("service_years", "grant_years"):
        return Dimension("years")
    if name == "records":
        return Dimension("count", frozenset({"used"}), _year(arguments))
    if name in CALENDAR_FUNCTIONS:
        return Dimension("days", frozenset({"calendar"}))
    if name in _ENTITLEMENT:
        return Dimension("days", frozenset({"granted"}))
    if name in ROLE:
        return Dimension("days", frozenset({ROLE[name]}), _year(arguments))
    return Dimension("number")


def _year(arguments: list[object]) -> frozenset[int]:
    first = arguments[0] if arguments else None
    if isinstance(first, int):
        return frozenset({first})
    if isinstance(first, str) and first[:4].isdigit():
        return frozenset({int(first[:4])})
    return frozenset()


def _as_days(d: Dimension) -> Dimension:
    """The person's number and a part of a day are days where days are added or taken."""
    if (d.unit == "number" and d.kinds == {"question"}) or d.unit == "part":
        return Dimension("days", frozenset({"question"}) if d.unit == "number" else frozenset({"part"}))
    return d


def _sum(a: Dimension, b: Dimension, takes: bool, node: ast.BinOp, evidence: Evidence) -> Dimension:
    a, b = _as_days(a), _as_days(b)
    if {a.unit, b.unit} == {"hundred", "percent"}:  # "100 - {share * 100}": a percentage
        return Dimension("percent", a.kinds | b.kinds, a.years | b.years)
    if a.unit != b.unit and "number" not in (a.unit, b.unit):
        raise Meaningless(f"{'takes' if takes else 'adds'} {b.unit} {'from' if takes else 'to'} {a.unit}")
    if a.unit == "days" and b.unit == "days":
        same_year = a.years & b.years
        if not takes and same_year and {"granted", "used"} <= a.kinds | b.kinds and not a.kinds & b.kinds:
            raise Meaningless("adds days used to days granted: that is no figure of anyone's leave")
        if takes and a.kinds == {"granted"} and b.kinds <= {"question", "calendar", "part", "pending"}:
            year = next(iter(a.years), None)
            balance = evidence.balances.get(year) if year is not None else None
            if balance is None or balance.used != 0:
                raise Meaningless("takes days from what was granted, not from what is left (remaining(…))")
    if takes and a.kinds == {"granted"} and b.kinds == {"used"} and a.years == b.years:
        return Dimension("days", frozenset({"remaining"}), a.years)
    return Dimension(a.unit if a.unit != "number" else b.unit, a.kinds | b.kinds, a.years | b.years)


def _product(a: Dimension, b: Dimension) -> Dimension:
    units = {a.unit, b.unit}
    if units == {"hours", "hours_per_day"}:
        raise Meaningless("converts to hours twice (HOURS_PER_DAY once makes days hours)")
    if "hours_per_day" in units:
        other = b if a.unit == "hours_per_day" else a
        if other.unit in ("days", "number", "part"):
            return Dimension("hours", other.kinds, other.years)
        raise Meaningless(f"multiplies {other.unit} by the hours of a day")
    if "hundred" in units:
        other = b if a.unit == "hundred" else a
        return Dimension("percent" if other.unit == "share" else other.unit, other.kinds, other.years)
    if "part" in units:
        other = b if a.unit == "part" else a
        return Dimension(
            "days" if other.unit in ("count", "number") else other.unit, other.kinds, other.years
        )
    if a.unit == "days" and b.unit == "days":
        raise Meaningless("multiplies days by days")
    return a if b.unit == "number" else b


def _quotient(a: Dimension, b: Dimension) -> Dimension:
    if b.unit == "part":  # days / 0.5: how many half days fit; hours / 0.5 is nothing
        if a.unit in ("days", "number"):
            return Dimension("count", a.kinds, a.years)
        raise Meaningless(
            f"divides {a.unit} by a part of a day; a part of a day multiplies (HOURS_PER_DAY * 0.5)"
        )
    if b.unit == "hours_per_day":
        if a.unit not in ("hours", "number"):
            raise Meaningless(f"divides {a.unit} by the hours of a day")
        return Dimension("days", a.kinds, a.years)
    if a.unit == "days" and b.unit == "days":
        # What each denominator can be a share of: of what was granted, anything; of what is left, the days
        # a plan would take from it; of what was used or is pending, a part of the same.
        allowed = {
            "remaining": {"calendar", "question", "part", "pending", "remaining"},
            "used": {"used"},
            "pending": {"pending"},
        }
        for kind, parts in allowed.items():
            if b.kinds == {kind} and not a.kinds <= parts:
                raise Meaningless(f"divides by days {kind}: a share of your leave is of what was granted")
        return Dimension("share", a.kinds, a.years | b.years)
    if b.unit == "days" and a.unit == "hours":
        raise Meaningless("divides hours by days")
    return a if b.unit == "number" else Dimension("share", a.kinds, a.years)
