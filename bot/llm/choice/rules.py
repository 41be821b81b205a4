"""The choice of statements checked against the question, from both sides: what the question asks gets a
statement that says it (its years, days, months, amounts, parts of a day, and what it asks by its own words:
one table), and each statement answers something asked. A decline needs its reason; a colleague's question
gets none of the asker's figures. What the statements are about is gathered as they are written
(`Chosen`, which the writer in bot/grounding/statements.py fills)."""

from __future__ import annotations

import calendar as calendar_module
import re
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from bot.domain.leave import format_days
from bot.grounding.days import holiday_days_named, holiday_windows, is_substitute
from bot.grounding.facts import Evidence
from bot.grounding.statements import Chosen, Problem
from bot.language import words
from bot.language.asked_words import (
    ACT_MAXIMUM_ASKED,
    ANNUAL_BESIDE_OTHER_ASKED,
    ARISEN_ASKED,
    ASKS_FOR,
    COMPANY_RULE_ASKED,
    COMPARISON_ASKED,
    DAY_ASKED,
    DAYS_TAKEN_ASKED,
    DAYS_UNTIL_ASKED,
    EXTRA_DAYS_ASKED,
    FIRST_YEAR_ASKED,
    GRANT_SIZE_ASKED,
    GRANTED_ASKED,
    GROWING_ASKED,
    GROWS_ASKED,
    HALVES_LEFT_ASKED,
    HALVES_TAKEN_ASKED,
    HOURS_ASKED,
    HOW_TO_ASKED,
    IN_A_ROW_ASKED,
    KIND_LEFT_OUT,
    LAST_ONE,
    LATEST_ASKED,
    LEFT,
    LEFT_ASKED,
    LEFT_UNTIL,
    LIST_ASKED,
    MORE_THAN_A_DAY,
    NEXT_GRANT_ASKED,
    NOW,
    OTHER_KIND_ASKED,
    PENDING_ASKED,
    REACHES_ASKED,
    RECORDS_ASKED,
    REQUEST_MADE_ASKED,
    SENTENCE,
    SERVICE_ASKED,
    SHARE_ASKED,
    SO_FAR,
    TAKEN_WHEN_ASKED,
    TOTAL_ASKED,
    USED_ASKED_WORDS,
    USED_UP,
    WHAT_IF_ASKED,
    WHY_FIFTEEN_ASKED,
    WHY_GRANT_ASKED,
    WORKING_DAYS_ASKED,
    WORKING_DAYS_LEFT,
)
from bot.language.dates import (
    MONTH_ASKED,
    as_dates,
    blank_dates,
    days_named,
    spans_named,
    weekdays_named,
)
from bot.language.holiday_words import SUBSTITUTE
from bot.language.number_tokens import amounts_in
from bot.language.question_words import (
    A_WEEKDAY,
    ASKER,
    BARE_DAY,
    BOTH_YEARS,
    COMPARED,
    COUNT_WORDS,
    DAY_RANGE,
    DAY_SIZED,
    DAYS_IN_WORDS,
    DAYS_STATED,
    HALF,
    HOUSE_RULE,
    HOW_MANY,
    LISTED_DAYS,
    MONTH_BEFORE,
    NOT_HOW_MANY,
    OF_THE_TURN_BEFORE,
    ORDINAL_DAY,
    OWN,
    OWN_FIGURE,
    OWN_HOURS_A_DAY,
    PART_ASKED,
    PAST_ASKED,
    PLANS_AHEAD,
    POINTS_BACK,
    QUARTER,
    SAID_LEFT,
    TENURE_TOLD,
    THE_YEAR_BEFORE,
    WHEN_ASKED,
    WHY_ASKED,
    days_taken_back,
    months_named,
    years_taken_back,
)
from bot.language.questions import about_someone_else, names_someone_else, theirs
from bot.language.relative_days import relative_days, weekdays_in
from bot.language.words import pattern
from bot.language.years import YEAR_AFTER, YEAR_BEFORE, asked_years, year_words_read

