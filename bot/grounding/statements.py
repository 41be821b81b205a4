"""The answer as statements code writes whole: the model chooses, code says.

The final answer (structured output, bot/grounding/shape.py) is a list of statements from a closed
catalogue, each a call:

    {"say": ["remaining(2026)", "what_if(2026, q(3))", "day(\\"2026-12-25\\")"]}
      →  2026년 남은 연차는 7.5일이에요. 3일을 쓰시면 2026년 남은 연차는 7.5일에서 4.5일이 돼요.
         12월 25일(금)은 공휴일(기독탄신일)이에요.

Each statement is evaluated over this conversation's lookups (bot/grounding/facts.py: the same facts the
named figures use) and written by code in the person's language (bot/text/sentences.py). There is no free
text: a claim about the law, a day, a verdict ("that fits") or a comparison is a statement whose words
follow from its values, so it cannot be written wrong. What is left to check is the *choice*:
- each statement is in the catalogue, with arguments of the right kind, and its facts were looked up
  (else the reason goes back to the model, or the lookup is made by code);
- a number the person gave is `q(n)`, and only a half or a quarter day may multiply it;
- the leave figures are of a year the question asks about (this year when it names none), and a statement
  about a day is about a day the question names, where it names days.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from bot import calendar
from bot.domain.leave import ANNUAL, Balance
from bot.grounding.day_facts import holiday_days_named
from bot.grounding.expressions import Argument, Unresolved, evaluate, parsed
from bot.grounding.facts import HOURS_PER_DAY, Evidence, Resolver
from bot.grounding.figure import Problem
from bot.grounding.named import QuestionResolver, what_day
from bot.language import words
from bot.language.dates import days_named
from bot.language.questions import about_someone_else
from bot.language.words import pattern
from bot.language.years import years_in
from bot.policy.statute import STATUTE
from bot.text import sentences as say
from bot.text.phrases import Phrase

# A part of a day may multiply the person's number ("반차 4번": q(4) * 0.5); no other plain number.
PART_OF_A_DAY = frozenset({Decimal("0.5"), Decimal("0.25")})
MAX_STATEMENTS = 8
RULES = ("first_year", "base", "extra", "max")
KINDS = ("remaining", "used", "granted")


@dataclass(frozen=True)
class Statement:
    source: str
    name: str
    nodes: tuple[ast.expr, ...]
    written: str  # the source as parsed, for an argument's own text


@dataclass(frozen=True)
class Written:
    text: str
    statements: int
    problems: tuple[Problem, ...]
    years: frozenset[int] = frozenset()
    days: frozenset[date] = frozenset()

    @property
    def holds(self) -> bool:
        return not self.problems


def parse_statements(raw: str) -> list[str] | None:
    """The statements of a final text block; None when it is not this shape."""
    stripped = raw.strip()
    if not stripped.startswith("{"):
        return None
    try:
        data = json.loads(stripped)
    except ValueError:
        return None
    said = data.get("say") if isinstance(data, dict) else None
    if not isinstance(said, list) or not all(isinstance(s, str) for s in said):
        return None
    return said


def write(statements: Sequence[str], evidence: Evidence, korean: bool) -> Written:
    """Each statement written by code, and what stops the answer."""
    today = evidence.today or date.today()
    said: list[str] = []
    problems: list[Problem] = []
    years: set[int] = set()
    days: set[date] = set()
    kinds: set[str] = set()
    if not statements:
        problems.append(Problem("say", "is empty; make at least one statement"))
    if len(statements) > MAX_STATEMENTS:
        problems.append(Problem("say", f"has more than {MAX_STATEMENTS} statements; keep to what was asked"))
    for source in statements[:MAX_STATEMENTS]:
        writer = _Writer(evidence, korean, today)
        try:
            sentence = writer.write(_statement(source))
        except Unresolved as exc:
            problems.append(Problem(source, str(exc)))
            continue
        years |= writer.years
        days |= writer.days
        kinds |= writer.kinds
        said.append(sentence)
    problems += _choice_problems(evidence, today, years, days, kinds)
    return Written(
        " ".join(dict.fromkeys(said)), len(said), tuple(problems), frozenset(years), frozenset(days)
    )


def _statement(source: str) -> Statement:
    written, tree = parsed(source)
    if not (isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name) and not tree.keywords):
        raise Unresolved("is not a statement; write one of the catalogue's, e.g. remaining(2026)")
    if tree.func.id not in CATALOGUE:
        raise Unresolved(f"{tree.func.id}(…) is not in the catalogue")
    return Statement(source, tree.func.id, tuple(tree.args), written)


# The figure a question asks for, by its own word, and the statements that state it.
_ASKS = {"left": pattern(words.REMAINING), "used": pattern(words.USED)}
_STATES = {
    "left": {"remaining", "balance", "what_if", "what_if_days", "hours_left", "expiring"},
    "used": {"used", "balance", "records", "taken", "record", "share_used"},
}


def _choice_problems(
    evidence: Evidence, today: date, years: set[int], days: set[date], kinds: set[str]
) -> list[Problem]:
    """Whether the statements are about what the question asks: its years, its days, its person."""
    problems: list[Problem] = []
    asked = set(years_in(evidence.question, today)) or {today.year}
    # This year may stand beside a year asked ("more than last year?"), never instead of it.
    other = sorted(years - asked - ({today.year} if years & asked else set()))
    if other:
        named = ", ".join(map(str, sorted(asked)))
        problems.append(
            Problem(
                "say", f"states figures of {', '.join(map(str, other))}, but the question asks about {named}"
            )
        )
    named_days = days_named(evidence.question)
    holidays = holiday_days_named(evidence.question, today)
    if (named_days or holidays) and days:
        asked_days = {(d.month, d.day) for d in holidays} | named_days
        first, last = min(asked_days), max(asked_days)
        if any((d.month, d.day) not in asked_days and not first < (d.month, d.day) < last for d in days):
            problems.append(Problem("say", "is about a day the question does not name"))
    if years and (
        missing := [
            kind for kind, asks in _ASKS.items() if asks.search(evidence.question) and kind not in kinds
        ]
    ):
        problems.append(
            Problem("say", f"the question asks what was {' and '.join(missing)}; no statement says it")
        )
    if years and about_someone_else(evidence.question):
        problems.append(
            Problem(
                "say", "states the asker's figures for a question about someone else; say only_own_leave()"
            )
        )
    return problems


class _Writer:
    """One statement: its arguments read, its facts resolved, its sentence written."""

    def __init__(self, evidence: Evidence, korean: bool, today: date) -> None:
        self.evidence, self.korean, self.today = evidence, korean, today
        self.facts = Resolver(evidence)
        self.years: set[int] = set()
        self.days: set[date] = set()
        self.kinds: set[str] = set()  # the figures it states: left, used

    def write(self, statement: Statement) -> str:
        arity, writer = CATALOGUE[statement.name]
        if len(statement.nodes) not in arity:
            raise Unresolved(f"{statement.name} takes {' or '.join(map(str, arity))} arguments")
        said = writer(self, statement)
        self.kinds |= {kind for kind, names in _STATES.items() if statement.name in names}
        return said

    # --- arguments ---
    def year(self, statement: Statement, index: int) -> int:
        node = statement.nodes[index]
        if not (isinstance(node, ast.Constant) and type(node.value) is int and 1900 < node.value < 2200):
            raise Unresolved(f"{statement.name}: argument {index + 1} must be a year such as 2026")
        self.years.add(node.value)
        return node.value

    def day(self, statement: Statement, index: int) -> date:
        node = statement.nodes[index]
        try:
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
                raise ValueError
            on = date.fromisoformat(node.value)
        except ValueError:
            raise Unresolved(f'{statement.name}: argument {index + 1} must be a date "YYYY-MM-DD"') from None
        self.days.add(on)
        return on

    def word(self, statement: Statement, index: int, allowed: Sequence[str]) -> str:
        node = statement.nodes[index]
        if not (isinstance(node, ast.Constant) and node.value in allowed):
            raise Unresolved(f"{statement.name}: argument {index + 1} must be one of {', '.join(allowed)}")
        return str(node.value)

    def amount(self, statement: Statement, index: int) -> Decimal:
        """A number of days the person gave: q(n), or q(n) times a part of a day."""
        source = ast.get_source_segment(statement.written, statement.nodes[index]) or ""
        found = evaluate(source, QuestionResolver(self.evidence))
        if any(name != "q" for name, _ in found.calls) or not found.calls:
            raise Unresolved(f"{statement.name}: the days to take are the question's, q(n)")
        if found.divides or any(n not in PART_OF_A_DAY for n in found.numbers) or found.value <= 0:
            raise Unresolved(f"{statement.name}: only a half or a quarter day may multiply q(n)")
        return found.value

    def fact(self, name: str, *arguments: Argument) -> Decimal:
        return self.facts.call(name, arguments)

    def balance(self, year: int) -> Balance:
        found = self.evidence.balances.get(year)
        if found is None:
            raise Unresolved(f"needs {year}'s balance, but no lookup of {year} succeeded")
        return found


def _figure(kind: str) -> Callable[[_Writer, Statement], str]:
    sentence = {"remaining": say.remaining, "used": say.used, "granted": say.granted}[kind]

    def write(w: _Writer, s: Statement) -> str:
        year = w.year(s, 0)
        return sentence(year, w.fact(kind, year), w.korean)

    return write


def _balance(w: _Writer, s: Statement) -> str:
    from bot.text import balance_sentence  # the plain answer's sentence: figures, expiry and pending

    return balance_sentence(w.balance(w.year(s, 0)), w.korean)


def _pending(w: _Writer, s: Statement) -> str:
    year = w.year(s, 0)
    return say.pending(year, w.fact("pending", year), w.korean)


def _expiring(w: _Writer, s: Statement) -> str:
    year = w.year(s, 0)
    return say.expiring(year, list(w.balance(year).expiring), w.today, w.korean)


def _share_used(w: _Writer, s: Statement) -> str:
    year = w.year(s, 0)
    return say.share_used(year, w.fact("used", year), w.fact("granted", year), w.korean)


def _hours_left(w: _Writer, s: Statement) -> str:
    year = w.year(s, 0)
    return say.hours_left(year, w.fact("remaining", year), HOURS_PER_DAY, w.korean)


def _compare(w: _Writer, s: Statement) -> str:
    kind, year, other = w.word(s, 0, KINDS), w.year(s, 1), w.year(s, 2)
    w.kinds.add({"remaining": "left"}.get(kind, kind))
    return say.compare(kind, year, w.fact(kind, year), other, w.fact(kind, other), w.korean)


def _what_if(w: _Writer, s: Statement) -> str:
    year = w.year(s, 0)
    return say.what_if(year, w.amount(s, 1), w.fact("remaining", year), w.korean)


def _what_if_days(w: _Writer, s: Statement) -> str:
    first, last = w.day(s, 0), w.day(s, 1)
    if last < first:
        raise Unresolved(f"{s.name}: the first day comes after the last")
    year = first.year
    w.years.add(year)
    take = w.fact("working_days", first.isoformat(), last.isoformat())
    left = w.fact("remaining", year)
    return say.what_if(year, take, left, w.korean, say.span(first, last, w.today, w.korean))


def _records(w: _Writer, s: Statement) -> str:
    from bot.text import taken_sentence

    year = w.year(s, 0)
    taken = w.evidence.taken.get(year)
    if taken is None:
        raise Unresolved(f"lists {year}'s records, but no lookup of them succeeded")
    return taken_sentence(taken, w.korean)


def _taken(w: _Writer, s: Statement) -> str:
    year = w.year(s, 0)
    node = s.nodes[1]
    if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
        raise Unresolved(f'{s.name}: argument 2 is a leave type such as "sick"')
    kind = node.value
    if kind != ANNUAL and year not in w.evidence.taken:
        raise Unresolved(f"states {year}'s {kind} leave, but no lookup of its records succeeded")
    return say.taken_kind(year, kind, w.fact("taken", year, kind), w.korean)


def _record(w: _Writer, s: Statement) -> str:
    on = w.day(s, 0)
    taken = w.evidence.taken.get(on.year)
    if taken is None:
        raise Unresolved(f"names a record on {on}, but no lookup of {on.year}'s records succeeded")
    found = [r for r in taken.records if r.taken_on == on]
    if not found:
        return say.no_record(on, w.today, w.korean)
    kinds = list(dict.fromkeys(r.leave_type for r in found))
    return say.record(on, sum((r.days for r in found), Decimal(0)), kinds, w.today, w.korean)


def _day(w: _Writer, s: Statement) -> str:
    on = w.day(s, 0)
    return say.what_day(on, what_day(calendar.day(on), w.korean), w.today, w.korean)


def _working_days(w: _Writer, s: Statement) -> str:
    first, last = w.day(s, 0), w.day(s, 1)
    if last < first:
        raise Unresolved(f"{s.name}: the first day comes after the last")
    count = int(w.fact("working_days", first.isoformat(), last.isoformat()))
    return say.working_days(first, last, count, w.today, w.korean)


def _days_until(w: _Writer, s: Statement) -> str:
    on = w.day(s, 0)
    return say.days_until(on, (on - w.today).days, w.today, w.korean)


def _entitlement(w: _Writer) -> None:
    if w.evidence.entitlement is None:
        raise Unresolved(
            "states the Act's leave for the person, but no get_leave_entitlement lookup succeeded"
        )


def _service_years(w: _Writer, s: Statement) -> str:
    _entitlement(w)
    return say.service_years(int(w.fact("service_years")), w.korean)


def _current_days(w: _Writer, s: Statement) -> str:
    _entitlement(w)
    return say.current_days(w.fact("current_days"), w.korean)


def _next_grant(w: _Writer, s: Statement) -> str:
    _entitlement(w)
    ent = w.evidence.entitlement
    assert ent is not None
    if ent.next_on is None:
        return say.no_next_grant(w.korean)
    return say.next_grant(ent.next_days, ent.next_on, w.today, ent.act_only, w.korean)


def _act_rule(w: _Writer, s: Statement) -> str:
    return say.act_rule(w.word(s, 0, RULES), dict(STATUTE), w.korean)


def _drafted(w: _Writer, s: Statement) -> str:
    if not w.evidence.drafts:
        raise Unresolved("says a draft was made, but no draft_leave_request succeeded")
    checked = w.evidence.drafts[-1]
    d = checked.draft
    return say.drafted(d.start, d.end, d.part, len(checked.working_dates), w.today, w.korean)


def _lookup_failed(w: _Writer, s: Statement) -> str:
    from bot.agent.lookup import plain_answer  # the failure's own advice (which years exist, try later)

    if not w.evidence.failed:
        raise Unresolved("says a lookup failed, but none did")
    return plain_answer(w.evidence.failed, w.korean)


def _fixed(phrase: Phrase) -> Callable[[_Writer, Statement], str]:
    return lambda w, s: phrase.pick(w.korean)


def _today(w: _Writer, s: Statement) -> str:
    return say.today_is(w.today, w.korean)


Writer = Callable[[_Writer, Statement], str]
# name → (how many arguments, how it is written). The schema's description lists the same (shape.py).
CATALOGUE: dict[str, tuple[tuple[int, ...], Writer]] = {
    "remaining": ((1,), _figure("remaining")),
    "used": ((1,), _figure("used")),
    "granted": ((1,), _figure("granted")),
    "balance": ((1,), _balance),
    "pending": ((1,), _pending),
    "expiring": ((1,), _expiring),
    "share_used": ((1,), _share_used),
    "hours_left": ((1,), _hours_left),
    "compare": ((3,), _compare),
    "what_if": ((2,), _what_if),
    "what_if_days": ((2,), _what_if_days),
    "records": ((1,), _records),
    "taken": ((2,), _taken),
    "record": ((1,), _record),
    "day": ((1,), _day),
    "working_days": ((2,), _working_days),
    "days_until": ((1,), _days_until),
    "today": ((0,), _today),
    "service_years": ((0,), _service_years),
    "current_days": ((0,), _current_days),
    "next_grant": ((0,), _next_grant),
    "act_rule": ((1,), _act_rule),
    "drafted": ((0,), _drafted),
    "lookup_failed": ((0,), _lookup_failed),
    "how_to_request": ((0,), _fixed(say.HOW_TO_REQUEST)),
    "ask_hr": ((0,), _fixed(say.ASK_HR)),
    "cannot_answer": ((0,), _fixed(say.CANNOT_ANSWER)),
    "only_own_leave": ((0,), _fixed(say.ONLY_OWN)),
    "which_year": ((0,), _fixed(say.WHICH_YEAR)),
    "greeting": ((0,), _fixed(say.GREETING)),
    "thanks": ((0,), _fixed(say.THANKS)),
}
