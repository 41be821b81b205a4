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
- here, each statement is in the catalogue, with arguments of the right kind, and its facts were looked up
  (else the reason goes back to the model, or the lookup is made by code); a number the person gave is
  `q(n)`, and only the part of a day the question names may multiply it;
- whether the statements answer the question asked, and only it, is judged apart: by a model for Claude's
  answers (bot/grounding/judge.py), by the offline model's own rules for its (bot/llm/choice/).
"""

from __future__ import annotations

import ast
import re
from calendar import isleap
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from datetime import date, timedelta
from decimal import Decimal

from bot import calendar
from bot.agent.lookup import plain_answer
from bot.domain.leave import ANNUAL, Balance, LeaveTaken, format_days
from bot.grounding.days import what_day
from bot.grounding.expressions import Argument, Unresolved, evaluate, parsed
from bot.grounding.facts import HOURS_PER_DAY, LOOKUPS_PER_QUESTION, Evidence, Resolver
from bot.grounding.shape import Part
from bot.language.asked_words import REACHES_ASKED
from bot.language.dates import blank_dates
from bot.language.half_days import amounts_listed
from bot.language.question_words import (
    AS_PARTS,
    CLAIM,
    DAYS_STATED,
    HALF,
    LEFT_BEFORE,
    PART_ASKED,
    PARTS_BEFORE,
    QUARTER,
    SAID_LEFT,
)
from bot.language.words import KOREAN_LEAVE_TYPE_NAMES
from bot.policy.entitlement import MAX_DAYS, annual_days
from bot.policy.periods import after_years
from bot.policy.standing import Entitlement
from bot.policy.statute import STATUTE
from bot.text import balance_sentence, taken_sentence
from bot.text import sentences as say
from bot.text.phrases import Phrase
from bot.tools import draft_request
from bot.tools.result_data import failure_in

# A part of a day may multiply the person's number ("반차 4번": q(4) * 0.5); no other plain number.
PART_OF_A_DAY = frozenset({Decimal("0.5"), Decimal("0.25")})
MAX_STATEMENTS = 8
RULES = ("first_year", "base", "extra", "max")
KINDS = ("remaining", "used", "granted")
# Statements only the offline stand-in makes (bot/llm), left out of the schema Claude reads.
OFFLINE_ONLY = frozenset({"cannot_offline"})


class QuestionResolver(Resolver):
    """The facts, and `q(n)`: a number the person wrote in the question."""

    def __init__(self, evidence: Evidence) -> None:
        super().__init__(evidence)
        self.question = evidence.question_numbers

    def call(self, name: str, arguments: Sequence[Argument]) -> Decimal:
        if name != "q":
            return super().call(name, arguments)
        number = Decimal(str(arguments[0])) if len(arguments) == 1 else None
        if number is None or number not in self.question:
            raise Unresolved(
                f"names q({', '.join(map(str, arguments))}), but the question has no such number"
            )
        return number


@dataclass(frozen=True)
class Statement:
    source: str
    name: str
    nodes: tuple[ast.expr, ...]
    written: str  # the source as parsed, for an argument's own text


@dataclass(frozen=True)
class Problem:
    """What stops a statement (or the set of them), said to the model in the correction."""

    figure: str  # the statement as written, or "say" for the set
    reason: str


@dataclass
class Chosen:
    """What the statements written are about, together: a check of the choice reads this (the offline
    model's own, bot/llm/choice/)."""

    years: set[int] = field(default_factory=set)
    days: set[date] = field(default_factory=set)
    kinds: set[str] = field(default_factory=set)  # the statements, and the figures they state
    ends: set[date] = field(default_factory=set)  # spans' first and last days
    spans: set[tuple[date, date]] = field(default_factory=set)
    taken: set[Decimal] = field(default_factory=set)  # the question's numbers the statements took (q(n))
    stated: set[Decimal] = field(default_factory=set)  # the figures they rest on, and the years' granted days
    parts: set[Decimal] = field(default_factory=set)  # the parts of a day taken (1: whole days)
    months: set[tuple[int, int]] = field(default_factory=set)
    sized: set[tuple[date, Decimal]] = field(default_factory=set)  # each day of a plan and its part of a day

    def add(self, other: Chosen) -> None:
        """What another statement is about, added to these (a statement that failed adds nothing)."""
        for each in fields(Chosen):
            getattr(self, each.name).update(getattr(other, each.name))


@dataclass(frozen=True)
class Written:
    text: str
    statements: int
    problems: tuple[Problem, ...]
    parts: tuple[Part, ...] = ()  # the answer's parts, and what each one's statements are about
    about: tuple[Chosen, ...] = ()

    @property
    def holds(self) -> bool:
        return not self.problems


def write(answer: Sequence[str] | Sequence[Part], evidence: Evidence, korean: bool) -> Written:
    """Each statement written by code, and what stops one being written. `answer` is the parts of the
    question, each with its statements (bot/grounding/shape.py), or the statements alone for the whole
    question. Whether the statements answer the question is not decided here: a model judges that for
    Claude's answers (bot/grounding/judge.py), the offline model's own rules for its (bot/llm/choice/)."""
    parts = [p if isinstance(p, Part) else Part(None, (p,)) for p in answer]
    if parts and all(p.asks is None for p in parts):
        parts = [Part(None, tuple(s for p in parts for s in p.say))]
    statements = [s for p in parts for s in p.say]
    today = evidence.today or date.today()
    said: list[str] = []
    problems: list[Problem] = []
    if not statements:
        problems.append(Problem("say", "is empty; make at least one statement"))
    if len(statements) > MAX_STATEMENTS:
        problems.append(Problem("say", f"has more than {MAX_STATEMENTS} statements; keep to what was asked"))
    budget = MAX_STATEMENTS
    about: list[Chosen] = []
    for part in parts:
        in_part = Chosen()
        about.append(in_part)
        for source in part.say[:budget]:
            writer = _Writer(evidence, korean, today)
            try:
                sentence = writer.write(_statement(source))
            except (Unresolved, ValueError) as exc:  # ValueError: the calendar's (a span over a year)
                problems.append(Problem(source, str(exc)))
                continue
            in_part.add(writer)
            said.append(sentence)
        budget -= len(part.say)
    return Written(" ".join(dict.fromkeys(said)), len(said), tuple(problems), tuple(parts), tuple(about))


def _statement(source: str) -> Statement:
    written, tree = parsed(source)
    if not (isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name) and not tree.keywords):
        raise Unresolved("is not a statement; write one of the catalogue's, e.g. remaining(2026)")
    if tree.func.id not in CATALOGUE:
        raise Unresolved(f"{tree.func.id}(…) is not in the catalogue")
    return Statement(source, tree.func.id, tuple(tree.args), written)


