"""Reading the user's question: which years it refers to, whether it asks for a leave balance, and
whether it is about someone else.

Shared by the offline model (to decide which lookups to request) and the grounding check (to run the
lookup itself when the model did not). Plain rules, no model. `year_mentions` also reads answers (the
claims), so it stays narrow; `asked_years` adds what only a question says: ranges, "N years ago", FY.
"""

from __future__ import annotations

import re
from datetime import date

# Order matters: 재작년 contains 작년, "the year before last" contains "last year"… so longer phrases
# are matched first and their span is blanked before the shorter ones are tried.
_YEAR_PHRASES: list[tuple[re.Pattern[str], int]] = [
    (re.compile(r"세\s*해\s*전|3년\s*전"), -3),
    (re.compile(r"재작년|지지난\s*해|2년\s*전|두\s*해\s*전"), -2),
    (re.compile(r"the\s+year\s+before\s+last|two\s+years\s+ago", re.I), -2),
    (re.compile(r"올해|올\s해|금년|이번\s*해|올해년도|금년도|당해"), 0),
    (re.compile(r"작년|지난\s*해|전년|昨年|작년도|전년도|1년\s*전|한\s*해\s*전"), -1),
    (re.compile(r"내년|다음\s*해|명년|내년도"), 1),
    (re.compile(r"\bthis\s+year\b|\bcurrent\s+year\b", re.I), 0),
    (re.compile(r"\blast\s+(?:year|yr)s?\b|\bprevious\s+year\b|\ba\s+year\s+ago\b|\bprev\s+yr\b", re.I), -1),
    (re.compile(r"\bnext\s+year\b", re.I), 1),
]
_EXPLICIT_YEAR = re.compile(r"(?<!\d)((?:19|20)\d{2})(?!\d)")
# '24, 24년도, 24년에 / 24년 연차 (not 10년 근속, 3년 차, 24년간: seniority and durations).
_SHORT_YEAR = re.compile(
    r"(?<![\w'])'(\d{2})\b|(?<![\d.])(\d{2})\s*년(?=도|에|엔|은|는|의|부터|까지|\s*연차|\s*기준|\s*휴가)"
)

# A balance question names leave *and* asks for a quantity. "연차 신청은 어떻게 해?" names leave but asks
# for no amount, so a model that answers it without a lookup is doing the right thing.
_LEAVE = re.compile(r"연차|연챠|년차|휴가|\bleave\b|vacation|\bpto\b|days?\s+off", re.I)
_QUANTITY = re.compile(r"며칠|몇\s*일|몇일|how\s+many\s+days|how\s+much\s+(?:leave|vacation|pto)", re.I)
_HOW_MUCH = re.compile(r"얼마|how\s+many|how\s+much", re.I)
_FIGURE = re.compile(r"남았|남은|남아|잔여|썼|사용|부여|\bleft\b|remaining|balance|\bused\b|granted", re.I)
# "연차 balance 어디서 봐?", "how do I check my balance?": about the figures, but asking where or how.
_HOW_TO = re.compile(
    r"어디서|어디에서|어떻게|방법|신청|취소|승인|걸려|걸리|\bwhere\b|\bhow\s+(?:do|can|to|should)\b", re.I
)


def year_spans(text: str, today: date) -> list[tuple[int, int, int]]:
    """Every (start, end, year) the text names: 2026(년), '24, 24년, 올해, last year, …, in order."""
    found: list[tuple[int, int, int]] = []
    remaining = text
    for pattern, offset in _YEAR_PHRASES:
        for match in pattern.finditer(remaining):
            found.append((match.start(), match.end(), today.year + offset))
        remaining = pattern.sub(lambda m: " " * len(m.group(0)), remaining)
    for match in _EXPLICIT_YEAR.finditer(remaining):
        found.append((match.start(), match.end(), int(match.group(1))))
    remaining = _EXPLICIT_YEAR.sub(lambda m: " " * len(m.group(0)), remaining)
    for match in _SHORT_YEAR.finditer(remaining):
        short = int(match.group(1) or match.group(2))
        if short <= today.year % 100 + 1:  # '24, 24년: this century, up to next year
            found.append((match.start(), match.end(), 2000 + short))
    return sorted(found)


def year_mentions(text: str, today: date) -> list[tuple[int, int]]:
    """Every (position, year) the text names, in order."""
    return [(start, year) for start, _, year in year_spans(text, today)]


def years_in(text: str, today: date) -> list[int]:
    """The years a question refers to, in the order they appear, without repeats."""
    years: list[int] = []
    for _, year in year_mentions(text, today):
        if year not in years:
            years.append(year)
    return years


def asks_about_rules(text: str) -> bool:
    """Whether the question asks a leave rule (carry-over, expiry, payout, limits), not an amount."""
    return bool(_RULE.search(text))


