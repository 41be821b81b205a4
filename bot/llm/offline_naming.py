"""How the offline model names the figures of an answer it wrote from its phrasebook (the answer shape of
bot/grounding/shape.py): each number of its own text is matched to what it is — a looked-up figure or
arithmetic on figures (the expression), the person's number (`q(n)`), the Act's, a date or a year — by
the value and the words beside it, and replaced by the placeholder that names it. A number it cannot
account for is left as typed, and the check stops it: an honest "I don't know". This is the stand-in's
way of writing; the check never reads prose like this.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from bot.domain.leave import ANNUAL, Balance, LeaveTaken, format_days
from bot.grounding.facts import LOOKUPS_PER_QUESTION
from bot.grounding.figure import PLACEHOLDER
from bot.language.clause_words import LEAVE_TYPE_WORDS
from bot.language.number_tokens import NumberToken, adds_a_half, amounts_in, numbers_in
from bot.language.quantities import stray_quantities
from bot.llm.figure_roles import role_beside
from bot.policy.standing import Entitlement
from bot.policy.statute import STATUTE


@dataclass(frozen=True)
class DeclaredFigure:
    span: str
    value: str
    basis: str
    expr: str | None = None
    as_: str | None = None


_MONTHS = "jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"
_INCIDENTAL = re.compile(
    r"(?P<iso>\d{4}-\d{2}-\d{2})"
    r"|(?P<kdate>(?:(?P<ky>\d{4})년\s*)?(?P<km>\d{1,2})월\s*(?P<kd>\d{1,2})일)"
    rf"|(?P<edate>(?P<em>{_MONTHS})[a-z]*\.?\s+(?P<ed>\d{{1,2}})(?!\d)(?:st|nd|rd|th)?(?:,?\s+(?P<ey>\d{{4}}))?)"
    r"|(?P<month>(?P<mm>\d{1,2})월(?!\s*\d))"
    r"|(?P<time>\d{1,2}:\d{2})"
    r"|(?P<year>(?:19|20)\d{2})(?=년|\b)",
    re.I,
)


@dataclass(frozen=True)
class Known:
    """What the offline model has in front of it: its lookups, the question, today."""

    balances: Mapping[int, Balance]
    taken: Mapping[int, LeaveTaken]
    question: str
    today: date
    entitlement: Entitlement | None = None  # the Act's leave for the asker, when it was looked up
    working: Mapping[tuple[date, date], int] = field(default_factory=dict)  # the calendar's counts


def named_text(answer: str, known: Known) -> str:
    """`answer` in the answer shape: {"text": …} with each figure it can account for named."""
    named = answer
    for at, figure in sorted(declare(answer, known), key=lambda pair: -pair[0]):
        placeholder = _placeholder(figure, known.today.year)
        # Only what the check counts as a typed number is named: 반차 names a kind of leave, 하나 a count.
        if placeholder is not None and stray_quantities(figure.span):
            named = named[:at] + placeholder + named[at + len(figure.span) :]
    return json.dumps({"text": named}, ensure_ascii=False)


def _placeholder(figure: DeclaredFigure, this_year: int) -> str | None:
    if figure.expr is not None:
        return "{" + figure.expr + "}"
    if figure.basis == "question":
        return "{q(" + figure.value + ")}"
    if figure.as_ == "date":
        named = '{date("' + figure.value + '")}'
        year = figure.value[:4]
        if figure.span == figure.value or int(year) != this_year:  # date() writes another year itself
            return named
        if year in figure.span and not figure.span.startswith(year):  # "December 31, 2026", as written
            return named + ", {year(" + year + ")}"
        return ("{year(" + year + ")}년 " if year in figure.span else "") + named
    if figure.as_ == "date_range":  # a month, as the offline model writes one ("12월")
        return '{date("' + figure.value[:7] + '")}'
    if figure.as_ in ("year", "time"):
        return f"{{{figure.as_}(" + (figure.value if figure.as_ == "year" else f'"{figure.value}"') + ")}"
    return None


def declare(answer: str, known: Known) -> list[tuple[int, DeclaredFigure]]:
    """Each number of `answer` that can be accounted for, with where it stands."""
    figures: list[tuple[int, DeclaredFigure]] = []
    # A placeholder the phrasebook wrote itself (`{day("2026-12-25")}`) is named already.
    covered = [range(m.start(), m.end()) for m in PLACEHOLDER.finditer(answer)]
    for match in _INCIDENTAL.finditer(answer):
        if any(match.start() in r for r in covered):
            continue
        figure = _incidental(match, known)
        if figure is not None:
            figures.append((match.start(), figure))
            covered.append(range(match.start(), match.end()))
    tokens = [
        t
        for t in numbers_in(answer)
        if not any(t.start >= r.start and t.end <= r.stop for r in covered)
        and not _KIND_OF_LEAVE.match(answer, t.start)  # "half day" names a kind of leave, not 0.5
    ]
    for start, end, value in _amounts(answer, tokens):
        figures.append((start, _amount(answer, start, end, value, known)))
    return figures


def _incidental(match: re.Match[str], known: Known) -> DeclaredFigure | None:
    span = match.group()
    if match["iso"]:
        return DeclaredFigure(span, span, "incidental", None, "date")
    if match["kdate"]:
        year = int(match["ky"] or known.today.year)
        return _date_figure(span, year, int(match["km"]), int(match["kd"]))
    if match["edate"]:
        month = _MONTHS.split("|").index(match["em"][:3].lower()) + 1
        return _date_figure(span, int(match["ey"] or known.today.year), month, int(match["ed"]))
    if match["month"]:
        month = int(match["mm"])
        if not 1 <= month <= 12:
            return None
        first = date(known.today.year, month, 1)
        last = date(first.year + (month == 12), month % 12 + 1, 1).toordinal() - 1
        return DeclaredFigure(
            span,
            f"{first.isoformat()}/{date.fromordinal(last).isoformat()}",
            "incidental",
            None,
            "date_range",
        )
    if match["time"]:
        return DeclaredFigure(span, span, "incidental", None, "time")
    return DeclaredFigure(span, span, "incidental", None, "year")


def _date_figure(span: str, year: int, month: int, day: int) -> DeclaredFigure | None:
    try:
        return DeclaredFigure(span, date(year, month, day).isoformat(), "incidental", None, "date")
    except ValueError:
        return None


def _amounts(answer: str, tokens: list[NumberToken]) -> Iterator[tuple[int, int, Decimal]]:
    """Each amount with its span: "7일 반" and "eight and a half" as one."""
    index = 0
    while index < len(tokens):
        token = tokens[index]
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        if following is not None and adds_a_half(answer, token, following):
            yield token.start, following.end, token.value + following.value
            index += 2
            continue
        yield token.start, token.end, token.value
        index += 1


def _amount(answer: str, start: int, end: int, value: Decimal, known: Known) -> DeclaredFigure:
    span = answer[start:end]
    presented = role_beside(answer, start, end)
    # The phrasebook starts each line with its year: that year's figures first.
    line_start = answer.rfind("\n", 0, start) + 1
    line_end = answer.find("\n", end) % (len(answer) + 1)
    # The year said before it on its line, else the line's first ("0 days left for 2025").
    years = (
        re.findall(r"(?:19|20)\d\d", answer[line_start:start])
        or re.findall(r"(?:19|20)\d\d", answer[end:line_end])[:1]
    )
    counted = _COUNTER.match(answer, end) is not None  # "1번", "3 times": a count, not days
    if _WORKING_BEFORE.search(answer, 0, start) or _WORKING_AFTER.match(answer, end):
        for (opening, closing), count in known.working.items():  # "근무일은 3일": the calendar's count
            if count == value:
                return DeclaredFigure(span, format_days(value), "fact", _working(opening, closing))
    if counted and _HALF_ASKED.search(known.question) and value in amounts_in(known.question):
        return DeclaredFigure(span, format_days(value), "question")  # "반차 3번": the person's count
    # A list of records writes each record's days right after its date: that date's record first.
    dates = [_incidental(m, known) for m in _INCIDENTAL.finditer(answer, max(0, start - 16), start)]
    beside = f'record("{dates[-1].value}")' if dates and dates[-1] and dates[-1].as_ == "date" else None
    if presented is None and value in amounts_in(known.question) and not counted:
        # A number the question states, said as no leave figure ("2일을 쓰면"): the question's.
        return DeclaredFigure(span, format_days(value), "question")
    # The words of its own clause say which leave it is (병가 / 연차): a figure of another kind is not it.
    kind = _leave_type_beside(answer, start, end)
    candidates = sorted(
        (c for c in _candidates(value, known) if kind is None or _leave_type(c[1], known) in (None, kind)),
        key=lambda c: (
            c[1] != beside,
            not c[1].endswith(") * 0.5") or not c[1].startswith("q("),  # "반차 5번은 2.5일": the half days
            c[1].startswith(("records(", "service_years", "grant_years", "LOOKUPS")) != counted,
            not any(y in c[1] for y in years[-1:]),  # the year nearest before it first
            not any(y in c[1] for y in years),
        ),
    )
    for basis, expr, role in candidates:
        if presented is not None and role == presented:
            return DeclaredFigure(span, format_days(value), basis, expr)
    if presented is None and candidates:
        basis, expr, _ = candidates[0]
        return DeclaredFigure(span, format_days(value), basis, expr)
    # Presented as remaining, used or granted leave, yet none of those figures: not accounted for (a
    # record's day or a count may equal it, but that is not what the words say it is).
    if value in amounts_in(known.question):
        return DeclaredFigure(span, format_days(value), "question")
    if presented is None and (_WORKING_BEFORE.search(answer, 0, start) or _WORKING_AFTER.match(answer, end)):
        # A count of working days ("근무일 1일", "8 working days"): the calendar's, which the check counts
        # between the dates the answer states.
        return DeclaredFigure(span, format_days(value), "calendar", None)
    if presented is None and _COUNTER.match(answer, end):
        # A count of something that is not leave ("조회는 8번까지", "8 lookups"): its own words' number.
        return DeclaredFigure(span, format_days(value), "incidental", None, "count")
    return DeclaredFigure(span, format_days(value), "fact", None)  # unaccounted for: the check refuses it


_HALF_ASKED = re.compile(r"(?<!반)반차|half[-\s]days?", re.I)
_KIND_OF_LEAVE = re.compile(r"(?:half|quarter)[-\s]days?\b", re.I)


def _leave_type_beside(answer: str, start: int, end: int) -> str | None:
    """The leave type (sick / annual) the nearest type word of the number's clause names, if any."""
    left = max((m.end() for m in _TYPE_EDGE.finditer(answer, 0, start)), default=0)
    right_edge = _TYPE_EDGE.search(answer, end)
    right = right_edge.start() if right_edge else len(answer)
    found = [
        (min(abs(start - m.end()), abs(m.start() - end)), kind)
        for pattern, kind in LEAVE_TYPE_WORDS
        for m in pattern.finditer(answer, left, right)
    ]
    return min(found)[1] if found else None


