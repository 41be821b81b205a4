"""`python -m benchmarks.cluster`: two OfficeBot processes on one PostgreSQL database.

Like `python -m benchmarks`, each bot runs in its own process (benchmarks/bot_process.py, the same `serve`
as `officebot run`) in Socket Mode against loopback stand-ins in this process; the Slack stand-in deals
events round-robin over the two connections, so each process gets every other question. Each measurement
gets a scratch database `officebot_bench_<hex>` on the server (migrated, HR data imported), dropped at
the end, failure or not.

1. Throughput: N people DM at once (model `--latency` s per call, two calls per answer) while 100 empty
   `/leave` commands arrive ~10 ms apart. Wall time to the last answer, answers/s, ack latency and the
   bot processes' CPU milliseconds per answered question.
2. Crash: `--kill-n` people DM at once; once every event is acked and answers are in flight, one process
   gets SIGKILL. The other takes over its questions when their lease (`--takeover-after`) runs out and
   edits their placeholders. Answered, left spinning, duplicated, taken over, and how long it took.

Prints a table and writes the figures to benchmarks/results/cluster.json (ignored by git). Needs a
PostgreSQL server (`--postgres-url`, default the local one with trust auth); run it from a checkout.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from benchmarks.__main__ import ROOT, TODAY, Rig, machine, pct, user_id, write_hr_data
from bot.db import migrate
from bot.db.engine import create_engine
from bot.db.import_export import import_files
from bot.db.inbox import DEFAULT_LEASE
from bot.db.url import database_from
from tests.support.database import asyncpg_dsn, url_for_database
from tests.support.messages_api import MessagesAPIStandIn
from tests.support.slack_api import Call, Sent, SlackStandIn

DEFAULT_POSTGRES_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
QUESTION = "올해 연차 며칠 남았어?"
PROCESSES = 2
ACKS = 100  # empty `/leave` commands sent during the throughput run
OPEN_STATES = ("received", "answering")


# ----- the scratch database ---------------------------------------------------------------------------


@dataclass
class Scratch:
    url: str  # as a person would write it: postgresql://…
    engine: AsyncEngine  # for reading the inbox afterwards


async def _admin(admin_url: str, statement: str) -> None:
    connection = await asyncpg.connect(asyncpg_dsn(admin_url), timeout=10)
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


@asynccontextmanager
async def scratch_database(admin_url: str, hr_file: Path) -> AsyncIterator[Scratch]:
    """A fresh database on the server, migrated and holding `hr_file`; dropped on the way out."""
    name = f"officebot_bench_{uuid.uuid4().hex[:12]}"
    url = url_for_database(admin_url, name)
    await _admin(admin_url, f'CREATE DATABASE "{name}"')
    engine: AsyncEngine | None = None
    try:
        engine = create_engine(database_from(url, Path.cwd()))
        await migrate.upgrade(engine)
        await import_files(engine, [hr_file], replace_all=True)
        yield Scratch(url, engine)
    finally:
        if engine is not None:
            await engine.dispose()
        await _admin(admin_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def inbox_rows(engine: AsyncEngine) -> list[dict[str, Any]]:
    query = text("SELECT delivery_id, state, owner, attempts, progress_ts FROM inbox")
    async with engine.connect() as connection:
        return [dict(row._mapping) for row in await connection.execute(query)]


# ----- the bot processes ------------------------------------------------------------------------------


@dataclass
class Cluster:
    """The stand-ins and one `Rig` per bot process (all sharing the stand-ins)."""

    slack: SlackStandIn
    model: MessagesAPIStandIn
    rigs: list[Rig]
    stderr_files: list[Path]

    @property
    def bots(self) -> list[subprocess.Popen[bytes]]:
        return [r.bot for r in self.rigs]

    def cpu_seconds(self) -> float:
        """User + system CPU all live bot processes have used so far."""
        return sum(r.cpu_seconds() for r in self.rigs if r.bot.poll() is None)

    async def answer_of(self, channel: str | None, timeout: float) -> float:
        return await self.rigs[0].answer_of(channel, timeout)


def _bot_env(
    slack: SlackStandIn, model: MessagesAPIStandIn, workdir: Path, database_url: str
) -> dict[str, str]:
    return {
        **{k: v for k, v in os.environ.items() if not k.startswith(("ANTHROPIC_", "OFFICEBOT_", "SLACK_"))},
        "SLACK_BOT_TOKEN": "xoxb-bench",
        "SLACK_APP_TOKEN": "xapp-bench",
        "SLACK_API_URL": slack.api_url,
        "ANTHROPIC_API_KEY": "bench-key",
        "ANTHROPIC_BASE_URL": model.base_url,
        "OFFICEBOT_DATABASE_URL": database_url,
        "OFFICEBOT_AUDIT": str(workdir / "audit.jsonl"),
        "OFFICEBOT_TODAY": TODAY,
    }


async def _wait_for_sockets(slack: SlackStandIn, bots: list[subprocess.Popen[bytes]], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while len(slack._sockets) < len(bots):
        if any(bot.poll() is not None for bot in bots):
            raise RuntimeError("a bot process exited before connecting; see its stderr above")
        if time.monotonic() > deadline:
            raise TimeoutError(f"{len(slack._sockets)} of {len(bots)} bot processes connected")
        await asyncio.sleep(0.05)


def _stop(bot: subprocess.Popen[bytes]) -> None:
    """SIGTERM and wait for the clean shutdown; SIGKILL if it does not come."""
    if bot.poll() is not None:
        return
    bot.terminate()
    try:
        bot.wait(30)
    except subprocess.TimeoutExpired:
        bot.kill()
        bot.wait()


@asynccontextmanager
async def cluster(
    workdir: Path,
    label: str,
    database_url: str,
    users: int,
    *,
    latency: float,
    takeover_after: float | None,
    slack_limits: bool = False,
) -> AsyncIterator[Cluster]:
    # With `slack_limits`: streaming available and Slack's rate limits enforced, the processes told to share.
    slack = await SlackStandIn(streaming=slack_limits).start()
    if slack_limits:
        slack.enforce_limits()
    model = await MessagesAPIStandIn(None, latency=latency).start()
    for i in range(1, users + 1):
        slack.add_user(user_id(i), f"bench{i}@example.com")
    env = _bot_env(slack, model, workdir, database_url)
    if takeover_after is not None:
        env["OFFICEBOT_TAKEOVER_AFTER"] = str(takeover_after)
    if slack_limits:
        env["OFFICEBOT_PROCESSES"] = str(PROCESSES)
    args = [sys.executable, "-m", "benchmarks.bot_process"]
    rigs: list[Rig] = []
    stderr_files = [workdir / f"{label}-bot{i}.stderr" for i in range(PROCESSES)]
    try:
        for path in stderr_files:
            with path.open("wb") as stderr:  # the child keeps its own copy of the descriptor
                rigs.append(Rig(slack, model, subprocess.Popen(args, cwd=ROOT, env=env, stderr=stderr)))
        await _wait_for_sockets(slack, [r.bot for r in rigs], timeout=30)
        yield Cluster(slack, model, rigs, stderr_files)
    finally:
        # Waited for off the loop: a clean shutdown closes the bot's WebSocket, which this loop must answer.
        await asyncio.gather(*(asyncio.to_thread(_stop, r.bot) for r in rigs))
        await slack.stop()
        await model.stop()


def machine_cpu_seconds() -> float:
    """CPU every process on the machine has used so far (busy time over all cores, from /proc/stat)."""
    user, nice, system, _idle, _iowait, irq, softirq, steal = map(
        int, Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]
    )
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def postgres_cpu_seconds() -> float:
    """CPU the PostgreSQL server processes alive now have used (readable when it runs on this machine as
    the same or a visible user; 0 otherwise). Measured while the bots' connections are still open."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            head, _, rest = stat.read_text().rpartition(")")
        except OSError:  # the process ended meanwhile
            continue
        if head.endswith("(postgres"):
            fields = rest.split()
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def stderr_summary(paths: Iterable[Path]) -> dict[str, Any]:
    """What the bot processes logged (WARNING and above, and tracebacks), counted by message."""
    levels: collections.Counter[str] = collections.Counter()
    messages: collections.Counter[str] = collections.Counter()
    for path in paths:
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            level = line.split(":", 1)[0]
            if level in ("WARNING", "ERROR", "CRITICAL") or line.startswith("Traceback"):
                levels[level if not line.startswith("Traceback") else "Traceback"] += 1
                messages[line[:200]] += 1
    return {"by_level": dict(levels), "top_messages": dict(messages.most_common(10))}


