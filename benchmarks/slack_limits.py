"""`python -m benchmarks.slack_limits`: answers at company scale under Slack's rate limits.

N people each ask one question, spread evenly over S seconds, the model at L seconds a call (two calls an
answer), against a Slack stand-in that enforces Slack's published limits as Slack does (429 with
Retry-After; `SlackStandIn.enforce_limits`), with streaming available. The bot runs in its own process, as
`officebot run` (benchmarks/__main__.py's rig). Reported: answered, latency from the question to its
answer reaching Slack (p50 / p95 / max), the 429s by method, how the answers were shown, and how many
questions cost a read of their conversation from Slack (`conversations.replies` / `.history`, Tier 3).
The limit for the latency is the model's own time, 2 × L.

Two modes: each person asks at the top level of their DM (the default), or `--threaded`: each asks in a
new agent-view thread, a reply under the bot's greeting (posted when they opened the DM), as the agent
view has people ask. `--both` runs one after the other. A table of the modes run follows the JSON.

    python -m benchmarks.slack_limits                       # 120 people over 60 s, model 1 s a call
    python -m benchmarks.slack_limits --threaded --people 300 --seconds 120
    python -m benchmarks.slack_limits --both --postgres-url postgresql://postgres@127.0.0.1:5432/postgres
                                        # two processes on a scratch PostgreSQL database, limits shared
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from benchmarks.__main__ import machine, pct, rig, user_id, write_hr_data
from benchmarks.cluster import PROCESSES, cluster, scratch_database
from tests.support.slack_api import Call

FINAL = "officebot_final"
GREETING = "안녕하세요! 연차에 대해 무엇이든 물어보세요."
READS = (
    "conversations.replies",
    "conversations.history",
)  # the metadata every final answer carries, streamed, posted or edited
SHOWN_BY = {"chat.stopStream": "stream", "chat.postMessage": "status", "chat.update": "placeholder"}


def _answer_in(channel: str | None) -> Callable[[Call], bool]:
    def final(call: Call) -> bool:
        return (
            call.args.get("channel") == channel
            and (call.args.get("metadata") or {}).get("event_type") == FINAL
        )

    return final


@asynccontextmanager
async def bots(workdir: Path, people: int, latency: float, postgres_url: str | None) -> AsyncIterator[Any]:
    """One process on SQLite, or two on a scratch PostgreSQL database (benchmarks/cluster.py)."""
    if postgres_url is None:
        async with rig(workdir, people, model_latency=latency, slack_limits=True) as one:
            yield one
        return
    async with (
        scratch_database(postgres_url, workdir / "hr.json") as scratch,
        cluster(
            workdir, "limits", scratch.url, people, latency=latency, takeover_after=None, slack_limits=True
        ) as two,
    ):
        yield two


async def measure(
    people: int, seconds: float, latency: float, postgres_url: str | None, *, threaded: bool = False
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="officebot-limits-") as folder:
        workdir = Path(folder)
        write_hr_data(workdir / "hr.json", people)
        async with bots(workdir, people, latency, postgres_url) as r:
            # The greetings each person's thread will be under, there before anyone asks.
            greetings = {i: r.slack.bot_message(f"D{user_id(i)}", GREETING) for i in range(1, people + 1)}
            cpu_before = r.cpu_seconds()
            start = time.perf_counter()
            sent = []
            for i in range(1, people + 1):
                await asyncio.sleep(max(0.0, start + (i - 1) * seconds / people - time.perf_counter()))
                thread = greetings[i] if threaded else None
                sent.append(
                    await r.slack.user_message(user_id(i), "올해 연차 며칠 남았어?", thread_ts=thread)
                )
            answers = await asyncio.gather(
                *(r.slack.wait_for(_answer_in(s.channel), timeout=600) for s in sent)
            )
            latencies = [answer[0].at - s.sent_at for s, answer in zip(sent, answers, strict=True)]
            shown = collections.Counter(
                SHOWN_BY.get(answer[0].method, answer[0].method) for answer in answers
            )
            calls = collections.Counter(c.method for c in r.slack.calls)
            reads = sum(calls[method] for method in READS)
            return {
                "mode": "threaded" if threaded else "top-level",
                "processes": 1 if postgres_url is None else PROCESSES,
                "people": people,
                "over_s": seconds,
                "model_latency_s": latency,
                "answered": len(answers),
                "latency_p50_s": round(pct(latencies, 0.5), 2),
                "latency_p95_s": round(pct(latencies, 0.95), 2),
                "latency_max_s": round(max(latencies), 2),
                "rate_limited": dict(collections.Counter(r.slack.refused)),
                "shown": dict(shown),
                "history_reads": reads,
                "history_reads_pct": round(100 * reads / people, 1),
                "slack_calls": dict(calls),
                "bot_cpu_s": round(r.cpu_seconds() - cpu_before, 2),
                "wall_s": round(time.perf_counter() - start, 1),
            }


def table(results: list[dict[str, Any]]) -> str:
    """The modes side by side: what the issue's "done when" is read from."""
    lines = [
        "| mode | processes | people / s | answered | p50 s | p95 s | max s | 429s | history reads |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        refused = sum(r["rate_limited"].values())
        lines.append(
            f"| {r['mode']} | {r['processes']} | {r['people']} / {r['over_s']:g} | {r['answered']} "
            f"| {r['latency_p50_s']} | {r['latency_p95_s']} | {r['latency_max_s']} | {refused} "
            f"| {r['history_reads']} ({r['history_reads_pct']} %) |"
        )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=120)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--latency", type=float, default=1.0, help="seconds per model call")
    parser.add_argument("--postgres-url", help="two processes on a scratch database on this server")
    modes = parser.add_mutually_exclusive_group()
    modes.add_argument("--threaded", action="store_true", help="each question in a new agent-view thread")
    modes.add_argument("--both", action="store_true", help="top-level, then threaded")
    args = parser.parse_args()
    runs = [False, True] if args.both else [args.threaded]
    results = [
        asyncio.run(measure(args.people, args.seconds, args.latency, args.postgres_url, threaded=threaded))
        for threaded in runs
    ]
    print(json.dumps({"machine": machine(), "runs": results}, ensure_ascii=False, indent=2))
    print(table(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
