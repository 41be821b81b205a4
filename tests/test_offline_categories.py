"""Issue 31, the categories the eighth held-out set declined: each read as a category (lapsed leave of a past
year, chat shorthand, years of service, hours of leave, a plan over dates, several questions in one message),
not as the set's phrasings. Each question here is worded apart from that set. Asked as E1001 (김민수) on
2026-11-29: 2026 granted 15, used 7.5, left 7.5; 2025 granted 15, used 11.5, lapsed 3.5; joined 2024-03-04,
the next grant 16 days on 2027-03-04."""

from __future__ import annotations

import pytest

from tests.support.offline_chat import CANNOT, ask, lookups, roster_bot


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("작년 연차 중에 날아간 게 몇 개야?", "소멸 3.5일"),
        ("작년에 다 못 썼던 연차 어떻게 됐어?", "소멸 3.5일"),
        ("what happened to the leave I had in 2025?", "3.5 days lapsed"),
    ],
)
async def test_what_lapsed_in_a_past_year_is_that_years_balance(hr, minsu, question, says):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn) == [("get_leave_balance", 2025)], turn.answer
    assert says in turn.answer, turn.answer


@pytest.mark.parametrize("question", ["남은 연차 ㅇㄷ", "잔여 연차 ㅇㄷ??"])
async def test_chat_shorthand_that_names_no_figure_is_read(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn) == [("get_leave_balance", 2026)] and "7.5일" in turn.answer, turn.answer
