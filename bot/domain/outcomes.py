"""How a tool request ended: `ok`, or why it failed. Named here once; the toolbox sets it, the audit log
records it, the phrasebook explains it to a person."""

from __future__ import annotations

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
    "not_allowed",  # a role's action (HR's, a manager's) by someone without that role: refused, audited
]
Outcome = Literal["ok"] | FailureReason


@dataclass(frozen=True)
class FailureFacts:
    """What a failed lookup knows besides its kind, carried as values from the toolbox to the
    phrasebook (never read back from the tool's English text): the year asked about, the years that do
    have records (no record), and the years that may be asked (out of range)."""

    year: int | None = None
    existing: tuple[int, ...] = ()
    range: tuple[int, int] | None = None


NO_FACTS = FailureFacts()