# "10개 남은 거 맞지?", "I have 4.5 days left": a number the person says is left, not one to take.
_TAKES = frozenset({"what_if", "what_if_days", "half_days_left"})


_EACH_TIMES = re.compile(r"(\d+(?:\.\d+)?)\s*일\s*씩\s*(\d+|두|세|네|다섯)\s*(?:번|회)")
_TERM = re.compile(r"q\((\d+(?:\.\d+)?)\)\s*(?:\*\s*(0\.5|0\.25))?")


def _sized_otherwise(expression: str, listed: str) -> bool:
    """Whether the expression takes a count the question lists in another part of a day ("반차 1번" as q(1)
    whole, beside "반반차 2번" as q(2) * 0.25)."""
    terms = {(n, part or "1") for n, part in _TERM.findall(listed)}
    taken = {(n, part or "1") for n, part in _TERM.findall(expression)}
    # (a count taken as listed beside it is that amount, the other another: "… 거기에 하루 더 쓰면요?")
    counts_otherwise = {n for n, _ in terms} - {n for n, _ in taken & terms}
    return any(t not in terms and t[0] in counts_otherwise for t in taken)


class _Writer(Chosen):
    """One statement: its arguments read, its facts resolved, its sentence written — and what it is about
    (its years, days, kinds, …: `Chosen`), for the check of the choice."""

    def __init__(self, evidence: Evidence, korean: bool, today: date) -> None:
        super().__init__()
        self.evidence, self.korean, self.today = evidence, korean, today
        self.facts = Resolver(evidence)

    def write(self, statement: Statement) -> str:
        arity, writer = CATALOGUE[statement.name]
        if len(statement.nodes) not in arity:
            raise Unresolved(f"{statement.name} takes {' or '.join(map(str, arity))} arguments")
        self.kinds.add(statement.name)
        return writer(self, statement)

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
        if on not in self.evidence.looked_up_days:  # a lookup's day (an expiry) is no year the model chose
            self.years.add(on.year)
        return on

    def word(self, statement: Statement, index: int, allowed: Sequence[str]) -> str:
        node = statement.nodes[index]
        if not (isinstance(node, ast.Constant) and node.value in allowed):
            raise Unresolved(f"{statement.name}: argument {index + 1} must be one of {', '.join(allowed)}")
        return str(node.value)

    def amount(self, statement: Statement, index: int) -> Decimal:
        """A number of days the person gave: q(n), or q(n) times a part of a day."""
        node = statement.nodes[index]
        source = ast.get_source_segment(statement.written, node) or ""
        found = evaluate(source, QuestionResolver(self.evidence))
        if any(name != "q" for name, _ in found.calls) or not (
            found.calls or PART_ASKED.search(self.evidence.question)
        ):
            raise Unresolved(f"{statement.name}: the days to take are the question's, q(n)")
        if not _days_taken(node) or found.value <= 0:
            raise Unresolved(f"{statement.name}: only a half or a quarter day may multiply q(n)")
        numbers = {Decimal(str(arguments[0])) for name, arguments in found.calls if arguments}
        self.taken |= numbers
        question = self.evidence.question
        # days taken several times ("3일씩 두 번"): all of them, not one time's
        each = _EACH_TIMES.search(question)
        if each and statement.name in _TAKES and found.value == Decimal(each.group(1)):
            raise Unresolved(
                f"{statement.name}: the question takes {each.group(1)} days several times ({each.group(0)}), "
                "not once: what_if_days over the days, or cannot_answer()"
            )
        # several amounts summed ("반반차 2번이랑 반차 1번"): each q(n) as the question sizes it
        listed = amounts_listed(question) if len(found.calls) > 1 else None
        if listed is not None and _sized_otherwise(source, listed.amount):
            raise Unresolved(f"{statement.name}: the question's amounts are {listed.amount}")
        fractions = {n % 1 for n in numbers if n % 1} & PART_OF_A_DAY  # q(1.5): a day and a half
        self.parts |= PART_OF_A_DAY.intersection(found.numbers) | fractions or {Decimal(1)}
        # each amount the question states, and whether the person says it is what is left ("8일 남은 거 맞지?")
        amounts = [
            (m, bool(SAID_LEFT.match(question, m.end()) or LEFT_BEFORE.search(question, 0, m.start())))
            for m in DAYS_STATED.finditer(blank_dates(question))
        ]
        said_left = {Decimal(m[1]) for m, left in amounts if left}
        if statement.name == "claimed" and said_left and not numbers & said_left:
            said = ", ".join(f"q({format_days(n)})" for n in sorted(said_left))
            raise Unresolved(f"{statement.name}: the figure the person says is left is {said}")
        if statement.name == "claimed" and not said_left and not CLAIM.search(question):
            raise Unresolved(f"{statement.name}: the question claims no figure; its days are days to take")
        for match, left in amounts:
            if statement.name in _TAKES and left and Decimal(match[1]) in numbers:
                raise Unresolved(
                    f"{statement.name}: {match[0].strip()} is what the person says is left, not days to take:"
                    " claimed(Y, q(n))"
                )
        part = (
            Decimal("0.25") if QUARTER.search(question) else Decimal("0.5") if HALF.search(question) else None
        )
        if PART_OF_A_DAY.intersection(found.numbers) and not PART_ASKED.search(question):
            raise Unresolved(f"{statement.name}: the question names no part of a day; take q(n) whole days")
        for match, _ in amounts:
            counted = Decimal(match[1]) in numbers and (
                AS_PARTS.match(question, match.end(1)) or PARTS_BEFORE.search(question, 0, match.start())
            )
            if counted and part is not None and part not in found.numbers:
                raise Unresolved(f"{statement.name}: {match[0].strip()} are parts of a day: q(n) * {part}")
        return found.value

    def fact(self, name: str, *arguments: Argument) -> Decimal:
        value = self.facts.call(name, arguments)
        self.stated.add(value)
        if name in ("remaining", "used") and (balance := self.evidence.balances.get(int(arguments[0]))):
            self.stated.add(balance.granted)
        return value

    def balance(self, year: int) -> Balance:
        found = self.evidence.balances.get(year)
        if found is None:
            raise Unresolved(f"needs {year}'s balance, but no lookup of {year} succeeded")
        self.stated.add(found.remaining)  # what each of its statements says (a balance says all three)
        return found