# What a question asks for, by its own words, and the statements that say it: one table, read the same way
# for every entry. "안 쓴" is what is left, so the words for what is left are blanked before those for what
# was used are looked for. A figure asked must be stated unless the answer declines or sends the person on.
_ASKED: dict[str, tuple[re.Pattern[str], set[str]]] = {
    # "how many days do I have (now)": what is left, to the check (the offline model asks which)
    "what is left": (
        LEFT_ASKED,
        {"remaining", "balance", "what_if", "what_if_days", "hours_left", "expiring", "days_until", "lapsing"}
        | {"compare:remaining", "claimed", "enough", "half_days_left", "plan", "current_days"},
    ),
    # a what-if: leave the asker would take ("3월 13일 연차 쓰면 몇 개 남아?"), answered by what would be left
    "what would be left": (
        WHAT_IF_ASKED,
        {
            "what_if",
            "what_if_days",
            "plan",
            "enough",
            "drafted",
            "draft_refused",
            "half_days_left",
            "claimed",
        },
    ),
    # "did I use / take more …": a past question; "take" alone is a what-if's
    "what was used": (
        USED_ASKED_WORDS,
        {"used", "balance", "records", "taken", "record", "share_used", "what_if", "what_if_days"}
        | {"compare:used", "parts_taken", "latest", "month", "plan"},
    ),
    "what expires": (pattern(words.EXPIRY), {"expiring", "balance", "lapsing"}),
    # "다 썼나요?", "did I use it all up?": whether any is left, which what was used alone does not say
    "whether all is used": (
        USED_UP,
        {"remaining", "balance", "share_used", "compare:remaining", "claimed", "enough", "half_days_left"},
    ),
    # not "병가는 빼고" / "except sick days"; whether such leave exists at all is a company rule (HR's)
    "another kind of leave": (OTHER_KIND_ASKED, {"taken:other", "records", "record", "ask_hr"}),
    # "다음 연차", "next leave", "몇 일 새로 생겨요?": not "연차가 어떻게 생겨요?", which asks the rule
    "the next grant": (NEXT_GRANT_ASKED, {"next_grant", "granted:next"}),
    "the days one gets": (
        GRANT_SIZE_ASKED,
        {"current_days", "balance", "granted", "next_grant", "act_rule:base"},
    ),
    # how many, not how it works ("how does leave accrue?" asks the rule)
    "what has arisen so far": (ARISEN_ASKED, {"current_days", "balance", "granted"}),
    "the first year's rule": (FIRST_YEAR_ASKED, {"act_rule:first_year", "current_days", "next_grant"}),
    # the first year's rule says its maximum (11); the rule check below stops it for the Act's maximum alone
    "the Act's maximum": (ACT_MAXIMUM_ASKED, {"act_rule:max", "act_rule:first_year"}),
    "years of service": (SERVICE_ASKED, {"service_years"}),
    "a company rule": (COMPANY_RULE_ASKED, {"ask_hr"}),
    # both years' figures side by side compare them too
    "a comparison": (COMPARISON_ASKED, {"compare", "balance"}),
    "the days until a day": (DAYS_UNTIL_ASKED, {"days_until", "working_days"}),
    "the days off in a row": (IN_A_ROW_ASKED, {"in_a_row"}),
    "when the grant reaches a size": (REACHES_ASKED, {"grows_to"}),
    "when the grant grows": (GROWS_ASKED, {"grows_to", "next_grant"}),
    "what the days take": (
        DAYS_TAKEN_ASKED,
        {"working_days", "what_if_days", "plan", "drafted", "draft_refused"},
    ),
    # working days, not days of the calendar ("평일 몇 일 남았어?" is not answered by the days until a date)
    "working days": (WORKING_DAYS_ASKED, {"working_days", "what_if_days", "plan", "day", "enough"}),
    "records by date": (
        RECORDS_ASKED,
        {"records", "record", "month", "parts_taken", "taken:other"},
    ),
    "the dates of the days taken": (
        TAKEN_WHEN_ASKED,
        {"records", "record", "month", "parts_taken", "latest"},
    ),
    "the days taken, listed": (LIST_ASKED, {"records", "month", "parts_taken", "taken:other"}),
    "half days left": (HALVES_LEFT_ASKED, {"half_days_left"}),
    "the half days taken": (HALVES_TAKEN_ASKED, {"parts_taken", "records", "month"}),
    "the latest leave": (LATEST_ASKED, {"latest", "records", "record", "parts_taken"}),
    # "병가랑 연차 각각": annual leave asked beside another kind, which a statement of that kind does not say
    "annual leave beside another kind": (
        ANNUAL_BESIDE_OTHER_ASKED,
        {"used", "balance", "records", "taken:annual", "share_used", "remaining", "month"},
    ),
    # asked to request, not how to: "can you book Dec 24 off", "신청해 줘"
    "a request made": (REQUEST_MADE_ASKED, {"drafted", "draft_refused", "lookup_failed"}),
    "a share": (SHARE_ASKED, {"share_used"}),
    "the hours": (HOURS_ASKED, {"hours_left"}),
    "why the grant is its size": (WHY_GRANT_ASKED, {"why_grant", "act_rule:extra", "act_rule:first_year"}),
    "why the grant is fifteen days": (WHY_FIFTEEN_ASKED, {"why_grant", "act_rule:base"}),
    "what a day is": (
        DAY_ASKED,
        {
            "day",
            "working_days",
            "what_if_days",
            "plan",
            "days_until",
            "record",
            "enough",
            "today",
            "in_a_row",
        },
    ),
    # "in total this year": one year's whole figure
    "a total": (TOTAL_ASKED, {"total", "granted", "used", "balance", "in_a_row"}),
    # a what-if counts pending requests
    "what is pending": (PENDING_ASKED, {"pending", "balance", "what_if", "what_if_days", "plan"}),
    "what was granted": (
        GRANTED_ASKED,
        {"granted", "balance", "share_used", "compare:granted", "current_days"},
    ),
    "the extra days of long service": (EXTRA_DAYS_ASKED, {"act_rule:extra"}),
    # "앞으로도 계속 늘어나나요?": the extra days' rule, or the maximum it grows to, or the next grant
    "whether it keeps growing": (
        GROWING_ASKED,
        {"act_rule:extra", "act_rule:max", "next_grant", "why_grant"},
    ),
    "how to request": (HOW_TO_ASKED, {"how_to_request", "drafted"}),
}


_FIGURES = ("what is left", "what was used", "what expires")
_RULES_ASKED = {
    "the first year's rule": "act_rule:first_year",
    "the Act's maximum": "act_rule:max",
    "the extra days of long service": "act_rule:extra",
}


# An answer that declines or sends the person on need not state the figures the question names — but a
# decline is a choice too, and some need their reason in the question (`_asked`): ask_hr() a company or house
# rule asked; "I can't", "here is what I can do", "which year?" and "not in hours" owe the asker's own
# figures. Declining as someone else's leave is second-guessed only when the question asks in the first person
# and names nobody in any way (a name's shape in either script counts): stopping it when a colleague is
# named in a way the check cannot read would post the asker's own figures for them.
_DECLINES = {
    *("ask_hr", "cannot_answer", "only_own_leave", "lookup_failed", "which_year", "cannot_offline"),
    *("what_i_can_do", "ask_a_date", "not_in_hours", "no_monthly_totals", "draft_refused", "no_act_leave"),
}


# statements of days to come: a plan's working days, days off in a row, a what-if over days
_PLANNING = frozenset({"working_days", "what_if_days", "plan", "in_a_row", "drafted"})


def _a_year_alone(text: str, today: date) -> bool:
    """Whether `text` is a year and nothing more ("재작년은요?", "and 2024?", "what about last year?")."""
    rest = text
    for start, end in sorted(year_words_read(text, today), reverse=True):
        rest = rest[:start] + " " + rest[end:]
    bare = re.fullmatch(
        r"[\s?!.~,]*(?:and|what\s+about|how\s+about|그럼|그리고)?[\s,]*(?:은요|는요|은|는|엔|에는|요|도)?[\s?!.~]*",
        rest,
        re.I,
    )
    return bool(year_words_read(text, today)) and bare is not None


_CLAUSE_JOINS = re.compile(r"(?<=[,.?!])\s+|\s*그리고\s*|(?<=는데|던데|은데)\s+|\s+and\s+", re.I)


