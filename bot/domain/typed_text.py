"""Text people type (a leave request's reason, a decline's or a cancellation's note): which characters it
may hold, checked where it comes in, so SQLite and PostgreSQL store the same things (PostgreSQL refuses a
NUL in text; SQLite would keep it) and nothing invisible reaches a screen, a terminal or a CSV file.

Slack-free. How such text is shown in Slack is `bot/slack/user_text.py`; it drops what this refuses, for
text that came in another way (HR data, rows stored before the rule)."""

from __future__ import annotations

import re
from functools import cache

# Bidi controls reorder the text shown around them ("Trojan Source"); a reason or a name never needs one.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Unicode tag characters: invisible, and read by language models as text (hidden instructions).
TAGS = range(0xE0000, 0xE0080)
# Control characters (C0, DEL, C1: NUL, ESC of ANSI escapes, CR, tab…), lone surrogates (not UTF-8 at all)
# and the line and paragraph separators (a new line to some screens).
UNUSABLE_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})

# The characters of those categories, listed, so text is scanned by one regular expression instead of
# character by character: Unicode fixes Cc and Cs for good, and Zl and Zp are one character each (a test
# holds the class to the categories over every code point).
_OTHERS = (
    r"\x7f-\x9f\ud800-\udfff\u2028\u2029"
    + "".join(f"\\u{ord(c):04x}" for c in sorted(BIDI_CONTROLS))
    + f"\\U{TAGS.start:08x}-\\U{TAGS.stop - 1:08x}"
)
UNUSABLE = re.compile(rf"[\x00-\x1f{_OTHERS}]")


@cache
def unusable_but(kept: str) -> re.Pattern[str]:
    """The unusable characters but those `kept` (a tab, a newline: all control characters)."""
    return re.compile(rf"(?![{re.escape(kept)}])[\x00-\x1f{_OTHERS}]") if kept else UNUSABLE


def unusable(character: str) -> bool:
    """A character no typed text may hold."""
    return UNUSABLE.fullmatch(character) is not None


def first_unusable(text: str, *, lines: bool = False) -> str | None:
    """The first character of `text` that may not be used, or None. `lines`: a multi-line field, where a
    newline (and only a newline) is allowed."""
    found = unusable_but("\n" if lines else "").search(text)
    return found.group() if found else None


def character_problem(text: str, *, lines: bool = False) -> tuple[str, str] | None:
    """What to say, in Korean and English, of the first character that may not be used; None: all fine.
    The character is named by its code point: printed as itself it would be invisible, or act."""
    found = first_unusable(text, lines=lines)
    if found is None:
        return None
    code = f"U+{ord(found):04X}"
    return f"이 글자는 쓸 수 없어요: {code}.", f"This character can't be used: {code}."
