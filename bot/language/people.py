"""The words that name people other than the asker — titles, relations, departments, Korean surnames — and the
words that only look like names: a question about someone else is declined, never looked up."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from bot.language.words import Words

# Titles and relations, said of another person ("팀장님 연차", "my manager's leave").
TITLES = Words(
    ko=(
        "팀장",
        "부장",
        "과장",
        "차장",
        "대리",
        "사장",
        "이사",
        "실장",
        "본부장",
        "매니저",
        "대표",
        "상무",
        "전무",
        "회장",
        "사원",
        "주임",
        "선임",
        "책임",
        "수석",
        "인턴",
    ),
    en=("CEO", "CTO", "CFO", "COO", "CIO"),
)
RELATIONS = Words(
    ko=(
        "선배",
        "후배",
        "상사",
        "동료",
        "팀원",
        "직원",
        "부하",
        "와이프",
        "남편",
        "아내",
        "엄마",
        "아빠",
        "친구",
        "동기",
        "사수",
        "부사수",
        "멘토",
        "멘티",
        "옆자리",
        "짝꿍",
        "형",
        "누나",
        "언니",
        "오빠",
        "동생",
    ),
)
# "my manager", "our team": the English words that follow "my/our/the".
RELATIONS_EN = (
    "manager",
    "boss",
    "lead",
    "colleague",
    "coworker",
    "co-worker",
    "teammate",
    "team",
    "wife",
    "husband",
    "intern",
    "friend",
    "report",
    "director",
    "ceo",
)
# Teams named in English: "John from sales".
DEPARTMENTS_EN = (
    "sales",
    "marketing",
    "hr",
    "finance",
    "engineering",
    "design",
    "ops",
    "operations",
    "legal",
    "support",
    "accounting",
    "it",
    "product",
    # as people shorten them in chat ("jiwoo in mktg")
    *("mktg", "eng", "dev", "qa", "infra", "growth", "bizdev", "cx", "recruiting", "research", "security"),
)
# A full Korean name starts with one of these surnames.
SURNAMES = "김이박최정강조윤장임한오서신권황안송류유전홍고문양손배백허남심노하곽성차주우구민진나지엄변채원천방공현함염여추도소석선설마길연위표명기반라왕금옥육인맹제모탁국어은편용예경봉사부"
# Three-syllable words that start like a surname but are not names.
NOT_NAMES = frozenset(
    {
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
    }
)
# Leave words with a particle ("연차는", "연차가") start like a surname too (연): never a name.
NOT_NAME_STARTS = (
    "연차",
    *("하루", "이틀", "사흘", "나흘"),  # a count of days ("하루만 연차 내면"), not 하 and a given name
    "금요일",  # a weekday, not 금 and a given name ("다음주 금요일 연차 가능?")
    "휴가",
    "반차",
    "연도",
    "연말",
    "연초",
    "사용",
    "부여",
    "잔여",
    "이번",
    "이월",
    "지난",
    "전체",
    "남은",
    "정산",
    "전에",
    "이전",
    "지금",
    "요즘",
    "주말",
    "공휴",  # 공휴일
    "연휴",
    "이맘",  # 이맘때
)


# ----- the people in the HR data ------------------------------------------------------------------------
_KOREAN_FULL_NAME = re.compile(r"^[가-힣]{3}$")
_TOKEN = re.compile(r"\bU[A-Z0-9]{6,}\b|[가-힣]+|[A-Za-z][A-Za-z.\-]*")
# What may follow a name in Korean: a title of address, then a particle ("서연 씨의", "민수님은", "지훈이랑").
_AFTER_NAME_KO = re.compile(r"(?:\s*(?:씨|님|이))?(?:한테|에게|께서|이랑|하고|랑|의|은|는|이|가|도|과|와)?$")


def _forms(name: str, email: str | None, slack_user_id: str | None) -> set[str]:
    """The ways a person is named in a question: the full name, a Korean given name (서연), an English
    name's parts, the email's local parts (minsu, kim), the Slack id; case-folded."""
    forms = {name.casefold().replace(" ", "")}
    if _KOREAN_FULL_NAME.match(name):
        forms.add(name[1:])
    forms.update(part.casefold() for part in name.split() if len(part) >= 3)
    if email:
        forms.update(p.casefold() for p in re.split(r"[._\-+]", email.split("@")[0]) if len(p) >= 3)
    if slack_user_id:
        forms.add(slack_user_id.casefold())
    return forms


@dataclass(frozen=True)
class Roster:
    """The names the people in the HR data go by (built from the directory: `bot/hr/directory.py`), so a
    question names a colleague only if it names someone who is actually there — and the asker's own name
    is the asker."""

    owners: dict[str, frozenset[str]] = field(default_factory=dict)  # a form → the full names it names

    @classmethod
    def of(cls, people: Iterable[tuple[str, str | None, str | None]]) -> Roster:
        """From (name, email, Slack user id) of each person."""
        owners: dict[str, set[str]] = {}
        for name, email, slack_user_id in people:
            for form in _forms(name, email, slack_user_id):
                owners.setdefault(form, set()).add(name)
        return cls({form: frozenset(names) for form, names in owners.items()})

    def colleague_named(self, text: str, asker: str | None) -> str | None:
        """The first word of `text` naming someone in the HR data other than `asker` (None: nobody)."""
        own = _forms(asker, None, None) if asker else set()
        for token in _TOKEN.findall(text):
            stem = token.casefold().removesuffix("'s")
            if "가" <= token[0] <= "힣":
                stem = _AFTER_NAME_KO.sub("", token).casefold()
            names = self.owners.get(stem, frozenset())
            if names and stem not in own and names != {asker}:
                return token
        return None

    def without_asker(self, text: str, asker: str | None) -> str:
        """`text` with the asker's own name taken out (how they sign or address themselves)."""
        if not asker:
            return text
        for form in sorted(_forms(asker, None, None), key=len, reverse=True):
            text = re.sub(re.escape(form), " ", text, flags=re.I)
        return text
