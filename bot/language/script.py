"""Which language a text is in: Korean when it has Hangul in it, else English."""

from __future__ import annotations

import re

_HANGUL = re.compile(r"[\uac00-\ud7a3\u3131-\u318e]")


def is_korean(text: str) -> bool:
    return bool(_HANGUL.search(text))
