"""What every listener needs, built once per app."""

from __future__ import annotations

from dataclasses import dataclass

from bot.core.loop import Assistant
from bot.slack.identity import SlackIdentity


@dataclass(frozen=True)
class Deps:
    assistant: Assistant
    identity: SlackIdentity
    trace_always: bool  # OFFICEBOT_TRACE=on: every answer on a private surface gets its trace