def _asked(question: str, kinds: set[str], stated: bool, today: date, part: bool = False) -> list[str]:
    """What the question asks that no statement of the answer (`kinds`) says (`stated`: it states figures;
    a pending request named beside another question is asked only of an answer stating figures)."""
    # A decline answers nothing, so nothing is owed — but "I can't answer that", "here is what I can do" and
    # "which year?" are choices too: for a question of the asker's own figures in a year it names, they owe.
    owing = set() if names_someone_else(question) else {"cannot_answer", "what_i_can_do"}
    # "not in hours" declines hours of what was used, or of a day; what is left in hours it can say
    owing |= {"not_in_hours"} if _ASKED["the hours"][0].search(question) else set()
    # "which year?" to a question naming its year, "so far" (this year's), or a day ("tomorrow": its year);
    # read only of an answer that says it
    if "which_year" in kinds and (
        asked_years(question, today)
        # what is left now is this year's: no year to ask ("그때 몇 개 남았었지?" is another time's)
        # (a year said in a way no reader knows, "이천이십오년도", may well be asked which)
        or (
            _ASKED["what is left"][0].search(question)
            and not _ANOTHER_TIME.search(question)
            and not re.search(r"년|\byears?\b|\byr\b|\d", question, re.I)
        )
        or SO_FAR.search(question)
        or days_named(question)
        or relative_days(question, today)
    ):
        owing.add("which_year")
    # (a decline beside figures of the asker's own declines its part only: "제 남은 연차랑, 그중 소멸되는 거,
    # 그리고 김주임 것도" still owes what lapses)
    stated_too = bool(kinds - _DECLINES - {"greeting", "thanks", "how_to_request"})
    declined = bool(kinds & (_DECLINES - {"ask_hr"} - owing)) and not (
        "only_own_leave" in kinds and stated_too
    )
    if "only_own_leave" in kinds and stated_too:  # the clauses about someone else are declined, not owed
        question = " ".join(c for c in _CLAUSE_JOINS.split(question) if not names_someone_else(c))
    blanked = LEFT.sub(" ", question)  # what is used or expires, read where what is left is not
    if kinds & {"remaining", "balance"}:  # "다 썼나?": whether any is left, which what is left says
        blanked = USED_UP.sub(" ", blanked)

    # sending the person to HR owes no figure when the question asks a company rule; the how-to it still owes
    def a_rule(words: str) -> bool:
        return bool(_ASKED["a company rule"][0].search(words) or HOUSE_RULE.search(words))

    sent_on = "ask_hr" in kinds and a_rule(question)
    # "how many days do I have in requests still waiting?": what is pending, which pending() says — not
    # what is left
    without_pending = (
        " ".join(s for s in SENTENCE.findall(question) if not PENDING_ASKED.search(s))
        if "pending" in kinds
        else question
    )
    # ...in the sentences that ask the rule: "Do unused days carry over? And how many did I leave unused?"
    # still owes the figure its own sentence asks
    own_sentences = [s for s in SENTENCE.findall(question) if not a_rule(s)]
    # ...and when it asks about another kind of leave ("경조휴가는 며칠 나와요?"): the company's to say
    other_kind = (
        bool(kinds & {"ask_hr", "cannot_answer"})
        and bool(OTHER_KIND_ASKED.search(question))
        and not USED_ASKED_WORDS.search(question)
    )
    return [
        what
        for what, (words_, says) in _ASKED.items()
        if not declined
        and not (
            (sent_on or other_kind)
            and what in _FIGURES
            and not (sent_on and any(words_.search(s) for s in own_sentences))
        )
        and not (other_kind and what in ("the days one gets", "the next grant", "what was granted"))
        # a company rule around holidays ("policy on leave right before a public holiday?"): HR's to say
        and not (sent_on and what == "what a day is")
        # "when will I hit the 25-day maximum?": when the grant reaches it, which grows_to() says
        and not (what == "the Act's maximum" and "grows_to" in kinds and REACHES_ASKED.search(question))
        # (a decline with no reason owes it too: "is anything still waiting for approval?")
        and (stated or what != "what is pending" or bool(kinds & {"cannot_answer", "what_i_can_do"}))
        and not (part and what == "whether all is used")
        # the next grant asked and said is what will be granted ("next year's allowance?")
        and not (
            what == "what was granted"
            and "next_grant" in kinds
            and _ASKED["the next grant"][0].search(question)
        )
        and not says & kinds
        and words_.search(
            blanked
            if what in ("what was used", "what expires")
            else WORKING_DAYS_LEFT.sub(" ", without_pending)
            if what == "what is left"
            else question
        )
    ]