# ----- reading what reached Slack ---------------------------------------------------------------------


def _is_answer(call: Call, channel: str | None) -> bool:
    return (
        call.method in ("chat.update", "chat.postMessage")
        and call.args.get("channel") == channel
        and not str(call.args.get("text", "")).startswith("_")
    )


def answer_calls(slack: SlackStandIn, channel: str | None) -> list[Call]:
    """Every answer (edit or post, not a placeholder) the bot sent to the channel."""
    return [c for c in slack.calls if _is_answer(c, channel)]


def bot_messages(slack: SlackStandIn, channel: str | None) -> list[dict[str, Any]]:
    return [m for m in slack.history.get(str(channel), []) if m.get("bot_id")]


def is_placeholder(message: dict[str, Any]) -> bool:
    return str(message.get("text", "")).startswith("_")


def spinning_detail(
    slack: SlackStandIn, sends: list[Sent], rows: dict[str, dict[str, Any]], killed_at: float
) -> dict[str, int]:
    """Why placeholders were left: for each one, was it posted before the kill, was its question taken
    over, and did the answer go to another message (the inbox's `progress_ts` names another one) — a
    second placeholder posted after the kill, or a new answer."""
    detail: collections.Counter[str] = collections.Counter()
    for sent in sends:
        row = rows.get(str(sent.event_id)) or {}
        posts = [
            c for c in slack.calls if c.method == "chat.postMessage" and c.args.get("channel") == sent.channel
        ]
        for message in filter(is_placeholder, bot_messages(slack, sent.channel)):
            detail["placeholders"] += 1
            detail["posted_before_kill"] += any(
                c.at < killed_at and c.args.get("text") == message["text"] for c in posts
            )
            detail["question_taken_over"] += row.get("attempts", 0) > 0
            detail["answer_went_to_another_message"] += row.get("progress_ts") not in (None, message["ts"])
            detail["second_placeholder_posted_after_kill"] += any(
                c.at > killed_at and str(c.args.get("text", "")).startswith("_") for c in posts
            )
    return dict(detail)


