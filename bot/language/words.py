"""The words the bot reads, one list per concept, Korean and English side by side.

Each entry is a regular-expression alternative (so `몇\\s*일` also reads "몇 일", `\\bpto\\b` not "laptop").
A reader combines the lists it needs with `pattern(...)`; no list is written twice. Where two readers
used to keep their own copies, the lists here are their union (see the comments for the few that stay
apart on purpose: a question's words and an answer's words are not always the same).
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Words:
    """One concept's words, each a regular-expression alternative, in Korean and in English."""

    ko: tuple[str, ...] = ()
    en: tuple[str, ...] = ()

    def __or__(self, other: Words) -> Words:
        return Words(_merged(self.ko, other.ko), _merged(self.en, other.en))

    @property
    def alternatives(self) -> tuple[str, ...]:
        return (*self.ko, *self.en)


def _merged(first: tuple[str, ...], second: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys((*first, *second)))


def alternation(*words: Words) -> str:
    """The words as one regular-expression alternation, in order, without repeats."""
    return "|".join(dict.fromkeys(a for w in words for a in w.alternatives))


def pattern(*words: Words, flags: re.RegexFlag = re.I) -> re.Pattern[str]:
    """A compiled pattern that finds any of the words (case-insensitive unless told)."""
    return re.compile(alternation(*words), flags)


# ----- leave and its figures ----------------------------------------------------------------------------
# Naming leave. `leave` has no word boundary: "leaves", "leave's" name it too.
LEAVE = Words(
    ko=("연차", "연챠", "년차", "휴가", "반차"),
    en=(
        "leave",
        "vacation",
        r"\bpto\b",
        r"days?\s+off",
        r"time\s+off",
        "holiday",
        r"\bday\s+I\s+(?:took|was|had)\s+off\b",  # "the last day I took off"
    ),
)
# The three figures of a year's leave, as a question or an answer names them ("남은 연차", "used"),
# and the further ways an answer states them ("사용 가능한", "can still take", "allowance"). A question
# reader that only needs to know the talk is about leave uses the first; a reader of amounts uses both.
# Where two words start alike the longer comes after the shorter (the nearest match decides a claim's
# role, so the order is kept as the claims reader was written against).
REMAINING = Words(
    ko=("남은", "남았", "남앗", "남아", "남음", "남는", "잔여"),
    en=(r"\bleft(?![A-Za-z])", r"remain\w*", "balance", r"\bleftover\b"),
)
REMAINING_STATED = Words(
    ko=(
        "남기",
        "잔량",
        "미사용",
        r"(?<!밖에\s)(?<!밖에)안\s*쓴",  # not "1.5일밖에 안 쓴" (used only 1.5)
        r"못\s*쓴",
        r"안\s*쓰신",
        r"쓰지\s*않은",
        r"사용하지\s*않은",
        r"사용\s*가능",
        r"사용하실\s*수\s*있",
        r"사용할\s*수\s*있",
        r"쓸\s*수\s*있",
        r"쓰실\s*수\s*있",
        r"쓰실\s*수",
        "가용",
    ),
    en=(
        "available",
        "unused",
        r"can\s+(?:still\s+)?(?:use|take)",
        r"\bstill\s+(?:have|got)\b",
        r"can\s+I\s+still\s+(?:use|take)",
        r"not\s+(?:yet\s+)?used",
        r"haven't\s+used",
        r"would\s+leave",
        r"(?:would|will|it|that|which)\s+leaves?\s+you",  # not "the annual leave you can get"
        r"leaving\s+you",
    ),
)
# "사용" but not "사용 가능" / "사용할 수 있는" (those are what is left).
USED = Words(
    ko=(r"사용(?!\s*가능|하실\s*수|할\s*수|\s*할\s*수|하지\s*않)", "썼", "썻"),  # 썻: the common typo
    en=(r"\bused(?![A-Za-z])",),
)
USED_STATED = Words(
    ko=("쓴", "쓰셨", "쓰신", "쓰셔", "써서", "소진"),
    en=("taken", r"\btook(?![A-Za-z])", "spent", "consumed"),
)
GRANTED = Words(ko=("부여",), en=("granted",))
GRANTED_STATED = Words(
    ko=("발생", "받은", "받으신", "받으셨", r"총\s*연차", "연간", "생긴", "생겼"),
    en=(r"entitle\w*", "allowance", "allotted", r"\bgiven\b"),
)
# Every word that names a figure, as a question may too ("사용 가능한 연차", "unused days").
FIGURES = REMAINING | REMAINING_STATED | USED | USED_STATED | GRANTED | GRANTED_STATED
# Kinds of leave other than annual, as a leave record's `leave_type` names them; and the Korean names the
# phrasebook gives the types.
LEAVE_TYPES: dict[str, Words] = {
    "sick": Words(ko=("병가",), en=(r"\bsick\b",)),
    "special": Words(ko=(r"특별\s*휴가", "경조"), en=(r"\bspecial\b",)),
}
KOREAN_LEAVE_TYPE_NAMES = {"annual": "연차", "sick": "병가"}
# "총 8일", "in all": a total after a list of records, not one record's days.
TOTAL = Words(ko=("총", "합계", "합쳐", "모두"), en=(r"in\s+all", "total", "altogether"))

