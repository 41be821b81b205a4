"""`python -m benchmarks`: OfficeBot's overhead, parallel tools, concurrency, ack latency, memory and tokens.

The bot runs in its own process (benchmarks/bot_process.py, the same `serve` as `officebot run`), in Socket Mode
against loopback stand-ins in this process: Slack (Web API + Socket Mode WebSocket, tests/support/slack_api.py)
and the Messages API (the offline model behind a configurable latency, tests/support/messages_api.py).
Prints a table and writes the figures to benchmarks/results/latest.json (ignored by git). Run it from a
checkout: the benchmark and the stand-ins are not part of the installed package.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.support.messages_api import MessagesAPIStandIn
from tests.support.slack_api import BOT_ID, BOT_USER_ID, SlackStandIn

ROOT = Path(__file__).resolve().parents[1]
TODAY = "2026-11-29"
YEARS = range(2016, 2027)  # eleven years per employee, so one question can ask for up to 8 at once


PROFILE_DIR: Path | None = None


def write_hr_data(path: Path, employees: int) -> None:
    records = []
    for i in range(1, employees + 1):
        leave = {str(y): {"granted": 15 + (y - 2016) % 6, "used": (i + y) % 60 / 4} for y in YEARS}
        records.append(
            {
                "employee_id": f"B{i:05d}",
                "name": f"직원{i}",
                "email": f"bench{i}@example.com",
                "slack_user_id": user_id(i),
                "annual_leave": leave,
            }
        )
    path.write_text(json.dumps({"employees": records}), encoding="utf-8")


def user_id(i: int) -> str:
    return f"UB{i:05d}"


@dataclass
class Rig:
    slack: SlackStandIn
    model: MessagesAPIStandIn
    bot: subprocess.Popen[bytes]

    def cpu_seconds(self) -> float:
        """User + system CPU the bot process has used so far."""
        fields = Path(f"/proc/{self.bot.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def peak_rss_mib(self) -> float:
        for line in Path(f"/proc/{self.bot.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    async def answer_of(self, channel: str | None, timeout: float = 120) -> float:
        """When the DM's answer reached Slack (the placeholder edited into the answer, or a new post)."""
        [call] = await self.slack.wait_for(
            lambda c: (
                c.method in ("chat.update", "chat.postMessage")
                and c.args.get("channel") == channel
                and not str(c.args.get("text", "")).startswith("_")
            ),
            timeout=timeout,
        )
        return call.at


@asynccontextmanager
async def rig(
    workdir: Path,
    users: int,
    *,
    model_latency: float,
    store_latency: float = 0.0,
    serial: bool = False,
    slack_limits: bool = False,
    env_extra: dict[str, str] | None = None,
) -> AsyncIterator[Rig]:
    # With `slack_limits`: Slack as it is for an AI app, streaming available and its rate limits enforced.
    slack = await SlackStandIn(streaming=slack_limits).start()
    if slack_limits:
        slack.enforce_limits()
    model = await MessagesAPIStandIn(None, latency=model_latency).start()
    for i in range(1, users + 1):
        slack.add_user(user_id(i), f"bench{i}@example.com")
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("ANTHROPIC_", "OFFICEBOT_", "SLACK_"))},
        "SLACK_BOT_TOKEN": "xoxb-bench",
        "SLACK_APP_TOKEN": "xapp-bench",
        "SLACK_API_URL": slack.api_url,
        "ANTHROPIC_API_KEY": "bench-key",
        "ANTHROPIC_BASE_URL": model.base_url,
        "OFFICEBOT_DATA": str(workdir / "hr.json"),
        "OFFICEBOT_AUDIT": str(workdir / "audit.jsonl"),
        "OFFICEBOT_TODAY": TODAY,
        **(env_extra or {}),
    }
    args = [sys.executable, "-m", "benchmarks.bot_process", "--store-latency", str(store_latency)]
    args += ["--serial"] if serial else []
    bot = subprocess.Popen(args, cwd=ROOT, env=env)
    profiler = None
    try:
        await asyncio.wait_for(slack._connected.wait(), timeout=30)
        if PROFILE_DIR is not None:
            # py-spy samples the bot (all threads, the answer worker's included) into collapsed stacks.
            out = PROFILE_DIR / f"bot-{len(list(PROFILE_DIR.glob('bot-*')))}-n{users}.txt"
            # --gil: only the thread running Python counts (a worker thread waiting on its queue is not busy).
            cmd = ["py-spy", "record", "--format", "raw", "--threads", "--gil", "--rate", "200"]
            cmd += ["-o", str(out)]
            profiler = subprocess.Popen([*cmd, "--pid", str(bot.pid)], stdout=subprocess.DEVNULL)
        yield Rig(slack, model, bot)
    finally:
        if profiler is not None:
            profiler.send_signal(signal.SIGINT)
            await asyncio.to_thread(profiler.wait, 30)
        bot.terminate()
        # Wait off the loop: the bot's clean shutdown closes its WebSocket, which this loop must answer.
        await asyncio.to_thread(bot.wait, 30)
        await slack.stop()
        await model.stop()


