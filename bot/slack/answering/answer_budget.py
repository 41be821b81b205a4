"""What a DM answer takes from the Slack budget (`bot/slack/transport/rate_limits.py`) before it chooses how to be
shown: a stream's start and stop, a placeholder's edit. Taken up front so that answers chosen together
cannot outrun a method's budget, and nobody waits for a 429."""

from __future__ import annotations

from collections.abc import Mapping

from bot.slack.answering.stream import STREAM_APPENDS
from bot.slack.transport.client import give_back_unused, prepaid
from bot.slack.transport.rate_limits import Limiter

# A stream's start and its stop (both Tier 2): the stop is taken with the start, so a stream once started
# can always be finished.
_STREAM = {"chat.startStream": 1, "chat.stopStream": 1}
# One edit of a placeholder (Tier 3).
PLACEHOLDER_EDIT = {"chat.update": 1}


class AnswerBudget:
    """One answer's claims on the process's `limiter` (a reply made alone gets a fresh one)."""

    def __init__(self, limiter: Limiter) -> None:
        self.limiter = limiter

    def stream(self) -> bool:
        """Takes a stream's start and stop from the budget, if its task cards' appends (Tier 4) fit too."""
        if self.limiter.wait_for("chat.appendStream", count=STREAM_APPENDS) > 0:
            return False
        return self.prepay(_STREAM)

    def give_back_stream(self) -> None:
        """A stream that did not start: the stop taken with the start will never be made (nor the start,
        if Slack never saw it)."""
        give_back_unused(self.limiter, _STREAM)

    def prepay(self, calls: Mapping[str, int]) -> bool:
        """Takes every one of `calls` from the budget now, for this task to make later without waiting
        (`prepaid`), if all fit; else takes none and says so."""
        if not self.limiter.try_take_all(calls):
            return False
        prepaid(calls)
        return True
