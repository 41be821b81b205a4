"""Issue 31: the offline model answers only what its reading accounts for whole, and says plainly what it
cannot. Each test here is an observation from the issue that the earlier rules got wrong."""

from __future__ import annotations

import io
from datetime import date

import pytest

from bot.agent.loop import Assistant, Turn
from bot.cli import main
from bot.db.hr import SqlHrStore
from bot.domain.people import Caller
from bot.hr.directory import caller_for_employee_id, roster
from bot.language.people import Roster
from bot.llm import offline_lines
from bot.llm.drafting import leave_asked
from tests.support.offline_chat import ask, offline_assistant

TODAY = date(2026, 11, 29)
CANNOT = (offline_lines.OFFLINE_CANNOT.ko, offline_lines.OFFLINE_CANNOT.en)
SOMEONE_ELSE = (offline_lines.OFFLINE_SOMEONE_ELSE.ko, offline_lines.OFFLINE_SOMEONE_ELSE.en)


async def _bot(hr: SqlHrStore) -> Assistant:
    return offline_assistant(hr, roster=await roster(hr))


def _looked_up(turn: Turn) -> list[str]:
    return [call.name for call in turn.trace.tool_calls]


def _grounded(turn: Turn) -> bool:
    return any(getattr(step, "text", "") == "grounding: ok" for step in turn.trace.steps)


@pytest.mark.parametrize(
    "question",
    [
        # years it does not know: never this year's balance instead
        "two years back how much leave did I have",
        "작작년 연차 며칠 남았어?",
        "작녕 연차 며칠 남았어?",  # a typo of 작년
        # a bare balance is not the answer to these
        "법정 연차는 며칠이야?",
        "병가 며칠 남았어?",
        "How are my leave days calculated?",  # how, not how much
        "How many weekends are left this year?",
        "연차가 왜 이렇게 적어?",  # why, not how much
        "연차 최대 몇 개까지 생겨?",  # the most, not the next
        "올해 상반기에 연차 몇 개 썼어?",  # a part of the year, not the whole year
        "I'm planning a trip in December, how many days do I have left?",  # not December's records
        "When will my leave reset?",  # a rule, not the records
        "철수 연차 며칠 남았어?",  # someone the directory does not know: not the asker either
        "영희가 연차 몇 개 썼는지 알려줘",
        "Tell me a joke",
    ],
)
async def test_what_it_cannot_read_whole_is_declined_with_what_it_can_do(hr, minsu, question):
    turn = await ask(await _bot(hr), minsu, question)
    assert _looked_up(turn) == [] and turn.answer in CANNOT, turn.answer
    assert "ANTHROPIC_API_KEY" in turn.answer and _grounded(turn)


async def test_the_decline_is_in_the_askers_language(hr, minsu):
    bot = await _bot(hr)
    assert (await ask(bot, minsu, "작작년 연차 며칠 남았어?")).answer == offline_lines.OFFLINE_CANNOT.ko
    assert (await ask(bot, minsu, "two years back?")).answer == offline_lines.OFFLINE_CANNOT.en


async def test_an_english_what_if_is_worked_out(hr, minsu):
    turn = await ask(await _bot(hr), minsu, "If I take 2 more days, how many will I have left?")
    assert "goes from 7.5 days to 5.5 days" in turn.answer and _grounded(turn)


async def test_a_what_if_over_the_balance_passes_its_own_check(hr, minsu):
    turn = await ask(await _bot(hr), minsu, "연차 8일 쓰면 마이너스야?")
    assert turn.answer.endswith("8일은 2026년 남은 연차 7.5일보다 0.5일 많아서 모두 연차로 쓸 수는 없어요.")
    assert _grounded(turn), turn.answer


@pytest.mark.parametrize(
    ("question", "tool", "said"),
    [
        (
            "is Christmas a holiday?",
            "get_day",
            "Friday, December 25 is a public holiday (Christmas Day)",
        ),
        ("크리스마스 무슨 요일이야?", "get_day", "12월 25일(금)은 공휴일(기독탄신일)이에요"),
        ("2026년 12월 24일부터 26일까지 근무일 며칠이야?", "count_working_days", "근무일은 1일"),
        ("How many working days from December 21 to 31?", "count_working_days", "8 working days"),
        ("is tomorrow a working day?", "get_day", "Monday, November 30 is a working day"),
    ],
)
async def test_calendar_questions_use_the_calendar_tools(hr, minsu, question, tool, said):
    turn = await ask(await _bot(hr), minsu, question)
    assert _looked_up(turn) == [tool] and said in turn.answer and _grounded(turn), turn.answer


