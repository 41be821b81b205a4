"""The offline model: a small, rule-based stand-in for Claude that speaks the Messages API wire format.

It is served to the real `anthropic` SDK through an `httpx2` transport, so the bot's code path is the same
with and without an API key: requests are serialised by the SDK, answered here as JSON, and parsed back
into SDK types. It behaves like a strict API peer, so the loop's wire contract is checked offline too:

- it reads the question with plain rules (`bot/llm/reading.py`): the years (올해, 작년, 2024년, '24, FY24,
  "2 years ago", "2020년부터 2026년까지", "그 전 해는?" after a lookup), and the kind of question;
- for a leave question it asks for `get_leave_balance` and/or `list_leave_taken`, one `tool_use` block
  per year, in parallel, at most 8 in all (a longer list of years is cut, and the answer says so); a
  message of several questions is read part by part (`bot/llm/compound.py`), all their lookups at once;
- it declines other people's leave, and answers the date, greetings, thanks, how-to, carry-over and
  hours questions, saying what it can do, with no lookup;
- its final answer is what Claude's is: statements from the catalogue (`{"say": [...]}`,
  bot/grounding/statements.py) chosen from the tool_results — the balance, a "3일 쓰면" what-if, a check of
  the figure the person named, half days counted, a month's records, each failure with its own advice —
  which code writes whole in the asker's language;
- it signs its thinking blocks and rejects a request whose thinking block was changed, whose tool_use
  blocks are not all answered first thing in the next user message, or that forces `tool_choice`.

It reads the date from the system prompt, as the real model must.
"""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any

import httpx2

from bot.calendar import Day, WorkingDays
from bot.domain.leave import Balance, LeaveTaken, format_days
from bot.grounding.judge import asks_for_a_verdict
from bot.language.dates import blank_dates, without_holidays_excluded
from bot.language.number_tokens import amounts_in
from bot.language.people import Roster
from bot.language.years import years_in  # noqa: F401  (re-exported: tests read years through the model)
from bot.llm import offline_lines as lines
from bot.llm.compound import Part, asks_in, composed, questions_in, without_asides
from bot.llm.conversation import (
    earlier_in,
    is_correction,
    latest_question,
    previous_answer,
    question_index,
    system_text,
    today_from,
    wants_declared,
)
from bot.llm.coverage import pending_asked, unread
from bot.llm.drafting import leave_asked
from bot.llm.prompt_cache import PromptCache, estimate_tokens
from bot.llm.reading import asker_in, calendar_asked, read_question
from bot.llm.reading_values import ARITHMETIC_KINDS, ENTITLEMENT_KINDS, LOOKUP_KINDS, MAX_LOOKUPS, Reading
from bot.llm.tool_results_reading import (
    balance_in,
    figure_read,
    final_text,
    problems_read,
    refused_for_the_balance,
)
from bot.llm.wire import WireError, blocks, check_wire_contract, sign, tool_results
from bot.policy.periods import after_years
from bot.policy.standing import Entitlement
from bot.tools import draft_request, leave_balance
from bot.tools import working_days as count_working_days

OFFLINE_BASE_URL = "http://offline-model.officebot.invalid"
OFFLINE_API_KEY = "offline-model-no-key"
OFFLINE_MODEL_NOTICE = "offline model (no ANTHROPIC_API_KEY): rule-based stand-in, not Claude"


