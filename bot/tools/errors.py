"""The one exception a tool raises on purpose, and the reasons it may give."""

from __future__ import annotations

from typing import Literal

# Why a lookup failed, as the audit log records it. `ok` is the outcome of a lookup that did not fail.
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


class ToolError(Exception):
    """An expected failure whose message is safe to give the model as an `is_error` tool_result.

    `reason` is for the audit log; `year` is set once the input has been validated.
    """

    def __init__(self, message: str, reason: FailureReason = "invalid_input", year: int | None = None):
        super().__init__(message)
        self.reason: FailureReason = reason
        self.year = year
