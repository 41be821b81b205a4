"""The issue's questions (issue 13), each through the real loop and grounding check on the offline model:
whose leave, which years, what kind of answer, and how failures are said."""

from __future__ import annotations

from datetime import date

import pytest

from bot import text
from bot.cli.demo import UnavailableStore
from bot.domain.outcomes import FailureFacts
from bot.language.questions import about_someone_else, asks_for_balance
from bot.language.years import asked_years
from bot.llm import offline_lines
from tests.support.offline_chat import ask, offline_assistant

TODAY = date(2026, 11, 29)
DECLINE = (offline_lines.OFFLINE_SOMEONE_ELSE.ko, offline_lines.OFFLINE_SOMEONE_ELSE.en)


@pytest.mark.parametrize(
    "question",
    [
        "이서연 연차 며칠 남았어?",
        "박서준 연차 알려줘",
        "@서연 연차 며칠 남았어?",
        "우리 팀장님 연차",
        "E1002 balance",
    ],
)
async def test_someone_elses_leave_is_declined_without_a_lookup(hr, minsu, question):
    turn = await ask(offline_assistant(hr), minsu, question)
    assert turn.trace.tool_calls == []
    assert turn.answer in DECLINE
    assert "7.5" not in turn.answer


@pytest.mark.parametrize(
    ("previous", "question", "years"),
    [
        (None, "24년 연차 며칠이었어?", [2024]),
        (None, "How many days did I have in '24?", [2024]),
        (None, "2 years ago how many days did I have?", [2024]),
        (None, "FY25 leave balance", [2025]),
        (None, "2020년부터 2026년까지 연차", [2020, 2021, 2022, 2023, 2024, 2025, 2026]),
        (None, "올해랑 작년 둘 다 알려줘", [2025, 2026]),
        (None, "last year and this year", [2025, 2026]),
        ("How much leave did I have in 2025?", "and the year before?", [2024]),
        ("2025년 연차 며칠이었어?", "그 전 해는?", [2024]),
        ("올해 연차 며칠 남았어?", "24년은?", [2024]),
        ("2024년 연차 알려줘", "그 다음 해는?", [2025]),
    ],
)
async def test_the_years_asked_are_the_years_looked_up(hr, minsu, previous, question, years):
    turn = await ask(offline_assistant(hr), minsu, question, previous)
    assert sorted(c.input["year"] for c in turn.trace.tool_calls) == years
    assert any(line.endswith("grounding: ok") for line in turn.trace.render_lines())


@pytest.mark.parametrize(
    ("question", "tools", "says", "never"),
    [
        ("오늘 며칠이야?", [], "오늘은 2026년 11월 29일(일)이에요.", "7.5"),
        ("Is 2026 a leap year?", [], "No, 2026 is not a leap year; the next one is 2028.", "7.5"),
        ("Can I take Friday off?", ["get_leave_balance"], "To request leave, use '/leave request'", "help"),
        ("연차 신청은 어떻게 해?", [], "연차 신청은 '/leave request'나 홈 탭의", "7.5"),
        ("이월돼?", [], "이월, 수당 같은 회사 규정은 제가 알 수 없어요", "7.5"),
        (
            "3일 쓰면 며칠 남아?",
            ["get_leave_balance"],
            "3일을 쓰시면 2026년 남은 연차는 7.5일에서 4.5일이 돼요.",
            "help",
        ),
        (
            "If I take 2 days, how many will I have left?",
            ["get_leave_balance"],
            "goes from 7.5 days to 5.5 days",
            "?",
        ),
        ("반차 몇 번 썼어?", ["list_leave_taken"], "2026년에 반차를 1번 썼어요: 3월 2일(월).", "7.5"),
        ("몇 시간 남았어?", [], "시간으로는 답할 수 없어요", "7.5"),
        (
            "I have 12 days left, right?",
            ["get_leave_balance"],
            "Not quite, not 12 days. You have 7.5 days of annual leave left for 2026 (15 days granted",
            "help",
        ),
        (
            "반차 쓸 수 있어?",
            ["get_leave_balance"],
            "0.5일을 쓰시면 2026년 남은 연차는 7.5일에서 7일이 돼요",
            "예:",
        ),
        ("고마워", [], offline_lines.OFFLINE_THANKS.ko, "예:"),
        ("thanks!", [], offline_lines.OFFLINE_THANKS.en, "e.g."),
    ],
)
async def test_questions_that_are_not_a_bare_balance(hr, minsu, question, tools, says, never):
    turn = await ask(offline_assistant(hr), minsu, question)
    assert [c.name for c in turn.trace.tool_calls] == tools
    assert says in turn.answer
    assert never not in turn.answer
    assert any(line.endswith("grounding: ok") for line in turn.trace.render_lines())


async def test_at_most_eight_lookups_and_one_line_saying_so(hr, minsu):
    question = "연차 " + " ".join(str(y) for y in range(1900, 2100))
    turn = await ask(offline_assistant(hr), minsu, question)
    years = [c.input["year"] for c in turn.trace.tool_calls]
    assert years == list(range(2016, 2024))  # the first eight that can be looked up, in order
    failed, capped = turn.answer.split(" 한 질문에 조회는 8번까지만 해요. ")
    assert failed.startswith("2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023년 연차 기록이 없어요.")
    assert capped.startswith("물어보신 연도가 너무 많아 2016~2023년만 조회했어요.")


