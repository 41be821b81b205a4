"""The offline model's reading of a leave request: month names and abbreviations either way round, spans
(to / through / until / - / ~ / 부터…까지), a part of the day named with a date, today and weekdays, and a
"how many days is that?" at the end, answered from the draft's own count. Today: Sunday 2026-11-29."""

from __future__ import annotations

import io
from datetime import date

import pytest

from bot.cli import main
from bot.llm.drafting import leave_asked

TODAY = date(2026, 11, 29)


@pytest.mark.parametrize(
    ("message", "start", "end", "part"),
    [
        ("Please log 29 Dec to 31 Dec as annual leave", "2026-12-29", "2026-12-31", "full"),
        ("time off from Dec 21 until Dec 23", "2026-12-21", "2026-12-23", "full"),
        ("Put in leave for December 21st - 22nd", "2026-12-21", "2026-12-22", "full"),
        ("I need the 22nd of December off", "2026-12-22", "2026-12-22", "full"),
        ("12/21~12/22 휴가 신청", "2026-12-21", "2026-12-22", "full"),
        ("다음 주 목요일 하루 휴가 낼게", "2026-12-03", "2026-12-03", "full"),
        ("오늘 오전 반차 쓸께요", "2026-11-29", "2026-11-29", "am"),
        ("목요일 오후 반차", "2026-12-03", "2026-12-03", "pm"),
        ("Dec 22 p.m. half day off", "2026-12-22", "2026-12-22", "pm"),
        ("I'd like an afternoon half day on Dec 22", "2026-12-22", "2026-12-22", "pm"),
    ],
)
def test_a_request_is_read_with_its_dates_and_part(message, start, end, part):
    asked = leave_asked(message, TODAY)
    assert asked is not None, message
    assert (asked.start.isoformat(), asked.end.isoformat(), asked.part) == (start, end, part)


@pytest.mark.parametrize(
    "message",
    [
        "Can I take Dec 22 off?",  # asks, does not request
        "12월 22일 연차 신청 어떻게 해?",  # how, not a request
        "Suppose I took Dec 14 to Dec 16 off, how many leave days would that use?",  # a what-if, no request
        "목요일 오후 반차 가능해?",
        "How many days off do I have left?",
    ],
)
def test_questions_are_not_requests(message):
    assert leave_asked(message, TODAY) is None


@pytest.mark.parametrize(
    ("message", "counted"),
    [
        ("Dec 21 to Dec 23 off please. How many leave days would that be?", True),
        ("12월 21일부터 23일까지 휴가 쓸게요. 그럼 며칠 차감돼요?", True),
        ("12월 21일부터 23일까지 휴가 쓸게요", False),
    ],
)
def test_how_many_days_is_that_is_read_with_the_request(message, counted):
    asked = leave_asked(message, TODAY)
    assert asked is not None and asked.counted is counted


@pytest.mark.parametrize(
    ("line", "said"),
    [
        (
            "Dec 21 to Dec 23 off please. How many leave days would that be?",
            "I drafted a leave request for Monday, December 21 to Wednesday, December 23 (3 working days).",
        ),
        (
            "12월 21일부터 23일까지 휴가 쓸게요. 며칠이에요?",
            "12월 21일(월)~12월 23일(수), 근무일 3일 휴가 신청 초안",
        ),
        (
            "12월 14일부터 16일까지 연차 쓸게요",
            "12월 14일(월)~12월 16일(수), 근무일 3일 휴가 신청 초안",
        ),  # a request says it unasked
    ],
)
def test_the_draft_answers_how_many_days_from_its_own_count(newcomer, monkeypatch, capsys, line, said):
    monkeypatch.setattr("sys.stdin", io.StringIO(line + "\n"))
    assert main(["chat", "--trace"]) == 0
    out = capsys.readouterr().out
    assert said in out and "grounding: ok" in out and "asking the model once more" not in out


@pytest.mark.parametrize("message", ["Dec 22 and Dec 23 off please", "12월 22일, 12월 24일 연차 쓸래"])
def test_days_listed_apart_are_not_drafted_as_one_stretch(message):
    assert leave_asked(message, TODAY) is None


def test_the_whole_week_of_a_day_is_drafted_monday_to_friday():
    # after the twenty-third set: "the whole week of dec 21" drafted the 21st alone
    asked = leave_asked(
        "i wanna take the whole week of dec 21 off, ok? how many days will it cost", date(2026, 11, 29)
    )
    assert asked is not None and (asked.start, asked.end) == (date(2026, 12, 21), date(2026, 12, 25))


@pytest.mark.parametrize(
    "message",
    [
        "I'd like to take off between Christmas and New Year",  # one end is no day it reads
        "christmas to new year off pls",
    ],
)
def test_a_named_day_at_one_end_of_a_stretch_is_not_drafted_alone(message):
    # after the fifty-third set: "between Christmas and New Year" was drafted as December 25 alone
    assert leave_asked(message, TODAY) is None
    assert leave_asked("I want Christmas Eve off", TODAY) is not None  # a named day alone still is


async def test_someone_elses_days_off_are_declined_not_drafted(hr, minsu):
    # after the fifty-third set: "My team lead …, is he off between …?" drafted a request for the asker
    from tests.support.offline_chat import ask, offline_assistant

    turn = await ask(offline_assistant(hr), minsu, "My team lead, is he off on Dec 24?")
    assert turn.trace.tool_calls == [] and "anyone else" in turn.answer


async def test_the_askers_own_request_beside_a_colleague_is_still_drafted(hr, minsu):
    from tests.support.offline_chat import ask, offline_assistant

    turn = await ask(
        offline_assistant(hr), minsu, "팀장님이 크리스마스 이브에 쉬신대요. 저도 12월 24일 연차 쓰고 싶어요"
    )
    assert [c.name for c in turn.trace.tool_calls] == ["draft_leave_request"]
