"""The kind of answer a question asks (a difference, a total, a count, a date to come) must be the kind the
offline model's answer writes, or it declines (bot/llm/asked_kind.py). Asked as E1001 (김민수) on
2026-11-29: 2026 granted 15, used 7.5, left 7.5; 2025 granted 15, used 11.5, 3.5 lapsed."""

from __future__ import annotations

import pytest

from bot.llm.asked_kind import asked
from tests.support.offline_chat import (
    CANNOT,
    ask,
    lookups,
    rendered_first_time,
    roster_bot,
)


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("작년이랑 올해 부여받은 연차 차이 알려줘", "같아요"),
        ("2025년이랑 2026년에 쓴 연차 합치면?", "합치면 19일이에요"),
        (
            "Did I use more leave in 2025 or 2026?",
            "for 2026 is 7.5 days and for 2025 11.5 days: 4 days fewer in 2026",
        ),
        (
            "How many more days was I granted in 2026 than in 2025?",
            "for 2026 is 15 days and for 2025 15 days: the same",
        ),
        (
            "올해 남은 연차가 작년보다 며칠 많아?",
            "2026년 남은 연차는 7.5일, 2025년은 0일로 2026년이 7.5일 많아요",
        ),
    ],
)
async def test_two_years_compared_on_one_figure_say_the_difference_or_total(hr, minsu, question, says):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert sorted(lookups(turn)) == [("get_leave_balance", 2025), ("get_leave_balance", 2026)], turn.answer
    assert says in turn.answer and rendered_first_time(turn), turn.answer


@pytest.mark.parametrize(
    "question",
    [
        "작년이랑 올해 연차 차이는?",  # a difference of which figure?
        "Is my leave this year more than 10 days?",  # a threshold: no reading compares with it
        "How many working days are there in the week of Dec 21?",  # a count, not one day's status
    ],
)
async def test_a_kind_of_answer_no_reading_writes_is_declined_without_a_lookup(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert turn.answer in CANNOT and not turn.trace.tool_calls, turn.answer


async def test_how_to_is_about_leave_only(hr, minsu):
    turn = await ask(await roster_bot(hr), minsu, "회의실 예약 어떻게 해?")
    assert "/leave request" not in turn.answer and not turn.trace.tool_calls, turn.answer


async def test_what_lapsed_in_a_past_year_is_that_years_lookup(hr, minsu):
    turn = await ask(await roster_bot(hr), minsu, "How many days of leave did I lose at the end of 2025?")
    assert lookups(turn) == [("get_leave_balance", 2025)] and "3.5 days lapsed" in turn.answer, turn.answer


def test_more_alone_is_again_not_a_difference():
    assert "difference" not in asked("반차 몇 번 더 쓸 수 있어?", 1)
    assert "difference" not in asked("If I take 2 more days off, what's left?", 1)
    assert "difference" in asked("how many more days did I use last year than this year?", 2)
    assert "coming" in asked("When's my next batch of leave?", 0)
