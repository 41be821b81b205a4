"""`python -m benchmarks.named_answers [FILE …]`: the statements check over sets of model answers.

Each case (a JSON list of objects; docs/grounding.md#a-fresh-answer-set):

    {"id": "…", "question": "올해 연차 며칠 남았어?", "today": "2026-11-29",
     "lookups": [{"tool": "get_leave_balance", "result": {"year": 2026, "granted": "15", "used": "7.5"}}],
     "answer": {"parts": [{"asks": "올해 연차 며칠 남았어?", "say": ["remaining(2026)"]}]},
     "expected": "correct"}                      # or "wrong": what the statements say, written, is wrong

prints, per file and in all: correct answers stopped (the check refused them, so a correction round and
maybe the plain figures) and wrong answers posted (it let them through). An answer in a retired shape
(`{"text": …}` with named figures, or the declared `{"text", "figures"}` before it) is reported as "retired
shape, not judged": no code reads it any more.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import sys
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import anthropic

from bot import text
from bot.agent.trace import ToolResult
from bot.calendar import working_days
from bot.config import Settings
from bot.domain.leave import Balance, LeaveRecord, LeaveTaken
from bot.domain.outcomes import FailureFacts
from bot.grounding.facts import Evidence
from bot.grounding.judge import JUDGE_PROMPT, Case, ModelJudge
from bot.grounding.shape import parts_of
from bot.grounding.statements import write
from bot.llm.choice.check import write_checked
from bot.llm.client import make_client
from bot.policy.grants import StatutoryGrant
from bot.policy.standing import Entitlement

ROOT = Path(__file__).resolve().parents[1]
CORPORA = sorted((ROOT / "benchmarks" / "heldout").glob("answers_*.json"))


def evidence_of(case: dict[str, Any]) -> Evidence:
    balances: dict[int, Balance] = {}
    taken: dict[int, LeaveTaken] = {}
    working: dict[tuple[date, date], int] = {}
    pending_days: dict[int, Decimal] = {}
    entitlement: Entitlement | None = None
    failed: list[ToolResult] = []
    for lookup in case.get("lookups") or []:
        result = lookup.get("result") or {}
        if lookup["tool"] == "get_leave_entitlement" and "does not apply" in str(result.get("error", "")):
            # the kit says "the Act gives nothing" as an error; the tool says it as `none_because`
            asked_on = date.fromisoformat(case.get("today") or "2026-11-29")
            entitlement = Entitlement(asked_on, asked_on, "hire_date", 0, none_because=str(result["error"]))
            continue
        if "error" in result:
            failed.append(
                _failure(lookup["tool"], str(result["error"]), (lookup.get("input") or {}).get("year"))
            )
            continue
        match lookup["tool"]:
            case "get_leave_balance":
                pending = Decimal(str(result["pending"])) if result.get("pending") is not None else None
                balances[int(result["year"])] = Balance(
                    int(result["year"]),
                    Decimal(str(result["granted"])),
                    Decimal(str(result["used"])),
                    pending=pending,
                    # of what remains, the days usable until each day, as the tool's JSON writes them
                    expiring=tuple(
                        (date.fromisoformat(e["until"]), Decimal(str(e["days"])))
                        for e in result.get("expiring") or []
                    ),
                )
                if pending is not None:
                    pending_days[int(result["year"])] = pending
            case "get_leave_entitlement":
                entitlement = _entitlement(result, case)
            case "list_leave_taken":
                records = tuple(
                    LeaveRecord(
                        date.fromisoformat(r["date"]), Decimal(str(r["days"])), r.get("type", "annual")
                    )
                    for r in result.get("records") or []
                )
                taken[int(result["year"])] = LeaveTaken(int(result["year"]), records)
            case "count_working_days":
                first, last = date.fromisoformat(result["start"]), date.fromisoformat(result["end"])
                working[(first, last)] = int(result["working_days"])
    if entitlement is not None and entitlement.none_because is None:
        # the days of the current grants unused, per last usable day: the ledger gives the entitlement tool
        # what it gives the balance's `expiring` (the kit's entitlement result does not repeat them)
        unused = sorted({pair for b in balances.values() for pair in b.expiring})
        entitlement = replace(entitlement, unused=tuple(unused))
    today = date.fromisoformat(case["today"]) if case.get("today") else None
    # The calendar production's check counts with (bot/services), for spans no lookup counted.
    return Evidence(
        balances=balances,
        taken=taken,
        working_days=working,
        question=case["question"],
        today=today,
        calendar=lambda first, last: working_days(first, last).working,
        entitlement=entitlement,
        pending=pending_days,
        failed=tuple(failed),
    )


def _failure(tool: str, error: str, year: Any) -> ToolResult:
    """A failed lookup as the toolbox reports it: "no record for 2021; records exist for 2024, 2025" is a
    missing year with the years that exist (so the answer names them, as in production); anything else is
    said as the tool's own reason."""
    if "no record" in error.lower():
        years = [int(y) for y in re.findall(r"(?:19|20)\d{2}", error)]
        asked = int(year) if isinstance(year, int) else (years[0] if years else None)
        facts = FailureFacts(asked, tuple(y for y in years if y != asked))
        return ToolResult("", tool, error, True, 0, "no_record", facts=facts, shown=error)
    return ToolResult("", tool, error, True, 0, "internal", shown=error)


