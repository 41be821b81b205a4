"""The offline model checks its own choice of statements before it answers.

Claude's answers are judged by a second model call (bot/grounding/judge.py): whether statements answer a
question is a reading of free text, which rules do not generalise to (docs/decisions.md). The offline
stand-in has no model to ask, and its reader (bot/llm/reading.py) is itself rules, so it holds what it chose
to a second set of rules, read from the other side: each part's statements against the words it quotes
(quotes.py), and the whole question against all of them (rules.py). An answer they stop is not posted: the
stand-in says it cannot answer that offline (bot/llm/tool_results_reading.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date

from bot.grounding.facts import Evidence
from bot.grounding.shape import Part
from bot.grounding.statements import Chosen, Problem, Written, write
from bot.language.asked_words import REPORTED_CLAUSE
from bot.llm.choice.quotes import is_whole, quoted, reading_problems
from bot.llm.choice.rules import choice_problems, part_problems


def write_checked(answer: Sequence[str] | Sequence[Part], evidence: Evidence, korean: bool) -> Written:
    """The statements written by code, with what stops them being written and what the rules find wrong
    with their choice."""
    written = write(answer, evidence, korean)
    problems = [*written.problems, *choice_of(written, evidence)]
    return replace(written, problems=tuple(problems))


def choice_of(written: Written, evidence: Evidence) -> list[Problem]:
    """Whether the statements written answer the question asked, and only it, by the rules."""
    today = evidence.today or date.today()
    problems: list[Problem] = []
    quotes = [p.asks for p in written.parts if p.asks is not None]
    read = quoted(evidence.question, quotes) if quotes else None
    given: set[str] = set()  # the reasons a part gave, more exactly (for its own words), than the whole
    chosen = Chosen()
    for part, in_part in zip(written.parts, written.about, strict=True):
        chosen.add(in_part)
        # a part quoting the whole question is the whole question's check below
        # a quote not found in the question (a paraphrase) is no reading of it: the part is held to the whole
        # question below, as an answer quoting none is
        if (
            part.asks is not None
            and read is not None
            and part.asks not in read.missing
            and in_part.kinds
            and not is_whole(part.asks, evidence.question)
        ):
            # what someone told the asker, quoted with the ask, is a story the part is not held to
            asks = REPORTED_CLAUSE.sub(" ", part.asks).strip() or part.asks
            for problem in part_problems(_about(evidence, asks), today, in_part):
                given.add(problem.reason)
                problems.append(Problem(problem.figure, f'for "{part.asks}": {problem.reason}'))
    whole, rest = evidence, chosen
    if read is not None:
        problems += reading_problems(read, today, chosen)
        if not read.missing:  # held to what is asked: a story told around it is not (its dates are its own)
            asked = read.asked(evidence.question, today, chosen)
            # a colleague's ask declined in a part of its own is settled there, with its statement; the rest
            # is the asker's ("팀장님 올해 연차 몇 일 남으셨어요? 제 것도 알려주세요")
            quoting = [
                (p, c) for p, c in zip(written.parts, written.about, strict=True) if p.asks is not None
            ]
            declined = [in_part.kinds == {"only_own_leave"} for _, in_part in quoting]
            if any(declined) and not all(declined):
                rest = Chosen()
                for (_, in_part), found, settled in zip(quoting, read.found, declined, strict=True):
                    if settled:
                        asked = asked.replace(found, " ", 1)
                    else:
                        rest.add(in_part)
            whole = _about(evidence, asked)
    told = REPORTED_CLAUSE.sub(" ", whole.question).strip()  # what someone told the asker: a story
    whole = replace(whole, question=told or whole.question)
    problems += [p for p in choice_problems(whole, today, rest) if p.reason not in given]
    return problems


def _about(evidence: Evidence, words: str) -> Evidence:
    """The evidence, held to some of the question's words: a colleague it names only where they stand."""
    colleague = evidence.colleague if evidence.colleague and evidence.colleague in words else None
    return replace(evidence, question=words, colleague=colleague)
