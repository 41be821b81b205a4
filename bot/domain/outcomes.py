"""How a tool request ended: `ok`, or why it failed. Named here once; the toolbox sets it, the audit log
records it, the phrasebook explains it to a person. A failure's facts (the year, the years that exist,
the range that may be asked) are read back from the tool's reason here, below the tools, so the
phrasebook and the offline model need not import a tool."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

FailureReason = Literal[
    "invalid_input",
    "injected_field",
    "out_of_range",
    "no_record",
    "unknown_employee",
    "store_unavailable",
    "unknown_tool",
    "internal",
]
Outcome = Literal["ok"] | FailureReason


# The failure texts of the HR tools (bot/tools/hr_reads.py), read back (a model reading the wire, the
# phrasebook saying it in Korean): the year asked about, the years that do exist, the range to ask.
_FAILED_YEAR = re.compile(r"(?:record for|year) (\d{4,5})\b")
_EXISTING = re.compile(r"records exist for ([\d, ]+)")
_RANGE = re.compile(r"ask about (\d{4})–(\d{4})")


@dataclass(frozen=True)
class FailureFacts:
    year: int | None = None
    existing: tuple[int, ...] = ()
    range: tuple[int, int] | None = None


def failure_facts(reason: str) -> FailureFacts:
    year = _FAILED_YEAR.search(reason)
    existing = _EXISTING.search(reason)
    span = _RANGE.search(reason)
    return FailureFacts(
        int(year.group(1)) if year else None,
        tuple(int(y) for y in re.findall(r"\d{4}", existing.group(1))) if existing else (),
        (int(span.group(1)), int(span.group(2))) if span else None,
    )
