"""The words of asking for leave on a date ("12월 24일 오후 반차 쓸래", "next Thursday and Friday off") and of
the half of the day asked for: the draft tool's vocabulary (issue 21). Apart from `words.py` because only
a request reads them, and a balance question is not one (see bot/llm/drafting.py).
"""

from __future__ import annotations

from bot.language.words import Words

# ----- asking for leave (issue 21: the draft tool) --------------------------------------------------------
# Saying one wants leave on a date: "12월 24일 오후 반차 쓸래", "next Thursday and Friday off". A question
# about a balance ("며칠 남았어?", "how many days off do I have?") is not one (see bot/llm/drafting.py).
WANTS_LEAVE = Words(
    ko=(
        r"쓸래",
        r"쓸게",
        r"쓰고\s*싶",
        r"낼래",
        r"내고\s*싶",
        r"쉴래",
        r"쉬고\s*싶",
        r"신청해\s*줘",
        r"신청해\s*주세요",
        r"신청할래",
        r"신청하고\s*싶",
        r"잡아\s*줘",
        r"넣어\s*줘",
        r"(?:쓸|낼|쉴|신청할)\s*(?:게|께)",
        r"(?:쓰|내|쉬|신청하)겠",
        r"(?:쓰|내|쉬|신청하)려고",
        r"(?:쓸|낼|쉴)\s*예정",
        r"신청(?:합니다|할게요|요)",
        r"(?<![가-힣])(?:연차|휴가|반차)\s*신청\s*[.!~]*\s*$",
    ),
    en=(
        r"\boff\b",
        # booking, requesting, scheduling or putting in *leave*: "book me a meeting room" is no day off
        r"\b(?:book|request|schedule)\b(?=[^?]*\b(?:off|leave|vacation|pto|holiday|half[-\s]?day)\b)",
        r"\btake\b[^?]*\b(?:leave|day|days)\b",
        r"\b(?:I\s+(?:want|need)|I'?d\s+like|I\s+would\s+like)\b[^?]*\b(?:leave|off|half[-\s]?day|day)\b",
        r"\bput\s+(?:me\s+)?(?:in|down)\b(?=[^?]*\b(?:off|leave|vacation|pto|half[-\s]?day|for)\b)",
        r"\b(?:log|file|enter|mark|put)\b[^?]*\b(?:leave|off|vacation|pto)\b",
    ),
)
# The words of a plan alone, short, so a reading may blank them ("쉬려고 하는데", "planning to", "want to
# take"): never WANTS_LEAVE's English, whose "take … days" spans the words between.
PLAN_WORDS = Words(
    ko=(
        r"(?:쓰|내|쉬|가)려(?:고|는데|면)",
        r"하(?:려)?는데",
        "계획",
        "예정",
        r"(?<=고)\s*싶(?:은데|어요|어|다)",
    ),
    en=(
        r"\bplan(?:ning|s)?(?:\s+to)?\b",
        r"\bgoing\s+(?:to|on)\b",
        r"\b(?:want|wanna|'d\s+like|would\s+like)(?:\s+to)?\b",
        # "thinking of going away Dec 14 to Dec 31", "considering taking …"
        r"\b(?:thinking\s+(?:of|about)|considering)\b",
        r"\b(?:going|be(?:ing)?)\s+away\b",
    ),
)
# Saying one plans leave, beside asking about it ("쉬려고 하는데 몇 개 남아?", "planning to take … off").
PLANS = WANTS_LEAVE | PLAN_WORDS
# Why the days are taken, when it is travel: never changes how many days they take ("일본 여행 가려는데",
# "a trip to Japan"). Not a wedding or a funeral: those may be other leave (경조사), so they stay unread.
TRAVEL = Words(
    ko=(
        r"(?:[가-힣]+\s*)?여행\s*(?:을|를)?\s*(?:가려(?:고|는데)?|갈|가|가는데|가서)?",
        r"놀러\s*(?:가려(?:고|는데)?|가)",
    ),
    en=(
        r"\b(?:a\s+)?(?:trip|travel\w*|vacation|getaway)"
        r"(?:\s+to\s+(?!(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)[A-Za-z]+)?",
        r"✈️?",
    ),
)
MORNING_HALF = Words(ko=(r"오전\s*반차",), en=(r"\bmorning\b", r"\ba\.?m\.?\s*half"))
AFTERNOON_HALF = Words(ko=(r"오후\s*반차",), en=(r"\bafternoon\b", r"\bp\.?m\.?\s*half"))
