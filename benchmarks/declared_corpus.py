"""`python -m benchmarks.declared [FILE …]`: the declared-figures check over corpora of answers.

Each case is a question, the lookups the model made (with their results), the answer as declared, and
whether a careful reader says it may be posted (`expected`: pass / fail). Prints false positives (a
correct answer stopped) and false negatives (a wrong one let through), per file and overall.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

from bot.core.accounting import Known, declare
from bot.core.declared import DeclaredAnswer, DeclaredFigure
from bot.core.facts import Evidence
from bot.core.figures import Verification, verify
from bot.core.rules import assess
from bot.domain.leave import Balance, LeaveRecord, LeaveTaken

ROOT = Path(__file__).resolve().parents[1]
CORPORA = sorted((ROOT / "tests" / "data").glob("declared_corpus_*.json"))


def evidence_of(case: dict[str, Any]) -> Evidence:
    balances: dict[int, Balance] = {}
    taken: dict[int, LeaveTaken] = {}
    working: dict[tuple[date, date], int] = {}
    for lookup in case.get("lookups") or []:
        result = lookup.get("result") or {}
        if "error" in result:
            continue
        match lookup["tool"]:
            case "get_leave_balance":
                balances[int(result["year"])] = Balance(
                    int(result["year"]), Decimal(str(result["granted"])), Decimal(str(result["used"]))
                )
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
    return Evidence(
        balances=balances, taken=taken, working_days=working, question=case["question"], today=today
    )


def answer_of(case: dict[str, Any]) -> DeclaredAnswer:
    answer = case["answer"]
    figures = tuple(
        DeclaredFigure(f["span"], str(f["value"]), f["basis"], f.get("expr"), f.get("as"))
        for f in answer.get("figures") or []
    )
    return DeclaredAnswer(answer["text"], figures)


def run(
    path: Path,
) -> tuple[list[tuple[dict[str, Any], Verification]], list[tuple[dict[str, Any], Verification]]]:
    false_positives, false_negatives = [], []
    for case in json.loads(path.read_text(encoding="utf-8")):
        verdict = verify(answer_of(case), evidence_of(case))
        if case["expected"] == "pass" and not verdict.holds:
            false_positives.append((case, verdict))
        elif case["expected"] == "fail" and verdict.holds:
            false_negatives.append((case, verdict))
    return false_positives, false_negatives


def plain_stands(
    text: str,
    question: str,
    evidence: Evidence,
    figures: list[Balance | LeaveTaken],
    today: date,
    looked_up: bool,
) -> bool:
    """The fallback's decision on a plain text: its rules, and its own account of every number verified."""
    rules = assess(text, question, figures, today, looked_up=looked_up)
    account = declare(text, Known(evidence.balances, evidence.taken, question, today))
    return rules.stands and verify(account, evidence).holds


def fallback(path: Path) -> tuple[int, int, int, int]:
    """The plain-text fallback check on the same answers, reading only their text: (FP, correct, FN, wrong)."""
    fps = fns = passing = failing = 0
    for case in json.loads(path.read_text(encoding="utf-8")):
        evidence = evidence_of(case)
        figures: list[Balance | LeaveTaken] = [*evidence.balances.values(), *evidence.taken.values()]
        today = evidence.today or date.today()
        stands = plain_stands(
            case["answer"]["text"], case["question"], evidence, figures, today, bool(case.get("lookups"))
        )
        if case["expected"] == "pass":
            passing += 1
            fps += not stands
        else:
            failing += 1
            fns += stands
    return fps, passing, fns, failing


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.declared_corpus", description=__doc__)
    parser.add_argument("files", nargs="*", type=Path, default=CORPORA)
    parser.add_argument("-v", "--verbose", action="store_true", help="print every miss with its reasons")
    args = parser.parse_args()
    totals = [0, 0, 0, 0]
    for path in args.files:
        cases = json.loads(path.read_text(encoding="utf-8"))
        passing = sum(c["expected"] == "pass" for c in cases)
        fps, fns = run(path)
        totals = [
            totals[0] + len(fps),
            totals[1] + passing,
            totals[2] + len(fns),
            totals[3] + len(cases) - passing,
        ]
        print(
            f"{path.name}: FP {len(fps)}/{passing} = {100 * len(fps) / max(passing, 1):.1f} %, "
            f"FN {len(fns)}/{len(cases) - passing} = {100 * len(fns) / max(len(cases) - passing, 1):.1f} %"
        )
        if args.verbose:
            for label, misses in (("FP", fps), ("FN", fns)):
                for case, verdict in misses:
                    print(f"  {label} {case['id']}: {case['answer']['text'][:100]!r}")
                    for problem in verdict.problems:
                        print(f"      {problem.span!r} {problem.reason}")
                    if label == "FN":
                        print(f"      expected fail: {case.get('why')}")
    fp, passing, fn, failing = totals
    plain = [fallback(path) for path in args.files]
    pfp, ppass, pfn, pfail = (sum(p[i] for p in plain) for i in range(4))
    print(
        f"plain-text fallback on the same texts: FP {pfp}/{ppass} = {100 * pfp / max(ppass, 1):.1f} %, "
        f"FN {pfn}/{pfail} = {100 * pfn / max(pfail, 1):.1f} %"
    )
    print(
        f"all: FP {fp}/{passing} = {100 * fp / max(passing, 1):.1f} %, FN {fn}/{failing} = {100 * fn / max(failing, 1):.1f} %"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
