"""The categories the twelfth held-out set declined, each read as a category, not as the set's phrasings
(each question here is worded apart from that set): years of service asked in other words, the asker
describing themselves (신입, "new here"), working days from today or in a month, words that change no
figure (듯, 쭉 beside the records, "convert … to hours"), "반차 가능?" on a working day, requests awaiting
approval beside the balance. Asked as E1001 (김민수, hired 2024-03-04) on 2026-11-29 (a Sunday): 2026
granted 15, used 7.5, left 7.5; E1005 (0.25 left) where a half day does not fit."""

from __future__ import annotations

from decimal import Decimal
from typing import cast

import pytest

from bot.agent.loop import Assistant
from bot.db.hr import SqlHrStore
from bot.grounding.check import Grounding
from bot.hr.directory import caller_for_employee_id, roster
from bot.llm.client import make_client
from bot.ports.requests import RequestReader
from bot.tools import BUILTIN_TOOLS
from bot.tools.toolbox import Toolbox
from tests.support.assistant import tracked
from tests.support.clock import FIXED_CALENDAR, fixed_clock
from tests.support.offline_chat import CANNOT, ask, lookups, rendered_first_time, roster_bot
from tests.support.ports import MemoryAuditLog


@pytest.mark.parametrize(
    "question",
    [
        "저 입사 몇 년 됐어요?",
        "나 근속 몇 년째야?",
        "입사 얼마나 됐더라?",
        "how many years of service do I have now?",
    ],
)
async def test_years_of_service_asked_in_other_words(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn) == [("get_leave_entitlement", None)], turn.answer
    assert "2" in turn.answer and turn.answer not in CANNOT, turn.answer


@pytest.mark.parametrize(
    "question",
    [
        "서연 씨 입사 몇 년 됐어?",  # a colleague's
        "팀장님 근속 몇 년차예요?",
        "입사 몇 년 되면 연차 늘어나?",  # a rule, not the asker's years
    ],
)
async def test_years_of_service_of_someone_else_or_a_rule_is_declined(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert not lookups(turn), turn.answer


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("제가 아직 신입이라서 연차 얼마나 남았는지 궁금해요", "7.5일"),
        ("I'm new here, how many days off do I have left?", "7.5 days"),
        ("new here! what's my leave balance?", "7.5 days"),
    ],
)
async def test_the_asker_describing_themselves_as_new_is_the_asker(hr, minsu, question, says):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn) == [("get_leave_balance", 2026)], turn.answer
    # the check reads them as the asker too: not a colleague, not the first year's rule asked
    assert says in turn.answer and rendered_first_time(turn), turn.answer


@pytest.mark.parametrize(
    "question",
    [
        "신입은 연차 몇 개 받아요?",  # new hires as a group: a rule, not the asker
        "저 신입인데 신입사원들은 연차 몇 개예요?",
        "how many days do new hires get?",
    ],
)
async def test_new_hires_as_a_group_are_not_the_asker(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert not lookups(turn), turn.answer


@pytest.mark.parametrize(
    ("question", "span", "says"),
    [
        ("how many business days from today until December 31?", ("2026-11-29", "2026-12-31"), "23"),
        ("지금부터 12월 31일까지 영업일 며칠?", ("2026-11-29", "2026-12-31"), "23일"),
        ("how many working days in december?", ("2026-12-01", "2026-12-31"), "22"),
        ("2027년 2월에 일하는 날 며칠이야?", ("2027-02-01", "2027-02-28"), "18일"),
        ("12월에 출근하는 날 몇 일이야?", ("2026-12-01", "2026-12-31"), "22일"),
    ],
)
async def test_working_days_from_today_or_in_a_month(hr, minsu, question, span, says):
    turn = await ask(await roster_bot(hr), minsu, question)
    calls = [(c.name, c.input) for c in turn.trace.tool_calls]
    assert calls == [("count_working_days", {"start": span[0], "end": span[1]})], turn.answer
    assert says in turn.answer and rendered_first_time(turn), turn.answer


@pytest.mark.parametrize(
    "question",
    [
        "how many working days in march?",  # March of this year is past, next year's not said: which?
        "3월 근무일 며칠이야?",
        "12월에 연차 며칠 남았어?",  # leave left, not the calendar
        "오늘부터 12월 31일까지 연차 며칠 남았어?",
    ],
)
async def test_a_month_that_could_be_two_or_a_leave_figure_is_no_calendar_count(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert all(c.name != "count_working_days" for c in turn.trace.tool_calls), turn.answer


@pytest.mark.parametrize(
    ("question", "says", "tool"),
    [
        ("연차 좀 남았나? 다 쓴 듯", "7.5일", "get_leave_balance"),
        ("올해 휴가 기록 쭉 뽑아줘", "10월 9일", "list_leave_taken"),
        ("can you convert what's left of my leave into hours?", "60 hours", "get_leave_balance"),
        ("please convert my remaining days off to hours", "60 hours", "get_leave_balance"),
    ],
)
async def test_words_that_change_no_figure(hr, minsu, question, says, tool):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn) == [(tool, 2026)], turn.answer
    assert says in turn.answer, turn.answer


@pytest.mark.parametrize(
    "question",
    [
        "convert my remaining leave to cash",  # a payout, not hours
        "convert my leave to pay please",
        "convert my remaining days to half days",
    ],
)
async def test_a_conversion_to_anything_but_hours_is_declined(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert turn.answer in CANNOT, turn.answer


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("다음 주 화요일에 반차 가능?", "7일"),
        ("내일 연차 가능?", "7.5일"),
        ("다음주 금요일 연차 가능?", "7.5일"),  # 금요일: a weekday, not 금 and a given name
    ],
)
async def test_a_half_or_whole_day_asked_possible_on_a_working_day(hr, minsu, question, says):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert lookups(turn) == [("get_leave_balance", 2026)], turn.answer
    assert says in turn.answer, turn.answer