# ----- what a question asks -----------------------------------------------------------------------------
# An amount of days: "며칠 남았어?", "how many days", "how much leave".
DAYS_QUANTITY = Words(
    ko=("며칠", r"몇\s*일", "몇일", r"몇\s*개"),  # "연차 몇 개": leave counted like things
    en=(r"how\s+many\s+days", r"how\s+much\s+(?:leave|vacation|pto)"),
)
# Any amount: "얼마나", "how many", "how much".
HOW_MUCH = Words(ko=("얼마",), en=(r"how\s+many", r"how\s+much"))
# Leave in hours: the HR data keeps days only, so an answer in days does not answer it. Both the offline
# model and the grounding check read hours with this one list ("시간으로" was once only the model's),
# and "hours" may have a Korean particle right after it ("hours로").
HOURS = Words(ko=(r"몇\s*시간", r"시간\s*단위", "시간으로"), en=(r"\bhours?(?![A-Za-z])",))
# When, not how much: dates and records.
WHEN = Words(
    ko=("언제", "날짜", "며칠에", "내역", "기록", "리스트", "목록"),
    en=(
        r"\bwhen\b",
        r"which\s+days",
        r"what\s+days",
        r"\bdates?\b",
        "history",
        r"\brecords?\b",
        r"\blist\b",
        r"\b(?:list|show)\b[^?]*\bdays\b",
        r"\bdays\s+I\s+(?:was|took|had|have\s+been)\b",
    ),
)
# Carrying leave over or paying it out: a company rule the statutory calculator does not answer.
CARRY_OVER_OR_PAY = Words(
    ko=("이월", "넘어가", "수당", r"(?<!연말)(?<!경비)(?<!비용)정산(?!\s*(?:서류|자료))", r"돈으로", "현금"),
    en=(
        r"cash\s+out",
        r"carr(?:y|ies|ied)\s*(?:(?:it|them|those|these|the\s+rest)\s+)?(?:over|forward)",
        r"\bcarry\b(?=[^?.]{0,30}\binto\b)",
        r"\bcash\b(?=\s+(?:\w+\s+)?out\b)",
        r"roll(?:s|ed)?\s*over",
        r"pa(?:y|id)\s*(?:(?:it|them|those|me)\s+)?out",
        "payout",
        r"paid\s+for",
        r"\bcash\b",
    ),
)
# A rule, not an amount: "남은 연차 이월돼?", "does unused leave expire?".
RULES = CARRY_OVER_OR_PAY | Words(
    ko=("소멸", "최대", "한도", "연속"),
    en=(
        r"use\s+it\s+or\s+lose",
        r"\blimit",
        r"\bmaximum\b",
        r"\bmax\b",
        "consecutive",
        r"in\s+a\s+row",
        "expire",
    ),
)
# The Act's leave for the asker (get_leave_entitlement): when leave lapses, when the next arises, the
# first year's monthly days, and why a grant is that many days.
EXPIRY = Words(
    ko=(
        r"소멸\s*예정",  # before 소멸: "소멸 예정 연차" is what lapses, not a plan
        *(
            "소멸",
            "만료",
            r"언제까지\s*(?:써|쓸|사용)",
            r"사라[지져짐졌질진]",
            r"없어[지져졌질]",
            r"날[아라]가",
            r"날[아라]갔",
        ),
        r"날[려렸린](?!\s*(?:주|줘))",  # "몇 개 날렸어?" (blown away), not a bare 날 (a day)
        r"(?:안에|까지)(?:\s*연차(?:를)?)?\s*못\s*쓰면",  # "올해 안에 못 쓰면 어떻게 돼?": what lapses
    ),
    en=(
        r"expir\w*",
        r"\blaps\w*",
        r"use\s+(?:it|them)\s+by",
        r"\bby\s+when\b",
        r"\blos(?:e|ing)\b",
        r"\bforfeit\w*",
    ),
)
# The Act's rules asked by name, each the §60 rule act_rule() states: the most a year, the base a full year
# gives, the extra days of long service. Only beside a word naming the law (ACT_NAMED).
ACT_NAMED = Words(
    ko=(r"법(?:적으로|정|상|으로|에서|에)?", r"근로\s*기준\s*법(?:상|에서|에|으로)?"),
    en=(
        r"\b(?:by|under|in|per)\s+(?:the\s+)?(?:labou?r\s+)?law\b",
        r"\blegal(?:ly)?\b",
        r"\bstatutory\b",
        r"\bthe\s+act\b",
        r"\b(?:the\s+)?labou?r\s+standards\s+act\b",
        r"\bwhat\s+does\s+the\s+law\s+say\b",
    ),
)
ACT_RULES: dict[str, Words] = {
    "max": Words(ko=("최대", "상한", "한도"), en=(r"\bmax(?:imum)?\b", r"\bcap\b", r"\blimit\b")),
    "base": Words(
        ko=("최소", r"기본(?:으로)?", r"1\s*년\s*(?:이상\s*)?(?:일하면|근무하면|채우면|다니면)"),
        en=(
            r"\bminimum\b",
            r"\bonce\s+I'?(?:ve|\s+have)\s+worked\s+a\s+full\s+year\b",
            r"\bafter\s+a\s+full\s+year\b",
        ),
    ),
    "extra": Words(ko=("가산", r"몇\s*년\s*마다"), en=(r"\bextra\s+days?\b", r"\bhow\s+often\b")),
}
# How long the asker has worked here (years of service, from the hire date the Act's leave is counted from):
# the whole phrase, so the reading that answers it reads all of it ("입사한 지 몇 년 됐지?").
# The asker's requests awaiting approval ("결재 대기중인 것도 있나", "any requests pending?"): a balance
# states them (None: not looked up, so not said).
PENDING = Words(
    ko=(
        r"(?:승인|결재)\s*(?:대기|기다리[가-힣]*)(?:\s*중(?:인|이)?)?",
        r"대기\s*중(?:인|이)?",
        # in Konglish: "펜딩된 연차", "아직 어프루브 안 된 거"
        r"펜딩(?:된|중인?|걸린)?",
        r"(?:아직\s*)?(?:어프루브|승인)\s*(?:안|못)\s*(?:된|난|받은)\s*(?:거|건|것)?",
    ),
    en=(
        r"(?:(?:any|my)\s+)?(?:leave\s+)?(?:requests?\s+)?(?:still\s+)?pending(?:\s+(?:leave\s+)?requests?)?(?:\s+approval)?",
        r"(?:(?:any|my)\s+)?(?:leave\s+)?(?:requests?\s+)?(?:awaiting|waiting\s+(?:for|on))\s+approval",
    ),
)
SERVICE = Words(
    ko=(
        r"근속\s*(?:연수|기간|년수)?(?:\s*(?:몇|며)\s*년\s*(?:째|차)?)?",  # "근속 몇 년차예요?"
        r"입사(?:\s*한|\s*하고)?\s*지\s*(?:몇\s*년|얼마(?:나)?)?",
        r"입사\s*(?:몇\s*년|얼마(?:나)?)\s*(?:됐|되었|됬|째|차)?",  # "나 입사 몇 년 됐지?"
        r"(?:회사|여기)\s*(?:에서\s*)?(?:다닌|일한|근무한)\s*지\s*(?:몇\s*년|얼마(?:나)?)?",
        r"몇\s*년\s*(?:째|차)",
    ),
    en=(
        r"how\s+long\s+(?:have|'ve)\s+I\s+(?:been\s+(?:here|working\s+here|with\s+(?:the|this)\s+company|"
        r"at\s+(?:the|this)\s+company|employed(?:\s+here)?)|worked\s+(?:here|at\s+(?:the|this)\s+company|"
        r"for\s+(?:the|this)\s+company))",
        # "how many years have I been at the company / worked for this firm / been working here"
        r"how\s+(?:long|many\s+(?:years|yrs))\s+(?:have|'ve)\s+I\s+(?:been\s+)?(?:working|employed|worked)?\s*"
        r"(?:(?:at|with|for|in)\s+(?:the|this|our)\s+(?:company|firm|place|org(?:ani[sz]ation)?)\b)",
        r"how\s+many\s+(?:years|yrs)\s+(?:have\s+I\s+(?:been\s+(?:here|working\s+here)|worked(?:\s+here)?)|"
        r"(?:of\s+service\s+)?do\s+I\s+have)",
        r"(?:my\s+)?years?\s+of\s+service",
        r"\bmy\s+tenure(?:\s+here)?\b",
    ),
)
NEXT_GRANT = Words(
    ko=("생겨", "생기", "생길", "생깁", r"다음\s*연차", r"언제\s*(?:쯤\s*)?(?:새로\s*)?들어(?:와|오|옴|올)"),
    en=(
        r"next\s+(?:leave|grant|allowance|days?\s+off|(?:batch|lot|round|set)\s+of\s+(?:leave|days))",
        r"when\s+(?:do|will)\s+I\s+get\s+(?:my\s+)?(?:next|more|new)",
        r"new\s+(?:leave|days)\s+(?:arise|come)",
        # "how many days will I have next year?" asks what arises, as "내년엔 며칠 생겨?" does (not what is
        # left of a year: "… will I have left …")
        r"\b(?:(?:will|would)\s+I\s+(?:have|get)|do\s+I\s+get)\b(?![^?]*\bleft\b)[^?]*\bnext\s+year\b",
    ),
)
FIRST_YEAR = Words(
    ko=(
        r"입사\s*1\s*년\s*(?:안|미만|이\s*안|도\s*안|전|이\s*안\s*됐)",
        r"1\s*년\s*미만",
        r"입사\s*첫\s*해에도",
    ),
    en=(
        r"less\s+than\s+(?:a|one)\s+year",
        r"under\s+(?:a|one)\s+year",
        r"(?:(?:in\s+)?(?:your|my|the|their)\s+)?first\s+year(?:\s+of\s+(?:work|service|employment))?\b",
    ),
)
WHY = Words(
    ko=("왜", "어째서", r"어떻게\s*(?:계산|나온|정해)"),
    en=(r"\bwhy\b", r"how\s+(?:is|was|are|were)\s+(?:it|that|this|they|those)\s+(?:calculated|worked\s+out)"),
)
# Applying for, cancelling or approving leave, and where that is done: a procedure, not a figure.
PROCEDURE = Words(
    ko=("신청", "취소", "승인", "결재", "상신", "어디서", "어디에서", "방법", "절차"),
    en=(
        r"how\s+(?:do|can|should)\s+I\s+(?:apply|request|book|cancel|submit|file|put\s+in|check|see)",
        r"how\s+to\b",
        r"where\s+(?:do|can)\s+I",
        r"\bapply\s+for\b",
        r"\bcancel\b",
        r"\bapprov",
        r"\bsubmit\b",
        r"\bbook\b",
    ),
)
# "어떻게 해?": how something is done. The balance check also counts a bare "어떻게"/"where" as asking
# how ("연차 balance 어디서 봐?"); the offline model, which must still look up "작년엔 어떻게 돼?", does not.
HOW_TO_DO = Words(ko=(r"어떻게\s*(?:해|하|써|쓰|내|신청|올려|받|확인)",))
ASKING_HOW = Words(ko=("어떻게", "걸려", "걸리"), en=(r"\bwhere\b", r"\bhow\s+(?:do|can|to|should)\b"))