# A list item's type stands in brackets after its days ("1일(연차)"): brackets do not end its clause here.
_TYPE_EDGE = re.compile(r"[.!?\n;|,:·•]")


def _leave_type(expression: str, known: Known) -> str | None:
    """The leave type a candidate expression names: a record's own, a total's or count's argument, annual
    for a balance; None when it names no leave type."""
    if match := re.match(r'(?:taken|records)\(\d{4}, "([a-z_]+)"', expression):
        return match.group(1)
    if match := re.match(r'record\("(\d{4}-\d{2}-\d{2})"\)', expression):
        on = date.fromisoformat(match.group(1))
        taken = known.taken.get(on.year)
        kinds = {r.leave_type for r in taken.records if r.taken_on == on} if taken else set()
        return kinds.pop() if len(kinds) == 1 else None
    if re.match(r"(?:remaining|used|granted|expiring|pending)\(", expression):
        return ANNUAL
    return None


_WORKING_BEFORE = re.compile(r"(?:근무일|영업일)\s*(?:은|는)?\s*$")
_WORKING_AFTER = re.compile(r"\s*(?:일\s*)?(?:working|business)\s+days?\b", re.I)
_COUNTER = re.compile(r"\s?(?:번|회|개|건|가지|lookups?\b|times?\b|questions?\b)", re.I)