def _days_taken(node: ast.expr) -> bool:
    """q(n), q(n) * 0.5 / 0.25, or a sum of those ("반차 2번이랑 하루": q(2) * 0.5 + q(1))."""
    match node:
        case ast.Call(func=ast.Name(id="q")):
            return True
        case ast.BinOp(left=ast.Call(func=ast.Name(id="q")), op=ast.Mult(), right=ast.Constant(value=part)):
            return Decimal(str(part)) in PART_OF_A_DAY
        case ast.BinOp(left=left, op=ast.Add(), right=right):
            return _days_taken(left) and _days_taken(right)
        case ast.Constant(value=part) if not isinstance(part, bool):  # "반나절", "the morning off": 0.5
            return Decimal(str(part)) in PART_OF_A_DAY
    return False


def _figure(kind: str) -> Callable[[_Writer, Statement], str]:
    sentence = {"remaining": say.remaining, "used": say.used, "granted": say.granted}[kind]

    def write(w: _Writer, s: Statement) -> str:
        year = w.year(s, 0)
        if kind == "granted" and year > w.today.year:
            w.kinds.add("granted:next")  # a year still to come: what it grants is the next grant
        return sentence(year, w.fact(kind, year), w.korean)

    return write


def _balance(w: _Writer, s: Statement) -> str:
    balance = w.balance(w.year(s, 0))
    w.stated |= {balance.granted, balance.used}
    return balance_sentence(balance, w.korean, w.today)