@pytest.mark.parametrize(
    ("question", "store", "answer"),
    [
        (
            "2024년 연차 며칠이었어?",
            "hr",
            "2024년 연차 기록이 없어요. 기록이 있는 해: 2025, 2026년. 기록이 빠졌다면 인사팀에 문의해 주세요.",
        ),
        (
            "How much leave did I have in 2024?",
            "hr",
            "There is no annual leave record for 2024. You have records for 2025, 2026. If one is missing, please contact HR.",
        ),
        ("2010년 연차", "hr", "2010년은 조회할 수 있는 범위 밖이에요. 2016~2027년 사이로 물어봐 주세요."),
        ("leave in 2010", "hr", "2010 is outside the years I can look up. Please ask about 2016–2027."),
        (
            "올해 연차 며칠 남았어?",
            "down",
            "연차 정보를 조회하지 못했어요 (인사 시스템에 지금 연결할 수 없어요). 잠시 후 다시 시도하거나 인사팀에 문의해 주세요.",
        ),
        (
            "How many days do I have left?",
            "down",
            "I couldn't look up your leave: the HR system is unavailable right now. Please try again later.",
        ),
    ],
)
async def test_each_failure_is_said_in_the_askers_language_with_its_advice(
    hr, minsu, question, store, answer
):
    turn = await ask(offline_assistant(hr if store == "hr" else UnavailableStore()), minsu, question)
    assert turn.answer == answer
    if store == "hr":
        assert "다시 시도" not in turn.answer and "try again" not in turn.answer  # retrying cannot help


@pytest.mark.parametrize(
    ("kind", "reason", "korean", "answer"),
    [
        (
            "invalid_input",
            "'year' must be an integer such as 2026",
            True,
            "조회 요청이 올바르지 않아 조회하지 못했어요. 질문을 조금 바꿔서 다시 물어봐 주세요.",
        ),
        (
            "injected_field",
            "unexpected input field(s): employee_id",
            False,
            "The lookup request was not valid, so nothing was looked up. Please rephrase the question.",
        ),
        (
            "unknown_employee",
            "the asking user has no leave record in the HR data",
            True,
            "인사 데이터에 연차 기록이 없어요. 인사팀에 문의해 주세요.",
        ),
    ],
)
def test_invalid_requests_are_said_as_such(kind, reason, korean, answer):
    assert text.lookup_failed(kind, reason, korean) == answer


def test_a_failure_is_said_from_its_facts_not_from_the_tools_words():
    facts = FailureFacts(2024, existing=(2025, 2026))
    said = text.lookup_failed("no_record", "no record", korean=True, facts=facts)
    assert (
        said
        == "2024년 연차 기록이 없어요. 기록이 있는 해: 2025, 2026년. 기록이 빠졌다면 인사팀에 문의해 주세요."
    )
    span = FailureFacts(2010, range=(2016, 2027))
    said = text.lookup_failed("out_of_range", "out of range", korean=False, facts=span)
    assert said == "2010 is outside the years I can look up. Please ask about 2016–2027."


@pytest.mark.parametrize(
    ("question", "years"),
    [
        ("24년 연차", [2024]),
        ("in '24", [2024]),
        ("FY24", [2024]),
        ("FY 2025 balance", [2025]),
        ("2 years ago", [2024]),
        ("3년 전 연차", [2023]),
        ("최근 3년", [2024, 2025, 2026]),
        ("the last 2 years", [2025, 2026]),
        ("2022-2024", [2022, 2023, 2024]),
        ("between 2022 and 2024", [2022, 2023, 2024]),
        ("2024 and 2026", [2024, 2026]),
        ("from 2023 to 2025", [2023, 2024, 2025]),
        ("the year before last", [2024]),
        ("연차 며칠 남았어?", []),
    ],
)
def test_asked_years(question, years):
    assert asked_years(question, TODAY) == years


@pytest.mark.parametrize(
    ("question", "other"),
    [
        ("이서연 연차 며칠 남았어?", True),
        ("정하은님 휴가", True),
        ("서연 씨 연차", True),
        ("팀원들 연차 현황", True),
        ("What's John's balance?", True),
        ("How many days does Sarah have?", True),
        ("my manager's leave", True),
        ("E1002 balance", True),
        ("올해 연차 며칠 남았어?", False),
        ("전년도 연차 며칠", False),
        ("사용한 연차", False),
        ("연차는 몇 일 남았어?", False),
        ("3년 전에는 연차가 며칠이었어?", False),
        ("FY2024 balance", False),
        ("How many days do I have left?", False),
    ],
)
def test_about_someone_else(question, other):
    assert about_someone_else(question) is other


@pytest.mark.parametrize(
    ("question", "balance"),
    [
        ("올해 연차 며칠 남았어?", True),
        ("이서연 연차 며칠 남았어?", False),  # someone else: declined, no lookup by code either
        ("연차 몇 시간 남았어?", False),  # hours: the data has days only
        ("남은 연차 이월돼?", False),  # a rule, not an amount
        ("연차 신청은 어떻게 해?", False),
    ],
)
def test_asks_for_balance(question, balance):
    assert asks_for_balance(question) is balance


@pytest.mark.parametrize(
    ("question", "korean"),
    [
        ("If I take Dec 31 as a half day (반차), how much leave will I have left?", False),
        ("What's a 반반차 in hours?", False),
        ("연차 balance 얼마야?", True),
        ("Dec 24 반차 쓰면 몇 일 남아?", True),
    ],
)
async def test_an_english_question_with_a_korean_word_is_answered_in_english(hr, minsu, question, korean):
    assert text.is_korean(question) is korean
    turn = await ask(offline_assistant(hr), minsu, question)
    assert text.is_korean(turn.answer) is korean, turn.answer