def asks_for_balance(text: str) -> bool:
    """Whether the question asks how much leave the asker was granted, used or has left (in days)."""
    if not _LEAVE.search(text) or about_someone_else(text) or _HOURS.search(text):
        return False
    if _RULE.search(text):  # "how many days carry over?": a rule, whatever the quantity words
        return False
    if _QUANTITY.search(text):
        return True
    return bool((_HOW_MUCH.search(text) or _FIGURE.search(text)) and not _HOW_TO.search(text))


# Leave in hours: the HR data keeps days only, so an answer in days does not answer it.
_HOURS = re.compile(r"몇\s*시간|시간\s*단위|\bhours?\b", re.I)
# A rule, not an amount: "남은 연차 이월돼?", "does unused leave expire?".
_RULE = re.compile(
    r"use\s+it\s+or\s+lose|cash\s+out|이월|소멸|넘어가|수당|정산|최대|한도|연속|\blimit|\bmaximum\b|\bmax\b|consecutive|in\s+a\s+row|carr(?:y|ies|ied)\s*(?:over|forward)|roll(?:s|ed)?\s*over|expire|pay\s*out|payout",
    re.I,
)

# ----- someone else -------------------------------------------------------------------------------------
# A leave question about another person must be declined, never answered with the asker's own figures
# (in Korean "이서연 연차 며칠 남았어?" answered with a bare balance reads as 이서연's).
_OTHER_MARKERS = re.compile(
    r"@\S|\(another person / 다른 사람\)|다른\s*(?:사람|직원|분|팀원)|남의|"
    r"(?:팀장|부장|과장|차장|대리|사장|이사|실장|본부장|매니저|대표|상무|전무|회장|사원|주임|선임|책임|수석|인턴|"
    r"CEO|CTO|CFO|COO|CIO|선배|후배|상사|동료|팀원|직원|부하|와이프|남편|아내|"
    r"엄마|아빠|친구|동기|사수|부사수|멘토|멘티|옆자리|짝꿍|형|누나|언니|오빠|동생)(?:님)?(?:들)?(?:의|은|는|이|가|도|\s|$)|"
    r"[가-힣]{2,4}\s*(?:씨|님)(?:의|은|는|이|가|도|\s|$)|"
    r"(?<![A-Za-z0-9])(?!FY)[A-Za-z]{1,3}-?\d{3,6}(?![A-Za-z0-9])|"  # an employee id: E1002, EMP-1234
    r"\b(?:someone|somebody|anyone|anybody|everyone|everybody)\b|\bother\s+(?:people|person|employees?)\b|"
    r"[가-힣A-Za-z0-9]+팀\s*(?:전체|원|원들|사람들|의)|"  # "개발2팀 전체", "디자인팀 사람들"
    r"\b(?:does|did|has|will|can)\s+(?:he|she|they)\b|\b(?:he|she)\s+(?:still\s+)?(?:has|have|had|took|used)\b|"
    r"\b(?:my|our|the)\s+(?:manager|boss|lead|colleague|coworker|co-worker|teammate|team|wife|husband|intern|"
    r"friend|report|director|ceo)s?\b|\b(?:his|her|their)\s+(?:leave|vacation|pto|balance|days)\b|"
    r"\b(?:does|did|has|will)\s+(?!I\b)[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\s+(?:have|has|take|get|use)|"
    r"\b(?!I\b)[A-Z][a-z]+(?:'s|’s)\s+(?:leave|vacation|pto|balance|annual|remaining|days|time)|"
    # "John from sales", "Mina in marketing", "Kim on the design team"
    r"\b(?!I\b)[A-Z][a-z]+\s+(?:from|in|on)\s+(?:the\s+)?(?:sales|marketing|hr|finance|engineering|design|ops|"
    r"operations|legal|support|accounting|it|product|[a-z]+\s+(?:team|department))\b",
    re.I,
)
# A full Korean name (surname + given name) before the leave words: "이서연 연차", "박서준의 휴가".
_SURNAMES = "김이박최정강조윤장임한오서신권황안송류유전홍고문양손배백허남심노하곽성차주우구민진나지엄변채원천방공현함염여추도소석선설마길연위표명기반라왕금옥육인맹제모탁국어은편용예경봉사부"
_KOREAN_NAME = re.compile(
    rf"(?<![가-힣])([{_SURNAMES}][가-힣]{{2}})(?:의|이|가|은|는|도)?\s*(?:연차|휴가|잔여|남은|남았|며칠|몇)"
)
# Three-syllable words that start like a surname but are not names.
_NOT_NAMES = frozenset(
    [
        "이번해",
        "이번달",
        "전년도",
        "금년도",
        "사용한",
        "사용된",
        "남아있",
        "부여된",
        "올해의",
        "작년의",
        "이번에",
        "이전에",
        "지금의",
        "전체의",
        "기본의",
        "이월된",
        "유급의",
        "연차의",
        "휴가의",
        "반차의",
        "정상적",
        "지난번",
        "주말의",
        "오늘의",
        "내일의",
        "이거의",
        "그거의",
        "우리의",
        "제가쓴",
        "원래의",
        "이제는",
        "이제까",
        "이미쓴",
        "차감된",
        "조정된",
        "남은거",
        "사용할",
        "사용중",
    ]
)