def choice_problems(evidence: Evidence, today: date, chosen: Chosen) -> list[Problem]:
    """Whether the statements are about what the question asks — its years, months, days and parts of a
    day, what it asks by its own words, and whose leave — and each answers something asked."""
    question, kinds = evidence.question, chosen.kinds
    days = _DaysAsked.read(question, today)
    problems = _fit_problems(evidence, today, chosen, days, part=False)
    # "12월 24일 오후 반차랑 31일 하루": each day taken in the part of a day its words give it
    for match in DAY_SIZED.finditer(question):
        size = Decimal("0.25") if match["quarter"] else Decimal("0.5") if match["half"] else Decimal(1)
        if any(d.day == int(match["day"]) and part != size for d, part in chosen.sized):
            problems.append(
                Problem("say", f"takes the {match['day']}th in another part of a day than the question")
            )
    # A rule of the Act other than the one asked ("first year?" answered with the rule after it).
    rules_said = {k for k in kinds if k.startswith("act_rule:")}
    rules_asked = {rule for what, rule in _RULES_ASKED.items() if _ASKED[what][0].search(question)}
    if rules_said and rules_asked and not rules_said & rules_asked:
        problems.append(
            Problem("say", f'states another rule than the one asked: act_rule("{min(rules_asked)[9:]}")')
        )
    problems += _missing_problems(question, chosen, today)
    # days off named only in a year to come ("Seollal next year: Feb 5 and Feb 10") are taken from that
    # year's leave, not this year's (unless this year is asked too)
    planned = {d for span in chosen.spans for d in span}  # the days of a plan (not a grant's date)
    ahead = {d.year for d in planned} - {today.year}
    if (
        "what_if" in kinds
        and planned
        and all(d.year > today.year for d in planned)
        and today.year in chosen.years
        and today.year not in asked_years(question, today)
    ):
        problems.append(
            Problem("say", f"takes the days from {today.year}'s leave, but they are {min(ahead)}'s")
        )
    # what is left, answered by the Act's days arisen beside a balance with days used (the balance says it)
    mine = evidence.balances.get(today.year)
    if (
        "current_days" in kinds
        and not kinds & {"remaining", "balance", "what_if", "what_if_days", "plan"}
        and mine is not None
        and mine.used
        and LEFT_ASKED.search(question)
        and not _LAW_NAMED.search(question)
    ):
        problems.append(
            Problem("say", f"states the days arisen, but what is left is remaining({today.year})")
        )
    # next year's balance has no record yet: the leave that arises next is the entitlement's to say
    future = [r.facts.year for r in evidence.failed if r.outcome == "no_record" and r.facts.year is not None]
    if (
        "lookup_failed" in kinds
        and future
        and min(future) > today.year
        and NEXT_GRANT_ASKED.search(question)
        and "next_grant" not in kinds
    ):
        problems.append(
            Problem("say", "says a year to come has no record, but the next grant is asked: next_grant()")
        )
    # "다음주 수요일 빨간날이야?" names its day, and "is xmas a holiday?" a holiday the calendar dates
    if "ask_a_date" in kinds and days.any:
        problems.append(Problem("say", "asks for a date, but the question names its day: day(D)"))
    if (
        WHEN_ASKED.search(question)
        and {k.partition(":")[0] for k in kinds} - {"greeting", "thanks"} <= _NO_DAY
    ):
        problems.append(Problem("say", "states no day, but the question asks when"))
    if HOW_MANY.search(NOT_HOW_MANY.sub(" ", question)) and kinds and kinds <= _NO_AMOUNT:
        problems.append(Problem("say", "states no amount, but the question asks how many"))
    if WHY_ASKED.search(question) and not kinds & (_REASONS | _DECLINES):
        problems.append(Problem("say", "gives no reason, but the question asks why: why_grant() or the rule"))
    if _rule_for_the_askers_figure(question, kinds):
        problems.append(
            Problem("say", "states a rule of the Act, but the question asks how many the asker has or gets")
        )
    # "이번 달 남은 근무일": the working days left from today (or tomorrow), not the month's from its first
    # (or from the first of a month still to come: "left in December", asked in November)
    from_today = {today, today + timedelta(days=1)}
    left_from = [a for a, _ in chosen.spans if a in from_today or (a.day == 1 and a > today)]
    if WORKING_DAYS_LEFT.search(question) and chosen.spans and not left_from:
        problems.append(
            Problem("say", "counts working days from another day, but the question asks those left")
        )
    if (
        "enough" in kinds
        and not kinds & {"what_if_days", "plan", "what_if"}
        and (MORE_THAN_A_DAY.search(question) or any(a != b for a, b in spans_named(question)))
    ):
        problems.append(Problem("say", "says whether one day fits, but the question asks about more days"))
    # a dated day asked in the past ("10월 8일에 연차 썼는지") is that day's record, not the year's figures
    # (not a weekday read relative to today, which may be a story's: "on the saturday shift")
    if (
        (days.named or days.holidays)
        and PAST_ASKED.search(question)
        and kinds
        and kinds <= {"used", "remaining", "balance", "granted"}
    ):
        problems.append(
            Problem("say", "states the year's figures, but the question asks about a day: record(D)")
        )
    # one day's record for the last leave asked ("when was the last time I took leave?"): a day the model
    # picked, which latest() or records() say from the records
    if (
        "record" in kinds
        and _ASKED["the latest leave"][0].search(question)
        and not kinds & {"latest", "records"}
    ):
        problems.append(Problem("say", "reads the record of a day the question does not name: latest(Y)"))
    # another kind of leave left out ("병가 말고 연차만"): that kind is no answer
    if KIND_LEFT_OUT.search(question) and "taken:other" in kinds and "taken:annual" not in kinds:
        problems.append(Problem("say", "states the kind of leave the question leaves out"))
    # a calendar question beside someone named is no one's leave: declining it answers nothing asked
    calendar_only = _ASKED["working days"][0].search(question) and not LEFT.search(question)
    if "only_own_leave" in kinds and calendar_only and not kinds - _DECLINES:
        problems.append(
            Problem("say", "declines a question of the calendar, which is no one's leave: answer it")
        )
    # whether days named fit ("enough left to take the week of Dec 21 off?"): what they leave, not the balance
    # (the working days beside the balance let the person see it: both figures are given)
    fits = {"enough", "what_if_days", "plan", "what_if", "drafted", "draft_refused"}
    counted = "working_days" in kinds and bool(kinds & {"remaining", "balance"})  # both figures given
    if _ENOUGH.search(question) and days.any and kinds and not (kinds & (fits | _DECLINES) or counted):
        problems.append(
            Problem("say", "the question asks whether the days named fit: what_if_days or enough")
        )
    # declined as someone else's when nobody else is named and the asker asks in the first person ("제 올해
    # 남은 연차가 며칠인지"): their own question, refused
    if "only_own_leave" in kinds and OWN.search(question) and not _someone_named(evidence):
        problems.append(
            Problem("say", "declines as someone else's, but the question is the asker's own: answer it")
        )
    # ...and the asker's own figure asked beside someone else's ("이서연 님 연차랑 제 연차 둘 다")
    elif (
        "only_own_leave" in kinds and OWN_FIGURE.search(question) and not chosen.years and kinds <= _DECLINES
    ):
        problems.append(
            Problem("say", "declines the colleague's figure but leaves out the asker's own: state it")
        )
    problems += _colleague_problems(evidence, chosen)
    # hours at the HR data's 8 a day, for someone who says their day is another length ("part-time, 4-hour
    # shifts"): not their hours
    if "hours_left" in kinds and any(
        int(n) != 8 for m in OWN_HOURS_A_DAY.finditer(question) for n in m.groups() if n
    ):
        problems.append(
            Problem("say", "counts 8 hours a day, but the question says the asker's day is another length")
        )
    # a figure claimed of someone else ("박대리님은 11개 남았다던데 진짜예요?") is not the asker's to confirm
    if "claimed" in kinds and _claimed_of_someone_else(question, chosen.taken):
        problems.append(
            Problem("say", "confirms a figure the question gives for someone else: only_own_leave()")
        )
    # days named to take ("if I take December 21 off …") are taken by their dates, not by an amount
    # (a day named beside one day's amount is that day: "12월 24일 오후에 반차 하나 쓰면" is q(1) * 0.5)
    ranged = any(first != last for first, last in spans_named(question))
    if (
        "what_if" in kinds
        and days.named
        and (ranged or any(n > 1 for n in chosen.taken))
        and WHAT_IF_ASKED.search(question)
        and not kinds & {"what_if_days", "plan", "drafted", "draft_refused", "working_days", "enough"}
    ):
        problems.append(
            Problem("say", "takes an amount, but the question names the days: what_if_days or plan")
        )
    # a figure said to be left after a what-if ("will I still have 5 left after?") is answered by what is
    # left after it, which the what-if states
    after = bool(chosen.kinds & {"what_if", "what_if_days", "plan"})
    if chosen.years and (unused := _amounts_unaccounted(question, days.named, chosen, after)):
        said = ", ".join(format_days(n) for n in unused)
        problems.append(
            Problem("say", f"leaves out the question's {said}: each amount it states is q(n) in a statement")
        )
    return problems


def _claimed_of_someone_else(question: str, taken: set[Decimal]) -> bool:
    """Whether each sentence stating a number the statements took names someone else."""
    sentences = [s for s in SENTENCE.findall(question) if amounts_in(blank_dates(s)) & taken]
    # ("My manager says I only have 3 days left": the asker's figure, told by someone)
    return bool(sentences) and all(names_someone_else(s) and theirs(s) for s in sentences)