def machine() -> dict[str, Any]:
    """What the figures were measured on, written beside them."""
    return {
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
    }


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def overhead(workdir: Path, latency: float, repeats: int) -> dict[str, Any]:
    """One DM at a time; answer time against the pure model time (each model call of the answer, `latency`
    each: the tool call, the answer and, with a key, the judge's). Each from another person: one person's DM
    posting faster than once a second would measure Slack's per-channel limit (which the bot keeps to:
    bot/slack/transport/rate_limits.py), not the bot's overhead."""
    async with rig(workdir, repeats + 1, model_latency=latency) as r:
        times = []
        for i in range(repeats + 1):
            before = len(r.model.requests)
            sent = await r.slack.user_message(user_id(1 + i), "올해 연차 며칠 남았어?")
            times.append(await r.answer_of(sent.channel) - sent.sent_at)
            calls = len(r.model.requests) - before
            r.slack.calls.clear()
        times = times[1:]  # the first answer pays for connection set-up; report the steady state
        median = statistics.median(times)
        return {
            "model_latency_s": latency,
            "model_calls": calls,
            "pure_model_s": calls * latency,
            "answer_median_s": round(median, 4),
            "answer_min_s": round(min(times), 4),
            "answer_max_s": round(max(times), 4),
            "ratio": round(median / (calls * latency), 4),
            "repeats": repeats,
        }


async def parallel_tools(workdir: Path, store_latency: float, ks: list[int]) -> list[dict[str, Any]]:
    """K tool_use blocks in one response; the tool phase is from that response leaving the model stand-in
    to the bot's next request arriving there."""
    rows = []
    async with rig(workdir, 1, model_latency=0.0, store_latency=store_latency) as r:
        warm = await r.slack.user_message(user_id(1), "올해 연차")
        await r.answer_of(warm.channel)
        for k in ks:
            r.slack.calls.clear()
            years = list(range(2026 - k + 1, 2027))
            question = " ".join(f"{y}년" for y in years) + " 연차 알려줘"
            first = len(r.model.requests)
            sent = await r.slack.user_message(user_id(1), question)
            await r.answer_of(sent.channel)
            tool_uses = [
                b for b in r.model.requests[first + 1]["messages"][-2]["content"] if b["type"] == "tool_use"
            ]
            assert len(tool_uses) == k, f"expected {k} tool_use blocks, got {len(tool_uses)}"
            phase = r.model.received_at[first + 1] - r.model.answered_at[first]
            rows.append(
                {"k": k, "tool_phase_s": round(phase, 4), "ratio_to_T": round(phase / store_latency, 3)}
            )
    return rows


