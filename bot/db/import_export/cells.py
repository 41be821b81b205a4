"""Spreadsheet formulas in CSV cells, kept out on export and read back unchanged on import.

HR opens exported CSV in a spreadsheet, which runs a cell beginning with =, +, - or @ as a formula and
may skip a leading tab or carriage return to find one: CSV / formula injection (OWASP). The exporter
writes such a cell with a leading `'` (a spreadsheet shows it as text) and the importer takes that quote
off again, both through this one pair so the two cannot drift apart. A text that already begins with `'`
gets one more, so an added quote is always followed by one of these characters or by `'`, and a
hand-written `'Ollie` (followed by neither) is kept as written. JSON is not opened by spreadsheets and
is not touched.

Requests are export only (never read back), and what people typed into them may hold characters that a
terminal or spreadsheet acts on (ANSI escapes, bidi controls: rows stored before the form refused them).
`requests.csv` shows each as U+FFFD (`visible_cell`); the JSON keeps them, escaped.
"""

from __future__ import annotations

import re

from bot.domain.typed_text import unusable_but

_QUOTED_FIRST = frozenset("=+-@\t\r'")
# Left alone: a spreadsheet reads a plain decimal as a number, never a formula, and the exporter writes
# amounts like -1.5 this way. ASCII digits only, the whole cell: `-1-1` or full-width digits are quoted.
_PLAIN_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")


def neutralise_cell(text: str) -> str:
    """`text` as a CSV cell a spreadsheet will not run as a formula; `restore_cell` gives it back."""
    if text[:1] in _QUOTED_FIRST and not _PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


def restore_cell(cell: str) -> str:
    """The text `neutralise_cell` made `cell` from: one leading `'` off, only where it would have added
    one (followed by a formula character or another `'`). Any other cell is the text itself."""
    if cell[:1] == "'" and cell[1:2] in _QUOTED_FIRST:
        return cell[1:]
    return cell


def visible_cell(text: str) -> str:
    """`text` with each character no typed text may hold (`bot/domain/typed_text.py`) shown as U+FFFD;
    line breaks and tabs are kept (the CSV writer quotes them)."""
    return unusable_but("\n\t").sub("\ufffd", text)