def _colleague_problems(evidence: Evidence, chosen: Chosen) -> list[Problem]:
    """The asker's figures stated for a question (or a part) about a colleague. A weekday or a holiday asked
    beside a colleague ("is tmrw a holiday? nobody in my team knows") is no one's leave; "is Sarah off
    tomorrow?" asks hers. The Act's leave for the asker is theirs too ("신입 민재씨 연차 몇 개 생겼어요?")."""
    kinds = chosen.kinds
    calendar_asked = not kinds - _NOT_THE_ASKERS and bool(
        _ASKED["what a day is"][0].search(evidence.question)
    )
    asker_figures = chosen.years or kinds & {
        "current_days",
        "service_years",
        "next_grant",
        "lapsing",
        "why_grant",
    }
    if asker_figures and not calendar_asked and _about_a_colleague(evidence):
        return [
            Problem(
                "say", "states the asker's figures for a question about a colleague; say only_own_leave()"
            )
        ]
    return []


def asks_anything(text: str) -> bool:
    """Whether words of the question ask something the table above knows."""
    return any(words_.search(text) for words_, _ in _ASKED.values())


def unanswered(text: str, chosen: Chosen, today: date) -> list[str]:
    """What words of the question ask (by the table above) that no statement chosen says."""
    return _asked(text, chosen.kinds, bool(chosen.years), today)


def part_problems(evidence: Evidence, today: date, chosen: Chosen) -> list[Problem]:
    """One part's statements held to the part's own words (`evidence.question` is the part's quote; the
    caller says which part each reason is for)."""
    days = _DaysAsked.read(evidence.question, today)
    problems = _fit_problems(evidence, today, chosen, days, part=True)
    # "재작년은요?", "and 2024?": a year alone, after a part asking of another — the same ask for it, which a
    # lookup answers; declining it "can't" is no answer
    kinds = chosen.kinds
    if kinds and kinds <= {"cannot_answer", "what_i_can_do"} and _a_year_alone(evidence.question, today):
        problems.append(Problem("say", "declines the same ask for another year: look that year up"))
    return (
        problems
        + _missing_problems(evidence.question, chosen, today, part=True)
        + _colleague_problems(evidence, chosen)
    )


def _fit_problems(
    evidence: Evidence, today: date, chosen: Chosen, days: _DaysAsked, part: bool
) -> list[Problem]:
    """The statements' years, months and days against those the words name, and each statement answering
    something asked. A part that names no time ("남은 건?") takes its years from the whole question, whose
    check reads them; one that asks nothing the table knows is not second-guessed."""
    question, kinds = evidence.question, chosen.kinds
    problems: list[Problem] = []
    if not part or asked_years(question, today) or days.any or days.months or BOTH_YEARS.search(question):
        problems += _year_problems(evidence, today, chosen, days)
    problems += _month_problems(question, today, chosen, days)
    # a part pointing back ("그 주 월~목", "that week") has its days from the part before: the whole's check
    if days.any and chosen.days and not (part and POINTS_BACK.search(question)):
        problems += _day_problems(question, chosen, days)
    # A follow-up ("작년엔?") asks again what the turn before asked, in words this check does not see.
    if (
        not (evidence.earlier_years or evidence.follows_up)
        and not OF_THE_TURN_BEFORE.search(question)
        and (not part or asks_anything(question))
        and (unasked := _answers_nothing_asked(question, kinds))
    ):
        problems.append(
            Problem("say", f"states {unasked}, which the question does not ask; answer what it asks")
        )
    # the first leave asked ("올해 첫 연차 언제 썼어요?"): the latest is the other end of the records
    if "latest" in kinds and _FIRST.search(question) and "records" not in kinds:
        problems.append(
            Problem("say", "states the latest leave, but the question asks the first: records(Y)")
        )
    # a substitute asked ("개천절 대체휴일 있어요?"): the holiday's own day alone does not say it
    if (
        SUBSTITUTE.search(question)
        and days.holidays
        and kinds == {"day"}
        and chosen.days <= days.holidays
        and not days.named
        and not any(is_substitute(d) for d in chosen.days)
    ):
        problems.append(Problem("say", "says the holiday's own day, but the question asks its substitute"))
    # a month's leave asked ("what did I take in May?"): the latest leave is no month's
    if days.months and kinds and kinds <= {"latest"}:
        problems.append(
            Problem("say", "states the latest leave, but the question asks a month's: month(Y, M)")
        )
    # a day asked by its weekday ("다음 달 첫 월요일이 며칠이에요?"): the day said falls on it
    weekdays = weekdays_in(question)
    if (
        kinds == {"day"}
        and len(chosen.days) == 1
        and len(weekdays) == 1
        and not (days.named or days.holidays)
        and any(d.weekday() not in weekdays for d in chosen.days)
    ):
        problems.append(Problem("say", "is about a day on another weekday than the question names"))
    # leave taken, asked of a day ("took a half day on 3/2 right?"): what the day is does not say it
    if days.any and _TOOK.search(question) and kinds == {"day"}:
        problems.append(
            Problem("say", "says what the day is, but the question asks what was taken: record(D)")
        )
    return problems


def _missing_problems(question: str, chosen: Chosen, today: date, part: bool = False) -> list[Problem]:
    """What the words ask that no statement says (`part`: of one part's words, whose whether-all-is-used
    another part may answer with what is left: "작년 연차 다 썼나요? 몇 개 남았었는지 궁금해서요")."""
    if missing := _asked(question, chosen.kinds, bool(chosen.years), today, part):
        return [Problem("say", f"the question asks {' and '.join(missing)}; no statement says it")]
    return []