def _pending(w: _Writer, s: Statement) -> str:
    year = w.year(s, 0)
    return say.pending(year, w.fact("pending", year), w.korean)


def _expiring(w: _Writer, s: Statement) -> str:
    year = w.year(s, 0)
    return say.expiring(year, list(w.balance(year).expiring), w.today, w.korean)


def _share_used(w: _Writer, s: Statement) -> str:
    year = w.year(s, 0)
    granted = w.fact("granted", year)
    if granted <= 0:
        raise Unresolved(f"{s.name}: nothing was granted for {year}, so there is no share")
    return say.share_used(year, w.fact("used", year), granted, w.korean)


def _hours_left(w: _Writer, s: Statement) -> str:
    year = w.year(s, 0)
    return say.hours_left(year, w.fact("remaining", year), HOURS_PER_DAY, w.korean)


def _compare(w: _Writer, s: Statement) -> str:
    kind, year, other = w.word(s, 0, KINDS), w.year(s, 1), w.year(s, 2)
    w.kinds.add(f"compare:{kind}")  # a comparison states the figure it compares
    return say.compare(kind, year, w.fact(kind, year), other, w.fact(kind, other), w.korean)


def _usable(w: _Writer, year: int, first: date | None = None) -> tuple[Decimal, Decimal]:
    """What a plan takes from: what is left, less pending requests and what lapses before `first`."""
    balance = w.balance(year)
    lapsing = sum(
        (days for until, days in balance.expiring if first is not None and until < first), Decimal(0)
    )
    pending = balance.pending or Decimal(0)
    w.stated.add(pending)  # the plan says the pending days it counts ("That counts the 1 day in requests")
    return balance.remaining - lapsing - pending, pending


def _what_if(w: _Writer, s: Statement) -> str:
    year = w.year(s, 0)
    left, pending = _usable(w, year)
    parts = None
    match s.nodes[1]:  # "반차 4번": q(4) * 0.5, said as the person's count
        case ast.BinOp(
            left=ast.Call(args=[ast.Constant(value=int() as n)]),
            op=ast.Mult(),
            right=ast.Constant(value=part),
        ):
            parts = (n, Decimal(str(part)))
    return say.what_if(year, w.amount(s, 1), left, w.korean, pending=pending, parts=parts)


