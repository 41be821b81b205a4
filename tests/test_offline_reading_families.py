"""Families of questions the whole-question account used to decline, now read whole (issue 31, the fifth
held-out set): the latest record, another type of leave's days, another type left out, what lapsed said
loosely, hours at the 8-hour day said with the question, the Act named in full, a list of records. Each has
a variant read only in part, still declined with no lookup."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from bot.agent.loop import Turn
from bot.db.hr import SqlHrStore
from bot.domain.leave import LeaveRecord, LeaveTaken
from bot.domain.people import Caller
from bot.grounding.facts import Evidence
from bot.hr.directory import caller_for_employee_id
from bot.llm import offline_lines
from bot.llm.choice.check import write_checked
from tests.support.offline_chat import ask, offline_assistant

CANNOT = (offline_lines.OFFLINE_CANNOT.ko, offline_lines.OFFLINE_CANNOT.en)


def _looked_up(turn: Turn) -> list[str]:
    return [call.name for call in turn.trace.tool_calls]


def _grounded(turn: Turn) -> bool:
    return any(getattr(step, "text", "") == "grounding: ok" for step in turn.trace.steps)


@pytest.mark.parametrize(
    ("question", "tool", "said", "not_said"),
    [
        # the latest record, not the whole year's list
        ("when did I last take leave?", "list_leave_taken", ["October 9", "1 day"], ["February"]),
        ("마지막으로 연차 쓴게 언제였지", "list_leave_taken", ["10월 9일", "1일"], ["2월"]),
        # another type of leave: its days from the records (the balance is annual leave only)
        ("올해 병가 몇일 썼는지 알려줘", "list_leave_taken", ["2026년에 쓴 병가는 1일이에요."], ["7.5"]),
        (
            "how many sick days did i take this year, and how many annual leave days?",
            "list_leave_taken",
            ["1 day of sick leave", "7.5 days of annual leave"],
            [],
        ),
        ("올해 연차 며칠 썼어? 병가는 빼고", "get_leave_balance", ["사용 7.5일"], []),
        # what lapsed, said loosely
        ("작년 연차 다 못쓴거 같은데 몇일 날라갔어?", "get_leave_balance", ["소멸 3.5일"], []),
        (
            "how many days did i lose in 2025 bc i didnt use them?",
            "get_leave_balance",
            ["3.5 days lapsed"],
            [],
        ),
        (
            "how much did i use last year, and did any of it expire?",
            "get_leave_balance",
            ["3.5 days lapsed"],
            [],
        ),
        # what lapses if left unused ("안에 안 쓰면"), asked twice
        ("연차 올해 안에 안쓰면 소멸돼? 몇개나 날라가?", "get_leave_entitlement", ["7.5일", "소멸"], []),
        # the hours of a day the hours are counted at
        ("남은 연차 시간으로 환산하면 몇시간? 하루 8시간", "get_leave_balance", ["60시간"], []),
        ("how many hours of leave do I have left? (8h days)", "get_leave_balance", ["60 hours"], []),
        # the Act named in full
        ("다음 연차 언제 몇 일 생겨요? 근로기준법상으로", "get_leave_entitlement", ["16일"], []),
        # a day (or half) sometime in a week: the balance covers it or not
        ("다음주에 반차 쓸 수 있어?", "get_leave_balance", ["/leave request", "7.5"], []),
        ("can I take a day off next week?", "get_leave_balance", ["/leave request", "7.5"], []),
        # chat noise, and "out" as "off"
        ("when do I get new leave? i'm basically out", "get_leave_entitlement", ["16 days"], []),
        # a list of records
        ("list my leave records for 2026", "list_leave_taken", ["October 9", "sick"], []),
        ("25년도 연차 사용일 리스트업 해주세요", "list_leave_taken", ["2025년", "11.5일"], []),
        ("내 연차 언제 언제 썼더라? 올해 기준으로", "list_leave_taken", ["10월 9일"], []),
    ],
)
async def test_a_family_now_read_whole_is_answered(
    hr: SqlHrStore, minsu: Caller, question: str, tool: str, said: list[str], not_said: list[str]
) -> None:
    turn = await ask(offline_assistant(hr), minsu, question)
    assert _looked_up(turn) == [tool], turn.answer
    assert all(words in turn.answer for words in said), turn.answer
    assert not any(words in turn.answer for words in not_said), turn.answer
    assert _grounded(turn)


@pytest.mark.parametrize(
    "question",
    [
        "how many days do I have left after my last leave?",  # the latest record answers no balance
        "when did I last take sick leave?",  # the latest of one type: not read
        "병가 며칠 남았어?",  # the records give days taken, not what is left
        "올해 병가랑 경조사 휴가 몇일 썼는지 알려줘",  # a type the records' totals are not read for
        "올해 연차 며칠 썼어? 병가는 빼고 반차는 세서",
        "작년 연차 다 못쓴거 같은데 합병 때문에 몇일 날라갔어?",
        "how many days did i lose in 2025 bc of the merger?",
        "how much did i use last year, and did any of it expire in march?",
        "연차 올해 안에 3일 안쓰면 소멸돼? 몇개나 날라가?",  # a what-if the expiry does not count
        "남은 연차 시간으로 환산하면 몇시간? 하루 9시간",  # not the 8-hour day the answer counts at
        "how many hours of leave do I have left? (7.5h days)",
        "다음 연차 언제 몇 일 생겨요? 근로기준법상 수습기간 포함",
        "list my team's leave records for 2026",
        "입사일 기준으로 연차 며칠 남았어?",  # a basis the balance is not counted on
        "can i take off all of next week?",  # the week, not a day of it
        "can i take next week off?",
        "i'm out sick, how many days left?",
        "다음주에 다 쉴 수 있어?",
    ],
)
async def test_the_same_family_read_only_in_part_is_declined(
    hr: SqlHrStore, minsu: Caller, question: str
) -> None:
    turn = await ask(offline_assistant(hr), minsu, question)
    assert _looked_up(turn) == [], turn.answer
    assert turn.answer in CANNOT or turn.answer in (
        offline_lines.OFFLINE_SOMEONE_ELSE.ko,
        offline_lines.OFFLINE_SOMEONE_ELSE.en,
    ), turn.answer


def test_the_latest_record_is_the_latest_taken_by_today() -> None:
    records = (LeaveRecord(date(2026, 10, 9), Decimal(1)), LeaveRecord(date(2026, 12, 24), Decimal("0.5")))
    taken = LeaveTaken(2026, records)
    today = date(2026, 11, 29)
    said = write_checked(["latest(2026)"], Evidence({}, {2026: taken}, today=today), korean=False).text
    assert "October 9" in said and "December" not in said
    nothing_yet = write_checked(
        ["latest(2026)"], Evidence({}, {2026: LeaveTaken(2026, records[1:])}, today=today), False
    )
    assert nothing_yet.text == "You took no leave in 2026."


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("올해 병가 며칠 썼어?", "2026년 병가 기록은 없어요."),
        (
            "how many sick days did I take in 2026, and how many annual leave days?",
            "You took no sick leave in 2026. You took 3.75 days of annual leave in 2026.",
        ),
    ],
)
async def test_a_type_with_no_days_is_said_in_words(hr: SqlHrStore, question: str, said: str) -> None:
    seoyeon = await caller_for_employee_id(hr, "E1002")  # no sick leave in 2026
    turn = await ask(offline_assistant(hr), seoyeon, question)
    assert said in turn.answer and _grounded(turn), turn.answer
