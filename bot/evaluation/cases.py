"""An evaluation set and how an answer is judged against it (`officebot eval`, docs/grounding.md).

A set is JSON: the day its questions are asked on, and cases, each a question asked as one employee of the
bundled HR data, with the figures a right answer must state (`states`), the other leave figures it may state
(`may`) and the numbers that are not leave figures there (`mentions`: years, dates). A number in the answer
that is in none of them, nor in the question, makes it wrong. Judged on the numbers the answer states (`bot/language/number_tokens.py`:
digits and number words), never on its wording.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from bot.language.dates import MONTH_NAME, month_number
from bot.language.number_tokens import amounts_in

Verdict = Literal["right", "declined", "wrong"]


class BadSet(Exception):
    """The set file cannot be read as an evaluation set; the text says where."""


@dataclass(frozen=True)
class Case:
    id: str
    employee_id: str
    question: str
    states: frozenset[Decimal]  # the figures a right answer states
    may: frozenset[Decimal]  # other leave figures it may state beside them
    mentions: frozenset[Decimal]  # numbers that are not leave figures here: years, dates
    previous: str | None = None  # an earlier question of the same conversation

    def judge(self, answer: str) -> Verdict:
        """`right`: every figure it must state, and no number nobody allowed; `declined`: no leave figure at
        all (an honest "I can't"); `wrong`: a number nobody allowed, or other figures instead of the ones
        asked for (a bare balance for another question)."""
        said = amounts_in(answer) | _months_named(answer)
        asked = amounts_in(self.question) | _months_named(self.question, ahead=False)
        if said - self.states - self.may - self.mentions - asked:
            return "wrong"
        if self.states <= said:
            return "right"
        return "declined" if not said & (self.states | self.may) else "wrong"


@dataclass(frozen=True)
class EvalSet:
    name: str
    today: date
    cases: tuple[Case, ...]


def bundled_set_path() -> Path:
    return Path(str(resources.files("bot.fixtures").joinpath("eval_leave.json")))


def load_set(path: Path) -> EvalSet:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        cases = tuple(_case(item, index) for index, item in enumerate(data["cases"]))
        return EvalSet(path.stem, date.fromisoformat(data["today"]), cases)
    except OSError as exc:
        raise BadSet(f"{path}: cannot be read ({exc.strerror or exc.__class__.__name__})") from None
    except (ValueError, KeyError, TypeError) as exc:
        raise BadSet(f"{path}: not an evaluation set ({exc})") from None


def _case(item: Any, index: int) -> Case:
    # a case is named by its id, else by its place counted from 1, as a person counts
    named = f"case {item.get('id') or index + 1}" if isinstance(item, dict) else f"case {index + 1}"

    def figures(name: str) -> frozenset[Decimal]:
        values = item.get(name) or []
        for value in values:
            try:
                Decimal(str(value))
            except InvalidOperation:
                raise ValueError(f"{named}: {name} holds {value!r}, which is not a number") from None
        return frozenset(Decimal(str(value)) for value in values)

    question, employee = item["question"], item["as"]
    if not isinstance(question, str) or not isinstance(employee, str):
        raise ValueError(f"{named}: question and as must be text")
    return Case(
        str(item.get("id") or index),
        employee,
        question,
        figures("states"),
        figures("may"),
        figures("mentions"),
        item.get("previous"),
    )


# "Thursday, December 31": a date's month said as a word is its number, as "12월 31일" says it in digits
_MONTH = re.compile(rf"\b{MONTH_NAME}(?=\s+\d)", re.I)


def _months_named(text: str, ahead: bool = True) -> set[Decimal]:
    """The months `text` names by name: before a day's number (`ahead`), or anywhere (the question's)."""
    found = _MONTH.finditer(text) if ahead else re.finditer(rf"\b{MONTH_NAME}", text, re.I)
    return {Decimal(n) for m in found if (n := month_number(m.group(0))) is not None}