def _anniversary(hired: date, years: int) -> date:
    try:
        return hired.replace(year=hired.year + years)
    except ValueError:  # hired on 29 February
        return date(hired.year + years, 3, 1)


def _entitlement(result: dict[str, Any], case: dict[str, Any]) -> Entitlement:
    """The entitlement lookup's summary (hire date, service years, current days, the next grant) as the
    statutory entitlement the check reads: one current grant lasting until the next one arises."""
    on = date.fromisoformat(case.get("today") or result["next_grant_date"])
    years = int(result.get("service_years") or 0)
    upcoming: tuple[StatutoryGrant, ...] = ()
    last_day = date(on.year, 12, 31)
    if result.get("next_grant_date"):
        arises = date.fromisoformat(result["next_grant_date"])
        days = Decimal(str(result.get("next_grant_days") or 0))
        # the next anniversary completes one more year of service than today's
        upcoming = (
            StatutoryGrant(arises, days, "annual", years + 1, arises.replace(year=arises.year + 1), ""),
        )
        last_day = arises
    hired = date.fromisoformat(result["hire_date"])
    arisen = _anniversary(hired, years) if years else hired  # the current grant arose on the last one
    current = (
        StatutoryGrant(arisen, Decimal(str(result.get("current_days") or 0)), "annual", years, last_day, ""),
    )
    return Entitlement(on, hired, "hire_date", years, current, upcoming)


@dataclass
class Tally:
    correct: int = 0
    wrong: int = 0
    stopped_correct: list[str] = field(default_factory=list)
    posted_wrong: list[str] = field(default_factory=list)
    retired: list[str] = field(default_factory=list)  # answers in a shape no code reads any more

    def line(self, name: str) -> str:
        retired = f", {len(self.retired)} in a retired shape, not judged" if self.retired else ""
        return (
            f"{name}: stopped-correct {len(self.stopped_correct)}/{self.correct} = "
            f"{100 * len(self.stopped_correct) / max(self.correct, 1):.1f} %, posted-wrong "
            f"{len(self.posted_wrong)}/{self.wrong} = {100 * len(self.posted_wrong) / max(self.wrong, 1):.1f} %"
            f"{retired}"
        )


def judge_case(case: dict[str, Any]) -> Case:
    """The judge's request for one answer, as production sends it (bot/grounding/judge.py)."""
    written = write(parts_of(case["answer"]) or [], evidence_of(case), text.is_korean(case["question"]))
    lookups = tuple(
        (lookup["tool"], json.dumps(lookup.get("result") or {})) for lookup in case.get("lookups") or []
    )
    today = date.fromisoformat(case.get("today") or "2026-11-29")
    return Case(today, case["question"], written.text, lookups)


def judge(case: dict[str, Any], tally: Tally, verbose: bool, verdict: bool | None = None) -> None:
    """`verdict`: a judge's (True: it answers) for the choice, as in production; None: the rules judge it
    (bot/llm/choice/, which checked every model's answers before the judge and now the offline model's
    own). A statement that cannot be written stops the answer either way."""
    said = parts_of(case["answer"])
    if said is None:  # {"text": …} (named figures) or {"text", "figures"} (declared)
        tally.retired.append(case["id"])
        if verbose:
            print(f"  retired shape, not judged {case['id']}")
        return
    korean = text.is_korean(case["question"])
    written = (write_checked if verdict is None else write)(said, evidence_of(case), korean)
    holds = written.holds and verdict is not False
    correct = case["expected"] in ("correct", "pass")
    if correct:
        tally.correct += 1
        if not holds:
            tally.stopped_correct.append(case["id"])
    else:
        tally.wrong += 1
        if holds:
            tally.posted_wrong.append(case["id"])
    if verbose and correct != holds:
        print(
            f"  {'stopped' if correct else 'posted'} {case['id']}: {json.dumps(case['answer'], ensure_ascii=False)[:160]}"
        )
        print(f"      → {written.text[:120]!r}")
        for problem in written.problems:
            print(f"      {problem.figure!r} {problem.reason}")
        if verdict is not None:
            print(f"      judge: {'answers' if verdict else 'misses'}")


def key_of(path: Path, case: dict[str, Any]) -> str:
    return f"{path.stem}:{case['id']}"


async def model_verdicts(files: list[Path]) -> dict[str, bool]:
    """The configured model's verdicts (ANTHROPIC_API_KEY, OFFICEBOT_JUDGE_MODEL or OFFICEBOT_MODEL), for
    every answer in the statements shape; a call that gives no verdict counts as a miss, as production
    posts no answer it could not judge."""
    settings = Settings.from_env(dotenv=True)
    client = make_client(settings.anthropic_api_key, settings.anthropic_base_url)
    named = (settings.judge_model or "").strip()
    model = ModelJudge(client, named if named and named.lower() != "off" else settings.model)
    verdicts: dict[str, bool] = {}
    try:
        for path in files:
            for case in json.loads(path.read_text(encoding="utf-8")):
                if parts_of(case["answer"]) is None:
                    continue
                try:
                    verdicts[key_of(path, case)] = (await model.judge(judge_case(case))).answers
                except (anthropic.APIError, ValueError) as exc:
                    # no verdict is no pass: production posts the plain figures instead of the answer
                    verdicts[key_of(path, case)] = False
                    print(f"  no verdict for {key_of(path, case)} (counted as stopped): {type(exc).__name__}")
    finally:
        await client.close()
    return verdicts