def _span(w: _Writer, s: Statement) -> tuple[date, date]:
    """A statement's first and last day: a span's own ends, which the question must name."""
    first, last = w.day(s, 0), w.day(s, 1)
    if last < first:
        raise Unresolved(f"{s.name}: the first day comes after the last")
    w.ends |= {first, last}
    w.spans.add((first, last))
    return first, last


def _what_if_days(w: _Writer, s: Statement) -> str:
    w.parts.add(Decimal(1))  # whole days, always
    first, last = _span(w, s)
    if first.year != last.year:
        raise Unresolved(f"{s.name}: a span across the new year takes from two years; one statement a year")
    year = first.year
    take = w.fact("working_days", first.isoformat(), last.isoformat())
    if take == 0:
        return say.no_working_day(first, last, w.today, w.korean)
    left, pending = _usable(w, year, first)
    return say.what_if(year, take, left, w.korean, say.span(first, last, w.today, w.korean), pending)


def _records(w: _Writer, s: Statement) -> str:
    return taken_sentence(_taken_records(w, w.year(s, 0)), w.korean, w.today)


def _taken(w: _Writer, s: Statement) -> str:
    year = w.year(s, 0)
    node = s.nodes[1]
    if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
        raise Unresolved(f'{s.name}: argument 2 is a leave type such as "sick"')
    kind = node.value
    if kind not in KOREAN_LEAVE_TYPE_NAMES:
        raise Unresolved(f"{s.name}: the leave type is one of {', '.join(KOREAN_LEAVE_TYPE_NAMES)}")
    w.kinds.add("taken:annual" if kind == ANNUAL else "taken:other")  # the kind a question may ask for
    if kind != ANNUAL and year not in w.evidence.taken:
        raise Unresolved(f"states {year}'s {kind} leave, but no lookup of its records succeeded")
    return say.taken_kind(year, kind, w.fact("taken", year, kind), w.korean)


def _record(w: _Writer, s: Statement) -> str:
    on = w.day(s, 0)
    found = [r for r in _taken_records(w, on.year).records if r.taken_on == on]
    if not found:
        return say.no_record(on, w.today, w.korean)
    kinds = list(dict.fromkeys(r.leave_type for r in found))
    taken = sum((r.days for r in found), Decimal(0))
    w.stated.add(taken)  # "did my 3 days on Aug 3 get recorded?"
    return say.record(on, taken, kinds, w.today, w.korean)


def _day(w: _Writer, s: Statement) -> str:
    on = w.day(s, 0)
    return say.what_day(on, what_day(calendar.day(on), w.korean), w.today, w.korean)


def _working_days(w: _Writer, s: Statement) -> str:
    first, last = _span(w, s)
    count = int(w.fact("working_days", first.isoformat(), last.isoformat()))
    return say.working_days(first, last, count, w.today, w.korean)


def _in_a_row(w: _Writer, s: Statement) -> str:
    """The days off in a row when the working days of a span are taken: the span, and the weekends and
    holidays that touch it on either side (from the calendar, as day() is)."""
    first, last = _span(w, s)
    off_from, off_to = first, last
    while not calendar.day(off_from - timedelta(days=1)).working:
        off_from -= timedelta(days=1)
    while not calendar.day(off_to + timedelta(days=1)).working:
        off_to += timedelta(days=1)
    w.spans.add((off_from, off_to))  # the run covers the holidays the question names around the days taken
    w.stated.add(Decimal((off_to - off_from).days + 1))  # the run's length: "5일 연휴 맞아?" is answered
    return say.in_a_row(first, last, off_from, off_to, w.today, w.korean)


def _days_until(w: _Writer, s: Statement) -> str:
    on = w.day(s, 0)
    return say.days_until(on, (on - w.today).days, w.today, w.korean)


def _entitlement(w: _Writer) -> Entitlement:
    if w.evidence.entitlement is None:
        raise Unresolved(
            "states the Act's leave for the person, but no get_leave_entitlement lookup succeeded"
        )
    return w.evidence.entitlement


def _service_years(w: _Writer, s: Statement) -> str:
    years = _entitlement(w).service_years
    w.stated.add(Decimal(years))
    return say.service_years(years, w.korean)


def _current_days(w: _Writer, s: Statement) -> str:
    days = _entitlement(w).current_days
    w.stated.add(days)
    return say.current_days(days, w.korean)