@dataclass(frozen=True)
class _DaysAsked:
    """The days a question names: by month and day, by a holiday's name, relative to today."""

    named: set[tuple[int, int]]  # (month, day)
    holidays: set[date]
    relative: list[tuple[date, date]]  # each reading a span; today alone ("오늘 기준") is none
    months: set[tuple[int, int]]  # (year, month) asked by a month word
    months_ahead: set[tuple[int, int]]  # those named ahead of this month by a relative word ("다음 달")
    taken_back: set[tuple[int, int]]  # "aug 14? wait no, the 13th": named, then taken back
    around_holidays: list[tuple[date, date]]  # "the Friday before Seollal", "추석 연휴 주"
    # "연말까지 근무일 몇 일 남았어?": what is left until a day is counted from today or tomorrow
    counted_from: tuple[date, ...] = ()

    @classmethod
    def read(cls, question: str, today: date) -> _DaysAsked:
        question = as_dates(question)  # "December, 21st to 31st", "부터 연말까지": dates written out
        # "is New Year's Day a Friday?", "falls on a Saturday": a weekday asked of a day, not a day itself
        relative = [
            span for span in relative_days(A_WEEKDAY.sub(" ", question), today) if span != (today, today)
        ]
        taken_back = days_taken_back(question)
        named, holidays = days_named(question), holiday_days_named(question, today)
        # "between now and Dec 31", "from today until the end of the year": from today
        if (named or holidays or relative) and NOW.search(question):
            relative.append((today, today))
        months, ahead = months_named(question, today)
        around = holiday_windows(question, today)
        # a holiday's substitute asked ("대체휴일은 없어?", "do we get the Monday off?"): the days after it, to
        # the first weekday
        if holidays and _BESIDE_A_HOLIDAY.search(question):
            around += [(d, d + timedelta(days=(7 - d.weekday()) % 7 or 1)) for d in sorted(holidays)]
        until = bool((named or holidays or relative) and LEFT_UNTIL.search(question))
        # "how many working days are left (this year / in December)?": until the year's or the month's end
        if WORKING_DAYS_LEFT.search(question) and not (named or holidays):
            year = max(asked_years(question, today), default=today.year)
            ends = (date(y, m, calendar_module.monthrange(y, m)[1]) for y, m in months)
            last = min((end for end in ends if end >= today), default=None)  # the month still to come
            relative.append(((end := last or date(year, 12, 31)), end))
            until = True
        # (counted from today or tomorrow, unless the question names where: "starting tomorrow")
        tomorrow = today + timedelta(days=1)
        starts = (today, tomorrow) if until and (tomorrow, tomorrow) not in relative else ()
        return cls(named, holidays, relative, months, ahead, taken_back, around, starts)

    @property
    def any(self) -> bool:
        return bool(self.named or self.holidays or self.relative)


def _year_problems(evidence: Evidence, today: date, chosen: Chosen, days: _DaysAsked) -> list[Problem]:
    """Each year the question names is stated, and no other but this one beside it."""
    question, years = evidence.question, chosen.years
    # A day named without its year is this year's or, once passed, maybe next year's ("1월 5일" in December)...
    upcoming = {today.year + (date(today.year, m, min(d, 28)) < today) for m, d in days.named}
    # ...unless the question plans ahead ("taking Jan 2 off"): then a day passed this year is next year's.
    # (a day more than a month past is this year's only when asked in the past: "working days from January 4
    # to January 8?" asked in December is next January's)
    planning = bool(chosen.kinds) and chosen.kinds <= _PLANNING
    recent = not planning or any(
        date(today.year, m, min(d, 28)) >= today - timedelta(days=31) for m, d in days.named
    )
    upcoming |= {today.year} if days.named and recent and not PLANS_AHEAD.search(question) else set()
    # ...or, asked in the past tense ("did I take leave on dec 24?" in January), the last one passed.
    if PAST_ASKED.search(question) and not PLANS_AHEAD.search(question):
        upcoming = {today.year - (date(today.year, m, min(d, 28)) > today) for m, d in days.named}
    if days.holidays:
        upcoming.add(min((d for d in days.holidays if d >= today), default=today).year)
        if PAST_ASKED.search(question) or LAST_ONE.search(question):  # "지난 추석 때 며칠 썼더라?"
            upcoming.add(max((d for d in days.holidays if d < today), default=today).year)
    upcoming |= {end.year for span in days.relative for end in span}
    upcoming |= {year for year, _ in days.months_ahead}  # "다음 달" in December: next year's
    # (a year in the asker's tenure told is no year asked: "I've been here since 2013")
    named_years = set(asked_years(TENURE_TOLD.sub(" ", question), today)) - years_taken_back(question)
    if BOTH_YEARS.search(question):
        named_years |= {today.year, today.year - 1}
    if THE_YEAR_BEFORE.search(question) and named_years:  # "last year than the year before"
        named_years.add(min(named_years) - 1)
    # A follow-up's "the year before" / "그 다음 해" is next to the last turn's years, not to today.
    if evidence.earlier_years and YEAR_BEFORE.search(question):
        named_years = {min(evidence.earlier_years) - 1}
    elif evidence.earlier_years and YEAR_AFTER.search(question):
        named_years = {max(evidence.earlier_years) + 1}
    asked = (named_years | upcoming) or {today.year}
    problems: list[Problem] = []
    # (the next grant is a year to come's leave: "내년엔 며칠 받게 되는지" is answered by it)
    to_come = (
        {y for y in named_years if y > today.year} if chosen.kinds & {"next_grant", "grows_to"} else set()
    )
    if years and not chosen.kinds & _DECLINES and (left_out := sorted(named_years - years - to_come)):
        problems.append(
            Problem("say", f"leaves out {', '.join(map(str, left_out))}, which the question asks about")
        )
    # a day named without its year is of the years the words give it ("my anniversary on March 2", asked in
    # February, is this year's)
    # (only where no other clause names a year or the past: "April 3rd … and last year's?" reads both)
    plain = not named_years and not PAST_ASKED.search(question)
    about = chosen.days | chosen.ends if plain else set()
    elsewhere = sorted(d for d in about if (d.month, d.day) in days.named and d.year not in asked)
    if elsewhere:
        problems.append(
            Problem("say", f"is about {elsewhere[0].isoformat()}, of another year than the day named")
        )
    # a failed lookup excuses its own year, not another asked whose lookup succeeded ("2023 and 2024?"),
    # unless the two are compared (no comparison with a year that has no record)
    found = (set(evidence.balances) | set(evidence.taken)) & named_years
    compared = COMPARED.search(question)
    if "lookup_failed" in chosen.kinds and not compared and (missed := sorted(found - years)):
        problems.append(
            Problem(
                "say",
                f"leaves out {', '.join(map(str, missed))}, which the question asks about and was looked up",
            )
        )
    # This year may stand beside a year asked ("more than last year?"), never instead of it. A carry-over
    # question's years are where leave would go ("내년으로 이월돼?"), not what it asks.
    rule_asked = bool(_ASKED["a company rule"][0].search(question))
    if not rule_asked and (other := sorted(years - asked - ({today.year} if years & asked else set()))):
        named = ", ".join(map(str, sorted(asked)))
        said = ", ".join(map(str, other))
        problems.append(Problem("say", f"states figures of {said}, but the question asks about {named}"))
    return problems