def _candidates(value: Decimal, known: Known) -> Iterator[tuple[str, str, str | None]]:
    """(basis, expression, the leave role it is) for every way this value follows from what is known,
    simplest first."""
    balances = sorted(known.balances.items(), reverse=True)
    for year, balance in balances:
        for role, figure in (
            ("remaining", balance.remaining),
            ("used", balance.used),
            ("granted", balance.granted),
        ):
            if figure == value:
                yield "fact", f"{role}({year})", role
        if balance.lapsed and balance.lapsed == value:  # left past its last usable day: neither role
            yield "fact", f"granted({year}) - used({year}) - remaining({year})", None
        for day, days in balance.expiring:  # of what remains, the days usable until that day
            if days == value:
                yield "fact", f'expiring({year}, "{day}")', "remaining"
        if balance.pending is not None and balance.pending == value:  # asked for, not yet decided
            yield "fact", f"pending({year})", None
    for year, taken in sorted(known.taken.items(), reverse=True):
        totals = dict(taken.totals)
        totals[ANNUAL] = totals.get(ANNUAL, Decimal(0)) + taken.undated  # annual leave with no dated record
        for kind, total in totals.items():
            if total == value:
                yield "fact", f'taken({year}, "{kind}")', "used"
        for kind in sorted({r.leave_type for r in taken.records}):
            if sum(r.leave_type == kind for r in taken.records) == value:
                yield "fact", f'records({year}, "{kind}")', "used"  # leave taken N times
            for size in (Decimal("0.5"), Decimal("0.25")):
                if sum(r.leave_type == kind and r.days == size for r in taken.records) == value:
                    yield "fact", f'records({year}, "{kind}", {format_days(size)})', "used"
        for record in taken.records:
            if record.days == value:  # the days taken on that date: leave used
                yield "fact", f'record("{record.taken_on.isoformat()}")', "used"
    asked = sorted(amounts_in(known.question))
    for year, balance in balances:
        for number in asked:
            for role, figure in (("remaining", balance.remaining), ("used", balance.used)):
                if figure - number == value:
                    yield "fact", f"{role}({year}) - q({format_days(number)})", role
                if figure + number == value:
                    yield "fact", f"{role}({year}) + q({format_days(number)})", role
            halves = number * Decimal("0.5")
            if _HALF_ASKED.search(known.question) and balance.remaining - halves == value:  # "반차 3번 쓰면"
                yield "fact", f"remaining({year}) - q({format_days(number)}) * 0.5", "remaining"
        spans = sorted(known.working.items())  # a what-if over dates: each day or stretch, whole or half
        sizes_of: tuple[Decimal, ...] = (
            (Decimal(1), Decimal("0.5")) if _HALF_ASKED.search(known.question) else (Decimal(1),)
        )
        for sizes in itertools.product(sizes_of, repeat=len(spans)) if spans else ():
            if balance.remaining - sum(size * n for size, (_, n) in zip(sizes, spans, strict=True)) == value:
                each = (
                    _working(*span) + ("" if size == 1 else " * 0.5")
                    for size, (span, _) in zip(sizes, spans, strict=True)
                )
                yield "fact", f"remaining({year}) - {' - '.join(each)}", "remaining"
        if balance.remaining * 8 == value:
            yield "fact", f"remaining({year}) * HOURS_PER_DAY", "remaining"
        if balance.remaining / Decimal("0.5") == value:
            yield "fact", f"remaining({year}) / 0.5", "remaining"
        if (balance.remaining - Decimal("0.25")) / Decimal("0.5") == value:  # whole half days, a quarter over
            yield "fact", f"(remaining({year}) - 0.25) / 0.5", "remaining"
        if balance.granted and rounds_to(balance.used / balance.granted * 100, value):
            yield "fact", f"used({year}) / granted({year}) * 100", "used"
    if _HALF_ASKED.search(known.question):  # the sort in `_amount` puts these first
        for number in asked:
            if number * Decimal("0.5") == value and number != Decimal("0.5"):
                yield "question", f"q({format_days(number)}) * 0.5", None
    for (year, first), (other, second) in ((a, b) for a in balances for b in balances if a[0] != b[0]):
        for role in ("used", "granted", "remaining"):  # two years' difference (the larger first) or total
            mine, theirs = getattr(first, role), getattr(second, role)
            if mine - theirs == value:
                yield "fact", f"{role}({year}) - {role}({other})", role
            if mine + theirs == value and year > other:
                yield "fact", f"{role}({year}) + {role}({other})", role
    if known.entitlement is not None:
        yield from _statutory_candidates(value, known.entitlement)
    for name, number in STATUTE.items():
        if number == value:
            yield "statute", f"STATUTE.{name}", None
    if value == LOOKUPS_PER_QUESTION:
        yield "fact", "LOOKUPS_PER_QUESTION", None


