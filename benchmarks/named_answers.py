"""`python -m benchmarks.named_answers [FILE …]`: the named-figures check over sets of model answers.

Each case (a JSON list of objects; docs/grounding.md#a-fresh-answer-set):

    {"id": "…", "question": "올해 연차 며칠 남았어?", "today": "2026-11-29",
     "lookups": [{"tool": "get_leave_balance", "result": {"year": 2026, "granted": "15", "used": "7.5"}}],
     "answer": {"text": "올해 남은 연차는 {remaining(2026)}이에요."},
     "expected": "correct"}                      # or "wrong": what the answer says, rendered, is wrong

prints, per file and in all: correct answers stopped (the check refused them, so a correction round and
maybe the plain figures) and wrong answers posted (it let them through). An answer in the earlier
declared shape ({"text", "figures": [{span, value, basis, expr, as}]}, `expected` pass / fail) is first
converted mechanically — the number of each declared span replaced by the placeholder its declaration
names, a number from the question in an expression written q(n), a calendar count the old shape took
without an expression given the days(…) / days_between(…) between its declared dates that it equals — and a wrong one whose only error was a typed value is
counted as made right by rendering: code writes the value its expression names.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

from bot import text
from bot.agent.trace import ToolResult
from bot.calendar import working_days
from bot.domain.leave import Balance, LeaveRecord, LeaveTaken
from bot.grounding.expressions import Unresolved, evaluate
from bot.grounding.facts import Evidence, Resolver
from bot.grounding.named import ALLOWED_NUMBERS, Rendered, render
from bot.grounding.statements import write
from bot.policy.grants import StatutoryGrant
from bot.policy.standing import Entitlement

ROOT = Path(__file__).resolve().parents[1]
CORPORA = sorted((ROOT / "tests" / "data").glob("declared_corpus_*.json"))


def evidence_of(case: dict[str, Any]) -> Evidence:
    balances: dict[int, Balance] = {}
    taken: dict[int, LeaveTaken] = {}
    working: dict[tuple[date, date], int] = {}
    pending_days: dict[int, Decimal] = {}
    entitlement: Entitlement | None = None
    failed: list[ToolResult] = []
    for lookup in case.get("lookups") or []:
        result = lookup.get("result") or {}
        if "error" in result:  # said as the tool's own reason (a failure of no known kind)
            failed.append(
                ToolResult(
                    "", lookup["tool"], str(result["error"]), True, 0, "internal", shown=str(result["error"])
                )
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
        upcoming = (StatutoryGrant(arises, days, "annual", years, arises.replace(year=arises.year + 1), ""),)
        last_day = arises
    current = (
        StatutoryGrant(on, Decimal(str(result.get("current_days") or 0)), "annual", years, last_day, ""),
    )
    return Entitlement(on, date.fromisoformat(result["hire_date"]), "hire_date", years, current, upcoming)


_LITERAL = re.compile(r'"[^"]*"|(?<![\w.])\d+(?:\.\d+)?(?![\w.])')


def converted(case: dict[str, Any]) -> tuple[str, bool]:
    """A declared answer's text with its figures named, and whether rendering leaves it as typed (every
    declared value is what its expression gives): (named text, typed values kept)."""
    said: str = case["answer"]["text"]
    asked = evidence_of(case).question_numbers
    kept = True
    places: list[tuple[int, int, str]] = []
    taken: list[range] = []
    for figure in sorted(case["answer"].get("figures") or [], key=lambda f: -len(f["span"])):
        span = figure["span"]
        at = said.find(span) if span else -1
        while at >= 0 and any(at < r.stop and r.start < at + len(span) for r in taken):
            at = said.find(span, at + 1)
        if figure["basis"] == "calendar" and not figure.get("expr"):
            figure = {**figure, "expr": _calendar_count(figure, case)}
        placeholder = _placeholder(figure, asked)
        if at < 0 or placeholder is None:
            continue
        taken.append(range(at, at + len(span)))
        # Only the number is named; the words of the span stay ("3 working days" → "{…} working days").
        number = _NUMBER.search(span) if figure.get("expr") or figure["basis"] == "question" else None
        start, end = (at + number.start(), at + number.end()) if number else (at, at + len(span))
        places.append((start, end, placeholder))
        if figure.get("expr") and figure["basis"] != "question":
            kept &= _value_kept(figure, evidence_of(case))
    for start, end, placeholder in sorted(places, reverse=True):
        said = said[:start] + placeholder + said[end:]
    return said, kept


_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def _calendar_count(figure: dict[str, Any], case: dict[str, Any]) -> str | None:
    """A calendar count the old shape let go without an expression (it held when the calendar gave it
    between two dates the answer declared, or from today): the expression that gives it."""
    value = Decimal(str(figure["value"]))
    dates = {"TODAY": date.fromisoformat(case["today"])} if case.get("today") else {}
    for other in case["answer"].get("figures") or []:
        if other.get("as") in ("date", "date_range"):
            for part in str(other["value"]).split("/"):
                dates.setdefault(f'"{part.strip()}"', date.fromisoformat(part.strip()))
    for (a, first), (b, last) in ((x, y) for x in dates.items() for y in dates.items() if x[1] < y[1]):
        if (last - first).days + 1 == value and a != "TODAY":
            return f"days({a}, {b})"
        if (last - first).days == value:
            return f"days_between({a}, {b})"
    return None


def _placeholder(figure: dict[str, Any], asked: set[Decimal]) -> str | None:
    value, expr = str(figure["value"]), figure.get("expr")
    if figure["basis"] == "question":
        return "{q(" + value + ")}"
    if expr:

        def named(match: re.Match[str]) -> str:
            literal = match.group(0)
            argument = match.string[: match.start()].rstrip().endswith(("(", ","))  # a year, a day's size
            if (
                argument
                or literal.startswith('"')
                or Decimal(literal) in ALLOWED_NUMBERS
                or Decimal(literal) not in asked
            ):
                return literal
            return f"q({literal})"

        # Calendar days both ends counted: the old `days_between(a, b) + 1` is the vocabulary's days(a, b).
        expr = re.sub(r"days_between\(([^)]*)\)\s*\+\s*1\b", r"days(\1)", expr)
        return "{" + _LITERAL.sub(named, expr) + "}"
    match figure.get("as"):
        case "date":
            return '{date("' + value + '")}'
        case "date_range" if "/" in value:
            first, last = value.split("/")
            return '{date("' + first.strip() + '")}~{date("' + last.strip() + '")}'
        case "year":
            return "{year(" + value + ")}"
        case "time":
            return '{time("' + value + '")}'
    return None  # a list number, ordinal or count has no placeholder: it stays typed


def _value_kept(figure: dict[str, Any], evidence: Evidence) -> bool:
    """Whether code writes what the answer had typed: the number its span states is its expression's."""
    typed = re.search(r"\d+(?:\.\d+)?", figure["span"].replace(",", ""))
    try:
        value = evaluate(figure["expr"], Resolver(evidence)).value
        said = Decimal(typed.group(0)) if typed else Decimal(str(figure["value"]).replace(",", ""))
        return abs(value - said) < Decimal("0.05")
    except (Unresolved, ArithmeticError, ValueError):
        return True


