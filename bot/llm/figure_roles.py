"""Which of the three figures (remaining, used, granted) the words beside a number in the offline model's
own answer make it: the nearest role word in the number's clause, not one nearer another number, not a
verb in the conditional. Apart from the naming of figures because it reads words, not values: the naming
asks it once per amount and weighs the answer against the lookup.
"""

from __future__ import annotations

import re

from bot.language import words
from bot.language.number_tokens import numbers_in
from bot.language.words import pattern

# Words that present an amount as the person's leave of one kind: the vocabulary's, once.
_ROLE_WORDS: dict[str, re.Pattern[str]] = {
    "remaining": pattern(words.REMAINING, words.REMAINING_STATED),
    "used": pattern(words.USED, words.USED_STATED),
    "granted": pattern(words.GRANTED, words.GRANTED_STATED),
}
# A verb in the conditional states nothing: "3일 사용하시면" is a what-if, not leave used.
_CONDITIONAL = re.compile(r"\s*(?:하시면|하면|하시려|하려|할\s*예정|하실\s*예정)|(?:면|도|려면)(?![가-힣])")
# What may not sit beside the person's own number: the plain words for the three figures ("10일 남아",
# "5 days left"), not the broader ones ("반차 사용 가능해요" says what may be done with the person's 반차).
_PLAIN_ROLE_WORDS: dict[str, re.Pattern[str]] = {
    "remaining": pattern(words.REMAINING),
    "used": pattern(words.USED),
    "granted": pattern(words.GRANTED),
}
_CLAUSE_EDGE = re.compile(r"[.!?\n;|,()\[\]:·•]|\s[-–—]\s")


def role_beside(
    text: str, span_start: int, span_end: int, reach: int = 24, *, plain_words: bool = False
) -> str | None:
    """The leave role the words nearest the span's number give it (inside the span too: "5 days left"),
    within its clause and `reach` characters. A role word nearer to another number belongs to that
    number ("부여 15일 중 7.5일 사용": 사용 is the 7.5's, 부여 the 15's), and one with another number in
    between is never this span's."""
    tokens = numbers_in(text)
    own = [t for t in tokens if t.start >= span_start and t.end <= span_end]
    start, end = (own[0].start, own[-1].end) if own else (span_start, span_end)
    others = [t for t in tokens if t.end <= span_start or t.start >= span_end]
    left = max((m.end() for m in _CLAUSE_EDGE.finditer(text, 0, start)), default=0)
    right_edge = _CLAUSE_EDGE.search(text, end)
    right = right_edge.start() if right_edge else len(text)
    nearest: tuple[int, str] | None = None
    for role, finder in (_PLAIN_ROLE_WORDS if plain_words else _ROLE_WORDS).items():
        for match in finder.finditer(text, max(left, start - reach), start):
            if _CONDITIONAL.match(text, match.end()):
                continue
            distance = start - match.end()
            if any(match.end() <= t.start and t.end <= start for t in others):
                continue  # another number stands between
            if any(t.end <= match.start() and match.start() - t.end < distance for t in others):
                continue  # nearer to the number before it
            if nearest is None or distance < nearest[0]:
                nearest = (distance, role)
        for match in finder.finditer(text, end, min(right, end + reach)):
            if _CONDITIONAL.match(text, match.end()):
                continue
            distance = match.start() - end
            if any(end <= t.start and t.end <= match.start() for t in others):
                break  # another number stands between
            if any(t.start >= match.end() and t.start - match.end() < distance for t in others):
                continue  # nearer to the number after it
            if nearest is None or distance < nearest[0]:
                nearest = (distance, role)
            break
    return nearest[1] if nearest else None