async def test_english_follow_ups_read_a_month_as_korean_ones_do(hr, minsu):
    bot = await _bot(hr)
    english = await ask(bot, minsu, "what about July?", "How many days did I take in March?")
    korean = await ask(bot, minsu, "7월은?", "3월에 연차 며칠 썼어?")
    assert "July 27" in english.answer and "7월 27일" in korean.answer


@pytest.mark.parametrize(
    ("question", "tool"),
    [
        ("반반차 몇 번 썼어?", "list_leave_taken"),  # 반반차 is no name
        ("소멸되는 연차 며칠이야?", "get_leave_entitlement"),  # nor is 소멸
        ("팀장님이 승인해야 연차 쓸 수 있어?", "get_leave_balance"),  # 팀장님 named, not asked about
        ("김민수 연차 며칠 남았어?", "get_leave_balance"),  # the asker's own name
        ("last year's PTO balance pls", "get_leave_balance"),  # "year's" is nobody's
        ("여행 가려고 하는데 연차 몇 개 남았어?", "get_leave_balance"),  # 하는데 is no name
    ],
)
async def test_own_questions_are_not_someone_elses(hr, minsu, question, tool):
    turn = await ask(await _bot(hr), minsu, question)
    # looked up, or (a word no reading accounts for: 승인, 여행) declined as not read, never as a colleague's
    assert tool in _looked_up(turn) or turn.answer in CANNOT, turn.answer
    assert turn.answer not in SOMEONE_ELSE, turn.answer


@pytest.mark.parametrize(
    "question",
    [
        "서연이 연차 며칠 남았어?",
        "How much leave does Seoyeon have?",
        "U0456EFGH 연차 알려줘",
        "팀장님 연차 알려줘",
    ],
)
async def test_a_colleague_in_the_hr_data_or_a_role_is_declined_without_a_lookup(hr, minsu, question):
    turn = await ask(await _bot(hr), minsu, question)
    assert _looked_up(turn) == [] and turn.answer in SOMEONE_ELSE, turn.answer


async def test_the_roster_names_colleagues_from_the_directory_and_not_the_asker(hr: SqlHrStore):
    people = await roster(hr)
    assert people.colleague_named("서연 씨 연차", "김민수") == "서연"
    assert people.colleague_named("Minsu's balance", "김민수") is None  # the asker, by their email's name
    assert people.colleague_named("민수님 연차", "이서연") == "민수님"
    assert people.colleague_named("반반차 소멸 팀장님", "김민수") is None
    assert Roster().colleague_named("이서연 연차", "김민수") is None  # nobody in an empty directory


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("December 24 off", (date(2026, 12, 24), date(2026, 12, 24))),
        ("I'd like December 28 to 30 off", (date(2026, 12, 28), date(2026, 12, 30))),
        ("Dec 31 to Jan 2 off please", (date(2026, 12, 31), date(2027, 1, 2))),
        ("12/24 연차 신청해줘", (date(2026, 12, 24), date(2026, 12, 24))),
        ("크리스마스 이브에 연차 쓰고 싶어", (date(2026, 12, 24), date(2026, 12, 24))),
        ("다음주 화요일부터 목요일까지 휴가 신청할래", (date(2026, 12, 1), date(2026, 12, 3))),
    ],
)
def test_english_dates_are_drafted(said, expected):
    asked = leave_asked(said, TODAY)
    assert asked is not None and (asked.start, asked.end) == expected


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        # (and the days the draft takes, beside what is left)
        (
            "December 24 off\n",
            "That leave cannot be requested: it takes 1 day, more than the 0.25 days you have.",
        ),
        ("12월 24일 연차 쓸래\n", "그 휴가는 신청할 수 없어요. 1일은 2026년 남은 연차 0.25일보다 많아요."),
    ],
)
def test_a_draft_over_the_balance_says_the_balance(newcomer, monkeypatch, capsys, said, expected):
    monkeypatch.setattr("sys.stdin", io.StringIO(said))
    assert main(["chat", "--as", "E1005"]) == 0  # 정하은: 0.25 days left in 2026
    out = capsys.readouterr().out
    assert f"bot> {expected}" in out and "rephrase" not in out and "바꿔서" not in out


