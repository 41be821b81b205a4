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
import calendar as calendar_module
import re
from calendar import isleap
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal

from bot import calendar
from bot.agent.lookup import plain_answer
from bot.domain.leave import ANNUAL, Balance, LeaveTaken, format_days
from bot.grounding.days import holiday_days_named, what_day
from bot.grounding.expressions import Argument, Unresolved, evaluate, parsed
from bot.grounding.facts import HOURS_PER_DAY, LOOKUPS_PER_QUESTION, Evidence, Resolver
from bot.language import words
from bot.language.dates import MONTHS_EN, blank_dates, days_named, month_number, spans_named
from bot.language.questions import names_someone_else
from bot.language.relative_days import relative_days
from bot.language.words import KOREAN_LEAVE_TYPE_NAMES, pattern
from bot.language.years import YEAR_AFTER, YEAR_BEFORE, asked_years
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


@dataclass(frozen=True)
class Problem:
    """What stops a statement (or the set of them), said to the model in the correction."""

    figure: str  # the statement as written, or "say" for the set
    reason: str


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
class Written:
    text: str
    statements: int
    problems: tuple[Problem, ...]

    @property
    def holds(self) -> bool:
        return not self.problems


def write(statements: Sequence[str], evidence: Evidence, korean: bool) -> Written:
    """Each statement written by code, and what stops the answer."""
    today = evidence.today or date.today()
    said: list[str] = []
    problems: list[Problem] = []
    chosen = _Chosen()
    if not statements:
        problems.append(Problem("say", "is empty; make at least one statement"))
    if len(statements) > MAX_STATEMENTS:
        problems.append(Problem("say", f"has more than {MAX_STATEMENTS} statements; keep to what was asked"))
    for source in statements[:MAX_STATEMENTS]:
        writer = _Writer(evidence, korean, today)
        try:
            sentence = writer.write(_statement(source))
        except (Unresolved, ValueError) as exc:  # ValueError: the calendar's (a span over a year)
            problems.append(Problem(source, str(exc)))
            continue
        chosen.add(writer)
        said.append(sentence)
    problems += _choice_problems(evidence, today, chosen)
    return Written(" ".join(dict.fromkeys(said)), len(said), tuple(problems))


def _statement(source: str) -> Statement:
    written, tree = parsed(source)
    if not (isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name) and not tree.keywords):
        raise Unresolved("is not a statement; write one of the catalogue's, e.g. remaining(2026)")
    if tree.func.id not in CATALOGUE:
        raise Unresolved(f"{tree.func.id}(…) is not in the catalogue")
    return Statement(source, tree.func.id, tuple(tree.args), written)