def _month_problems(question: str, today: date, chosen: Chosen, days: _DaysAsked) -> list[Problem]:
    """The months and parts of a day the statements are about are those the question asks."""
    problems: list[Problem] = []
    months = days.months
    if months and chosen.days and not days.any and any((d.year, d.month) not in months for d in chosen.days):
        problems.append(Problem("say", "is about a month the question does not ask about"))
    if (
        "working_days" in chosen.kinds
        and months
        and not days.any
        and not _whole_months(chosen.ends, months, today)
    ):
        problems.append(Problem("say", "counts part of a month; the question asks about the whole month"))
    # (a month named without its year may be read as this year's or the next's: its number is what counts)
    if chosen.months and (left_out := sorted({m for _, m in months} - {m for _, m in chosen.months})):
        said = ", ".join(map(str, left_out))
        problems.append(Problem("say", f"leaves out month {said}, which the question asks about"))
    if months and (other_months := chosen.months - months):
        said = ", ".join(f"{y}-{m:02d}" for y, m in sorted(other_months))
        problems.append(Problem("say", f"is about {said}, a month the question does not ask about"))
    # what was used in a month ("how many days did I take in August?") is not the year's: month(Y, M)
    by_month = {"month", "records", "record", "taken:other", "taken:annual", "latest", "parts_taken"}
    if (
        months
        and MONTH_ASKED.search(question)
        and "used" in chosen.kinds
        and not chosen.kinds & by_month
        and USED_ASKED_WORDS.search(question)
    ):
        problems.append(
            Problem("say", "states the year's used days, but the question asks a month's: month(Y, M)")
        )
    counted = chosen.parts or "half_days_left" in chosen.kinds
    if counted and (wrong_part := _part_not_asked(question, chosen.parts, chosen.kinds)):
        problems.append(Problem("say", wrong_part))
    return problems


def _day_problems(question: str, chosen: Chosen, days: _DaysAsked) -> list[Problem]:
    """Each day the statements are about is one the question names, and each it names is answered."""
    problems: list[Problem] = []
    # "21일부터 24일까지" names days of a month it leaves to the context: any month's.
    bare = {int(m[1]) for m in BARE_DAY.finditer(question)}
    bare |= {int(m[1]) for m in ORDINAL_DAY.finditer(question)}  # "the 4th and 5th"
    bare |= {
        int(m[1] or m[2] or m[3]) for m in LISTED_DAYS.finditer(question)
    }  # "10월 6, 7, 8일", "22일 23일"
    bare |= {int(n) for m in DAY_RANGE.finditer(question) for n in m.groups()}  # "and 28-31"
    # a holiday's days are dated: Chuseok's day last year is not this year's (its month and day differ)
    about = chosen.days | chosen.ends
    asked_days = days.named | {(d.month, d.day) for d in about if d in days.holidays or d.day in bare}
    asked_days |= {(end.month, end.day) for span in days.relative for end in span}
    asked_days |= {(d.month, d.day) for d in days.counted_from}
    # a month asked by its word names its days ("working days in Feb? seollal week")
    asked_days |= {(d.month, d.day) for d in chosen.days if (d.year, d.month) in days.months}
    asked_days -= days.taken_back
    # A day may lie inside a span the question names; a span's own ends are the question's.
    first, last = min(days.named, default=(13, 0)), max(days.named, default=(0, 0))
    inside = [
        d
        for d in chosen.days
        if (d.month, d.day) in asked_days
        or first < (d.month, d.day) < last
        or any(a <= d <= b for a, b in [*days.relative, *days.around_holidays])
    ]
    around = days.around_holidays
    # a date named with its weekday ("1월 4일 월요일", asked in December) is of the year where it falls so
    # (unless it falls so in no year near: then the person's weekday is a slip, and the date counts)
    for d in sorted(chosen.days | chosen.ends):
        for month, day, weekday in weekdays_named(question):
            if (d.month, d.day) == (month, day) and d.weekday() != weekday and _falls_on(d, weekday):
                problems.append(
                    Problem(
                        "say", f"is about {d.isoformat()}, but the day the question names is another weekday"
                    )
                )
                break
    if len(inside) < len(chosen.days) or any(
        (d.month, d.day) not in asked_days and not any(a <= d <= b for a, b in around) for d in chosen.ends
    ):
        problems.append(Problem("say", "is about a day the question does not name"))
    # ...and each day or span the question names by its month is one they are about ("jul 27-31 + aug 14"
    # is not answered by July alone)
    covered = {(d.month, d.day) for d in chosen.days} | {
        (d.month, d.day) for a, b in chosen.spans for d in _each_day(a, b)
    }
    named_spans = [s for s in spans_named(question) if not {s[0], s[1]} <= days.taken_back]
    # (a request awaiting approval named by its day, "6월 12일 반차 올려둔 거 아직 대기중?", is said by pending())
    pending_named = "pending" in chosen.kinds and PENDING_ASKED.search(question)
    if not pending_named and (
        left_out := [s for s in named_spans if not any(_within(d, s) for d in covered)]
    ):
        said = ", ".join(f"{a[0]}/{a[1]}" + (f"–{b[0]}/{b[1]}" if b != a else "") for a, b in left_out)
        problems.append(Problem("say", f"leaves out {said}, which the question names"))
    return problems


def _answers_nothing_asked(question: str, kinds: set[str]) -> str:
    """The statements named in `ASKS_FOR`, when every statement of the answer is one the question does not
    ask for ("" when some statement answers it, or the answer declines with its reason)."""
    substantive = (
        kinds
        - _DECLINES
        - {"greeting", "thanks", "act_rule", "compare"}  # what a comparison compares is its own kind
    )
    if not substantive or kinds & _DECLINES:  # a decline's companions: what `_asked` owes is checked there
        return ""
    unasked = {
        kind
        for kind in substantive
        if kind in ASKS_FOR
        and not ASKS_FOR[kind].search(question)
        # asked by a row of the table that asks for no figure but a particular thing, whose statements
        # include it ("how many years have I worked here?")
        and not any(
            kind in says and words_.search(question)
            for what, (words_, says) in _ASKED.items()
            if what not in _FIGURES
        )
    }
    return ", ".join(sorted(unasked)) if unasked == substantive else ""


# Statements that state an amount and no day: alone, no answer to "when" ("언제까지 써야 돼?" is not
# answered by what is left, "when's my next grant?" not by the Act's rule).
_NO_DAY = frozenset({"remaining", "used", "granted", "pending", "share_used", "hours_left", "act_rule"})


# Statements of no one's leave: the calendar's and the Act's (a colleague named beside them gets them too).
_NOT_THE_ASKERS = frozenset(
    {
        "day",
        "working_days",
        "days_until",
        "today",
        "leap_year",
        "act_rule",
        "greeting",
        "thanks",
        "how_to_request",
    }
) | frozenset(k for k in ("act_rule:first_year", "act_rule:base", "act_rule:extra", "act_rule:max"))


# Statements that state neither an amount nor a reason: alone, no answer to "how many" or "why".
_NO_AMOUNT = frozenset({"day", "today", "how_to_request", "greeting", "thanks"})
_REASONS = frozenset({"why_grant", "act_rule", "no_act_leave"})


