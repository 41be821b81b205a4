"""What the offline model makes of a question: which kind of question it is, which years and which tools.

Plain rules, read in a fixed order (the first that fits wins), so a reader can follow why a question got
its answer. The order matters: "오늘 며칠이야?" names 며칠 but asks for the date; "이서연 연차 며칠 남았어?"
is a balance question about someone else; "3일 쓰면 며칠 남아?" is a balance question that wants
arithmetic. What no rule fits gets the usage line, never a guess.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal

from bot.domain.leave import ANNUAL
from bot.language import request_words, words
from bot.language.asked_words import GROWS_ASKED, IN_A_ROW_ASKED, REACHES_ASKED
from bot.language.clause_words import LATEST, LEAVE_TYPE_WORDS
from bot.language.dates import (
    DATE_QUESTION,
    LAST_MONTH,
    LEAP_YEAR,
    MONTH_ASKED,
    MONTHS_EN,
    ONE_WORKING_DAY,
    THIS_MONTH,
    days_named,
)
from bot.language.half_days import amounts_listed, half_days_counted
from bot.language.numbers import first_amount_in_words
from bot.language.people import Roster
from bot.language.question_words import ASKER, PAST_ASKED
from bot.language.questions import about_someone_else, asks_about_rules, asks_in_hours, theirs
from bot.language.words import alternation, pattern
from bot.language.years import (
    UNREADABLE_YEAR,
    VAGUE_THEN,
    YEAR_AFTER,
    YEAR_BEFORE,
    asked_years,
    year_words_read,
)
from bot.llm.arithmetic_reading import CARRIED_OVER, arithmetic_reading, bare_follow_up
from bot.llm.drafting import dates_named, days_off, week_of, weekdays_in_month, whole_month
from bot.llm.question_patterns import (
    ANNIVERSARY,
    LEAVE,
    NAMES_LEAVE,
    PENDING,
    QUANTITY,
    QUARTER,
    REMAINING,
    UNTIL,
    WHAT_IF,
)
from bot.llm.reading_values import Earlier, Kind, Reading, lookup
from bot.tools import day as get_day
from bot.tools import entitlement, leave_balance, leave_taken
from bot.tools import working_days as count_working_days

# Anything about leave: naming it, or asking for one of its figures or an amount of days.
_WHEN = pattern(words.WHEN)
# Questions about the public-holiday calendar rather than the person's leave.
_PUBLIC_HOLIDAY = re.compile(
    r"공휴일|국경일|빨간\s*날|대체\s*휴일|public\s+holiday|national\s+holiday|bank\s+holiday", re.I
)
# Asking what the bot can do: the usage hint. Anything else with nothing about leave is off topic.
_ASKS_HELP = re.compile(
    r"도움|도와|뭘\s*할\s*수|뭐\s*할\s*수|무엇을|사용법|help|what\s+can\s+you|how\s+do\s+(?:I|you)\s+use",
    re.I,
)
_HOW_MUCH = pattern(words.REMAINING, words.HOW_MUCH, words.DAYS_QUANTITY)
_GREETING = re.compile(rf"^\s*(?:{alternation(words.GREETINGS)})", re.I)
_THANKS = re.compile(
    rf"^\s*(?:{alternation(words.THANKS)})|(?:{alternation(words.THANKS_AT_END)})[.!~\s]*$", re.I
)
# A question naming leave is not asking the date ("오늘 연차 며칠 남았어?").
_LEAP = pattern(LEAP_YEAR)
_HOW_TO = pattern(words.PROCEDURE, words.HOW_TO_DO)
_CAN_I = pattern(words.CAN_I_TAKE)
_CLAIM = re.compile(
    r"(\d+(?:\.\d+)?)\s*(?:일|days?)\s*(?:이|이나|정도|쯤)?\s*(?:of\s+\w+\s+)?(?:남|left|remain|있)|"
    r"\b(?:have|got)\s+(?:only\s+|just\s+)?(\d+(?:\.\d+)?)\s*(?:more\s+)?days?",
    re.I,
)
_CONFIRM = pattern(words.CONFIRM)
_HALF_COUNT = pattern(words.HALF_DAY_COUNT)
_THIS_MONTH = pattern(THIS_MONTH)
_LAST_MONTH = pattern(LAST_MONTH)
_FOLLOW_UP = re.compile(rf"^\s*(?:{alternation(words.FOLLOW_UP)})", re.I)
_WINDOW = re.compile(r"Years that can be looked up: (\d{4})[–-](\d{4})")
_ASKER = re.compile(r"The person asking is ([^;\n]+);")
# A day amount the person names: "3일", "2 days"; else in words: 반차 (0.5), 하루 (1), 이틀 (2), a weekday (1).
_DAYS = re.compile(
    # ("10일부터", "24일에", "31일까지": a day of the month, not days)
    r"(\d+(?:\.\d+)?)\s*(?:more\s+|extra\s+|additional\s+)?(?:일(?!\s*(?:부터|까지|에|~|날))|개|days?)"
    r"(?!\s*(?:남|left|remain))",
    re.I,
)
_ONE_WORKING_DAY = pattern(ONE_WORKING_DAY)
_EXPIRY = pattern(words.EXPIRY)
_NEXT_GRANT = pattern(words.NEXT_GRANT)
_FIRST_YEAR = pattern(words.FIRST_YEAR)
_SERVICE = pattern(words.SERVICE)
_ACT_NAMED = pattern(words.ACT_NAMED)
_ACT_RULES = {rule: pattern(said) for rule, said in words.ACT_RULES.items()}
_WHY = pattern(words.WHY)
_CARRY_OVER_OR_PAY = pattern(words.CARRY_OVER_OR_PAY)
_NOT_USED = pattern(words.REMAINING, words.GRANTED)


_WHAT_BECOMES = re.compile(r"어떻게\s*(?:돼|되|됨)|\bwhat\s+happens\b|\bhappen\s+to\b", re.I)


def window_from(system: str) -> tuple[int, int] | None:
    match = _WINDOW.search(system)
    return (int(match.group(1)), int(match.group(2))) if match else None


def read_question(
    question: str, today: date, earlier: Earlier, system: str = "", roster: Roster | None = None
) -> Reading:
    """The kind of question, and for the lookup kinds the years and tools to ask for. `roster`: the
    names in the HR data (a colleague is someone named there; the asker, named in `system`, is not)."""
    window = window_from(system)
    has_leave = bool(LEAVE.search(question))
    years = asked_years(question, today)
    if DATE_QUESTION.search(question) and not NAMES_LEAVE.search(question):
        return Reading("date")
    if _LEAP.search(question):
        return Reading("leap_year", tuple(years or [today.year]))
    if _about_someone_else(question, system, roster or Roster()):
        return Reading("someone_else")
    if _GREETING.search(question) and not has_leave:
        return Reading("greeting")
    # thanks, not "ok and in hours?" (a question that opens with "ok")
    if _THANKS.search(question) and not has_leave and not years and "?" not in question:
        return Reading("thanks")
    # the past tense right after a past year ("Did I use all of last year's? What % did I use?"): that year
    past_before = bool(earlier.years) and max(earlier.years, default=today.year) < today.year
    if not years and past_before and _PAST_TENSE.search(question) and not _FOLLOW_UP_NOW.search(question):
        years = list(earlier.years)
    arithmetic = arithmetic_reading(question, years, today, earlier, window)
    if arithmetic is not None:
        return arithmetic
    if years and earlier.question and bare_follow_up(question, today):
        before = read_question(earlier.question, today, Earlier(), system, roster).kind
        if before in CARRIED_OVER:  # the same arithmetic, for the year now named
            return lookup(before, years, today, earlier, window, (leave_balance.NAME,))
    # "그럼 남는 건?" after a what-if asks what is left after those days, which this turn does not carry:
    # declined, never the bare balance
    left_after = bool(
        _FOLLOW_UP.search(question) and REMAINING.search(question) and not _DAYS.search(question)
    )
    before_kind = (
        read_question(earlier.question, today, Earlier(), system, roster).kind
        if left_after and earlier.question
        else None
    )
    if before_kind in ("what_if", "what_if_span"):
        return Reading("cannot")
    # "how many days will that be?" right after the next grant: that grant's days
    # ("몇 개 나옴?" after "내년 연차 언제 생겨요?": the days that grant brings)
    points_back = (
        earlier.question
        and (_THAT_ONE.search(question) or _ARISES.search(question))
        and QUANTITY.search(question)
    )
    if points_back and not years:
        before = read_question(earlier.question, today, Earlier(), system, roster).kind
        if before == "next_grant":
            return Reading("next_grant", (), (entitlement.NAME,))
    if asks_in_hours(question):
        return Reading("hours")
    # the days off in a row a plan makes ("28~31일 쓰면 총 며칠 연속으로 쉬어?"): the calendar's, and what the
    # days take and leave when that is asked too; not how many one may take in a row (a rule)
    row = days_off(question, today) if IN_A_ROW_ASKED.search(question) else ()
    if row and not _LEAVE_TOO.search(question):
        return Reading("in_a_row", spans=row)
    if _EXPIRY.search(question) and years and max(years) < today.year:  # what lapsed then: its balance
        return lookup("lookup", years, today, earlier, window, (leave_balance.NAME,))
    # ...and right after a past year, asked in the past tense ("…, 소멸된 건 몇 개였나요?"): that year's
    if _EXPIRY.search(question) and not years and past_before and _PAST_TENSE.search(question):
        return lookup("lookup", list(earlier.years), today, earlier, window, (leave_balance.NAME,))
    about_leave = has_leave or earlier.about_leave or _DAYS_STATED.search(question)
    if _CARRY_OVER_OR_PAY.search(question) and about_leave and _none_past([*years, *earlier.years], today):
        # carrying over or paying out this year's leave: a company rule (ask HR), beside what the Act says
        # lapses and when; last year's carried into this one is not read
        # (the lapse said only when it asks what becomes of the days, "못 쓰면 어떻게 돼?", "소멸돼?"; whether
        # they carry over or are paid is the company's alone, which the Act's lapse does not answer)
        becomes = bool(_WHAT_BECOMES.search(question) or _EXPIRY.search(question))
        return Reading("carry_over", (), (entitlement.NAME,), figure="lapse" if becomes else None)
    reaches = REACHES_ASKED.search(question)
    if reaches or GROWS_ASKED.search(question):  # "22개 받게 되는 건 몇 년도?", "when does it go up?"
        # the size nearest the asking ("18일이라던데, 그 다음 19일로 늘어나는 건"): the last one named
        sizes = list(_SIZE.finditer(reaches.group(0))) if reaches else []
        sized = sizes[-1] if sizes else None
        if reaches and sized is None:  # "when do I hit the cap?": a size it does not read
            return Reading("cannot")
        target = Decimal(next(g for g in sized.groups() if g)) if sized else None
        return Reading("grows", (), (entitlement.NAME,), days=target)
    rules = tuple(rule for rule, finder in _ACT_RULES.items() if finder.search(question))
    personal = _FIRST_YEAR.search(question) or _SPENT_OR_LEFT.search(
        question
    )  # the asker's figures: not a rule
    if rules and _ACT_NAMED.search(question) and not personal and not _OBLIGED.search(question):
        # the Act's rules asked by name ("법적으로 최대 며칠?", "the minimum by law … and the cap?"): said as
        # the statute says them (the entitlement lookup, so the whole question is read as any lookup's is)
        return Reading("act_rules", (), (entitlement.NAME,), rules=rules)
    until = _days_until(question, today)
    if until is not None:
        return until
    statutory = _statutory_kind(question, has_leave, years, today, earlier.about_leave)
    if statutory is not None:
        # the first year's rule asked of the law, not of the asker ("what does the law say about the first
        # year?"): the rule alone, not the asker's own years and days beside it
        law_only = statutory == "first_year" and _ACT_NAMED.search(question) and not ASKER.search(question)
        rules = ("first_year",) if law_only else ()
        return Reading(statutory, (), (entitlement.NAME,), days=_days_named(question), rules=rules)
    # "그때" right after a lookup means that lookup's year; otherwise a year it cannot read gets a question.
    then_follows_up = bool(VAGUE_THEN.search(question) and earlier.years)
    if UNREADABLE_YEAR.search(question) and not years and not then_follows_up:
        return Reading("which_year")
    if _PUBLIC_HOLIDAY.search(question):
        return Reading("public_holiday")
    if asks_about_rules(question) and not row:
        return Reading("rules")
    days = _days_named(question)
    # amounts, not days named ("12월 24일, 28일 쉬면": days off, read below)
    listed = (
        amounts_listed(question) if WHAT_IF.search(question) and not dates_named(question, today) else None
    )
    if listed is not None and (QUANTITY.search(question) or _HOW_MUCH.search(question)):
        # "반차 두 번 쓰고 반반차 한 번 쓰면 몇 일 남아?": every amount listed, taken together
        reading = lookup("what_if", years, today, earlier, window, (leave_balance.NAME,), days=listed.days)
        return replace(reading, amount=listed.amount)
    halves = half_days_counted(question)
    if halves is not None and WHAT_IF.search(question):
        days = Decimal(halves) / 2
    wants_quantity = bool(QUANTITY.search(question) or _HOW_MUCH.search(question))
    # days off asked about as a condition ("쉬면") or as a plan ("쉬려고 하는데", "want to take … off"): the
    # same days, read once, for how many days they take and what is left after
    planned = (
        WHAT_IF.search(question)
        or _PLANS.search(question)
        or (_CAN_I.search(question) and days_named(question))
    )
    # a week or every weekday of a month named first: "every Friday in December" is not this Friday
    named = week_of(question, today) or weekdays_in_month(question, today)
    spans = (named or days_off(question, today)) if planned and halves is None else ()
    spans = spans or (whole_month(question, today) if planned else ())
    # what the days take and leave, or whether days named by date fit ("12/24에 반차 쓰고 싶은데 가능해?";
    # "Can I take Friday off?" stays can_i_take)
    # ("and if I take Dec 21-31 off?" right after the balance asks what would be left)
    after_the_balance = earlier.tools == (leave_balance.NAME,) and bool(_FOLLOW_UP.search(question))
    span_asked = (
        wants_quantity
        or REMAINING.search(question)
        or (_CAN_I.search(question) and days_named(question))
        or (after_the_balance and WHAT_IF.search(question))
    )
    # the days' own year: another named ("… 쉬려고 하는데 작년 연차 몇 개 남아?") is not read
    one_year = spans and spans[0][0].year == spans[-1][1].year and set(years) <= {spans[0][0].year}
    if one_year and span_asked:
        # "12월 24일, 28일~30일 쉬면 며칠 남아?": the calendar's working days taken from that year's balance
        reading = lookup("what_if_span", [spans[0][0].year], today, earlier, window, (leave_balance.NAME,))
        return replace(reading, spans=spans, in_a_row=bool(row))
    if WHAT_IF.search(question) and days is not None and (wants_quantity or question.rstrip().endswith("?")):
        reading = lookup("what_if", years, today, earlier, window, (leave_balance.NAME,), days=days)
        return replace(reading, halves=halves)
    if WHAT_IF.search(question) and wants_quantity:  # days it cannot count ("다음주 월화"): the balance
        return lookup("lookup", years, today, earlier, window, (leave_balance.NAME,))
    if _CAN_I.search(question) and _ALL_OF_IT.search(question):
        # "남은 연차 다 쓸 수 있을까?": whether all of it fits, which no statement says as yes or no — what is
        # left is said (beside the working days it is asked with), not "enough for a day"
        return lookup("lookup", years, today, earlier, window, (leave_balance.NAME,))
    if _CAN_I.search(question) and not QUANTITY.search(question) and not _PAST_DAYS.search(question):
        return lookup(
            "can_i_take", years, today, earlier, window, (leave_balance.NAME,), days=days or Decimal(1)
        )
    how_to = _HOW_TO.search(question) and not (has_leave and PENDING.search(question))  # not 결재 대기
    if how_to and (has_leave or earlier.about_leave or _REQUEST_WORDS.search(question)):
        return Reading("how_to")  # how to request leave: not how to book a meeting room
    claim = _CLAIM.search(question)
    if claim and _CONFIRM.search(question):
        return lookup(
            "check_claim",
            years,
            today,
            earlier,
            window,
            (leave_balance.NAME,),
            days=Decimal(claim.group(1) or claim.group(2)),
        )
    if _HALF_COUNT.search(question) and _THAT_ONE.search(question) and not earlier.tools:
        return Reading("cannot")  # "how many half days is that?" points at a figure this turn has not
    if _HALF_COUNT.search(question):
        # ("half days and quarter days I've taken": both, said one after the other — days=None)
        quarter, half = QUARTER.search(question), _HALF_ALONE.search(question)
        size = None if quarter and half else Decimal("0.25") if quarter else Decimal("0.5")
        return lookup("half_days", years, today, earlier, window, (leave_taken.NAME,), days=size)
    month = MONTH_ASKED.search(question)
    # A month's records, not what is left in (or by) a month: that is no reading's.
    # (nor leave wanted in a month: "I want to take days off in December, how many do I have?"; days
    # taken, said in the past, are the records: "how many days off did I take in June?")
    took = _PAST_DAYS.search(question) or _TOOK.search(question)
    if (
        month
        and (has_leave or earlier.about_leave or took)
        and not REMAINING.search(question)
        and (took or not _PLANS.search(question))
    ):
        number = int(month.group(1)) if month.group(1) else None
        if month.group(2):
            number = MONTHS_EN.index(month.group(2).lower()) + 1
        elif _THIS_MONTH.search(month.group(0)):
            number = today.month
        elif _LAST_MONTH.search(month.group(0)):
            number = today.month - 1 or 12
            if not years and today.month == 1:
                years = [today.year - 1]
        reading = lookup("monthly", years, today, earlier, window, (leave_taken.NAME,))
        return replace(reading, month=number if number and 1 <= number <= 12 else None)
    follow = _relative_years(question, earlier)
    if follow:
        return _to_come(
            lookup("lookup", follow, today, earlier, window, _tools_for(question, earlier)), today
        )
    if has_leave or years:
        # a follow-up, or the past tense right after a past year ("…? 남은 건 어떻게 됐어요?"): that year
        if (
            not years
            and earlier.years
            and (_FOLLOW_UP.search(question) or (past_before and _PAST_TENSE.search(question)))
        ):
            years = list(earlier.years)
        # another type of leave ("병가 며칠 썼어?") or the latest record ("when did I last …"): the records
        types = [kind for finder, kind in LEAVE_TYPE_WORDS if finder.search(question)]
        records_only = not _NOT_USED.search(question)  # they give days taken: not what is left or granted
        types = types if set(types) - {ANNUAL} and records_only else []
        read = year_words_read(question, today)  # "last year" is a year, not the latest record
        latest = (
            records_only
            and not types
            and any(all(not a <= m.start() < b for a, b in read) for m in LATEST.finditer(question))
        )
        tools = (leave_taken.NAME,) if types or latest else _tools_for(question, earlier)
        reading = lookup("lookup", years, today, earlier, window, tools)
        return _to_come(replace(reading, types=tuple(types), latest=today if latest else None), today)
    return Reading("help" if _ASKS_HELP.search(question) or not question.strip() else "off_topic")


# "12월 며칠인지": which day of the month, not how many days
_A_DATE_ASKED = re.compile(r"\d{1,2}\s*월\s*며칠")
# "this year", "now": the question's own time, whatever the part before was about
_FOLLOW_UP_NOW = re.compile(r"올해|이번\s*해|지금|현재|\bthis\s+year\b|\bnow\b|\bso\s+far\b", re.I)
# Pointing back at what the turn before answered, and the past tense of a lapse asked after a past year.
_HALF_ALONE = re.compile(r"(?<!반)반차|\bhalf[-\s]?days?\b", re.I)  # not 반반차
_ARISES = re.compile(r"나오|나와|나옴|나올|생기|생겨|생길|생김|들어와|들어옴", re.I)
_THAT_ONE = re.compile(r"\b(?:that|it)\b|그거|그건|그게|그때", re.I)
_PAST_TENSE = re.compile(r"였|었|됐|했|썼|냈|뺐|\b(?:did|was|were|had)\b", re.I)
# The size a grant is asked to reach: "22개", "25-day", "get to 18".
_SIZE = re.compile(
    r"(\d+)\s*(?:개|일|[-\s]*days?)|\b(?:get\s+to|go(?:es)?\s+up\s+to|hit|reach|first\s+get)\s+(?:the\s+)?(\d+)",
    re.I,
)
# Beside the days off in a row, the leave asked too: what the days take or leave.
_LEAVE_TOO = re.compile(
    r"남|연차\s*(?:며칠|몇\s*(?:개|일))|\bleft\b|\bleave\s+days\b|"
    r"\bhow\s+many\s+(?:leave\s+)?days\s+(?:does|would|will)\s+(?:that|it|this)\s+(?:cost|take|use)\b",
    re.I,
)


def _to_come(reading: Reading, today: date) -> Reading:
    """A year still to come has no balance yet ("내년엔?", "and in 2027?"): what it brings is the next grant."""
    ahead = reading.kind == "lookup" and bool(reading.years) and min(reading.years) > today.year
    if ahead and reading.tools == (leave_balance.NAME,) and not reading.types:
        return Reading("next_grant", (), (entitlement.NAME,))
    return reading


# A question about the calendar, not about leave: how many working days a span has, what a day is.
_WORKING_DAYS = re.compile(
    r"근무일|영업일|출근일|(?:일|출근)(?:해야\s*(?:하|되)|하)는\s*날|working\s+days?|business\s+days?|work\s*days?",
    re.I,
)
_ALL_OF_IT = re.compile(
    r"(?:남은\s*(?:연차|거|걸|것)?\s*(?:을|를)?\s*)?(?:다|전부|모두|몽땅)\s*(?:쓸|소진|사용)|"
    r"\b(?:use|take|burn)\s+(?:up\s+)?(?:all|everything)\b|\ball\s+(?:of\s+)?my\s+(?:remaining\s+)?(?:leave|days)\b",
    re.I,
)
_TILL = re.compile(r"\b(?:until|till|through|thru|before)\b|까지", re.I)  # "left until the end of the year"
_FROM_NOW = re.compile(r"\b(?:now|today)\b|오늘|지금", re.I)
_AFTER_TODAY = re.compile(
    r"\bafter\s+today\b|\b(?:(?:counting\s+)?from|starting(?:\s+from)?|beginning)\s+(?:tomorrow|tmrw|tmr)\b|"
    r"\bnot\s+counting\s+today\b|오늘\s*(?:빼고|제외|이후)|내일\s*(?:부터|기준)",
    re.I,
)
# One month named, not a day of it ("12월에", "in january 2027"; not "12월 24일")
_MONTH = re.compile(
    rf"(?<![\d./])(\d{{1,2}})\s*월(?!\s*\d)|\b({'|'.join(MONTHS_EN)})\b(?!\s*\d{{1,2}}\b)", re.I
)
_WHAT_DAY = re.compile(
    r"무슨\s*요일|몇\s*요일|공휴일|휴일|빨간\s*날|쉬는\s*날|what\s+day|which\s+day|weekday|holiday|day\s+off",
    re.I,
)
_ABOUT_FIGURES = pattern(
    words.REMAINING, words.USED, words.GRANTED, words.ASKED_CONDITION, request_words.WANTS_LEAVE
)


def calendar_asked(question: str, today: date) -> tuple[str, dict[str, str]] | None:
    """The calendar tool and its input for "12월 24일부터 26일까지 근무일 며칠이야?" (count_working_days) or
    "is Christmas a holiday?" (get_day); None for anything about leave figures or requests."""
    # (not "12월 며칠" / "what date in December", which asks a date)
    counted = _WORKING_DAYS.search(question) and QUANTITY.search(_A_DATE_ASKED.sub(" ", question))
    # "how many working days are left this year?": the calendar's, from today (no leave is named)
    # (not "if I take every working day … off, what's left?": what the days leave of the balance)
    left = counted and REMAINING.search(question) and not NAMES_LEAVE.search(question)
    left = left and not WHAT_IF.search(question)
    if _ABOUT_FIGURES.search(question) and not left:
        return None
    span = dates_named(question, today)
    if left and span is not None and span[0] == span[1] and _AFTER_TODAY.search(question):
        span = None  # "left this year, counting from tomorrow": tomorrow is where the count starts
    if counted and span is None:  # "12월에 출근해야 하는 날 며칠?", "working days in january 2027"
        span = _month_named(question, today)
        if left and set(asked_years(question, today)) <= {today.year}:
            first = today + timedelta(days=1) if _AFTER_TODAY.search(question) else today
            span = (max(first, span[0]), span[1]) if span else (first, date(today.year, 12, 31))
    elif (
        counted
        and span
        and span[0] == span[1] > today
        and (_FROM_NOW.search(question) or (left and _TILL.search(question)))
    ):
        span = (today, span[1])  # "between now and Dec 31", "오늘부터 12월 31일까지"
    if span is None:
        return None
    # "was oct 9 a holiday?": asked in the past tense, the last one passed, not the next
    one_day = span[0] == span[1] > today and (span[0].month, span[0].day) != (2, 29)  # a year back exists
    if one_day and PAST_ASKED.search(question) and not asked_years(question, today):
        last = span[0].replace(year=span[0].year - 1)
        span = (last, last) if last <= today else span
    start, end = span
    if _WORKING_DAYS.search(question) and start < end:
        return count_working_days.NAME, {"start": start.isoformat(), "end": end.isoformat()}
    # a day's status answers no count ("how many working days in the week of Dec 21?")
    if (
        (_WHAT_DAY.search(question) or _WORKING_DAYS.search(question))
        and start == end
        and not QUANTITY.search(question)
    ):
        return get_day.NAME, {"date": start.isoformat()}
    return None


def _month_named(question: str, today: date) -> tuple[date, date] | None:
    """The first and last day of the one month named, in the year named, else this year's if it has not
    passed (a past month without its year is this year's or next: not read)."""
    if _THIS_MONTH.search(question):  # "이번 달 근무일"
        first = today.replace(day=1)
        return first, (first.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)
    found = list(_MONTH.finditer(question))
    years = asked_years(question, today)
    if len(found) != 1 or len(years) > 1:
        return None
    number = int(found[0][1]) if found[0][1] else MONTHS_EN.index(found[0][2].lower()) + 1
    year = years[0] if years else today.year
    if not 1 <= number <= 12 or (not years and number < today.month):
        return None
    first = date(year, number, 1)
    return first, (first.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)


def asker_in(system: str) -> str | None:
    """The asker's name, as the system prompt gives it."""
    match = _ASKER.search(system)
    return match.group(1).strip() if match else None


def _about_someone_else(question: str, system: str, roster: Roster) -> bool:
    """Someone in the HR data other than the asker is named, or a role, a mention, an id, a pronoun is
    the one asked about; the asker's own name is the asker."""
    asker = asker_in(system)
    text = roster.without_asker(question, asker)
    return bool(roster.colleague_named(question, asker) or about_someone_else(text)) and theirs(text)


def _days_until(question: str, today: date) -> Reading | None:
    """Days from today until a day: one named (no lookup), or when leave lapses or the next grant arises
    (the Act's leave for the asker says which day)."""
    if not UNTIL.search(question):
        return None
    if _EXPIRY.search(question):
        return Reading("days_until", (), (entitlement.NAME,), figure="expiry")
    if ANNIVERSARY.search(question):
        return Reading("days_until", (), (entitlement.NAME,), figure="anniversary")
    if _NEXT_GRANT.search(question):
        return Reading("days_until", (), (entitlement.NAME,), figure="next_grant")
    day = dates_named(question, today)
    if day is not None and day[0] == day[1] >= today and not NAMES_LEAVE.search(question):
        return Reading("days_until", until=day[0])
    return None


def _statutory_kind(
    question: str, has_leave: bool, years: list[int], today: date, about_leave: bool = False
) -> Kind | None:
    """A question the Act's leave for the asker answers: the first year's days, why a grant is that many
    days, when leave lapses (not carrying it over or paying it out: a company rule), the next grant."""
    if _CARRY_OVER_OR_PAY.search(question) or (_HOW_TO.search(question) and not _WHY.search(question)):
        return None
    if _FIRST_YEAR.search(question) and has_leave:
        return "first_year"
    if _SERVICE.search(question):  # years of service: the hire date the Act counts from, leave named or not
        return "service_years"
    if _WHY.search(question) and _DAYS_STATED.search(question):
        return "why_days"
    if _EXPIRY.search(question) and (has_leave or _DAYS_STATED.search(question)):
        return "expiry"
    # "next grant" names what it asks; "when do I get more days?" names days
    # (or in a talk about leave: "how many days left? when do I get new ones?")
    if _NEXT_GRANT.search(question) and (
        has_leave or _DAYS_STATED.search(question) or _A_GRANT.search(question) or about_leave
    ):
        return "next_grant"
    # "내년 연차 몇 일 나와요?", "how many days do I get next year?": next year's leave is the next grant,
    # whatever the verb (HR holds no record of a year not begun); what is left or used of it is not.
    next_year_only = years == [today.year + 1]
    leave_named = has_leave or _GRANT_WORDS.search(question)
    if (
        next_year_only
        and leave_named
        and not _SPENT_OR_LEFT.search(question)
        and not _RECORDS.search(question)
    ):
        return "next_grant"
    return None


_REQUEST_WORDS = re.compile(r"신청|취소|승인|반려|\b(?:request|apply|cancel|approv\w*)\b", re.I)
_SPENT_OR_LEFT = pattern(words.REMAINING, words.USED, words.USED_STATED)
_PLANS = pattern(request_words.PLANS)
_GRANT_WORDS = pattern(words.GRANTED, words.GRANTED_STATED)
_RECORDS = re.compile(r"기록|내역|썼|쓴|\bused\b|\btook\b|\btaken\b|\bhistory\b|\brecords?\b", re.I)
# Days already taken, asked for by date ("which days did I take off?"): the records, not "can I take".
_PAST_DAYS = re.compile(
    r"\b(?:which|what)\s+days\b|\bwhen\s+did\b|\bdid\s+I\s+take\b|언제\s*(?:썼|쉬었)", re.I
)


# What one must do ("법적으로 최소 며칠 쉬어야 해?"): not what the Act gives
_OBLIGED = re.compile(
    r"[아어여해]야\s*(?:해|돼|하|되|함)|\bmust\b|\bhave\s+to\b|\bneed\s+to\b|\brequired\b", re.I
)
_TOOK = re.compile(r"\btook\b|\btaken\b|썼|쉬었", re.I)


# A number of days, stated ("16일", "16 days") or asked for ("my days").
_A_GRANT = re.compile(r"\bgrant\b", re.I)
_DAYS_STATED = re.compile(r"\d+(?:\.\d+)?\s*(?:일|days?)|\bdays?\b", re.I)


def _days_named(question: str) -> Decimal | None:
    match = _DAYS.search(question)
    if match:
        return Decimal(match.group(1))
    in_words = first_amount_in_words(question)
    if in_words is None and _ONE_WORKING_DAY.search(question):
        return Decimal(1)
    return in_words


def _none_past(years: list[int], today: date) -> bool:
    return all(y >= today.year for y in years)


def _relative_years(question: str, earlier: Earlier) -> list[int]:
    if not earlier.years:
        return []
    if YEAR_BEFORE.search(question):
        return [min(earlier.years) - 1]
    if YEAR_AFTER.search(question):
        return [max(earlier.years) + 1]
    return []


def _tools_for(question: str, earlier: Earlier) -> tuple[str, ...]:
    """The balance, the records, or both; a bare follow-up ("24년은?") asks what the last turn asked."""
    wants_records = bool(_WHEN.search(question))
    wants_balance = bool(_HOW_MUCH.search(question)) or not wants_records
    if not wants_records and not _HOW_MUCH.search(question) and earlier.tools:
        return earlier.tools
    return tuple(
        name
        for name, wanted in ((leave_balance.NAME, wants_balance), (leave_taken.NAME, wants_records))
        if wanted
    )