async def send_dms(slack: SlackStandIn, users: range) -> list[Sent]:
    return list(await asyncio.gather(*(slack.user_message(user_id(i), QUESTION) for i in users)))


async def warm_up(c: Cluster, users: Iterable[int]) -> None:
    """One DM per process (the stand-in deals events round-robin), answered before measuring."""
    for i in users:
        sent = await c.slack.user_message(user_id(i), "안녕?")
        await c.answer_of(sent.channel, timeout=60)
    c.slack.calls.clear()


# ----- 1. throughput ----------------------------------------------------------------------------------


async def ack_latencies(slack: SlackStandIn, count: int, users: int) -> list[float]:
    """`count` empty `/leave` commands ~10 ms apart; seconds from each push to its ack."""
    latencies = []
    for j in range(count):
        sent = await slack.slash(user_id(1 + j % users), "")
        ack = await slack.wait_for_ack(sent.envelope_id)
        latencies.append(ack.at - sent.sent_at)
        await asyncio.sleep(0.01)
    return latencies


async def throughput(workdir: Path, admin_url: str, n: int, latency: float) -> dict[str, Any]:
    hr_file = workdir / "hr.json"
    async with (
        scratch_database(admin_url, hr_file) as db,
        cluster(workdir, "throughput", db.url, n + PROCESSES, latency=latency, takeover_after=None) as c,
    ):
        await warm_up(c, range(n + 1, n + PROCESSES + 1))
        load = os.getloadavg()[0]
        bot_cpu, own_cpu, all_cpu = c.cpu_seconds(), time.process_time(), machine_cpu_seconds()
        pg_cpu = postgres_cpu_seconds()
        start = time.perf_counter()
        sends = await send_dms(c.slack, range(1, n + 1))
        acks = await ack_latencies(c.slack, ACKS, n)
        answered = await asyncio.gather(*(c.answer_of(s.channel, timeout=600) for s in sends))
        wall = max(answered) - start
        bot_cpu, own_cpu = c.cpu_seconds() - bot_cpu, time.process_time() - own_cpu
        all_cpu = machine_cpu_seconds() - all_cpu
        pg_cpu = postgres_cpu_seconds() - pg_cpu
        peak_rss = [r.peak_rss_mib() for r in c.rigs]
    return {
        "n": n,
        "processes": PROCESSES,
        "model_latency_s": latency,
        "pure_model_s": 2 * latency,
        "wall_s": round(wall, 3),
        "answers_per_s": round(n / wall, 2),
        "ack_p50_ms": round(pct(acks, 0.5) * 1000, 2),
        "ack_p99_ms": round(pct(acks, 0.99) * 1000, 2),
        "ack_max_ms": round(max(acks) * 1000, 2),
        "acks_measured": len(acks),
        # Which commands were slowest (0 = the first, sent right after the N DMs) and how slow, in ms.
        "ack_slowest": sorted(((round(a * 1000, 1), i) for i, a in enumerate(acks)), reverse=True)[:3],
        "bot_cpu_s": round(bot_cpu, 3),
        "cpu_ms_per_answer": round(bot_cpu / n * 1000, 2),
        "standins_cpu_s": round(own_cpu, 2),
        "postgres_cpu_s": round(pg_cpu, 2),
        "postgres_cpu_ms_per_answer": round(pg_cpu / n * 1000, 2),
        # Everything else on the machine during the run: whatever else was running.
        "others_cpu_s": round(all_cpu - bot_cpu - own_cpu - pg_cpu, 2),
        "machine_busy_pct": round(100 * all_cpu / (wall * (os.cpu_count() or 1)), 1),
        "load_average_before": round(load, 2),
        "peak_rss_mib": [round(m, 1) for m in peak_rss],
        "bot_stderr": stderr_summary(c.stderr_files),
    }