def _rule_for_the_askers_figure(question: str, kinds: set[str]) -> bool:
    """An answer that is only §60's general rule — the base, the maximum, the extra days — for a question of
    how many the asker has or gets ("how many days am I entitled to by law right now?"): the asker's figure
    is current_days() or next_grant(). The first year's rule answers a first-year question of how many."""
    substantive = kinds - {"greeting", "thanks", "act_rule"}
    general = {"act_rule:base", "act_rule:max", "act_rule:extra"}
    # each rule said asked by its own words ("법으로 최대 몇 일까지?"): the rule is what is asked
    asked = {rule for what, rule in _RULES_ASKED.items() if _ASKED[what][0].search(question)}
    if _ASKED["whether it keeps growing"][0].search(question):  # by the extra days, up to the maximum
        asked |= {"act_rule:extra", "act_rule:max"}
    rules = substantive - {"service_years"}  # the years of service beside it answer another ask
    return (
        bool(rules)
        and rules <= general
        and not rules <= asked
        and bool(ASKER.search(question) and HOW_MANY.search(question))
    )


def _falls_on(day: date, weekday: int) -> bool:
    """Whether the same month and day falls on `weekday` in the year before or after `day`'s."""
    return any(
        day.replace(year=year).weekday() == weekday
        for year in (day.year - 1, day.year + 1)
        if (day.month, day.day) != (2, 29)
    )


def _within(day: tuple[int, int], span: tuple[tuple[int, int], tuple[int, int]]) -> bool:
    first, last = span
    return first <= day <= last if first <= last else (day >= first or day <= last)  # over the new year


def _each_day(first: date, last: date) -> list[date]:
    return [first + timedelta(days=n) for n in range((last - first).days + 1)] if last >= first else []


def _part_not_asked(question: str, parts: set[Decimal], kinds: set[str]) -> str:
    """Whether the parts of a day the statements take are those the question names: a half day is not a
    quarter, and a part of a day asked is not a whole day."""
    quarter, half = bool(QUARTER.search(question)), bool(HALF.search(question))
    if PART_ASKED.search(question) and parts <= {Decimal(1)} and kinds & {"what_if_days", "plan", "what_if"}:
        return "takes whole days for a part of a day asked: 0.5 or 0.25 for the part"
    if half and not quarter and parts == {Decimal("0.25")}:
        return "takes quarter days, but the question asks about half days (0.5)"
    if (
        quarter and not half and "half_days_left" in kinds
    ):  # "반반차로 몇 번 쓸 수 있어?": no statement counts those
        return "counts half days left, but the question asks about quarter days (0.25)"
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


def _someone_named(evidence: Evidence) -> bool:
    """Anyone but the asker named in any way: the HR directory, a marker, a Korean name's shape, a name in
    English capitals beside a possessive or a verb."""
    question = evidence.question
    return bool(evidence.colleague or about_someone_else(question) or _ENGLISH_NAME.search(question))


_BESIDE_A_HOLIDAY = re.compile(
    rf"{SUBSTITUTE.pattern}|\bthe\s+monday\b|월요일(?:은|도|에)?\s*(?:쉬|휴일|빨간)", re.I
)
# "법으로 지금 쓸 수 있는 연차": the Act's days arisen, not what is left
_LAW_NAMED = pattern(words.ACT_NAMED)
# what was left at another time ("그때 몇 개 남았었지?", "how many did I have left back then?")
_ANOTHER_TIME = re.compile(r"그때|[았었였]었|\bback\s+then\b|\bhad\b|\bwas\b|\bwere\b", re.I)
_FIRST = re.compile(r"첫\s*(?:연차|휴가|번째)|처음|\bfirst\s+(?:day|time|leave)\b|\bearliest\b", re.I)
_TOOK = re.compile(r"\b(?:took|did\s+I\s+take|I\s+was\s+off)\b|썼|쉬었|냈었|썼었", re.I)
_ENOUGH = re.compile(r"\benough\b|충분|모자라|부족", re.I)
# a capitalised word after the first that is no month, weekday, holiday or word of the Act: maybe a name
_ENGLISH_NAME = re.compile(
    r"(?<=\S)\s+(?!(?:I|HR|PTO|Act|Labour|Labor|Standards|Korea|Korean|Seoul|Slack|Christmas|Chuseok|Seollal)\b)"
    r"(?!(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\b)[A-Z][a-z]+"
)


def _about_a_colleague(evidence: Evidence) -> bool:
    """A question about someone at work (a name in the HR directory, a title, a role, a mention, an id), not
    the asker, nor the asker's plans around them ("민수 결혼식 때문에")."""
    named = evidence.colleague is not None or names_someone_else(evidence.question)
    return named and theirs(evidence.question)  # "my wife works here — does she …"


def _amounts_unaccounted(
    asked: str, named_days: set[tuple[int, int]], chosen: Chosen, left_after: bool
) -> list[Decimal]:
    """The day amounts the question states that no statement took (q(n)) or states (an echo)."""
    question = blank_dates(asked)
    # "12월 24일, 28일": days, not amounts; and a day the statements are about ("9일은요?" of February 9)
    listed = {day for _, day in named_days} | {d.day for d in chosen.days}
    said = [  # not a day of the month: "이번 달 15일", "다음 달 5일"
        Decimal(m[1])
        for m in DAYS_STATED.finditer(question)
        if not MONTH_BEFORE.search(question, 0, m.start())
        and not (m[0].rstrip().endswith("일") and int(float(m[1])) in listed)
        and not (left_after and SAID_LEFT.match(question, m.end()))
    ]
    # in words: "이틀 쉬려고", "take two days", "하루 연차 쓰고" (하루 alone is also "a day's hours": not read)
    # (하루 beside days the statements are about is that day's size: "8월 14일 하루 연차 쓰면")
    in_words = [
        Decimal(COUNT_WORDS[(m[1] or m[2]).lower()])
        for m in DAYS_IN_WORDS.finditer(question)
        if not (m[1] == "하루" and (chosen.days or chosen.ends))
    ]
    # (days to take said in words are taken by a what-if, not echoed: "반차 2번이랑 하루 더" is not answered
    # by a sum that happens to be a day)
    taking = [n for n in in_words if "what_if" in chosen.kinds and n not in chosen.taken]
    said += in_words
    # ("6월 4일, 5일 이틀 쓰면": the days of a span the statements take, counted in words)
    lengths = {Decimal((b - a).days + 1) for a, b in chosen.spans}
    unaccounted = [n for n in said if n not in chosen.taken and n not in chosen.stated and n not in lengths]
    return list(dict.fromkeys(unaccounted + taking))