async def test_a_half_day_that_does_not_fit_says_so(hr):
    e1005 = await caller_for_employee_id(hr, "E1005")
    turn = await ask(await roster_bot(hr), e1005, "이번주 수요일 반차 가능?")
    assert lookups(turn) == [("get_leave_balance", 2026)], turn.answer
    assert "0.25일" in turn.answer and "쓸 수는 없어요" in turn.answer, turn.answer


@pytest.mark.parametrize(
    "question",
    [
        "토요일 반차 가능?",  # a weekend
        "크리스마스 반차 가능?",  # a holiday
        "서연 씨 다음주 월요일 반차 가능?",  # a colleague's
    ],
)
async def test_a_day_off_on_a_weekend_or_holiday_or_someone_elses_is_declined(hr, minsu, question):
    turn = await ask(await roster_bot(hr), minsu, question)
    assert not lookups(turn), turn.answer


async def test_a_half_day_asked_by_its_date_on_a_holiday_is_said_to_take_no_leave(hr, minsu):
    turn = await ask(await roster_bot(hr), minsu, "12월 25일 반차 가능?")
    assert "공휴일" in turn.answer and "근무일이 없어서" in turn.answer, turn.answer


class _Pending:
    """Requests awaiting approval, as the request store reads them (the balance asks only this)."""

    def __init__(self, days: Decimal) -> None:
        self.days = days

    async def pending_days(self, employee_id: str, year: int) -> Decimal:
        return self.days


async def _with_requests(hr: SqlHrStore, days: Decimal) -> Assistant:
    toolbox = Toolbox(
        BUILTIN_TOOLS,
        leave=hr,
        today_for=FIXED_CALENDAR.today_for,
        audit=MemoryAuditLog(),
        clock=fixed_clock,
        requests=cast(RequestReader, _Pending(days)),
    )
    client = tracked(make_client(None, roster=await roster(hr)))
    return Assistant(client, toolbox, model="offline", calendar=FIXED_CALENDAR, check=Grounding(toolbox))


@pytest.mark.parametrize(
    ("question", "pending", "says"),
    [
        ("남은 연차 알려주고 승인 대기 중인 것도 있는지 봐줘", Decimal(2), "승인을 기다리는 신청은 2일"),
        ("how much leave is left, and anything pending approval?", Decimal(0), "0 days of 2026 leave"),
        ("연차 몇 개 남았어? 결재 기다리는 것도 있어?", Decimal(1), "승인을 기다리는 신청은 1일"),
    ],
)
async def test_requests_awaiting_approval_beside_the_balance(hr, minsu, question, pending, says):
    turn = await ask(await _with_requests(hr, pending), minsu, question)
    assert lookups(turn) == [("get_leave_balance", 2026)], turn.answer
    assert says in turn.answer and "7.5" in turn.answer, turn.answer


async def test_pending_requests_not_looked_up_are_not_answered(hr, minsu):
    # no request store: what is pending is unknown, so the balance alone would leave the ask unanswered
    turn = await ask(await roster_bot(hr), minsu, "연차 잔여랑 결재 대기 건 있는지 확인해줘")
    assert turn.answer in CANNOT, turn.answer


@pytest.mark.parametrize(
    "question",
    [
        "팀장님 결재 대기중인 연차 있어?",  # someone else's
        "결재 대기 중인 거 있어?",  # whose? an approver's queue, maybe: no leave named
    ],
)
async def test_pending_requests_of_others_or_unnamed_are_declined(hr, minsu, question):
    turn = await ask(await _with_requests(hr, Decimal(1)), minsu, question)
    assert not lookups(turn), turn.answer


async def test_booking_something_that_is_not_leave_is_no_draft(hr, minsu):
    # after the fifteenth question set: "book me a meeting room for tomorrow" drafted a day off
    turn = await ask(await roster_bot(hr), minsu, "can you book me a meeting room for tomorrow at 3pm?")
    assert lookups(turn) == [] and "draft" not in turn.answer.lower(), turn.answer


async def test_a_half_said_once_for_several_days_is_each_day_or_not_read(hr, minsu):
    # after the fifteenth question set: "half days on dec 3 and dec 10" counted the second day whole
    bot = await roster_bot(hr)
    turn = await ask(bot, minsu, "what's left if I take half days on Dec 2 and Dec 9?")
    assert "half day) and Wednesday, December 9 (half day)" in turn.answer, turn.answer
    # one "half day" for two days: which is the half is not said, so it is not read
    unclear = await ask(bot, minsu, "what's left if I take a half day on Dec 2 and Dec 9?")
    assert "December 9 (1" not in unclear.answer and lookups(unclear) in ([], [("get_leave_balance", 2026)])