async def conversations(
    workdir: Path, n: int, latency: float, *, serial: bool = False, acks: int = 0
) -> dict[str, Any]:
    """N people DM the bot at the same moment; optionally, /leave commands arrive while they wait."""
    async with rig(workdir, n, model_latency=latency, serial=serial) as r:
        start_up_cpu = r.cpu_seconds()  # from exec to a Socket Mode connection: imports, database, Slack
        warm = await r.slack.user_message(user_id(1), "안녕?")
        await r.answer_of(warm.channel)
        r.slack.calls.clear()
        bot_cpu, own_cpu = r.cpu_seconds(), time.process_time()
        start = time.perf_counter()
        sends = await asyncio.gather(
            *(r.slack.user_message(user_id(i), "올해 연차 며칠 남았어?") for i in range(1, n + 1))
        )
        ack_latencies: list[float] = []
        if acks:
            for j in range(acks):
                sent = await r.slack.slash(user_id(1 + j % n), "")
                ack = await r.slack.wait_for_ack(sent.envelope_id)
                ack_latencies.append(ack.at - sent.sent_at)
                await asyncio.sleep(0.01)
        answered = await asyncio.gather(*(r.answer_of(s.channel, timeout=1200) for s in sends))
        wall = max(answered) - start
        bot_cpu, own_cpu = r.cpu_seconds() - bot_cpu, time.process_time() - own_cpu
        result: dict[str, Any] = {
            "n": n,
            "serial_baseline": serial,
            "model_latency_s": latency,
            "wall_s": round(wall, 3),
            "answers_per_s": round(n / wall, 2),
            "peak_rss_mib": round(r.peak_rss_mib(), 1),
            "bot_cpu_s": round(bot_cpu, 2),
            "standins_cpu_s": round(own_cpu, 2),
            "start_up_cpu_s": round(start_up_cpu, 2),
        }
        if acks:
            result["ack_p50_ms"] = round(pct(ack_latencies, 0.5) * 1000, 2)
            result["ack_p99_ms"] = round(pct(ack_latencies, 0.99) * 1000, 2)
            result["ack_max_ms"] = round(max(ack_latencies) * 1000, 2)
            result["acks_measured"] = len(ack_latencies)
        return result


async def tokens(workdir: Path) -> dict[str, Any]:
    """First-request input tokens (the offline model's estimate, ~3 characters a token), fresh and after
    long histories; model calls per answer for a balance question, a greeting and an empty /leave."""
    out: dict[str, Any] = {}
    async with rig(workdir, 3, model_latency=0.0) as r:
        for label, turns in (("fresh", 0), ("after_10_turns", 10), ("after_30_turns", 30)):
            channel = f"D{user_id(1)}"
            r.slack.history[channel].clear()
            for t in range(turns):
                r.slack.history[channel].append(
                    {
                        "type": "message",
                        "user": user_id(1),
                        "text": f"{2016 + t % 10}년 연차 며칠 남았어?",
                        "ts": r.slack.new_ts(),
                    }
                )
                r.slack.history[channel].append(
                    {
                        "type": "message",
                        "user": BOT_USER_ID,
                        "bot_id": BOT_ID,
                        "text": f"{2016 + t % 10}년 남은 연차는 3.5일이에요.",
                        "ts": r.slack.new_ts(),
                    }
                )
            first = len(r.model.requests)
            sent = await r.slack.user_message(user_id(1), "올해 연차 며칠 남았어?")
            await r.answer_of(sent.channel)
            r.slack.calls.clear()
            request = r.model.requests[first]
            out[f"input_tokens_{label}"] = _estimated_input_tokens(request)
            out[f"messages_{label}"] = len(request["messages"])
        for label, text, user in (("balance_dm", "올해 연차 며칠 남았어?", 2), ("greeting_dm", "안녕?", 3)):
            first = len(r.model.requests)
            sent = await r.slack.user_message(user_id(user), text)
            await r.answer_of(sent.channel)
            r.slack.calls.clear()
            out[f"model_calls_{label}"] = len(r.model.requests) - first
        first = len(r.model.requests)
        sent = await r.slack.slash(user_id(2), "")
        await r.slack.wait_for(lambda c: c.method == "response_url")
        out["model_calls_empty_leave"] = len(r.model.requests) - first
    return out


def _estimated_input_tokens(request: dict[str, Any]) -> int:
    from bot.llm.prompt_cache import estimate_tokens

    return estimate_tokens(request)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="officebot-bench-") as tmp:
        workdir = Path(tmp)
        write_hr_data(workdir / "hr.json", max(args.n))
        results: dict[str, Any] = {
            "machine": machine(),
            "command": "python -m benchmarks " + " ".join(sys.argv[1:]),
        }
        print("1/6 overhead …", flush=True)
        results["overhead"] = await overhead(workdir, args.model_latency, args.repeats)
        print("2/6 parallel tools …", flush=True)
        results["parallel_tools"] = await parallel_tools(workdir, args.store_latency, [1, 2, 4, 8])
        print("3-5/6 concurrent conversations, ack latency, memory …", flush=True)
        results["concurrency"] = []
        for n in args.n:
            acks = args.acks if n == 200 else 0
            results["concurrency"].append(
                await conversations(workdir, n, args.conversation_latency, acks=acks)
            )
        results["baseline"] = []
        for n in args.baseline_n:
            print(f"   baseline (one conversation at a time), N={n} …", flush=True)
            results["baseline"].append(
                await conversations(workdir, n, args.conversation_latency, serial=True)
            )
        print("6/6 tokens …", flush=True)
        results["tokens"] = await tokens(workdir)
        return results