def write_judge_kit(files: list[Path], folder: Path, chunks: int) -> None:
    """The judge's prompt and requests, for people (or helpers) to judge by hand: JUDGE.md and
    cases_N.json, each case the JSON production sends with an opaque id (a set's name or a case's id could
    tell a judge how the set was written); verdicts come back as {"c0001": "answers" | "misses", …} and
    `FOLDER.key.json`, beside the folder, turns them into case keys (`--verdicts` reads either)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "JUDGE.md").write_text(
        JUDGE_PROMPT + '\n\nWrite your verdicts as one JSON object: {"<id>": "answers" | "misses", ...}.\n',
        encoding="utf-8",
    )
    cases = [
        (key_of(path, case), json.loads(judge_case(case).as_json()))
        for path in files
        for case in json.loads(path.read_text(encoding="utf-8"))
        if parts_of(case["answer"]) is not None
    ]
    random.Random(7).shuffle(cases)  # a judge's chunk mixes sets, so no chunk is one writer's
    key = {f"c{n:04d}": case_key for n, (case_key, _) in enumerate(cases, 1)}
    opaque = [{"id": f"c{n:04d}", **request} for n, (_, request) in enumerate(cases, 1)]
    size = -(-len(opaque) // chunks)
    for n in range(chunks):
        chunk = opaque[n * size : (n + 1) * size]
        (folder / f"cases_{n}.json").write_text(
            json.dumps(chunk, ensure_ascii=False, indent=1), encoding="utf-8"
        )
    folder.with_suffix(".key.json").write_text(json.dumps(key, indent=0), encoding="utf-8")
    print(
        f"{len(cases)} cases in {chunks} files under {folder}; the ids' key: {folder.with_suffix('.key.json')}"
    )


def read_verdicts(path: Path) -> dict[str, bool]:
    """Recorded verdicts by case key; opaque ids are read through the key file their kit wrote."""
    said: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    unread = sorted(k for k, v in said.items() if v not in ("answers", "misses"))
    if unread:
        raise SystemExit(f"{path}: verdicts must be 'answers' or 'misses'; not: {', '.join(unread[:5])}")
    key_file = path.parent.with_suffix(".key.json")
    key: dict[str, str] = json.loads(key_file.read_text(encoding="utf-8")) if key_file.exists() else {}
    return {key.get(k, k): v == "answers" for k, v in said.items()}


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.named_answers", description=__doc__)
    parser.add_argument("files", nargs="*", type=Path, default=CORPORA)
    parser.add_argument("-v", "--verbose", action="store_true", help="print every miss with its reasons")
    how = parser.add_mutually_exclusive_group()
    how.add_argument(
        "--judge", action="store_true", help="the configured model judges the choice (needs a key)"
    )
    how.add_argument(
        "--verdicts", type=Path, action="append", help="a JSON file of recorded verdicts (repeatable)"
    )
    how.add_argument("--judge-kit", type=Path, metavar="FOLDER", help="write the judge's prompt and requests")
    parser.add_argument(
        "--chunks", type=int, default=1, help="with --judge-kit: files to split the cases into"
    )
    args = parser.parse_args()
    if args.judge_kit:
        write_judge_kit(args.files, args.judge_kit, args.chunks)
        return 0
    verdicts: dict[str, bool] | None = None
    if args.judge:
        if not Settings.from_env(dotenv=True).anthropic_api_key:
            print("--judge needs ANTHROPIC_API_KEY: set it, or judge by hand with --judge-kit and --verdicts")
            return 2
        verdicts = asyncio.run(model_verdicts(args.files))
    elif args.verdicts:
        verdicts = {k: v for f in args.verdicts for k, v in read_verdicts(f).items()}
    total = Tally()
    unjudged = 0
    for path in args.files:
        tally = Tally()
        for case in json.loads(path.read_text(encoding="utf-8")):
            verdict = None if verdicts is None else verdicts.get(key_of(path, case))
            if verdicts is not None and verdict is None:
                unjudged += 1  # a sample was judged: the rest is left out, not judged by the rules
                continue
            judge(case, tally, args.verbose, verdict)
        if tally.correct or tally.wrong or tally.retired or verdicts is None:
            print(tally.line(path.name))
        total.correct += tally.correct
        total.wrong += tally.wrong
        total.stopped_correct += tally.stopped_correct
        total.posted_wrong += tally.posted_wrong
        total.retired += tally.retired
    print(
        total.line("all") + (f" ({unjudged} answers with no recorded verdict left out)" if unjudged else "")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