@dataclass
class Tally:
    correct: int = 0
    wrong: int = 0
    stopped_correct: list[str] = field(default_factory=list)
    posted_wrong: list[str] = field(default_factory=list)
    made_right: list[str] = field(default_factory=list)  # legacy wrong answers code renders right

    def line(self, name: str) -> str:
        made = f", {len(self.made_right)} wrong made right by rendering" if self.made_right else ""
        return (
            f"{name}: stopped-correct {len(self.stopped_correct)}/{self.correct} = "
            f"{100 * len(self.stopped_correct) / max(self.correct, 1):.1f} %, posted-wrong "
            f"{len(self.posted_wrong)}/{self.wrong} = {100 * len(self.posted_wrong) / max(self.wrong, 1):.1f} %{made}"
        )


def judge(case: dict[str, Any], tally: Tally, verbose: bool) -> None:
    korean = text.is_korean(case["question"])
    if "say" in case["answer"]:  # statements code writes whole (bot/grounding/statements.py)
        named, kept = json.dumps(case["answer"]["say"], ensure_ascii=False), True
        written = write(case["answer"]["say"], evidence_of(case), korean)
        rendered = Rendered(written.text, written.statements, written.problems)
    else:
        legacy = "figures" in case["answer"]
        named, kept = converted(case) if legacy else (case["answer"]["text"], True)
        rendered = render(named, evidence_of(case), korean)
    correct = case["expected"] in ("correct", "pass")
    if correct:
        tally.correct += 1
        if not rendered.holds:
            tally.stopped_correct.append(case["id"])
    else:
        tally.wrong += 1
        if rendered.holds and not kept:
            tally.made_right.append(case["id"])
        elif rendered.holds:
            tally.posted_wrong.append(case["id"])
    if verbose and ((correct and not rendered.holds) or (not correct and rendered.holds and kept)):
        print(f"  {'stopped' if correct else 'posted'} {case['id']}: {named[:120]!r}")
        print(f"      → {rendered.text[:120]!r}")
        for problem in rendered.problems:
            print(f"      {problem.figure!r} {problem.reason}")


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.named_answers", description=__doc__)
    parser.add_argument("files", nargs="*", type=Path, default=CORPORA)
    parser.add_argument("-v", "--verbose", action="store_true", help="print every miss with its reasons")
    args = parser.parse_args()
    total = Tally()
    for path in args.files:
        tally = Tally()
        for case in json.loads(path.read_text(encoding="utf-8")):
            judge(case, tally, args.verbose)
        print(tally.line(path.name))
        total.correct += tally.correct
        total.wrong += tally.wrong
        total.stopped_correct += tally.stopped_correct
        total.posted_wrong += tally.posted_wrong
        total.made_right += tally.made_right
    print(total.line("all"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