# What a question asks for, by its own words, and the statements that say it: one table, read the same way
# for every entry. "안 쓴" is what is left, so the words for what is left are blanked before those for what
# was used are looked for. A figure asked must be stated unless the answer declines or sends the person on.
_LEFT = pattern(words.REMAINING | words.REMAINING_STATED)
_ASKED_GRANT_WORDS = r"부여|받은\s*연차|총\s*연차|\b(?:given|granted|entitled)\b|allowance|\b(?:did|do|will)\s+I\s+get\s+(?:more|fewer|less)\b"
_ASKED: dict[str, tuple[re.Pattern[str], set[str]]] = {
    "what is left": (
        _LEFT,
        {
            "remaining",
            "balance",
            "what_if",
            "what_if_days",
            "hours_left",
            "expiring",
            "days_until",
            "lapsing",
            "compare:remaining",
            *("claimed", "enough", "half_days_left", "plan"),
        },
    ),
    "what was used": (
        # "did I use / take more …": a past question; "take" alone is a what-if's
        pattern(
            words.USED | words.Words(ko=words.USED_STATED.ko, en=(r"\bdid\s+I\s+(?:\w+\s+)?(?:use|take)\b",))
        ),
        {
            "used",
            "balance",
            "records",
            "taken",
            "record",
            "share_used",
            "what_if",
            "what_if_days",
            "compare:used",
            *("parts_taken", "latest", "month", "plan"),
        },
    ),
    "what expires": (pattern(words.EXPIRY), {"expiring", "balance", "lapsing"}),
    "another kind of leave": (
        # not "병가는 빼고" / "except sick days": leave of that kind left out of the question
        re.compile(
            r"(?<!except )(?<!excluding )(?:병가|sick|경조|special\s+leave)(?!\s*(?:은|는)?\s*(?:빼고|제외|말고))",
            re.I,
        ),
        {"taken:other", "records", "record"},
    ),
    # "다음 연차", "next leave": not "연차가 어떻게 생겨요?", which asks the rule.
    "the next grant": (pattern(words.Words(ko=(r"다음\s*연차",), en=words.NEXT_GRANT.en)), {"next_grant"}),
    "what has arisen so far": (
        re.compile(
            r"(?:지금까지|여태|현재까지)[^?.]*(?:생|쌓|발생)|built\s+up|accru|earned\s+so\s+far", re.I
        ),
        {"current_days", "balance", "granted"},
    ),
    "the first year's rule": (
        re.compile(
            r"첫\s*해|첫\s*1?\s*년|입사\s*1\s*년\s*(?:미만|안)|(?:1|일)\s*년\s*(?:이\s*|도\s*)?(?:미만|안\s*[됐된돼되]|못\s*[채됐된])|"
            r"신입|올해\s*입사|입사\s*(?:한\s*지|하고)?\s*\d{1,2}\s*개월|\b\d{1,2}\s+months?\s+(?:in|ago|since)|first\s+year|new\s+hire|joined\s+this\s+year|"
            r"less\s+than\s+a\s+year",
            re.I,
        ),
        {"act_rule:first_year", "current_days", "next_grant"},
    ),
    "the Act's maximum": (
        re.compile(
            r"(?:법|law|statut|legal)[^?.]*?(?:최대|상한|한도|max|cap\b|limit)|"
            r"(?:최대|상한|한도|max|cap\b|limit)[^?.]*?(?:법|law|statut|legal)",
            re.I,
        ),
        {"act_rule:max"},
    ),
    "years of service": (
        re.compile(
            r"근속|몇\s*년\s*(?:째|차|다녔|일했|됐)|how\s+long\s+have\s+I\s+(?:\w+\s+)?(?:been|worked)|"
            r"how\s+many\s+years\s+have\s+I|years?\s+of\s+service",
            re.I,
        ),
        {"service_years"},
    ),
    "a company rule": (pattern(words.CARRY_OVER_OR_PAY), {"ask_hr"}),
    "a total": (
        re.compile(
            r"합쳐|합치|합계|총합|모두\s*합|\b(?:combined|in\s+total|altogether|added\s+up|sum)\b", re.I
        ),
        {"total"},
    ),
    "what is pending": (
        re.compile(r"승인\s*(?:대기|기다리)|대기\s*중|pending|awaiting\s+approval", re.I),
        {"pending", "balance"},
    ),
    "what was granted": (
        re.compile(_ASKED_GRANT_WORDS, re.I),
        {"granted", "balance", "share_used", "compare:granted", "current_days", "next_grant"},
    ),
    "the extra days of long service": (
        re.compile(r"가산|장기\s*근속|extra\s+(?:leave|days?)|long\s+service", re.I),
        {"act_rule:extra"},
    ),
    "how to request": (
        re.compile(
            r"신청\s*(?:은\s*)?(?:어떻게|방법|하려면|어디)|어떻게\s*(?:신청|올려|내)|"
            r"how\s+(?:do|can|should)\s+I\s+(?:\w+ly\s+)?(?:apply|request|book|submit|put\s+in)",
            re.I,
        ),
        {"how_to_request", "drafted"},
    ),
}
_FIGURES = ("what is left", "what was used", "what expires")
_RULES_ASKED = {
    "the first year's rule": "act_rule:first_year",
    "the Act's maximum": "act_rule:max",
    "the extra days of long service": "act_rule:extra",
}
# An answer that declines or sends the person on need not state the figures the question names...
_DECLINES = {
    *("ask_hr", "cannot_answer", "only_own_leave", "lookup_failed", "which_year", "cannot_offline"),
    *("what_i_can_do", "ask_a_date", "not_in_hours", "no_monthly_totals", "draft_refused", "no_act_leave"),
}
# ...but sending the person to HR is a choice too, and needs its reason in the question: a company rule asked.
# (Declining as someone else's leave is not second-guessed: the check knows no directory, and stopping it
# would post the asker's own figures for a colleague named in a way it cannot read.)
# A rule of the house rather than of the Act or of the person's figures: how many days in a row, a limit.
_HOUSE_RULE = re.compile(
    r"연속|한\s*번에|몰아서|\b(?:consecutive|in\s+a\s+row|at\s+once|at\s+a\s+time|limit\w*|polic\w*)\b|규정|정책|회사",
    re.I,
)
_YEAR_BEFORE = re.compile(r"the\s+year\s+before(?!\s+last)|그\s*전\s*해|그\s*전\s*년", re.I)
_MONTH_WORD = re.compile(
    r"(?:(?P<rel>이번|다음|지난|저번)\s*달|담달|(?P<en>this|next|last)\s+month|(?<!\d)(?P<num>\d{1,2})\s*월(?!\s*\d)|"
    r"\b(?:in|for|during)\s+(?P<name>" + "|".join(MONTHS_EN) + r")\b)",
    re.I,
)


