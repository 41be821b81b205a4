"""The readings after the sixty-sixth and sixty-seventh held-out answer sets and the forty-eighth and
forty-ninth question sets (worded apart from the sets'): days taken several times; a request's frame and an
interjection ask nothing; someone else's story beside their ask declined; and the offline model's — "N일부터"
is a date, "그 주" and "then" point at a turn it does not read, "is that" with no figure before."""

from __future__ import annotations

import pytest

from tests.support.answers import holds, written
from tests.support.offline_chat import ask, roster_bot


def test_days_taken_several_times_are_not_one_times():
    assert not holds("연말에 2일씩 두 번 나눠 쓰면 몇 개 남아요?", "what_if(2026, q(2))")


def test_a_requests_frame_and_an_interjection_ask_nothing():
    question = "올해 연차 몇 개 남았는지 알려주시고, 12월 11일 금요일 맞는지도요"
    parts = [
        ("올해 연차 몇 개 남았는지", ["remaining(2026)"]),
        ("12월 11일 금요일 맞는지도요", ['day("2026-12-11")']),
    ]
    assert written(question, parts).holds


def test_someone_elses_story_beside_their_ask_declined():
    question = (
        "I'm taking Dec 14 to Dec 16 off. Jisoo is covering and she wondered how many days she has left. "
        "How many will I have left, and how many does Jisoo have?"
    )
    parts = [
        ("How many will I have left", ['what_if_days("2026-12-14", "2026-12-16")']),
        ("how many does Jisoo have?", ["only_own_leave()"]),
    ]
    assert written(question, parts).holds


@pytest.mark.parametrize(
    ("question", "previous"),
    [
        ("그럼 7일부터 쉬면?", "12월 14일부터 연말까지 쉬면 연차 몇 개 써요?"),  # the 7th, not seven days
        (
            "그 주 화요일이랑 목요일 쉬면 며칠 연속이야?",
            "2027년 설날 언제야?",
        ),  # that week: the turn before's
        ("how many half days is that?", None),  # no figure before it
    ],
)
async def test_the_offline_model_never_reads_a_day_or_a_figure_it_was_not_given(
    hr, minsu, question, previous
):
    bot = await roster_bot(hr)
    if previous:
        await ask(bot, minsu, previous)
    turn = await ask(bot, minsu, question)
    assert "offline" in turn.answer or "오프라인" in turn.answer, turn.answer


def test_a_substitute_asked_and_a_months_leave_asked():
    # after the sixty-eighth set: the holiday's own day does not say whether it has a substitute, and the
    # latest leave is no month's
    question = "올해 광복절 대체공휴일 있어요?"
    assert not holds(question, 'day("2026-08-15")', today="2026-07-01", lookups=[])
    assert holds(question, 'day("2026-08-15")', 'day("2026-08-17")', today="2026-07-01", lookups=[])
    records = {
        "tool": "list_leave_taken",
        "input": {"year": 2026},
        "result": {"year": 2026, "records": [{"date": "2026-06-08", "days": "1", "type": "annual"}]},
    }
    assert not holds("what did I take in March?", "latest(2026)", lookups=[records])


@pytest.mark.parametrize(
    ("question", "previous", "says"),
    [
        (
            "그럼 12일 토요일부터 치면 며칠 연속이야?",
            "12월 14일부터 18일까지 쉬면 몇 개 남아?",
            None,
        ),  # which month?
        ("by when do I have to use what I have left?", None, "lapse"),  # what lapses, and when
    ],
)
async def test_the_offline_model_reads_a_day_by_its_month_and_by_when_as_the_lapse(
    hr, minsu, question, previous, says
):
    bot = await roster_bot(hr)
    if previous:
        await ask(bot, minsu, previous)
    turn = await ask(bot, minsu, question)
    if says is None:
        assert "offline" in turn.answer or "오프라인" in turn.answer, turn.answer
    else:
        assert says in turn.answer, turn.answer
