"""Issue 31: a reading that states figures accounts for the whole question. Every word is read by the
reading or is one that never changes the figures (bot/language/accounted.py); any other word is an honest
"I can't answer that offline", never the bare balance. These questions were answered with the balance
while the check only listed the kinds of words to look for."""

from __future__ import annotations

import pytest

from bot.hr.directory import roster
from bot.language.accounted import unaccounted
from bot.llm import offline_lines
from tests.support.offline_chat import ask, offline_assistant

CANNOT = (offline_lines.OFFLINE_CANNOT.ko, offline_lines.OFFLINE_CANNOT.en)


@pytest.mark.parametrize(
    "question",
    [
        "How many days did I take off for summer vacation this year?",  # a part of the days taken
        "How many days will I get at my next work anniversary?",  # a grant to come, not this year's
        "How many days did I take off for my wedding this year?",
        "결혼 휴가로 연차 며칠 썼어?",  # a word it does not know, in Korean
        "출장 때문에 못 쓴 연차 며칠이야?",
        "제주 여행에 쓴 연차 며칠이야?",
    ],
)
async def test_a_word_no_reading_accounts_for_is_declined(hr, minsu, question):
    turn = await ask(offline_assistant(hr, roster=await roster(hr)), minsu, question)
    assert [call.name for call in turn.trace.tool_calls] == [] and turn.answer in CANNOT, turn.answer


@pytest.mark.parametrize(
    "question",
    [
        "작년에 연차 몇 일 썼어?",
        "연차 잔여일수 확인 부탁드립니다",
        "연챠 몇개 남음?",
        "yo how much PTO do I have left lol",
        "how many annual leave days did I use this year so far",
    ],
)
async def test_words_that_never_change_the_figures_still_get_the_answer(hr, minsu, question):
    turn = await ask(offline_assistant(hr, roster=await roster(hr)), minsu, question)
    assert turn.answer not in CANNOT and turn.trace.tool_calls, turn.answer


@pytest.mark.parametrize(
    ("text", "left"),
    [
        ("How many days of leave do I have left?", []),
        ("연차는 며칠 남았나요? 확인해 주세요", []),
        ("제 연차 잔여일수 알려주세요", []),
        ("   에 연차 몇 개 썼더라", []),  # a particle left after a year that was read
        ("summer vacation", ["summer"]),
        ("내일 연차 남았어?", ["내일"]),  # 내 + 일 is not "my day"
        ("다음 연차", ["다음"]),
        ("제주 연차", ["제주"]),
        ("남이 쓴 연차", ["남이"]),
        ("내역 보여줘", ["내역"]),  # the list of days taken: only a reading that looks the records up
    ],
)
def test_the_vocabulary_accounts_for_words_that_never_change_the_figures(text, left):
    assert unaccounted(text) == left


def test_records_words_are_read_by_a_reading_of_the_records():
    assert unaccounted("연차 내역 보여줘", records=True) == []


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("연차 하루 반 쓰면 몇 개 남지?", "1.5일을 쓰시면 2026년 남은 연차는 7.5일에서 6일이 돼요"),
        ("연차 이틀 반 쓰면 몇 개 남아?", "2.5일을 쓰시면 2026년 남은 연차는 7.5일에서 5일이 돼요"),
        ("If I take one and a half days off, what's left?", "6 days"),
        ("If I take one day and a half off, what's left?", "6 days"),
    ],
)
async def test_a_day_and_a_half_is_one_and_a_half_days(hr, minsu, question, said):
    turn = await ask(offline_assistant(hr, roster=await roster(hr)), minsu, question)
    assert said in turn.answer, turn.answer


@pytest.mark.parametrize(
    "question", ["If I take tomorrow and the day after off, what's left?", "내일이랑 모레 쉬면 몇 개 남아?"]
)
async def test_tomorrow_and_the_day_after_are_two_days(hr, minsu, question):
    turn = await ask(offline_assistant(hr, roster=await roster(hr)), minsu, question)
    assert [call.name for call in turn.trace.tool_calls][-1] == "count_working_days", turn.answer
    assert "(2 working days)" in turn.answer or "근무일 2일을 쓰시면" in turn.answer, turn.answer