# ----- 2. kill -9 -------------------------------------------------------------------------------------


async def _wait_until(condition: Any, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


async def _settle(engine: AsyncEngine, timeout: float) -> int:
    """Waits until no question is open in the inbox (a late takeover could still answer one twice)."""
    deadline = time.monotonic() + timeout
    while True:
        open_rows = sum(r["state"] in OPEN_STATES for r in await inbox_rows(engine))
        if not open_rows or time.monotonic() > deadline:
            return open_rows
        await asyncio.sleep(0.5)


def _seconds(moments: list[float], since: float) -> dict[str, float | None]:
    later = sorted(m - since for m in moments)
    return {
        "first_s": round(later[0], 3) if later else None,
        "last_s": round(later[-1], 3) if later else None,
    }


async def crash(
    workdir: Path, admin_url: str, n: int, latency: float, takeover_after: float | None, in_flight: int
) -> dict[str, Any]:
    hr_file = workdir / "hr.json"
    async with (
        scratch_database(admin_url, hr_file) as db,
        cluster(workdir, "crash", db.url, n, latency=latency, takeover_after=takeover_after) as c,
    ):
        start = time.perf_counter()
        sends = await send_dms(c.slack, range(1, n + 1))
        await asyncio.gather(*(c.slack.wait_for_ack(s.envelope_id, timeout=60) for s in sends))
        await _wait_until(lambda: len(c.model.requests) >= in_flight, 60, f"{in_flight} model requests")
        victim = c.bots[0]
        victim.kill()
        killed_at = time.perf_counter()
        victim.wait()
        requests_at_kill = len(c.model.requests)
        answers_before_kill = sum(bool(answer_calls(c.slack, s.channel)) for s in sends)
        held_at_kill = collections.Counter(
            r["owner"] for r in await inbox_rows(db.engine) if r["state"] in OPEN_STATES
        )
        victim_marker = f":{victim.pid}:"
        orphaned = sum(k for owner, k in held_at_kill.items() if owner and victim_marker in owner)

        outcome = await asyncio.gather(
            *(c.answer_of(s.channel, timeout=180) for s in sends), return_exceptions=True
        )
        still_open = await _settle(db.engine, timeout=60)
        await asyncio.sleep(1.0)  # any answer edit still on its way
        rows: dict[str, dict[str, Any]] = {r["delivery_id"]: r for r in await inbox_rows(db.engine)}
        end = time.perf_counter()

        channels = [s.channel for s in sends]
        first_answer = {s.channel: t for s, t in zip(sends, outcome, strict=True) if isinstance(t, float)}
        latest = {ch: bot_messages(c.slack, ch) for ch in channels}
        answers = {ch: answer_calls(c.slack, ch) for ch in channels}
        taken = [s.channel for s in sends if (rows.get(str(s.event_id)) or {}).get("attempts", 0) > 0]
        after_kill = [t for t in first_answer.values() if t > killed_at]
        return {
            "n": n,
            "model_latency_s": latency,
            "takeover_after_s": takeover_after if takeover_after is not None else DEFAULT_LEASE,
            "killed_after_s": round(killed_at - start, 3),
            "model_requests_at_kill": requests_at_kill,
            "answers_before_kill": answers_before_kill,
            "open_questions_at_kill": dict(held_at_kill),
            "orphaned_by_kill": orphaned,
            "answered": sum(bool(m) and not is_placeholder(m[-1]) for m in latest.values()),
            "unanswered": n - len(first_answer),
            "left_spinning": sum(is_placeholder(m) for ms in latest.values() for m in ms),
            "channels_with_spinning_placeholder": sum(any(map(is_placeholder, ms)) for ms in latest.values()),
            "duplicate_answers": sum(len(a) > 1 for a in answers.values()),
            "answer_calls_total": sum(len(a) for a in answers.values()),
            "spinning_detail": spinning_detail(c.slack, sends, rows, killed_at),
            "taken_over": len(taken),
            "answers_after_kill": len(after_kill),
            "takeover": _seconds([first_answer[ch] for ch in taken if ch in first_answer], killed_at),
            "after_kill": _seconds(after_kill, killed_at),
            "first_answer_after_1s_s": _seconds([t for t in after_kill if t - killed_at > 1.0], killed_at)[
                "first_s"
            ],
            "inbox_states": dict(collections.Counter(r["state"] for r in rows.values())),
            "inbox_open_after_settle": still_open,
            "run_s": round(end - start, 1),
            "bot_stderr": stderr_summary(c.stderr_files),
        }


# ----- the report -------------------------------------------------------------------------------------


def table(results: dict[str, Any]) -> str:
    t, k = results["throughput"], results["crash"]
    goal_wall = 1.5 * t["pure_model_s"]
    lines = [
        "| measure | figure | goal |",
        "|---|---|---|",
        f"| 1. {t['n']} simultaneous DMs, {t['processes']} processes, model {t['model_latency_s']:g} s/call | **{t['wall_s']:.2f} s** to the last answer, {t['answers_per_s']:.0f} answers/s | ≤ {goal_wall:g} s |",
        f"| 1. `/leave` ack during that run ({t['acks_measured']} acks) | p50 {t['ack_p50_ms']:.1f} ms, **p99 {t['ack_p99_ms']:.1f} ms**, max {t['ack_max_ms']:.1f} ms | p99 < 100 ms |",
        f"| 1. bot CPU per answered question (both processes, /leave included) | **{t['cpu_ms_per_answer']:.2f} ms** ({t['bot_cpu_s']:.2f} s / {t['n']}) | ≤ 12 ms |",
        f"| 1. CPU during that run (machine: {results['machine']['cpus']} cores) | bots {t['bot_cpu_s']:.1f} s, stand-ins {t['standins_cpu_s']:.1f} s, PostgreSQL {t['postgres_cpu_s']:.1f} s ({t['postgres_cpu_ms_per_answer']:.0f} ms per answer), other processes {t['others_cpu_s']:.1f} s; machine {t['machine_busy_pct']:.0f} % busy, load before {t['load_average_before']:.1f} | — |",
        f"| 2. kill -9 one of 2 processes, {k['n']} DMs in flight ({k['orphaned_by_kill']} orphaned), takeover after {k['takeover_after_s']:g} s | answered **{k['answered']}/{k['n']}**, left spinning **{k['left_spinning']}**, duplicates **{k['duplicate_answers']}** | {k['n']} / 0 / 0 |",
        f"| 2. placeholders left spinning: why | {_why(k['spinning_detail'])} | — |",
        f"| 2. questions taken over | {k['taken_over']} (answers after the kill: {k['answers_after_kill']}) | = orphaned |",
        f"| 2. kill → taken-over answers | first {_s(k['takeover']['first_s'])}, **last {_s(k['takeover']['last_s'])}**; first answer > 1 s after the kill at {_s(k['first_answer_after_1s_s'])} | ≈ lease + a round |",
    ]
    return "\n".join(lines)


def _why(detail: dict[str, int]) -> str:
    if not detail:
        return "none left"
    return ", ".join(f"{key.replace('_', ' ')} {value}" for key, value in detail.items())


def _s(seconds: float | None) -> str:
    return "—" if seconds is None else f"{seconds:.1f} s"


async def run(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="officebot-cluster-") as tmp:
        workdir = Path(tmp)
        write_hr_data(workdir / "hr.json", max(args.n + PROCESSES, args.kill_n))
        results: dict[str, Any] = {
            "machine": machine(),
            "command": "python -m benchmarks.cluster " + " ".join(sys.argv[1:]),
        }
        print(f"1/2 {args.n} DMs over {PROCESSES} processes …", flush=True)
        results["throughput"] = await throughput(workdir, args.postgres_url, args.n, args.latency)
        print(f"2/2 kill -9 during {args.kill_n} DMs …", flush=True)
        results["crash"] = await crash(
            workdir, args.postgres_url, args.kill_n, args.latency, args.takeover_after, args.kill_in_flight
        )
        return results


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.cluster", description=__doc__)
    parser.add_argument("--n", type=int, default=400, help="throughput run: simultaneous DMs")
    parser.add_argument("--latency", type=float, default=1.0, help="seconds per model call")
    parser.add_argument("--kill-n", type=int, default=200, help="crash run: simultaneous DMs")
    parser.add_argument(
        "--kill-in-flight", type=int, default=100, help="crash run: model requests received before the kill"
    )
    parser.add_argument(
        "--takeover-after",
        type=float,
        default=None,
        help="crash run: OFFICEBOT_TAKEOVER_AFTER for the bots (unset: the bot's default, 30 s)",
    )
    parser.add_argument(
        "--postgres-url",
        default=os.environ.get("OFFICEBOT_BENCH_POSTGRES_URL", DEFAULT_POSTGRES_URL),
        help="an administrative connection to the PostgreSQL server (scratch databases are made there)",
    )
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "cluster.json")
    args = parser.parse_args()
    results = asyncio.run(run(args))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print()
    print(table(results))
    for name in ("throughput", "crash"):
        logged = results[name]["bot_stderr"]
        if logged["by_level"]:
            print(f"\n{name}: the bots logged {logged['by_level']}:")
            for message, count in logged["top_messages"].items():
                print(f"  {count:4d} × {message}")
    print(f"\nmachine: {results['machine']}\nfigures written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