# ----- what a question asks the offline model to work out ---------------------------------------------
# "쓸 수 있어?", "can I take …": whether some leave may be taken.
CAN_I_TAKE = Words(
    ko=(
        r"쓸\s*수\s*있",
        r"써도\s*(?:돼|되|될)",
        r"낼\s*수\s*있",
        r"내도\s*(?:돼|되)",
        "쉬어도",
        r"쉴\s*수\s*있",
        r"가도\s*(?:돼|되)",
        r"가능(?:해|할까|한가|하니|합니까|할지)",
        r"(?<=려는데)\s*가능\s*(?:[?？]|$)",  # "내일 반차 쓰려는데 가능?" (not "남은 걸로 가능?": whether it fits)
        r"(?<=반차|연차|휴가)\s*가능\s*(?:[?？]|$)",  # "월요일 반차 가능?": taking it
    ),
    en=(
        r"can\s+I\s+(?:take|use|have|get)",
        r"may\s+I\s+(?:take|have)",
        r"am\s+I\s+allowed",
        r"could\s+I\s+take",
        r"take\s+(?:\w+\s+)?off\b",
    ),
)
# The asker's own condition: "3일 쓰면", "if I take".
ASKED_CONDITION = Words(
    ko=(
        "쓰면",
        "사용하면",
        "내면",
        "쉬면",
        "빼면",
        "쓴다면",
        "사용한다면",
        "다녀오면",
        r"(?:쓰고|사용하고)\s*나면",
    ),
    en=(r"if\s+I\s+(?:take|use|book|took|used|booked)", r"after\s+(?:taking|using)"),
)
# Checking a figure: "맞지?", "right?", "don't I?".
CONFIRM = Words(
    ko=("맞", "아니", r"지\s*[?？]", "죠"),
    en=("right", "correct", r"isn'?t\s+it", r"don'?t\s+I", r"do\s+I\b", "still"),
)
HALF_DAY = Words(ko=("반차",), en=(r"half[-\s]?day",))
QUARTER_DAY = Words(ko=("반반차",), en=(r"quarter[- ]?day",))
# "반차 몇 번 썼어?": counting half days, not adding up days.
HALF_DAY_COUNT = Words(
    ko=(
        r"(?:반반차|반차|half[- ]?days?|quarter[- ]?days?)\s*(?:를|을|는|은)?\s*(?:몇\s*(?:번|회|개)|횟수|얼마나)",
        # the days they were taken on, which parts_taken() lists: "반반차 썼던 날이 언제였지?"
        r"(?:반반차|반차)\s*(?:를|을)?\s*(?:쓴|썼던|썼을|사용한)\s*(?:날짜|날|때)(?![^?]*(?:남|잔여))",  # not "… 날 몇 개 남았어?"
    ),
    en=(
        r"how\s+many\s+half[- ]?days",
        r"how\s+many\s+times.*half",
        r"(?:when|which\s+days?|what\s+days?)\s+did\s+I\s+(?:take|use)\s+(?:a\s+|my\s+)?(?:half|quarter)[- ]?days?",
    ),
)


