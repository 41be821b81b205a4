"""How a tool request ended: `ok`, or why it failed. Named here once; the toolbox sets it, the audit log
records it, the phrasebook explains it to a person."""

from __future__ import annotations

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
