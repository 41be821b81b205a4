"""Issue 31, the categories the ninth held-out set declined, each read as a category (a stretch written short
or with its count, relative days in a what-if, …), not as the set's phrasings. Each question here is worded
apart from that set. Asked as E1001 (김민수) on 2026-11-29: 2026 granted 15, used 7.5, left 7.5."""

from __future__ import annotations

import pytest

from tests.support.offline_chat import CANNOT, ask, lookups, roster_bot


@pytest.mark.parametrize(
    "question",
    [
        "12/28~31 쉬면 연차 몇 개 남지?",  # the last day's month left to the first
        "12월 28~31일 휴가 내면 남는 연차는?",  # the first day's 일 left to the last
        "12/28-31 4일 연차 쓰면 몇 개 남아?",  # the count said is the stretch's days
        "12월 28일부터 31일까지 통째로 쉬면 남는 거?",
        "I'm doing Dec 28-31 off, what's left?",
    ],
)
async def test_a_stretch_written_short_or_with_its_count_is_that_stretch(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn)[0] == ("get_leave_balance", 2026), turn.answer
    assert "3.5" in turn.answer, turn.answer


@pytest.mark.parametrize(
    "question",
    [
        "12/28~31 3일 쉬면 몇 개 남아?",  # a count that is not the stretch's: which one is meant?
        "12/28~31 4일 더 쉬면 몇 개 남아?",  # four more days beside the stretch
    ],
)
async def test_a_count_beside_a_stretch_that_is_not_its_days_is_declined(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert not lookups(turn) and "3.5" not in turn.answer, turn.answer
