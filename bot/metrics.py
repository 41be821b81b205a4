"""What an operator graphs: questions received / answered / failed by surface, model and tool calls,
answer latency, answers in flight and waiting, inbox depth, takeovers, Slack's budget (429s and the
time calls waited for it, by method) and where follow-ups' history came from. Prometheus format through prometheus-client, in a registry of our own
(so every bot, and every test, counts for itself). The core stays free of it: model and tool calls are
counted from each turn's trace."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

from bot.agent.trace import Grounded, Trace

# Seconds, from the question's arrival at the worker to the answer posted; around the 2-call model time.
_LATENCY_BUCKETS = (0.25, 0.5, 1, 2, 3, 5, 8, 13, 21, 34, 60)


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.received = Counter(
            "officebot_questions_received",
            "Questions accepted from Slack",
            ["surface"],
            registry=self.registry,
        )
        self.answered = Counter(
            "officebot_questions_answered",
            "Questions answered (or told why not)",
            ["surface"],
            registry=self.registry,
        )
        self.failed = Counter(
            "officebot_questions_failed",
            "Questions that ended in an apology",
            ["surface"],
            registry=self.registry,
        )
        self.model_calls = Counter("officebot_model_calls", "Messages API calls", registry=self.registry)
        self.tool_calls = Counter(
            "officebot_tool_calls", "Tool requests run", ["tool", "outcome"], registry=self.registry
        )
        self.latency = Histogram(
            "officebot_answer_seconds",
            "Time to answer a question",
            ["surface"],
            buckets=_LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.in_flight = Gauge(
            "officebot_answers_in_flight", "Answers being worked on", registry=self.registry
        )
        self.waiting = Gauge(
            "officebot_answers_waiting",
            "Questions in this process waiting for a free slot (OFFICEBOT_MAX_INFLIGHT)",
            registry=self.registry,
        )
        self.inbox_depth = Gauge(
            "officebot_inbox_depth",
            "Questions recorded and not yet finished, in every process (read periodically)",
            registry=self.registry,
        )
        self.grounding = Counter(
            "officebot_grounding_checks",
            "Answers checked before posting, by path (named figures, or the plain-text fallback) and outcome",
            ["path", "outcome"],
            registry=self.registry,
        )
        self.presentation = Counter(
            "officebot_answer_presentation",
            "How each DM answer was shown: streamed, status then one post, or a placeholder edited",
            ["presentation"],
            registry=self.registry,
        )
        self.rate_limited = Counter(
            "officebot_slack_rate_limited",
            "Slack calls answered 429 (Retry-After honoured), by Web API method",
            ["method"],
            registry=self.registry,
        )
        self.slack_wait = Counter(
            "officebot_slack_wait_seconds",
            "Seconds Slack calls waited for their method's rate-limit budget, by Web API method",
            ["method"],
            registry=self.registry,
        )
        self.history = Counter(
            "officebot_conversation_history",
            "Where a DM question's earlier turns came from: our records, or a Slack read "
            "(conversations.replies / conversations.history)",
            ["source"],
            registry=self.registry,
        )
        self.taken_over = Counter(
            "officebot_questions_taken_over",
            "Questions this process took over from one that crashed or shut down",
            registry=self.registry,
        )

    def count_turn(self, trace: Trace) -> None:
        self.model_calls.inc(len(trace.model_calls))
        for result in trace.tool_results:
            self.tool_calls.labels(result.name, result.outcome).inc()
        for step in trace.steps:
            if isinstance(step, Grounded):
                self.grounding.labels(step.path, "held" if not step.failed else "failed").inc()

    def exposition(self) -> bytes:
        return generate_latest(self.registry)
