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
        r"\bbook\b",
        r"\brequest\b",
        r"\btake\b[^?]*\b(?:leave|day|days)\b",
        r"\b(?:I\s+(?:want|need)|I'?d\s+like|I\s+would\s+like)\b[^?]*\b(?:leave|off|half[-\s]?day|day)\b",
        r"\bput\s+(?:me\s+)?(?:in|down)\b",
        r"\b(?:log|file|enter|mark|put)\b[^?]*\b(?:leave|off|vacation|pto)\b",
        r"\bschedule\b",
    ),
)
MORNING_HALF = Words(ko=(r"오전\s*반차",), en=(r"\bmorning\b", r"\ba\.?m\.?\s*half"))
AFTERNOON_HALF = Words(ko=(r"오후\s*반차",), en=(r"\bafternoon\b", r"\bp\.?m\.?\s*half"))