_MONTH_STEP = {"이번": 0, "this": 0, "다음": 1, "next": 1, "지난": -1, "저번": -1, "last": -1}


def _months_asked(question: str, today: date) -> set[tuple[int, int]]:
    """The months a question asks about by a month word ("다음 달", "in August", "10월"), as (year, month)."""
    found: set[tuple[int, int]] = set()
    years = {today.year, today.year + 1, *asked_years(question, today)}  # "작년 12월": last year's
    for m in _MONTH_WORD.finditer(question):
        if rel := (m["rel"] or (m["en"] or "").lower() or ("다음" if m.group(0).startswith("담") else "")):
            month = today.month - 1 + _MONTH_STEP[rel]
            found.add((today.year + month // 12, month % 12 + 1))
        elif m["num"] and 1 <= int(m["num"]) <= 12:
            found |= {(year, int(m["num"])) for year in years}
        elif m["name"] and (number := month_number(m["name"])):
            found |= {(year, number) for year in years}
    return found


_DAY_RANGE = re.compile(r"(?<![\d./-])(\d{1,2})\s*[-~–]\s*(\d{1,2})(?![\d./-])")
_BARE_DAY = re.compile(r"(?<![\d월])(?<!월\s)(\d{1,2})\s*일(?=\s*(?:부터|까지|~|에|날|\())")
_ORDINAL_DAY = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)\b", re.I)
_MONTH_BEFORE = re.compile(r"(?:달|월|month)\s*$", re.I)
_NEXT_MONTH = re.compile(r"다음\s*달|담달|next\s+month", re.I)
# An amount of days the question states: a number before a day's unit, not a day of the month ("21일부터").
_DAYS_STATED = re.compile(
    r"(?<![\d.])(\d+(?:\.\d+)?)\s*(?:(?:full|whole|more|extra|working|annual)\s+)?(?:일(?!\s*(?:부터|까지|에|날|자|요일|\())|days?\b|개\b|번|회|times\b|half)",
    re.I,
)
# "반차 2번", "4 half-days", "반반차 2번": a count of parts of a day, and the part its words name.
_AS_PARTS = re.compile(r"\s*(?:번|회|times\b|x\b|half|quarter)", re.I)
_QUARTER = pattern(words.QUARTER_DAY)
# A part of a day asked for: a whole-day plan (what_if_days) does not answer it.
_PART_ASKED = re.compile(r"반차|반반차|반나절|오전|오후|half|quarter|morning|afternoon", re.I)
_HALF = re.compile(r"(?<!반)반차|half", re.I)
# "How many did I get", "총 몇 개": a question that what was granted answers (beside "what was granted" asked).
_GRANT_ASKED = re.compile(
    _ASKED_GRANT_WORDS
    + r"|생기|생겨|생겼|나와|나오|나온|받[아았나은는을]|\b(?:get|got|receive\w*|earn\w*|total|per\s+year|a\s+year)\b",
    re.I,
)
# A question about days to come, with nothing of the past in it.
_PLANS_AHEAD = re.compile(
    r"^(?!.*(?:썼|쓴|했|였|갔|\b(?:took|used|was|were|did|had)\b)).*"
    r"(?:쉬려|쉴까|쓰려|쓸까|낼까|내려|신청하려|\b(?:taking|planning|thinking\s+of|book)\b)",
    re.I | re.S,
)
# "10개 남은 거 맞지?", "I have 4.5 days left": a number the person says is left, not one to take.
_TAKES = frozenset({"what_if", "what_if_days", "half_days_left"})
_SAID_LEFT = re.compile(r"\s*(?:이|가|은|는|정도|쯤)?\s*(?:남|left\b|remaining\b)", re.I)
_PARTS_BEFORE = re.compile(r"(?:반차|반반차)\s*$")  # "반차 1개": a count of halves


def _asked(question: str, kinds: set[str], stated: bool, today: date) -> list[str]:
    """What the question asks that no statement of the answer (`kinds`) says (`stated`: it states figures;
    a pending request named beside another question is asked only of an answer stating figures)."""
    blanked = _LEFT.sub(" ", question)  # what is used or expires, read where what is left is not
    # A decline answers nothing, so nothing is owed — but "I can't answer that", "here is what I can do" and
    # "which year?" are choices too: for a question of the asker's own figures in a year it names, they owe.
    owing = set() if names_someone_else(question) else {"cannot_answer", "what_i_can_do"}
    owing |= {"which_year"} if asked_years(question, today) else set()
    declined = bool(kinds & (_DECLINES - {"ask_hr"} - owing))
    # sending the person to HR owes no figure when the question asks a company rule; the how-to it still owes
    sent_on = "ask_hr" in kinds and bool(
        _ASKED["a company rule"][0].search(question) or _HOUSE_RULE.search(question)
    )
    return [
        what
        for what, (words_, says) in _ASKED.items()
        if not declined
        and not (sent_on and what in _FIGURES)
        and (stated or what != "what is pending")
        and not says & kinds
        and words_.search(blanked if what in ("what was used", "what expires") else question)
    ]


@dataclass
class _Chosen:
    """What the statements written are about, together: the check of the choice reads this."""

    years: set[int] = field(default_factory=set)
    days: set[date] = field(default_factory=set)
    kinds: set[str] = field(default_factory=set)  # the statements, and the figures they state
    ends: set[date] = field(default_factory=set)  # spans' first and last days
    spans: set[tuple[date, date]] = field(default_factory=set)
    taken: set[Decimal] = field(default_factory=set)  # the question's numbers the statements took (q(n))
    stated: set[Decimal] = field(default_factory=set)  # the figures they rest on, and the years' granted days
    parts: set[Decimal] = field(default_factory=set)  # the parts of a day taken (1: whole days)
    months: set[tuple[int, int]] = field(default_factory=set)

    def add(self, writer: _Writer) -> None:
        for name in ("years", "days", "kinds", "ends", "spans", "taken", "stated", "parts", "months"):
            getattr(self, name).update(getattr(writer, name))


def _choice_problems(evidence: Evidence, today: date, chosen: _Chosen) -> list[Problem]:
    """Whether the statements are about what the question asks: its years, its days, its figure."""
    years, days, kinds, ends = chosen.years, chosen.days, chosen.kinds, chosen.ends
    taken, stated = chosen.taken, chosen.stated
    problems: list[Problem] = []
    named_days = days_named(evidence.question)
    # A day named without its year is this year's or, once passed, maybe next year's ("1월 5일" in December).
    upcoming = {today.year + (date(today.year, m, min(d, 28)) < today) for m, d in named_days}
    # ...unless the question plans ahead ("taking Jan 2 off"): then a day passed this year is next year's.
    upcoming |= {today.year} if named_days and not _PLANS_AHEAD.search(evidence.question) else set()
    holidays = holiday_days_named(evidence.question, today)
    upcoming |= {min((d for d in holidays if d >= today), default=today).year} if holidays else set()
    # 내일, 지난주 금요일, "next week": each reading a span. Today alone ("오늘 기준") names no day asked about.
    relative = [span for span in relative_days(evidence.question, today) if span != (today, today)]
    upcoming |= {end.year for span in relative for end in span}
    if _NEXT_MONTH.search(evidence.question):
        upcoming.add(today.year + (today.month == 12))
    named_years = set(asked_years(evidence.question, today))
    if _YEAR_BEFORE.search(evidence.question) and named_years:  # "last year than the year before"
        named_years.add(min(named_years) - 1)
    # A follow-up's "the year before" / "그 다음 해" is next to the last turn's years, not to today.
    if evidence.earlier_years and YEAR_BEFORE.search(evidence.question):
        named_years = {min(evidence.earlier_years) - 1}
    elif evidence.earlier_years and YEAR_AFTER.search(evidence.question):
        named_years = {max(evidence.earlier_years) + 1}
    asked = (named_years | upcoming) or {today.year}
    # A carry-over question's years are where leave would go ("내년으로 이월돼?"), not what it asks.
    rule_asked = bool(_ASKED["a company rule"][0].search(evidence.question))
    if years and not kinds & _DECLINES and (left_out := sorted(named_years - years)):
        problems.append(
            Problem("say", f"leaves out {', '.join(map(str, left_out))}, which the question asks about")
        )
    # This year may stand beside a year asked ("more than last year?"), never instead of it.
    if not rule_asked and (other := sorted(years - asked - ({today.year} if years & asked else set()))):
        named = ", ".join(map(str, sorted(asked)))
        said = ", ".join(map(str, other))
        problems.append(Problem("say", f"states figures of {said}, but the question asks about {named}"))
    months = _months_asked(evidence.question, today)
    if (
        months
        and days
        and not (named_days or holidays or relative)
        and any((d.year, d.month) not in months for d in days)
    ):
        problems.append(Problem("say", "is about a month the question does not ask about"))
    if (
        "working_days" in kinds
        and months
        and not (named_days or holidays or relative)
        and not _whole_months(ends, months, today)
    ):
        problems.append(Problem("say", "counts part of a month; the question asks about the whole month"))
    if chosen.parts and (wrong_part := _part_not_asked(evidence.question, chosen.parts, kinds)):
        problems.append(Problem("say", wrong_part))
    if months and (other_months := chosen.months - months):
        said = ", ".join(f"{y}-{m:02d}" for y, m in sorted(other_months))
        problems.append(Problem("say", f"is about {said}, a month the question does not ask about"))
    if (named_days or holidays or relative) and days:
        # "21일부터 24일까지" names days of a month it leaves to the context: any month's.
        bare = {int(m[1]) for m in _BARE_DAY.finditer(evidence.question)}
        bare |= {int(m[1]) for m in _ORDINAL_DAY.finditer(evidence.question)}  # "the 4th and 5th"
        bare |= {int(n) for m in _DAY_RANGE.finditer(evidence.question) for n in m.groups()}  # "and 28-31"
        asked_days = {(d.month, d.day) for d in holidays} | named_days
        asked_days |= {(d.month, d.day) for d in days if d.day in bare}
        # A day may lie inside a span the question names by dates; a span's own ends are the question's.
        first, last = min(named_days, default=(13, 0)), max(named_days, default=(0, 0))
        asked_days |= {(end.month, end.day) for span in relative for end in span}
        inside = [
            d
            for d in days
            if (d.month, d.day) in asked_days
            or first < (d.month, d.day) < last
            or any(a <= d <= b for a, b in relative)
        ]
        if len(inside) < len(days) or any((d.month, d.day) not in asked_days for d in ends):
            problems.append(Problem("say", "is about a day the question does not name"))
        # ...and each day or span the question names by its month is one they are about ("jul 27-31 +
        # aug 14" is not answered by July alone)
        covered = {(d.month, d.day) for d in days} | {
            (d.month, d.day) for a, b in chosen.spans for d in _each_day(a, b)
        }
        if spans_left_out := [
            s for s in spans_named(evidence.question) if not any(_within(d, s) for d in covered)
        ]:
            said = ", ".join(
                f"{a[0]}/{a[1]}" + (f"–{b[0]}/{b[1]}" if b != a else "") for a, b in spans_left_out
            )
            problems.append(Problem("say", f"leaves out {said}, which the question names"))
    # A follow-up ("작년엔?") asks again what the turn before asked, in words this check does not see.
    if not evidence.earlier_years and (unasked := _answers_nothing_asked(evidence.question, kinds)):
        problems.append(
            Problem("say", f"states {unasked}, which the question does not ask; answer what it asks")
        )
    # A rule of the Act other than the one asked ("first year?" answered with the rule after it).
    rules_said = {k for k in kinds if k.startswith("act_rule:")}
    rules_asked = {rule for what, rule in _RULES_ASKED.items() if _ASKED[what][0].search(evidence.question)}
    if rules_said and rules_asked and not rules_said & rules_asked:
        problems.append(
            Problem("say", f'states another rule than the one asked: act_rule("{min(rules_asked)[9:]}")')
        )
    if missing := _asked(evidence.question, kinds, bool(years), today):
        problems.append(Problem("say", f"the question asks {' and '.join(missing)}; no statement says it"))
    if years and _about_a_colleague(evidence):
        problems.append(
            Problem(
                "say", "states the asker's figures for a question about a colleague; say only_own_leave()"
            )
        )
    if years and (unused := _amounts_unaccounted(evidence.question, named_days, taken, stated)):
        said = ", ".join(format_days(n) for n in unused)
        problems.append(
            Problem("say", f"leaves out the question's {said}: each amount it states is q(n) in a statement")
        )
    return problems


# Family, and the asker as subject ("My manager asked how many days I have left"): the asker's own leave.
_OWN = re.compile(
    r"엄마|아빠|아내|와이프|남편|부모님|아이|애기|가족|동생|형|누나|언니|오빠|친구|생신|결혼|출산|"
    r"\b(?:mom|dad|wife|husband|kids?|family|friend)\b|"
    r"\bI\s+(?:still\s+)?(?:have|had|used|took|get|got)\b|\b(?:do|did|have|can|will)\s+I\b|\bI've\b|"
    r"\bmy\s+(?:own\s+)?(?:leave|balance|days|pto|vacation)\b"
)


_USED_ASKED = pattern(words.USED | words.USED_STATED | words.WHEN | words.Words(en=(r"\buse\b", r"\btake\b")))
# The statements that answer one particular question, and the words that ask it. A statement of these may
# stand beside an answer ("…, and 3 days expire on 31 December"); alone, it must be what the question asks:
# what was granted does not answer "what do I still have", nor the base rule "how does it work in my first
# year". Statements not listed (what is left, a what-if, a day, a span) answer any question of their figures.
_ASKS_FOR: dict[str, re.Pattern[str]] = {
    "granted": _GRANT_ASKED,
    "compare:granted": _GRANT_ASKED,
    "compare:used": _USED_ASKED,
    "used": _USED_ASKED,
    "expiring": pattern(words.EXPIRY | words.Words(ko=("언제까지",), en=(r"\buntil\b", r"\bby\s+when\b"))),
    "hours_left": pattern(words.HOURS),
    "share_used": re.compile(
        r"%|퍼센트|프로|비율|\w*[률율]|percent\w*|share|proportion|how\s+much\s+of|what\s+part", re.I
    ),
    "service_years": re.compile(
        r"근속|입사|몇\s*년|다닌|일한|\b(?:how\s+long|years?\s+of\s+service|tenure|anniversary|joined|been\s+here)\b",
        re.I,
    ),
    "act_rule:base": re.compile(
        r"법|규정|기준|원칙|\b(?:law|legal\w*|statut\w*|act|rules?|minimum|normally)\b", re.I
    ),
    "act_rule:max": re.compile(r"최대|상한|한도|최고|\b(?:max\w*|cap|limit|most|ceiling)\b", re.I),
    "act_rule:extra": re.compile(
        r"가산|추가|늘어|더\s*(?:받|생)|장기|\b(?:extra|additional|more|long\s+service|increase\w*)\b", re.I
    ),
}


def _answers_nothing_asked(question: str, kinds: set[str]) -> str:
    """The statements named in `_ASKS_FOR`, when every statement of the answer is one the question does not
    ask for ("" when some statement answers it, or the answer declines with its reason)."""
    substantive = (
        kinds
        - _DECLINES
        - {"greeting", "thanks", "act_rule", "compare"}  # what a comparison compares is its own kind
    )
    if not substantive or kinds & _DECLINES:  # a decline's companions: what `_asked` owes is checked there
        return ""
    unasked = {kind for kind in substantive if kind in _ASKS_FOR and not _ASKS_FOR[kind].search(question)}
    return ", ".join(sorted(unasked)) if unasked == substantive else ""


def _within(day: tuple[int, int], span: tuple[tuple[int, int], tuple[int, int]]) -> bool:
    first, last = span
    return first <= day <= last if first <= last else (day >= first or day <= last)  # over the new year


def _each_day(first: date, last: date) -> list[date]:
    return [first + timedelta(days=n) for n in range((last - first).days + 1)] if last >= first else []


def _part_not_asked(question: str, parts: set[Decimal], kinds: set[str]) -> str:
    """Whether the parts of a day the statements take are those the question names: a half day is not a
    quarter, and a part of a day asked is not a whole day."""
    quarter, half = bool(_QUARTER.search(question)), bool(_HALF.search(question))
    if _PART_ASKED.search(question) and parts <= {Decimal(1)} and kinds & {"what_if_days", "plan", "what_if"}:
        return "takes whole days for a part of a day asked: 0.5 or 0.25 for the part"
    if half and not quarter and parts == {Decimal("0.25")}:
        return "takes quarter days, but the question asks about half days (0.5)"
    if quarter and not half and parts == {Decimal("0.5")}:
        return "takes half days, but the question asks about quarter days (0.25)"
    return ""


def _whole_months(ends: set[date], months: set[tuple[int, int]], today: date) -> bool:
    """Whether a span counted runs over whole months asked (or from today to a month's end)."""
    if not ends:
        return True
    first, last = min(ends), max(ends)
    starts = {date(y, m, 1) for y, m in months} | {today}
    closes = {date(y, m, calendar_module.monthrange(y, m)[1]) for y, m in months}
    return first in starts and last in closes


def _about_a_colleague(evidence: Evidence) -> bool:
    """A question about someone at work (a name in the HR directory, a title, a role, a mention, an id), not
    the asker, nor the asker's plans around them ("민수 결혼식 때문에")."""
    named = evidence.colleague is not None or names_someone_else(evidence.question)
    return named and not _OWN.search(evidence.question)


def _amounts_unaccounted(
    asked: str, named_days: set[tuple[int, int]], taken: set[Decimal], stated: set[Decimal]
) -> list[Decimal]:
    """The day amounts the question states that no statement took (q(n)) or states (an echo)."""
    question = blank_dates(asked)
    listed = {day for _, day in named_days}  # "12월 24일, 28일": days, not amounts
    said = [  # not a day of the month: "이번 달 15일", "다음 달 5일"
        Decimal(m[1])
        for m in _DAYS_STATED.finditer(question)
        if not _MONTH_BEFORE.search(question, 0, m.start())
        and not (m[0].rstrip().endswith("일") and int(float(m[1])) in listed)
    ]
    return [n for n in dict.fromkeys(said) if n not in taken and n not in stated]


class _Writer:
    """One statement: its arguments read, its facts resolved, its sentence written."""

    def __init__(self, evidence: Evidence, korean: bool, today: date) -> None:
        self.evidence, self.korean, self.today = evidence, korean, today
        self.facts = Resolver(evidence)
        self.years: set[int] = set()
        self.days: set[date] = set()
        self.kinds: set[str] = set()  # the figures it states: left, used
        self.ends: set[date] = set()  # a span's first and last day
        self.spans: set[tuple[date, date]] = set()  # each span a statement is about
        self.parts: set[Decimal] = set()  # the parts of a day it takes (0.5, 0.25), or 1 for whole days
        self.months: set[tuple[int, int]] = set()  # the months it is about, as (year, month)
        self.taken: set[Decimal] = set()  # the question's numbers it took, q(n)
        self.stated: set[Decimal] = set()  # the figures it rests on ("15일 중에" echoes what was granted)

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
            found.calls or _PART_ASKED.search(self.evidence.question)
        ):
            raise Unresolved(f"{statement.name}: the days to take are the question's, q(n)")
        if not _days_taken(node) or found.value <= 0:
            raise Unresolved(f"{statement.name}: only a half or a quarter day may multiply q(n)")
        numbers = {Decimal(str(arguments[0])) for name, arguments in found.calls if arguments}
        self.taken |= numbers
        question = self.evidence.question
        fractions = {n % 1 for n in numbers if n % 1} & PART_OF_A_DAY  # q(1.5): a day and a half
        self.parts |= PART_OF_A_DAY.intersection(found.numbers) | fractions or {Decimal(1)}
        for match in _DAYS_STATED.finditer(blank_dates(question)):
            if (
                statement.name in _TAKES
                and Decimal(match[1]) in numbers
                and _SAID_LEFT.match(question, match.end())
            ):
                raise Unresolved(
                    f"{statement.name}: {match[0].strip()} is what the person says is left, not days to take:"
                    " claimed(Y, q(n))"
                )
        part = (
            Decimal("0.25")
            if _QUARTER.search(question)
            else Decimal("0.5")
            if _HALF.search(question)
            else None
        )
        if PART_OF_A_DAY.intersection(found.numbers) and not _PART_ASKED.search(question):
            raise Unresolved(f"{statement.name}: the question names no part of a day; take q(n) whole days")
        for match in _DAYS_STATED.finditer(blank_dates(question)):
            counted = Decimal(match[1]) in numbers and (
                _AS_PARTS.match(question, match.end(1)) or _PARTS_BEFORE.search(question, 0, match.start())
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
        self.stated |= {found.granted, found.used, found.remaining}
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
        return sentence(year, w.fact(kind, year), w.korean)

    return write


def _balance(w: _Writer, s: Statement) -> str:
    return balance_sentence(w.balance(w.year(s, 0)), w.korean, w.today)


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
    year = w.year(s, 0)
    taken = w.evidence.taken.get(year)
    if taken is None:
        raise Unresolved(f"lists {year}'s records, but no lookup of them succeeded")
    return taken_sentence(taken, w.korean, w.today)


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
    first, last = _span(w, s)
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
    grant = ent.upcoming[0]
    return say.next_grant(
        ent.next_days, ent.next_on, w.today, ent.act_only, w.korean, grant.kind, grant.service_years
    )


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
        return say.draft_refused([say.more_than_left(balance.year, balance.remaining, w.korean)], w.korean)
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
    _entitlement(w)
    ent = w.evidence.entitlement
    assert ent is not None
    return say.lapsing(list(ent.unused), bool(ent.current), w.today, w.korean)


def _why_grant(w: _Writer, s: Statement) -> str:
    _entitlement(w)
    ent = w.evidence.entitlement
    assert ent is not None
    asked = w.amount(s, 0) if s.nodes else None
    grants = [*ent.current, *ent.upcoming]
    annual = [g for g in grants if g.kind == "annual"]
    chosen = [g for g in grants if asked is not None and g.days == asked] or annual[-1:]
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
    "no_act_leave": ((0,), _fixed(say.NO_ACT_LEAVE)),
    "no_monthly_totals": ((0,), _fixed(say.NO_MONTHLY_TOTALS)),
    "what_i_can_do": ((0,), _fixed(say.WHAT_I_CAN_DO)),
    "ask_a_date": ((0,), _fixed(say.ASK_A_DATE)),
    "not_in_hours": ((0,), _fixed(say.NOT_IN_HOURS)),
    # The offline stand-in's own decline (bot/llm): not in the schema, as Claude never needs to say it.
    "cannot_offline": ((0,), _fixed(say.CANNOT_OFFLINE)),
}