def _next_grant(w: _Writer, s: Statement) -> str:
    ent = _entitlement(w)
    if ent.next_on is None:
        return say.no_next_grant(w.korean)
    grant = ent.upcoming[0]
    return say.next_grant(
        ent.next_days, ent.next_on, w.today, ent.act_only, w.korean, grant.kind, grant.service_years
    )


def _no_act_leave(w: _Writer, s: Statement) -> str:
    """That the Act's leave does not apply: only when the entitlement lookup says why (a decline of the
    Act's leave for someone it covers is a wrong answer, not a modest one)."""
    ent = _entitlement(w)
    if ent.none_because is None:
        raise Unresolved(
            f"says the Act's leave does not apply, but the entitlement lookup gives {format_days(ent.current_days)} "
            "days now; say current_days() or next_grant()"
        )
    return say.NO_ACT_LEAVE.pick(w.korean)


def _grows_to(w: _Writer, s: Statement) -> str:
    """When the Act's yearly grant for the person reaches q(n) days, or with no argument, when it next grows:
    from the hire date and §60's table (the statute's figures, never the model's)."""
    ent = _entitlement(w)
    if ent.none_because is not None:
        return say.NO_ACT_LEAVE.pick(w.korean)
    now = annual_days(ent.service_years) if ent.service_years else 0
    target = w.amount(s, 0) if s.nodes else Decimal(now + 1)
    # the size the question asks it to reach ("17일 되려면 … 지금은 15일이잖아요": 17, not the 15 it has)
    sizes = [
        Decimal(n)
        for reaches in REACHES_ASKED.finditer(w.evidence.question)
        for n in re.findall(r"(\d+)(?:\s*(?:개|일|[-\s]?days?)|$)", reaches.group(0))  # "… hit 20"
    ]
    if s.nodes and sizes and target not in sizes:
        raise Unresolved(f"{s.name}: the size the question asks it to reach is q({format_days(sizes[-1])})")
    most = Decimal(MAX_DAYS)
    if not s.nodes and now >= most:  # asked when it next grows: it is at the Act's most already
        return say.never_grows_to(Decimal(now), most, w.korean)
    if target > most:
        return say.never_grows_to(target, most, w.korean)
    years = next(y for y in range(1, 10**3) if annual_days(y) >= target)
    on = after_years(ent.hire_date, years)
    w.days.add(on)
    w.stated.add(Decimal(annual_days(years)))
    return say.grows_to(Decimal(annual_days(years)), on, years, w.today, w.korean)


def _act_rule(w: _Writer, s: Statement) -> str:
    rule = w.word(s, 0, RULES)
    w.kinds.add(f"act_rule:{rule}")  # the rule it states, as a question asks for one
    return say.act_rule(rule, dict(STATUTE), w.korean)


def _drafted(w: _Writer, s: Statement) -> str:
    if not w.evidence.drafts:
        raise Unresolved("says a draft was made, but no draft_leave_request succeeded")
    checked = w.evidence.drafts[-1]
    d = checked.draft
    return say.drafted(d.start, d.end, d.part, len(checked.working_dates), w.today, w.korean)


def _lookup_failed(w: _Writer, s: Statement) -> str:
    if not w.evidence.failed:
        raise Unresolved("says a lookup failed, but none did")
    return plain_answer(w.evidence.failed, w.korean)


def _fixed(phrase: Phrase) -> Callable[[_Writer, Statement], str]:
    return lambda w, s: phrase.pick(w.korean)


def _today(w: _Writer, s: Statement) -> str:
    return say.today_is(w.today, w.korean)


def _leap_year(w: _Writer, s: Statement) -> str:
    year = w.year(s, 0)
    following = next(y for y in range(year + 1, year + 9) if isleap(y))
    return say.leap_year(year, isleap(year), following, w.korean)


def _lookups_capped(w: _Writer, s: Statement) -> str:
    failed = (r.facts.year for r in w.evidence.failed)
    looked = sorted({*w.evidence.balances, *w.evidence.taken, *(y for y in failed if y is not None)})
    if not looked:
        raise Unresolved("says the lookups were capped, but no lookup was made")
    return say.lookups_capped(int(LOOKUPS_PER_QUESTION), looked[0], looked[-1], w.korean)


