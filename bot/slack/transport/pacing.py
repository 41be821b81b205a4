"""How long the Slack shell waits on its own account: every delay it chooses itself, in one place.

Not Slack's `Retry-After` (always honoured as sent: a call it holds back for longer than
`bot.slack.transport.rate_limits.LONGEST_WAIT` fails at once rather than be made early) and not the operator's settings (`OFFICEBOT_DEADLINE`,
`OFFICEBOT_SLACK_TIMEOUT`, …): these are the fixed pauses of retries, backoffs and give-ups that production
never needs to change. `SlackBot(pacing=…)` takes another `Pacing` so that the tests exercise the same
waits, in the same order, in milliseconds instead of seconds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.services.stores import WRITE_CHECK_TIMEOUT
from bot.slack.answering.stream import COALESCE_STEPS
from bot.slack.transport.socket_mode import ReconnectBackoff


@dataclass(frozen=True)
class Pacing:
    # Socket Mode reconnects: exponential backoff with jitter (bot.slack.transport.socket_mode).
    reconnect: ReconnectBackoff = field(default_factory=ReconnectBackoff)
    # Recording a question may take this long before its ack is given up (Slack wants the ack in 3 s).
    accept_timeout: float = 2.0
    # An answer Slack refused as busy is posted again: first wait, doubling to the longest, given up after.
    deliver_first_wait: float = 1.0
    deliver_longest_wait: float = 10.0
    deliver_retry_for: float = 60.0
    # Recording "answered" through a database that refuses writes (a failover): the same shape, longer.
    record_first_wait: float = 0.2
    record_longest_wait: float = 10.0
    record_retry_for: float = 120.0
    # The SDK's own retries: a 429 waits Retry-After plus up to this much jitter (the SDK's 1 s), a 5xx
    # waits this factor × 2^attempt (the SDK's 0.5 s).
    rate_limit_jitter: float = 1.0
    server_error_backoff: float = 0.5
    # /readyz: another connection holding the database's write lock this long reads as not ready.
    write_check_timeout: float = WRITE_CHECK_TIMEOUT
    # A streamed answer's steps that come within this long of each other go in one append.
    stream_coalesce: float = COALESCE_STEPS
    # A leave request's message whose try got no answer from Slack is tried again after this long; and how
    # often messages nobody delivered (a decision made at the terminal, a process that died) are swept up.
    request_backoff: float = 30.0
    request_sweep: float = 15.0


PRODUCTION = Pacing()