# A leave word with a particle ("연차는", "연차가") starts like a surname too (연).
_LEAVE_WORD_START = re.compile(
    r"^(?:연차|휴가|반차|연도|연말|연초|사용|부여|잔여|이번|이월|지난|전체|남은|정산|전에|이전|지금|요즘|주말)"
)


def about_someone_else(text: str) -> bool:
    """Whether the question asks about another person's leave (a name, a title, a mention, an id)."""
    if _OTHER_MARKERS.search(text):
        return True
    return any(
        match.group(1) not in _NOT_NAMES and not _LEAVE_WORD_START.match(match.group(1))
        for match in _KOREAN_NAME.finditer(text)
    )


# ----- the years a question asks about ------------------------------------------------------------------
_AGO = re.compile(
    r"(?<![\d.])(\d{1,2})\s*(?:years?\s+ago|년\s*전)|\b(two|three|four|five|six|seven|eight|nine|ten)\s+years\s+ago",
    re.I,
)
_SHORT_RANGE = re.compile(r"(?<![\d.])(\d{2})\s*[~\-–]\s*(\d{2})\s*년")
_FISCAL = re.compile(r"\bFY\s*'?(\d{4}|\d{2})\b", re.I)
_RECENT = re.compile(
    r"(?:최근|지난)\s*(\d{1,2})\s*(?:년|개년)(?:간|동안)?|"
    r"\b(?:last|past|previous)\s+(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+years\b",
    re.I,
)
_NUMBER_WORDS = {
    w: n
    for n, w in enumerate(
        ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    )
}
# Between two years: "2020년부터 2026년까지", "2022-2024", "from 2022 to 2024", "2022 through 2024".
_RANGE_BETWEEN = re.compile(
    r"^\s*(?:년|년도)?\s*(?:부터|에서|~|-|–|—|to|through|thru|until|till)\s*$|^\s*(?:년|년도)?\s*(?:and)\s*$",
    re.I,
)
_BETWEEN = re.compile(r"\bbetween\s*$", re.I)


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBER_WORDS[word.lower()]


def asked_years(text: str, today: date) -> list[int]:
    """The years a question asks about, in order, without repeats: what `years_in` finds, plus
    "N years ago" / "N년 전", FY24 / FY2024, "최근 3년" / "last 3 years", and each year of a range
    ("2020년부터 2026년까지", "2022-2024", "between 2022 and 2024"). A range is not capped here: whoever
    looks the years up decides how many it may."""
    spans = year_spans(text, today)
    ends = {start: end for start, end, _ in spans}  # where each named year's words end
    found = [(at, [year]) for at, _, year in spans]
    for match in _SHORT_RANGE.finditer(text):  # "25~26년": two short years, one 년
        low, high = sorted(2000 + int(match.group(i)) for i in (1, 2))
        if high <= today.year % 100 + 2001:
            found = [(at, ys) for at, ys in found if not match.start() <= at < match.end()]
            found.append((match.start(), list(range(low, high + 1))))
    taken = {at for at, _ in found}
    for match in _AGO.finditer(text):
        if match.start() not in taken:
            found.append((match.start(), [today.year - _number(match.group(1) or match.group(2))]))
    for match in _FISCAL.finditer(text):
        digits = match.group(1)
        year = int(digits) if len(digits) == 4 else 2000 + int(digits)
        found = [(at, ys) for at, ys in found if not match.start() <= at < match.end()]
        found.append((match.start(), [year]))
    for match in _RECENT.finditer(text):
        count = min(_number(match.group(1) or match.group(2)), 50)
        found.append((match.start(), list(range(today.year - count + 1, today.year + 1))))
    found.sort()
    years: list[int] = []
    index = 0
    while index < len(found):
        at, these = found[index]
        if index + 1 < len(found) and len(these) == 1 and len(found[index + 1][1]) == 1:
            nxt_at, (end,) = found[index + 1]
            between = text[ends.get(at, at) : nxt_at]
            between = between[re.match(r"'?\d*", between).end() :]  # type: ignore[union-attr]
            is_and = bool(re.search(r"\band\b", between, re.I))
            if _RANGE_BETWEEN.match(between) and (not is_and or _BETWEEN.search(text[:at])):
                low, high = sorted((these[0], end))
                these = list(range(low, high + 1))
                index += 1
        years.extend(y for y in these if y not in years)
        index += 1
    return years