def _draft_refused(w: _Writer, s: Statement) -> str:
    refused = [r for r in w.evidence.failed if r.name == draft_request.NAME]
    if not refused:
        raise Unresolved("says a draft was refused, but no draft_leave_request failed")
    _, reason, _, problems = failure_in(refused[-1].content)
    if any(p.over_balance for p in problems) and len(w.evidence.balances) == 1:  # said from the lookup
        (balance,) = w.evidence.balances.values()
        taking = next((p.days for p in problems if p.days is not None), None)  # the days the draft takes
        if taking is not None:
            w.stated.add(taking)
        said = say.more_than_left(balance.year, balance.remaining, w.korean, taking)
        return say.draft_refused([said], w.korean)
    if w.korean and problems:
        return say.draft_refused([p.ko for p in problems], True)
    return say.draft_refused([reason.removeprefix("this draft cannot be submitted: ")], w.korean)


def _claimed(w: _Writer, s: Statement) -> str:
    year = w.year(s, 0)
    return say.claimed(w.amount(s, 1), w.balance(year), w.korean, w.today)


def _enough(w: _Writer, s: Statement) -> str:
    year = w.year(s, 0)
    return say.enough_for_a_day(year, w.balance(year).remaining, w.korean)


def _taken_records(w: _Writer, year: int) -> LeaveTaken:
    taken = w.evidence.taken.get(year)
    if taken is None:
        raise Unresolved(f"reads {year}'s records, but no lookup of them succeeded")
    return taken


def _parts_taken(w: _Writer, s: Statement) -> str:
    year = w.year(s, 0)
    node = s.nodes[1]
    size = Decimal(str(node.value)) if isinstance(node, ast.Constant) and type(node.value) is float else None
    if size not in PART_OF_A_DAY:
        raise Unresolved(f"{s.name}: argument 2 is a part of a day, 0.5 or 0.25")
    assert size is not None
    w.parts.add(size)
    taken = _taken_records(w, year)
    on = [r.taken_on for r in taken.records if r.days == size]
    undated = not taken.records and bool(taken.undated)
    return say.parts_taken(year, size, on, undated, w.today, w.korean)


def _half_days_left(w: _Writer, s: Statement) -> str:
    year = w.year(s, 0)
    return say.half_days_left(year, w.balance(year).remaining, w.korean)


def _total(w: _Writer, s: Statement) -> str:
    kind, year, other = w.word(s, 0, KINDS), w.year(s, 1), w.year(s, 2)
    w.kinds.add({"remaining": "left"}.get(kind, kind))
    return say.total(kind, year, w.fact(kind, year), other, w.fact(kind, other), w.korean)


def _latest(w: _Writer, s: Statement) -> str:
    year = w.year(s, 0)
    past = [r for r in _taken_records(w, year).records if r.taken_on <= w.today]
    if not past:
        return say.latest(year, None, Decimal(0), ANNUAL, w.today, w.korean)
    last = max(past, key=lambda r: r.taken_on)
    return say.latest(year, last.taken_on, last.days, last.leave_type, w.today, w.korean)


def _month(w: _Writer, s: Statement) -> str:
    year = w.year(s, 0)
    node = s.nodes[1]
    if not (isinstance(node, ast.Constant) and type(node.value) is int and 1 <= node.value <= 12):
        raise Unresolved(f"{s.name}: argument 2 is a month, 1 to 12")
    w.months.add((year, node.value))
    taken = _taken_records(w, year)
    records = tuple(r for r in taken.records if r.taken_on.month == node.value)
    if not records:
        return say.no_month_records(year, node.value, w.korean)
    return taken_sentence(LeaveTaken(year, records, Decimal(0)), w.korean, w.today)