@dataclass
class OfflineModel:
    """`respond(request_json) -> response_json`, deterministic for a given request. `roster`: the names
    in the HR data, so a colleague is someone who is there (a model knows who works at the company)."""

    roster: Roster = field(default_factory=Roster)

    def __post_init__(self) -> None:
        self._ids = itertools.count(1)
        self._cache = PromptCache()  # the usage it reports, as the API's prompt cache would

    def handle(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        try:
            return 200, self.respond(body)
        except WireError as exc:
            return exc.status, {
                "type": "error",
                "error": {"type": "invalid_request_error", "message": str(exc)},
            }

    def respond(self, body: dict[str, Any]) -> dict[str, Any]:
        messages = body.get("messages") or []
        check_wire_contract(body, messages)
        if asks_for_a_verdict(body):
            # Judging whether an answer answers needs a model: offline there is no judge, the offline
            # model holds its own choice to rules before it answers (bot/llm/choice/).
            raise WireError(400, "the offline model does not judge answers")
        today = today_from(body.get("system"))
        offered = {t.get("name") for t in body.get("tools") or []}
        last = messages[-1]
        results = tool_results(last) if last["role"] == "user" else []
        question = latest_question(messages)
        system = system_text(body.get("system"))
        declaring = wants_declared(body)
        if declaring and last["role"] == "user" and is_correction(last):
            # Asked again about its figures: it has nothing better, so it says the same (the check then
            # posts the plain lookup answer).
            return self._message(body, [_text(previous_answer(messages))], "end_turn")
        if results and (drafted := _draft_answer(results, messages)) is not None:
            if isinstance(drafted, int) and leave_balance.NAME in offered:
                # Refused for the balance: look the balance up, so the answer can say it from a lookup.
                thinking = f"The draft is more than the balance: look up the balance for {drafted}."
                return self._message(
                    body, self._uses(thinking, [_use(leave_balance.NAME, year=drafted)]), "tool_use"
                )
            said = drafted if isinstance(drafted, list) else ["draft_refused()"]
            return self._final(body, said, messages, question, today, declaring)
        if results and refused_for_the_balance(messages):
            balances = [b for b in map(balance_in, results) if b is not None]
            # ("… 쉬고 싶은데 근무일 기준으로 며칠이에요?": the count asked, from the calendar, beside the refusal)
            asked = leave_asked(question, today)
            counted = (
                [f'working_days("{asked.start.isoformat()}", "{asked.end.isoformat()}")']
                if asked is not None and asked.counted and asked.start < asked.end
                else []
            )
            said = (
                ["draft_refused()", *counted, f"remaining({balances[0].year})"]
                if balances
                else _answer_from_results(results, Reading("lookup"), question)
            )
            return self._final(body, said, messages, question, today, declaring)
        if results:
            # Read the question again as it was read when the lookups were asked for (this peer keeps
            # no state between requests, like the API), and answer each part from its own lookups.
            reading, parts = self._read(question, messages[: question_index(messages)], today, system)
            asked_for = _asked_for(messages)
            if set(asked_for.values()) != {use for part in parts for use in _requests(part, offered)}:
                parts = [Part(question, reading=reading)]  # not what it asked for: read the results whole
            said = [
                statement
                for p in parts
                for statement in _part_answer(results, asked_for, p, offered, question)
            ]
            if set(lines.CANNOT) <= set(said):  # a part it cannot answer: the whole declined, no half answer
                said = list(lines.CANNOT)
            return self._final(body, list(dict.fromkeys(said)), messages, question, today, declaring)
        reading, parts = self._read(question, messages[:-1], today, system)
        calendar = len(parts) == 1 and parts[0].calendar is not None  # asked before a draft is
        # someone else's days off ("my team lead, is he off …?") are no request of the asker's: declined
        theirs = reading.kind == "someone_else" and not _ASKERS_OWN.search(question)
        drafts = draft_request.NAME in offered and not calendar and not theirs
        asked = leave_asked(question, today) if drafts else None
        if asked is not None:
            thinking = "The user wants leave on a date: draft it with draft_leave_request; they submit it."
            draft = _use(
                draft_request.NAME,
                start=asked.start.isoformat(),
                end=asked.end.isoformat(),
                part=asked.part,
                leave_type="annual",
                reason="",
            )
            return self._message(body, self._uses(thinking, [draft]), "tool_use")
        wanted = list(dict.fromkeys(use for part in parts for use in _requests(part, offered)))
        if len(parts) > 1 and len(wanted) > MAX_LOOKUPS:  # more than one round runs: not answered in part
            wanted, reading = [], Reading("cannot")
        if wanted:  # every lookup the question's parts need, in one message; the calendar's, never counted
            thinking = f"Read whole in {len(parts)} part(s): ask for every lookup they need at once."
            return self._message(body, self._uses(thinking, wanted), "tool_use")
        said = lines.offline_words(reading.kind, today, reading.years)
        if reading.kind == "in_a_row":  # the calendar's, no lookup
            said = [_in_a_row(reading)]
        if reading.kind == "days_until" and reading.until is not None:  # a day named: counted from today
            said = [f'days_until("{reading.until.isoformat()}")']
        return self._final(body, said, messages, question, today, declaring)

    def _final(
        self,
        body: dict[str, Any],
        said: list[str],
        messages: list[dict[str, Any]],
        question: str,
        today: date,
        declaring: bool,
    ) -> dict[str, Any]:
        """The final answer: the statements chosen, in the answer shape (or written out, for a plain peer)."""
        # someone in the HR data other than the asker, named in the question: their own check gives a
        # colleague's question none of the asker's figures
        colleague = self.roster.colleague_named(question, asker_in(system_text(body.get("system"))))
        written = final_text(said, messages, question, today, declaring, colleague=colleague)
        return self._message(body, [_text(written)], "end_turn")

    def _uses(self, thinking: str, uses: list[tuple[str, str]]) -> list[dict[str, Any]]:
        """A thinking block and one tool_use block per (tool, input as JSON), in parallel."""
        return [
            {"type": "thinking", "thinking": thinking, "signature": sign(thinking)},
            *(
                {"type": "tool_use", "id": self._tool_use_id(), "name": name, "input": json.loads(given)}
                for name, given in uses
            ),
        ]

    def _read(
        self, question: str, before: list[dict[str, Any]], today: date, system: str
    ) -> tuple[Reading, list[Part]]:
        """The question's reading ("cannot" when part of it is unread) and its parts: one, the question
        (a calendar question, or a lookup read whole), or each of several questions read whole
        (bot/llm/compound.py); none when nothing is looked up. A question it cannot read whole is read
        again without the asides that open or close it ("planning a trip!")."""
        question = without_holidays_excluded(question)
        reading, parts = self._read_whole(question, before, today, system)
        trimmed = without_asides(question, today, self.roster)
        if reading.kind == "cannot" and trimmed != question:
            return self._read_whole(trimmed, before, today, system)
        return reading, parts

    def _read_whole(
        self, question: str, before: list[dict[str, Any]], today: date, system: str
    ) -> tuple[Reading, list[Part]]:
        calendar = calendar_asked(question, today)
        if calendar is not None and len(questions_in(question)) == 1:  # several questions: each part read
            return Reading("cannot"), [Part(question, calendar=calendar)]
        earlier = earlier_in(before)
        reading = read_question(question, today, earlier, system, self.roster)
        # Consecutive messages merge into one turn (a long Slack thread): then the newest line is what is
        # asked and must be read whole; a question of a few lines is read whole.
        asked_lines = [line for line in question.splitlines() if line.strip()]
        newest = question if len(asked_lines) <= 3 else asked_lines[-1]
        newest = self.roster.without_asker(newest, asker_in(system))  # their own name is read: it is them
        left = bool(unread(newest, reading, today, bool(earlier.years)))
        parts = composed(newest, reading, left, today, earlier, system, self.roster)
        several = any(sum(q[-1] in "?？" for q in questions_in(line)) > 1 for line in newest.splitlines())
        # a part unread: no partial answer — unless the whole is read word for word by a reading whose one
        # statement says both how many and when ("몇 개 소멸돼? 언제까지 써야 돼?": the days left lapse, and when)
        if parts is None and (left or (several and reading.kind != "expiry")):
            reading = Reading("cannot")
        # an answer in fixed words answers one ask: a message with another is declined, not half answered
        if reading.kind in ("public_holiday", "how_to") and asks_in(newest) > 1:
            reading = Reading("cannot")
        return reading, parts or ([Part(question, reading=reading)] if reading.kind in LOOKUP_KINDS else [])

    def _tool_use_id(self) -> str:
        return f"toolu_offline_{next(self._ids):06d}"

    def _message(self, body: dict[str, Any], content: list[dict[str, Any]], stop: str) -> dict[str, Any]:
        return {
            "id": f"msg_offline_{next(self._ids):06d}",
            "type": "message",
            "role": "assistant",
            "model": body.get("model", "offline"),
            "content": content,
            "stop_reason": stop,
            "stop_sequence": None,
            "usage": {
                **self._cache.usage(body),
                "output_tokens": estimate_tokens({"content": content}),
            },
        }


# The asker as the one who wants the days ("저도 크리스마스에 쉬고 싶어요", "I'd like Dec 4 off too"), beside
# someone else named: the request is the asker's own.
_ASKERS_OWN = re.compile(
    r"저도|제가|저는|나도|내가|나는|\bI(?:'d|'m|\s+(?:want|would|need|will|'ll))\b|\bme\b", re.I
)


def _text(said: str) -> dict[str, Any]:
    return {"type": "text", "text": said}


def _use(tool: str, **given: Any) -> tuple[str, str]:
    return tool, json.dumps(given, sort_keys=True)


def _requests(part: Part, offered: set[Any]) -> list[tuple[str, str]]:
    """The lookups a part needs, as (tool, input as JSON): the calendar's, the Act's, one per year and
    tool, and the working days of a what-if over dates."""
    if part.calendar is not None:
        return [_use(part.calendar[0], **part.calendar[1])] if part.calendar[0] in offered else []
    reading = part.reading or Reading("cannot")
    tools = [tool for tool in reading.tools if tool in offered]
    uses = [_use(tools[0])] if tools and reading.kind in ENTITLEMENT_KINDS else []
    uses += [_use(tool, year=y) for tool in tools for y in reading.years]
    if uses and count_working_days.NAME in offered:  # a what-if over dates: the working days of each
        uses += [
            _use(count_working_days.NAME, start=a.isoformat(), end=b.isoformat()) for a, b, _ in reading.spans
        ]
    return uses


def _asked_for(messages: list[dict[str, Any]]) -> dict[str, tuple[str, str]]:
    """The lookups the model's last message asked for, by tool_use id."""
    last = messages[-2] if len(messages) > 1 else {}
    return {
        b["id"]: _use(str(b.get("name")), **(b.get("input") or {}))
        for b in blocks(last)
        if b.get("type") == "tool_use"
    }


def _part_answer(
    results: list[dict[str, Any]],
    asked: dict[str, tuple[str, str]],
    part: Part,
    offered: set[Any],
    question: str,
) -> list[str]:
    """One part's statements, from the results of the lookups it asked for."""
    mine = [r for r in results if asked.get(str(r.get("tool_use_id"))) in _requests(part, offered)]
    if part.reading is not None:
        return _answer_from_results(mine, part.reading, question)
    found = figure_read(mine[0]) if mine else None
    if isinstance(found, Day | WorkingDays):
        return [lines.calendar_said(found)]
    return ["lookup_failed()"] if mine else list(lines.CANNOT)


def _answer_from_results(results: list[dict[str, Any]], reading: Reading, question: str) -> list[str]:
    """The statements a careful model chooses from what it read in the tool results; code writes them. Like
    any API peer it sees only the wire, so it reads the results' JSON data."""
    found: list[Balance | LeaveTaken | None] = []  # None: a failure
    for block in results:
        figure = figure_read(block)
        if isinstance(figure, WorkingDays):  # the calendar's count for a what-if: read below
            continue
        if isinstance(figure, Entitlement) and reading.kind in ENTITLEMENT_KINDS:
            return _statutory(reading, figure)
        if isinstance(figure, Balance | LeaveTaken):
            found.append(figure)
        elif block.get("is_error") or figure is None:
            found.append(None)
    balances = [f for f in found if isinstance(f, Balance)]
    taken = [f for f in found if isinstance(f, LeaveTaken)]
    failed = ["lookup_failed()"] if None in found else []
    days = reading.days if reading.days is not None else Decimal(1)
    stated = amounts_in(blank_dates(question))
    amount = f"q({reading.halves}) * 0.5" if reading.halves is not None else f"q({format_days(days)})"
    amount = reading.amount or amount
    kind = reading.kind
    said: list[str] = []
    # (a what-if says what is left before and after: the year's other figures are not asked)
    if kind == "what_if" and balances:
        said = [f"what_if({b.year}, {amount})" for b in balances]
    elif kind == "can_i_take" and balances:
        fits = (f"what_if({b.year}, {amount})" if days in stated else f"enough({b.year})" for b in balances)
        said = ["how_to_request()", *fits]
    elif kind == "check_claim" and balances:
        said = [f"claimed({b.year}, {amount})" for b in balances]
    elif kind == "half_days" and taken:
        sizes = ["0.5", "0.25"] if reading.days is None else [format_days(days)]
        said = [f"parts_taken({t.year}, {size})" for t in taken for size in sizes]
    elif kind == "what_if_span" and balances:
        said = [s for b in balances for s in _span_plan(results, reading)]
        said += [_in_a_row(reading)] if reading.in_a_row else []
    elif kind in ("difference", "total") and failed:  # a year missing: the failure said
        said = []
    elif kind in ARITHMETIC_KINDS and balances:
        said = _arithmetic(kind, balances, reading.figure)
    elif reading.types and taken:
        said = [f'taken({t.year}, "{k}")' for t in taken for k in reading.types]
    elif reading.latest and taken:
        said = [f"latest({t.year})" for t in taken]
    elif kind == "monthly" and taken:
        month = (
            (lambda t: f"month({t.year}, {reading.month})")
            if reading.month
            else (lambda t: f"records({t.year})")
        )
        said = ["no_monthly_totals()", *map(month, taken)]
    else:
        said = [
            "lookup_failed()"
            if f is None
            else f"balance({f.year})"
            if isinstance(f, Balance)
            else f"records({f.year})"
            for f in found
        ]
        if pending_asked(question, reading):  # pending requests not looked up: not said, so not answered
            if any(b.pending is None for b in balances):
                return list(lines.CANNOT)
            said += [f"pending({b.year})" for b in balances]
    said += failed
    said += ["lookups_capped()"] if reading.capped else []
    return list(dict.fromkeys(said)) or list(lines.CANNOT)


def _in_a_row(reading: Reading) -> str:
    """The days off in a row the plan's days make, from its first day to its last."""
    return f'in_a_row("{reading.spans[0][0].isoformat()}", "{reading.spans[-1][1].isoformat()}")'


def _span_plan(results: list[dict[str, Any]], reading: Reading) -> list[str]:
    """Days or stretches off: one stretch a what-if over its days; several a plan, a day with no working day
    said as what it is."""
    counted = {(f.start, f.end): f.working for f in map(figure_read, results) if isinstance(f, WorkingDays)}
    if not reading.spans or any((a, b) not in counted for a, b, _ in reading.spans):
        return list(lines.CANNOT)
    if len(reading.spans) == 1 and reading.spans[0][2] == 1:
        a, b, _ = reading.spans[0]
        return [f'what_if_days("{a.isoformat()}", "{b.isoformat()}")']
    off = [
        f'day("{a.isoformat()}")' if a == b else f'working_days("{a.isoformat()}", "{b.isoformat()}")'
        for a, b, _ in reading.spans
        if not counted[a, b]
    ]
    each = (
        f'["{a.isoformat()}", "{b.isoformat()}"' + ("" if size == 1 else f", {format_days(size)}") + "]"
        for a, b, size in reading.spans
    )
    return [*off, f"plan({', '.join(each)})"]


def _arithmetic(kind: str, balances: list[Balance], figure: str | None) -> list[str]:
    """A share used, hours left, half days left, or one figure over two years (difference or total)."""
    if kind in ("difference", "total"):
        if len(balances) != 2:
            return []
        name = "compare" if kind == "difference" else "total"
        return [f'{name}("{figure or "used"}", {balances[0].year}, {balances[1].year})']
    said: list[str] = []
    for b in balances:
        if kind == "percent":
            said.append(f"share_used({b.year})" if b.granted else f"balance({b.year})")
        else:  # hours or half days left; with none left, the balance says why
            none_left = [f"balance({b.year})"] if b.remaining <= 0 else []
            said += [*none_left, f"{'hours_left' if kind == 'hours_left' else 'half_days_left'}({b.year})"]
    return said


def _statutory(reading: Reading, ent: Entitlement) -> list[str]:
    """The Act's leave for the asker: the next grant, what lapses, the first year, why a grant's size."""
    # the days until the day the Act's leave lapses, the next grant arises, or the hire date's anniversary
    if reading.kind == "days_until":
        said, day = {
            "next_grant": ("next_grant()", ent.next_on),
            "anniversary": ("service_years()", after_years(ent.hire_date, ent.service_years + 1)),
        }.get(reading.figure or "", ("lapsing()", ent.nearest_expiry))
        return [said, f'days_until("{day.isoformat()}")'] if day is not None else list(lines.CANNOT)
    if reading.kind == "grows":  # the size asked ("22개"), or the next that is bigger
        return [f"grows_to(q({format_days(reading.days)}))" if reading.days else "grows_to()"]
    if reading.kind == "service_years":  # from the hire date, whether or not the Act's leave applies
        return ["service_years()"]
    if reading.kind == "act_rules":  # the statute's own numbers, whoever asks
        return [f'act_rule("{rule}")' for rule in reading.rules]
    if reading.kind == "carry_over":  # what lapses by the Act when asked, and the company's rule left to HR
        return ["lapsing()", "ask_hr()"] if reading.figure == "lapse" else ["ask_hr()"]
    if ent.none_because is not None and not (reading.kind == "expiry" and ent.current):
        return ["no_act_leave()"]
    if reading.kind == "expiry":
        return ["lapsing()"]
    grants = [*ent.current, *ent.upcoming]
    chosen = [g for g in grants if g.days == reading.days] or [g for g in grants if g.kind == "annual"][-1:]
    if reading.kind == "why_days" and ent.service_years >= 1 and (not chosen or chosen[0].kind != "annual"):
        # why_grant() explains a grant that is not the Act's yearly one (HR's imported calendar-year rows)
        # by the first year's rule: wrong for someone past their first year, so declined
        return list(lines.CANNOT)
    if reading.kind == "why_days" and reading.days is not None:
        return [f"why_grant(q({format_days(reading.days)}))"]
    if reading.kind == "why_days":
        return ["why_grant()"]
    if reading.kind == "first_year" and reading.rules:  # asked of the law: the rule alone
        return ['act_rule("first_year")']
    if reading.kind == "first_year":
        monthly = any(g.kind == "monthly" for g in ent.current)
        if ent.service_years >= 1 and not monthly:
            return ['act_rule("first_year")', "service_years()", "current_days()"]
        coming = ["next_grant()"] if ent.upcoming and ent.next_on is not None else []
        return ['act_rule("first_year")', "current_days()", *coming]
    return ["next_grant()"]


def _draft_answer(results: list[dict[str, Any]], messages: list[dict[str, Any]]) -> list[str] | int | None:
    """The statements for a draft_leave_request result: what was drafted (code says its days and that only
    Submit sends it), or why it cannot be; the year whose balance to look up when it was refused for the
    balance; None when these results are not a draft's."""
    asked = {
        b["id"]: b.get("input") or {}
        for b in blocks(messages[-2])
        if len(messages) > 1
        if b.get("type") == "tool_use" and b.get("name") == draft_request.NAME
    }
    for block in results:
        drafted = asked.get(block.get("tool_use_id"))
        if drafted is None:
            continue
        if block.get("is_error"):
            _, problems = problems_read(block)
            if any(p.over_balance for p in problems):
                return int(str(drafted["start"])[:4])
            return ["draft_refused()"]
        return ["drafted()"]
    return None


def offline_transport(model: OfflineModel | None = None) -> httpx2.MockTransport:
    brain = model or OfflineModel()

    def handler(request: httpx2.Request) -> httpx2.Response:
        if request.method != "POST" or not request.url.path.endswith("/v1/messages"):
            return httpx2.Response(
                404,
                json={
                    "type": "error",
                    "error": {
                        "type": "not_found_error",
                        "message": "offline model serves POST /v1/messages only",
                    },
                },
            )
        status, payload = brain.handle(json.loads(request.content))
        return httpx2.Response(status, json=payload, headers={"request-id": "req_offline"})

    return httpx2.MockTransport(handler)