def table(results: dict[str, Any]) -> str:
    o = results["overhead"]
    lines = [
        "| measure | figure | goal |",
        "|---|---|---|",
        f"| 1. overhead: DM → answer, model {o['model_latency_s'] * 1000:.0f} ms × {o['model_calls']} calls | median {o['answer_median_s'] * 1000:.0f} ms vs {o['pure_model_s'] * 1000:.0f} ms pure model → **×{o['ratio']:.3f}** | ≤ 1.05 |",
    ]
    for row in results["parallel_tools"]:
        lines.append(
            f"| 2. parallel tools K={row['k']}, store 200 ms each | tool phase {row['tool_phase_s'] * 1000:.0f} ms → **×{row['ratio_to_T']:.2f} T** | ≤ 1.2 |"
        )
    baseline = {b["n"]: b for b in results["baseline"]}
    for row in results["concurrency"]:
        extra = ""
        if row["n"] in baseline:
            b = baseline[row["n"]]
            extra = f"; one-at-a-time baseline {b['wall_s']:.1f} s → **{b['wall_s'] / row['wall_s']:.0f}× faster**"
        goal = "≤ 3 s" if row["n"] == 200 else "—"
        lines.append(
            f"| 3. {row['n']} simultaneous DMs, model 1 s/call | **{row['wall_s']:.2f} s**, {row['answers_per_s']:.0f} answers/s{extra} | {goal} |"
        )
        if "ack_p99_ms" in row:
            lines.append(
                f"| 4. `/leave` ack during the N={row['n']} run ({row['acks_measured']} acks) | p50 {row['ack_p50_ms']:.1f} ms, **p99 {row['ack_p99_ms']:.1f} ms** | p99 < 100 ms |"
            )
    peak = {row["n"]: row["peak_rss_mib"] for row in results["concurrency"]}
    for n, mib in peak.items():
        lines.append(f"| 5. bot peak RSS, {n} conversations in flight | {mib:.0f} MiB | — |")
    t = results["tokens"]
    lines.append(
        f"| 6. first-request input tokens (estimate) | fresh {t['input_tokens_fresh']} ({t['messages_fresh']} msg), after 10 turns {t['input_tokens_after_10_turns']} ({t['messages_after_10_turns']} msg), after 30 turns {t['input_tokens_after_30_turns']} ({t['messages_after_30_turns']} msg) | bounded |"
    )
    lines.append(
        f"| 6. model calls per answer | balance DM {t['model_calls_balance_dm']}, greeting {t['model_calls_greeting_dm']}, empty `/leave` {t['model_calls_empty_leave']} | 2 / 1 / 0 |"
    )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument(
        "--model-latency", type=float, default=0.3, help="overhead run: seconds per model call"
    )
    parser.add_argument(
        "--store-latency", type=float, default=0.2, help="parallel-tools run: seconds per lookup"
    )
    parser.add_argument(
        "--conversation-latency", type=float, default=1.0, help="concurrency runs: seconds per model call"
    )
    parser.add_argument(
        "--repeats", type=int, default=10, help="overhead run: DMs measured one after another"
    )
    parser.add_argument("--n", type=int, nargs="+", default=[50, 200, 500], help="concurrent conversations")
    parser.add_argument(
        "--baseline-n", type=int, nargs="*", default=[50], help="N for the one-at-a-time baseline"
    )
    parser.add_argument("--acks", type=int, default=100, help="/leave commands sent during the N=200 run")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "latest.json")
    parser.add_argument(
        "--profile", type=Path, help="record a py-spy profile of each bot process into this folder"
    )
    args = parser.parse_args()
    if args.profile:
        global PROFILE_DIR
        PROFILE_DIR = args.profile
        PROFILE_DIR.mkdir(parents=True, exist_ok=True)
    results = asyncio.run(run(args))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print()
    print(table(results))
    print(f"\nmachine: {results['machine']}\nfigures written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