def _plan(w: _Writer, s: Statement) -> str:
    """Several days or stretches off, each ["YYYY-MM-DD", "YYYY-MM-DD"] with 0.5 or 0.25 for a part of a day."""
    spans: list[tuple[date, date, Decimal]] = []
    for index, node in enumerate(s.nodes):
        items = node.elts if isinstance(node, ast.List) else []
        values = [i.value for i in items if isinstance(i, ast.Constant)]
        try:
            first, last = date.fromisoformat(str(values[0])), date.fromisoformat(str(values[1]))
            size = Decimal(str(values[2])) if len(values) == 3 else Decimal(1)
        except (IndexError, ValueError):
            raise Unresolved(
                f'{s.name}: argument {index + 1} is ["YYYY-MM-DD", "YYYY-MM-DD"], or with 0.5 for half days'
            ) from None
        if len(values) != len(items) or last < first or (size != 1 and size not in PART_OF_A_DAY):
            raise Unresolved(f"{s.name}: argument {index + 1} is not a span of days")
        spans.append((first, last, size))
        w.sized |= {(first + timedelta(days=n), size) for n in range((last - first).days + 1)}
        w.days |= {first, last}
        w.ends |= {first, last}
        w.spans.add((first, last))
        w.parts.add(size)
        w.years.add(first.year)
    if not spans or len({a.year for a, *_ in spans} | {b.year for _, b, _ in spans}) != 1:
        raise Unresolved(f"{s.name}: one or more spans of one year")
    year = spans[0][0].year
    counted = [
        (say.span(a, b, w.today, w.korean), size, size * w.fact("working_days", a.isoformat(), b.isoformat()))
        for a, b, size in spans
    ]
    taken = [(said, size) for said, size, n in counted if n]
    if not taken:
        return say.no_working_day(spans[0][0], spans[-1][1], w.today, w.korean)
    left, pending = _usable(w, year, min(a for a, *_ in spans))
    return say.plan(year, taken, sum((n for *_, n in counted), Decimal(0)), left, w.korean, pending)


def _lapsing(w: _Writer, s: Statement) -> str:
    ent = _entitlement(w)
    return say.lapsing(list(ent.unused), bool(ent.current), w.today, w.korean)


def _why_grant(w: _Writer, s: Statement) -> str:
    ent = _entitlement(w)
    asked = w.amount(s, 0) if s.nodes else None
    grants = [*ent.current, *ent.upcoming]
    annual = [g for g in grants if g.kind == "annual"]
    # the grant of the days asked about, else the one the person has now (not the next one)
    chosen = [g for g in grants if asked is not None and g.days == asked] or ent.current[-1:] or annual[-1:]
    if chosen and chosen[0].kind == "manual":  # HR's own grant: its size is HR's, the Act's is said beside it
        act = annual_days(ent.service_years) if ent.service_years else None
        return say.why_hr_grant(
            chosen[0].days, chosen[0].arises_on, ent.service_years, act, w.today, w.korean
        )
    if not chosen or chosen[0].kind != "annual":  # no yearly grant: the first year's rule and what arose
        return f"{say.act_rule('first_year', dict(STATUTE), w.korean)} {say.current_days(ent.current_days, w.korean)}"
    grant = chosen[0]
    return say.why_grant(grant.days, grant.arises_on, grant.service_years, dict(STATUTE), w.today, w.korean)


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
    "in_a_row": ((2,), _in_a_row),
    "today": ((0,), _today),
    "service_years": ((0,), _service_years),
    "current_days": ((0,), _current_days),
    "next_grant": ((0,), _next_grant),
    "grows_to": ((0, 1), _grows_to),
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
    # What the offline model says too (bot/llm), each written by code like the rest.
    "leap_year": ((1,), _leap_year),
    "lookups_capped": ((0,), _lookups_capped),
    "draft_refused": ((0,), _draft_refused),
    "claimed": ((2,), _claimed),
    "enough": ((1,), _enough),
    "parts_taken": ((2,), _parts_taken),
    "half_days_left": ((1,), _half_days_left),
    "total": ((3,), _total),
    "latest": ((1,), _latest),
    "month": ((2,), _month),
    "plan": (tuple(range(1, MAX_STATEMENTS + 1)), _plan),
    "lapsing": ((0,), _lapsing),
    "why_grant": ((0, 1), _why_grant),
    "no_act_leave": ((0,), _no_act_leave),
    "no_monthly_totals": ((0,), _fixed(say.NO_MONTHLY_TOTALS)),
    "what_i_can_do": ((0,), _fixed(say.WHAT_I_CAN_DO)),
    "ask_a_date": ((0,), _fixed(say.ASK_A_DATE)),
    "not_in_hours": ((0,), _fixed(say.NOT_IN_HOURS)),
    # The offline stand-in's own decline (bot/llm): not in the schema, as Claude never needs to say it.
    "cannot_offline": ((0,), _fixed(say.CANNOT_OFFLINE)),
}
