"""The words a named figure's own clause may say about it, as language data (bot/grounding/named.py binds
each to the placeholder nearest it and checks that they agree): where a clause ends, year words, figure kinds,
leave types, parts of a day, the Act's meanings, directions (more / less), what-if verbs. Short lists, not a
grammar; Korean and English side by side.
"""

from __future__ import annotations

import re
from decimal import Decimal

CLAUSE_END = re.compile(r"[.!?;,\n]|\b(?:and|but)\b", re.I)  # English joins two clauses with "and"
YEAR_WORDS = (
    (re.compile(r"재작년|the year before last", re.I), -2),
    (re.compile(r"(?<!재)작년|지난해|last year", re.I), -1),
    (re.compile(r"올해|금년|this year", re.I), 0),
    (re.compile(r"내년|next year", re.I), 1),
)
LEAVE_WORD = re.compile(r"연차|휴가|\b(?:leave|vacation|PTO|days? off)\b", re.I)
GRANTED_WORDS = re.compile(
    r"부여|발생|생기|생겨|받(?:았|으|은|게)|\b(?:granted|entitled|receive[ds]?|get|gets|getting)\b", re.I
)
KIND_WORDS = (
    (
        re.compile(
            r"남(?:은|아|았|는|을)|잔여|미사용|안 쓴|\bleft\b|\bremain(?:ing|s)?\b|\bavailable\b|\bunused\b|"
            r"\bleftover\b",
            re.I,
        ),
        "remaining",
    ),
    (re.compile(r"(?<!미)사용|썼|(?<!안 )쓴|쓰셨|\bused\b|\btaken\b|\btook\b", re.I), "used"),
    (
        re.compile(
            r"부여|발생|받(?:았|으|은)|\b(?:granted|entitled|received)\b|(?<!'ve )(?<!have )\bgot\b", re.I
        ),
        "granted",
    ),
    (re.compile(r"신청 중|대기 중|승인 대기|승인 전|\bpending\b|\bawaiting\b", re.I), "pending"),
)
CONDITIONAL = re.compile(r"면|\bif\b|\bwould\b|\bafter\b|후에|뒤에", re.I)
# Words a figure's own arguments must agree with, each bound to the placeholder nearest it, like a kind word.
EXCLUDED = r"(?!(?:\s?leave)?\s?(?:는|을|를)?\s?(?:제외|빼고|말고|별도|not|excluded|aside))"  # "병가 제외", "sick leave not included"
LEAVE_TYPE_WORDS = (
    (re.compile(rf"(?<!excluding )(?<!except )(?<!without )(?:병가|\bsick\b){EXCLUDED}", re.I), "sick"),
    (
        re.compile(
            rf"(?<!excluding )(?<!except )(?<!without )(?:연차|\bannual\b|\bvacation\b){EXCLUDED}", re.I
        ),
        "annual",
    ),
    (
        re.compile(rf"(?<!excluding )(?<!except )(?:가족\s?돌봄|\bfamily(?: care)?\b){EXCLUDED}", re.I),
        "family",
    ),
)
PART_WORDS = (  # a part of a day, as a record's size and as a unit constant an expression may use
    (re.compile(r"반반차|quarter[ -]days?", re.I), Decimal("0.25")),
    (re.compile(r"(?<!반)반차|half[ -]days?", re.I), Decimal("0.5")),
    (re.compile(r"종일|온종일|\bfull[ -]days?\b|\bwhole days?\b", re.I), Decimal(1)),
)
STATUTE_WORDS = (
    (re.compile(r"최대|상한|한도|\bmax(?:imum)?\b|\bcap(?:ped|s)?\b|\bup to\b|\bat most\b", re.I), "max"),
    (re.compile(r"기본(?!적)|\bbase\b|\bbasic\b|\bstandard\b", re.I), "base"),
)
# Where a clause names the Act itself: an Act's figure said there is the law's, not the person's.
LAW_WORDS = re.compile(
    r"근로기준법|노동법|법(?:정|적|상|률|에|으로|이|은|대로)|\blaws?\b|\blegal(?:ly)?\b|\bstatut\w*|\bthe Act\b|\bLabou?r Standards\b",
    re.I,
)
# A number said to be wrong ("{q(10)}일이 아니라", "not {q(10)} days"): corrected, not presented.
NEGATED_AFTER = re.compile(r"\s*(?:일|days?)?\s*(?:이|가)\s*아니")
NEGATED_BEFORE = re.compile(r"\b(?:not|isn't|aren't|wasn't|rather than|instead of)\s+(?:the\s+)?$", re.I)
# A part of a day defined in passing, "반차(0.5일)", "half day (0.5 days)": the unit, not a figure of leave.
UNIT_DEFINITION = re.compile(
    r"(?:(?<!반)반차|half[ -]days?)\s*\(\s*0\.5\s*(?:일|days?)?\s*\)"
    r"|(?:반반차|quarter[ -]days?)\s*\(\s*0\.25\s*(?:일|days?)?\s*\)",
    re.I,
)
# A number of the question said as a day of the month ("the {q(3)}rd"): a date, never a count of days.
ORDINAL_AFTER = re.compile(r"(?:st|nd|rd|th)\b", re.I)
# A number of the person's said as half days ("{q(2)} half days", "반차 {q(2)}번"): a what-if counts each as 0.5.
HALF_DAYS_AFTER = re.compile(r"\s*(?:half[ -]days?|반차)", re.I)
HALF_DAYS_BEFORE = re.compile(r"(?<!반)반차(?:를|는|로)?\s*$")
# Leave consumed ("차감", "need", "uses"): a count of calendar days is not what leave takes.
CONSUMED = re.compile(
    r"차감|빠져|필요|소진|근무일|평일|\bworking\b|\b(?:deduct\w*|needs?|uses?|cost\w*|takes?)\b", re.I
)
# A comparison's other side: "작년({…})보다", "than {…}".
COMPARED_AFTER = re.compile(r"\)?\s*(?:일|days?)?\s*(?:보다|에 비해)")
COMPARED_BEFORE = re.compile(r"\bthan\s+(?:[\w']+\s+){0,3}$", re.I)
MORE_OR_LESS = (
    (
        re.compile(
            r"(?<![가-힣])더(?![가-힣])(?!\s*(?:적|덜))|많이|많아|넘|초과|\b(?:more|higher|bigger|above|exceed(?:s|ed)?)\b",
            re.I,
        ),
        1,
    ),
    (re.compile(r"덜|적게|적어|미만|\b(?:less|fewer|lower|smaller|below)\b", re.I), -1),
)
# Words that state what a day is; an answer's prose never holds them: code writes them with `{date(…)}`
# (its weekday) and `{day(…)}` (a holiday with its name, a weekend, a working day). Holiday names come from
# the calendar's library (bot/grounding/day_facts.py); these are the names people use beside them.
WEEKDAY_WORD = re.compile(
    r"[월화수목금토일]요일|(?<=[#\d일])\s?\([월화수목금토일]\)|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b",
    re.I,
)
HOLIDAY_NICKNAMES = (
    "크리스마스",
    "성탄절",
    "설날",
    "설 연휴",
    "구정",
    "신정",
    "추석",
    "한가위",
    "Christmas",
    "Xmas",
    "Seollal",
    "Lunar New Year",
    "New Year",
    "Chuseok",
)
# What a day is, said in words: allowed only as the unit of a calendar count in the same sentence
# ("{working_days(…)} working days", "주말 빼고 {…}"); else it is a claim about a day, which `{day(…)}` writes.
DAY_STATUS = re.compile(
    r"공휴일|국경일|휴일|빨간\s*날|연휴|휴무|근무일|평일|영업일|주말|"
    r"\b(?:(?:public|bank|national) )?holidays?\b|\bweekends?\b|\bweekdays?\b|"
    r"\b(?:working|business|work) ?days?\b|\bworkdays?\b",
    re.I,
)
# A company rule the bot holds no fact for (carrying leave over, paying it out: bot/llm/reading.py refers
# these to HR); said only where the sentence refers to HR.
COMPANY_RULE = re.compile(
    r"이월|수당|보상|정산|\b(?:carr(?:y|ied|ies|ying) (?:it |them )?over|roll(?:s|ed|ing)? over|rollover|"
    r"pa(?:y|id|ys) (?:it |them )?out|payout|compensat\w*)\b",
    re.I,
)
HR_REFERRAL = re.compile(r"인사팀|인사 담당|인사부|\bHR\b|\bpeople team\b", re.I)
# A day said to be a working day, or not one.
WORKING_DAY = re.compile(r"근무일|평일|출근하는 날|\b(?:working|business|work) ?day\b|\bworkday\b", re.I)
NOT_WORKING_DAY = re.compile(
    r"근무일(?:이|은)?\s*아니|쉬는 날|휴무|\b(?:not|isn't|no) (?:a )?(?:regular )?(?:working|business|work) ?day",
    re.I,
)
# The latest of something ("마지막으로 쓰신 날", "your last leave"); not "last year / month / week".
LATEST = re.compile(
    r"마지막|가장 최근|최근에|\b(?:last|most recent|latest)\b(?!\s+(?:year|month|week)\b)", re.I
)
# The earliest of something ("첫 연차", "your first leave"), and a year's total ("총", "in total").
EARLIEST = re.compile(r"첫|처음|가장 먼저|\b(?:first|earliest)\b", re.I)
TOTAL = re.compile(r"총|모두|전부|통틀어|\b(?:in total|total|altogether|all told|so far)\b", re.I)
# Leave of another type, or pending days, said to come off the annual balance (they never do: only
# approved annual leave counts against it, bot/domain/leave.py).
OTHER_LEAVE = re.compile(r"병가|가족\s?돌봄|경조|\b(?:sick|family|bereavement)\b", re.I)
# A half or a quarter day: annual leave in parts (the part words above).
PART_OF_ANNUAL = re.compile("|".join(pattern.pattern for pattern, part in PART_WORDS if part < 1), re.I)
# Pending requests said to be counted in ("반영하면", "빼도", "after the pending days"): what is left minus them.
PENDING_COUNTED = re.compile(
    r"반영|포함|빼|감안|고려|\b(?:after|including|counting|net of|minus|taking (?:off|out)|reflect\w*|"
    r"(?:taken|taking) into account|factor\w* in)\b",
    re.I,
)
PENDING_WORDS = re.compile(r"승인 대기|대기 중|신청 중|\bpending\b|\bawaiting\b", re.I)
DEDUCTED = re.compile(
    r"차감|빠져|빠졌|포함|\b(?:deducted|came out of|comes out of|taken (?:out of|from)|counted (?:in|against)|"
    r"counts against|included in|reduced?)\b",
    re.I,
)
NOT_DEDUCTED = re.compile(
    r"안\s|않|별도|아니|제외|\b(?:not|never|doesn't|don't|didn't|isn't|aren't|won't|hasn't|haven't|wasn't|"
    r"weren't|separate)\b",
    re.I,
)
# A day unit after a figure ("{records(2026)}일", "{…} days").
DAY_UNIT_AFTER = re.compile(r"\s?(?:일(?!까지|부터|에|자)|days?\b)", re.I)
# An answer opening on yes ("네, …", "Yes —").
YES_OPENING = re.compile(r"^\W*(?:네|예|yes|yep|sure|of course|물론)\b", re.I)
# A verdict that the days asked fit in what is left, and its negation (checked against the figures).
ENOUGH = re.compile(
    rf"{YES_OPENING.pattern}|\b(?:covers?|covered|enough|sufficient)\b|충분|가능(?:해요|합니다|하세요)", re.I
)
NOT_ENOUGH = re.compile(
    r"부족|모자라|불가|안 돼|안돼|어려워|\b(?:not enough|short|insufficient|can't|cannot|won't|doesn't cover)\b|"
    r"^\W*(?:아니요|아뇨|no)\b",
    re.I,
)
# A day said to be (or not to be) a public holiday.
HOLIDAY = re.compile(r"공휴일|휴일|\b(?:public |bank )?holidays?\b", re.I)
NO_HOLIDAY = re.compile(
    r"(?:공휴일|휴일)(?:이|은|는)?\s*(?:없|아니)|\bno (?:public |bank )?holidays?\b|"
    r"\b(?:isn't|is not|aren't|are not|not) (?:a )?(?:public |bank )?holidays?\b",
    re.I,
)
STRONG_COMPARISON = re.compile(
    r"많|적|넘|초과|미만|\b(?:higher|lower|fewer|less|below|above|exceed(?:s|ed)?|bigger|smaller)\b", re.I
)
DIRECTION_WORDS = (
    (re.compile(r"(?<![가-힣])더(?![가-힣])(?!\s*(?:적|덜))|많이|\bmore\b", re.I), 1),  # "더 적게" says less
    (re.compile(r"덜|적게|\bless\b|\bfewer\b", re.I), -1),
)
THAN = re.compile(
    r"\s*(?:년도?|년에)?\s*(?:보다|에 비해)"
)  # the compared year: "작년보다", "2025년보다", "than last year"
USE = re.compile(r"사용|쓰|썼|쓴|\b(?:use[ds]?|using|took|take[ns]?|taking)\b", re.I)
SPEND = re.compile(r"(?:쓰|사용하|쉬)(?:시)?면|쉬고 나면|\b(?:use|take|using|taking)\b", re.I)
GAIN = re.compile(r"(?:받으|부여되|생기)(?:시)?면|\bgrant(?:ed|s)?\b", re.I)
AS_OF = re.compile(
    r"\s*(?:기준|현재|\bas of\b)", re.I
)  # "{date(…)} 기준": the day of a balance, not of a record
# A year typed in prose ("2025년에는", "in 2024") is a year word, not a quantity.
TYPED_YEAR = re.compile(r"(?<![\d.,:/-])(?:19|20)\d\d(?![\d:/-]|[.,]\d)")
