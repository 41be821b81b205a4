"""Text people type (a leave request's reason, a decline's or a cancellation's note): which characters it
may hold, checked where it comes in, so SQLite and PostgreSQL store the same things (PostgreSQL refuses a
NUL in text; SQLite would keep it) and nothing invisible reaches a screen, a terminal or a CSV file.

Slack-free. How such text is shown in Slack is `bot/slack/user_text.py`; it drops what this refuses, for
text that came in another way (HR data, rows stored before the rule)."""

from __future__ import annotations

import unicodedata

# Bidi controls reorder the text shown around them ("Trojan Source"); a reason or a name never needs one.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Unicode tag characters: invisible, and read by language models as text (hidden instructions).
_TAGS = range(0xE0000, 0xE0080)

# Control characters (C0, DEL, C1: NUL, ESC of ANSI escapes, CR, tab…), lone surrogates (not UTF-8 at all)
# and the line and paragraph separators (a new line to some screens).
_UNUSABLE_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})


def unusable(character: str) -> bool:
    """A character no typed text may hold."""
    return (
        unicodedata.category(character) in _UNUSABLE_CATEGORIES
        or character in BIDI_CONTROLS
        or ord(character) in _TAGS
    )


def first_unusable(text: str, *, lines: bool = False) -> str | None:
    """The first character of `text` that may not be used, or None. `lines`: a multi-line field, where a
    newline (and only a newline) is allowed."""
    return next((c for c in text if unusable(c) and not (lines and c == "\n")), None)


def character_problem(text: str, *, lines: bool = False) -> tuple[str, str] | None:
    """What to say, in Korean and English, of the first character that may not be used; None: all fine.
    The character is named by its code point: printed as itself it would be invisible, or act."""
    found = first_unusable(text, lines=lines)
    if found is None:
        return None
    code = f"U+{ord(found):04X}"
    return f"이 글자는 쓸 수 없어요: {code}.", f"This character can't be used: {code}."
