"""What every command that reads the company's policy does when HR's stored row cannot be read: one line
naming the fix, and exit 2 (`REFUSED`, the exit code of every refusal on the command line)."""

from __future__ import annotations

from typing import TextIO

from bot.policy.company import CompanyPolicy
from bot.ports.policy import PolicyStore, UnreadablePolicy

REFUSED = 2  # a refused command's exit code: bad input, one line on stderr, nothing written


async def policy_or_say_why(store: PolicyStore, err: TextIO) -> CompanyPolicy | None:
    """The policy in force; None, with the one line said, when the stored row cannot be read."""
    try:
        return await store.current()
    except UnreadablePolicy as exc:
        print(f"officebot: {exc}: fix it with `officebot policy set`", file=err)
        return None