# ----- small talk ---------------------------------------------------------------------------------------
GREETINGS = Words(
    ko=("안녕", "하이", "반가", r"좋은\s*(?:아침|하루|오후|저녁)"),
    en=("hello", r"hi\b", r"hey\b", r"good\s+(?:morning|afternoon|evening)"),
)
# Thanks, or a plain "ok": said at the start of a message.
THANKS = Words(
    ko=("고마워", "고맙", "감사", "땡큐", "ㄱㅅ", r"좋아요?", "알겠", "오케이"),
    en=(
        "thanks",
        r"thank\s+you",
        "thx",
        r"\bty\b",
        "cheers",
        "great",
        "perfect",
        r"ok\b",
        "okay",
        r"got\s+it",
        "appreciate",
    ),
)
# Thanks that end a message ("…감사합니다!").
THANKS_AT_END = Words(
    ko=("감사합니다", "감사해요", "고맙습니다", r"고마워요?"), en=("thanks", r"thank\s+you", "cheers")
)

# ----- a conversation -----------------------------------------------------------------------------------
# A follow-up that leans on the previous question: "그럼 작년은?", "what about 2024?".
FOLLOW_UP = Words(
    ko=("그럼", "그러면", "그건", r"그\s*해"),
    en=(r"and\b", r"what\s+about", r"how\s+about", r"then\b"),
)