async def test_the_asker_is_named_to_the_model(hr: SqlHrStore):
    seoyeon: Caller = await caller_for_employee_id(hr, "E1002")
    turn = await ask(await _bot(hr), seoyeon, "이서연 연차 며칠 남았어?")
    assert _looked_up(turn) == ["get_leave_balance"] and "12.25일" in turn.answer


@pytest.mark.parametrize(
    "question",
    [
        # what it chose would be stopped by the check (a date asked beside a what-if it did not read): the
        # check's plain figures would then answer another question, so it declines instead
        "is dec 24 a public holiday? thinking of taking xmas eve off lol, how many days would I have left after",
        "what % of my leave is still unused?",
    ],
)
async def test_an_answer_its_own_check_refuses_is_declined_not_replaced_by_plain_figures(hr, minsu, question):
    turn = await ask(await _bot(hr), minsu, question)
    assert turn.answer in CANNOT, turn.answer


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("how many days do i have left rn", "7.5 days"),  # chat shorthand: right now
        ("hw many days have i used this year lol", "7.5 days used"),
        ("내년 3월에 연차 몇 개 새로 생겨요?", "2027년 3월 4일"),  # the month it is said to come in
        ("Per the Labor Standards Act, when's my next leave grant and how many days?", "March 4, 2027"),
    ],
)
async def test_words_that_change_no_figure_are_read_beside_the_question(hr, minsu, question, says):
    turn = await ask(await _bot(hr), minsu, question)
    assert says in turn.answer and turn.answer not in CANNOT, turn.answer


async def test_the_first_years_rule_asked_of_the_law_is_the_rule_alone(hr, minsu):
    question = "What does the law say about annual leave in the first year of employment?"
    turn = await ask(await _bot(hr), minsu, question)
    assert turn.answer.startswith("Labour Standards Act §60②") and "years of service" not in turn.answer


@pytest.mark.parametrize(
    ("question", "says"),
    [
        # one reading says both how many and when: the whole is read word for word
        ("올해 안 쓰면 없어지는 연차 몇 개야? 언제까지 써야 돼?", "7.5일은 12월 31일(목)이 지나면 소멸돼요"),
        ("올해 연차 사용률 몇 퍼야", "50%"),
        # what is left after the days the part before takes
        ("can I take a quarter day on Dec 31? what would be left?", "to 7.25 days"),
        ("12월 24일 반차 쓸 수 있어? 쓰면 몇 개 남아?", "7일이 돼요"),
    ],
)
async def test_two_asks_one_reading_answers_are_answered(hr, minsu, question, says):
    turn = await ask(await _bot(hr), minsu, question)
    assert says in turn.answer, turn.answer


async def test_an_opener_a_self_introduction_and_ok_before_a_question_are_read(hr, minsu):
    bot = await _bot(hr)
    turn = await ask(bot, minsu, "hey quick one - how much annual leave do i have left for 2026?")
    assert "7.5 days" in turn.answer, turn.answer
    turn = await ask(bot, minsu, "민수입니다~ 제 연차 지금 얼마나 남아있나요?")
    assert "7.5일" in turn.answer, turn.answer
    turn = await ask(bot, minsu, "ok and in hours?", previous="how many days do I have left?")
    assert "welcome" not in turn.answer, turn.answer  # a question, not thanks


async def test_what_is_left_after_a_what_if_asked_again_is_declined_not_the_balance(hr, minsu):
    # after the twenty-fifth set: "그럼 남는 건?" after a what-if was answered with the bare balance
    turn = await ask(
        await _bot(hr), minsu, "그럼 남는 건 몇 개야?", previous="12월 24일 하루 쓰면 몇 개 남아?"
    )
    assert turn.answer in CANNOT, turn.answer
