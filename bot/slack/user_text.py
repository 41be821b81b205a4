"""A person's or HR's text (a reason, a note, a name, a leave type) as Slack shows it: data, never markup.

Every renderer that puts such text into a message or a view passes it through here, so whoever calls the
renderer is safe without doing anything:

- `&`, `<` and `>` are escaped for mrkdwn: `<!channel>`, `<@U…>` or `<https://…|click here>` show as typed
  and never notify anyone or link anywhere;
- line breaks are folded into ` ⏎ `, so a reason's second line cannot pass for a line of the bot's own
  ("남은 연차 15일 → 승인 후 14일", "*✅ 팀장 사전 승인됨*") and still shows that the person broke the line;
- control characters (NUL, ANSI escapes…), bidi controls and tag characters are dropped
  (`bot/domain/typed_text.py`: the same set a form refuses, for text that came in another way);
- the length is bounded, with `…`.

Emphasis marks (`*`, `_`, `~`) are left as typed: inside one folded line they can embolden a word of the
reason, never start a line that looks like the bot's."""

from __future__ import annotations

import re

from bot.domain.typed_text import unusable_but
from bot.slack.answering.render import escape

FOLD = " ⏎ "

NAME_LIMIT = 80  # an employee's name (HR data)
TYPE_LIMIT = 40  # a leave type's name
TEXT_LIMIT = 500  # a reason or a decision note (the limit at the door; rows stored before it may be longer)

_BREAKS = re.compile(r"[ \t]*(?:\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029])[\s]*")


def plain_of(text: str, limit: int, *, lines: bool = False) -> str:
    """`text` for a `plain_text` object or an input's value: line breaks folded (kept as `\\n` when
    `lines`), what may not be shown dropped, at most `limit` characters."""
    text = text.strip().replace("\r\n", "\n") if lines else _BREAKS.sub(FOLD, text.strip())
    kept = unusable_but("\t\n" if lines else "\t").sub("", text).replace("\t", " ")
    return bounded(kept, limit)


def shown(text: str, limit: int) -> str:
    """`text` for mrkdwn: `plain_of`, then escaped. `limit` counts the characters a reader sees."""
    return escape(plain_of(text, limit))


def bounded(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