def _statutory_candidates(value: Decimal, ent: Entitlement) -> Iterator[tuple[str, str, str | None]]:
    """The Act's leave for the asker: the next grant, a grant or the days expiring on a date, the days
    usable now, the years of service, and a grant's days beyond the base 15 (§60④)."""
    if ent.upcoming and ent.next_days == value:
        yield "fact", "next_grant_days()", "granted"
    grants = sorted({*ent.current, *ent.upcoming}, key=lambda g: g.arises_on)
    for day in dict.fromkeys(g.arises_on for g in grants):
        if ent.arising_on(day) == value:
            yield "fact", f'grant_days("{day}")', "granted"
    if ent.current and ent.current_days == value:
        yield "fact", "current_days()", "granted"
    for day in dict.fromkeys(g.expires_on for g in ent.current):
        if ent.expiring_on(day) == value:
            yield "fact", f'expiring_days("{day}")', None
    for day, days in ent.unused:
        if days == value:
            yield "fact", f'unused_days("{day}")', "remaining"
    if ent.service_years == value:
        yield "fact", "service_years()", None
    for grant in grants:
        if grant.kind == "annual" and grant.service_years == value:
            yield "fact", f'grant_years("{grant.arises_on}")', None
        if grant.kind == "annual" and grant.days - STATUTE["base_days"] == value and value > 0:
            yield "fact", f'grant_days("{grant.arises_on}") - STATUTE.base_days', "granted"


def _working(first: date, last: date) -> str:
    return f'working_days("{first.isoformat()}", "{last.isoformat()}")'


def rounds_to(exact: Decimal, shown: Decimal) -> bool:
    """Whether `exact`, rounded half up to the decimals `shown` has, is `shown` (23.53 → "23.5")."""
    places = max(0, -int(shown.normalize().as_tuple().exponent))
    return exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP) == shown
