"""Which language a text is in: Korean when it has Hangul in it, unless it is English with a Korean word or
two in it ("If I take Dec 31 as a half day (반차), how much is left?"): more than a quarter of the words in Hangul is
enough for Korean ("연차 balance 얼마야?" is Korean), fewer is English."""

from __future__ import annotations

import re

_HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")
_HANGUL_WORD = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]+")
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def is_korean(text: str) -> bool:
    if not _HANGUL.search(text):
        return False
    return len(_HANGUL_WORD.findall(text)) * 3 > len(_LATIN_WORD.findall(text))
