"""A sentence told, not asked: the words of a story around a question ("I have no idea what state my leave is
in", "병가 끝나고 나니 날짜 감각이 없네요") hold asking words that ask nothing. Shared by the number check (a
stretch no quote covers) and the offline model (a clause its reading need not account for), so both read
a story alike."""

from __future__ import annotations

import re

from bot.language.question_words import ASKING

_MARKS = " ?!.~,;:…\"'()[]"


def is_told(sentence: str) -> bool:
    """A sentence told, not asked: no question mark, no asking word opening it, no request ("tell me",
    "wondering", "알려", "궁금"), and in Korean a telling ending ("…모르더라고요", "…합니다")."""
    return (
        "?" not in sentence
        and not opens_with_ask(sentence)
        and not _REQUEST.search(sentence)
        and (
            sentence.isascii()
            or bool(_TELLING_ENDING.search(sentence))
            # a past ending with no asking word in it ("애 보느라 연차를 거의 못 썼어요"); "지금 몇 개
            # 남았어요" asks, mark or none
            or bool(_PAST_ENDING.search(sentence) and not ASKING.search(sentence))
        )
    )


_REQUEST = re.compile(
    r"알려|궁금|알고\s*싶|확인\s*(?:해|부탁)|봐\s*주|\b(?:tell|show)\s+me\b|\blet\s+me\s+know\b|"
    r"\b(?:can|could|would|will)\s+you\b|\bplease\b|\bpls\b|\bwonder(?:ing)?\b|\bcurious\b|"
    r"\b(?:want|need|like)\s+to\s+know\b|\bconfirm\b|\bcheck\b",
    re.I,
)
_TELLING_ENDING = re.compile(
    r"(?:더라고요|더라구요|거든요|네요|군요|습니다|합니다|했어요|했는데요)\s*[.!~…ㅠㅜㅎㅋ]*\s*$"
)


_PAST_ENDING = re.compile(r"[았었였했썼갔왔냈됐봤줬겼났]어요\s*[.!~…ㅠㅜㅎㅋ\s]*$")


def opens_with_ask(stretch: str) -> bool:
    """Whether an asking word opens the stretch, after a connective ("and", "그리고", "ok")."""
    opening = _CONNECTIVE.sub("", stretch.strip(_MARKS + " "))
    return any(m.start() == 0 for m in ASKING.finditer(opening))


_CONNECTIVE = re.compile(
    r"^(?:(?:and|also|so|plus|oh|btw|then|ok(?:ay)?|hey|hi|hello|yo|um+|well|anyway|그리고|근데|또|그럼)\b[\s,!.]*)+",
    re.I,
)
