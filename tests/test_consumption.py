"""Which grant leave is taken from (FIFO by expiry), the balance tool's lapse line, and its declared fact."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from bot.core.declared import DeclaredAnswer, DeclaredFigure
from bot.core.facts import Evidence
from bot.core.figures import verify
from bot.domain.leave import Balance
from bot.policy.consumption import Lapse, consume
from bot.policy.entitlement import entitlement
from bot.policy.grants import Employment, LeaveRules, StatutoryGrant
from bot.tools import leave_balance
from tests.support.assistant import make_toolbox
from tests.support.ports import MemoryAuditLog

D = Decimal


def _grant(arises: str, days: int, expires: str) -> StatutoryGrant:
    return StatutoryGrant(date.fromisoformat(arises), D(days), "annual", 1, date.fromisoformat(expires), "")


def _records(*pairs: tuple[str, str]) -> list[tuple[date, Decimal]]:
    return [(date.fromisoformat(day), D(days)) for day, days in pairs]


# hire 2026-03-15: 11 monthly days (2026-04-15 … 2027-02-15) usable to 2027-03-14; 15 days on 2027-03-15
# usable to 2028-03-14; 15 on 2028-03-15 usable to 2029-03-14.
HIRED = entitlement(Employment(date(2026, 3, 15)), LeaveRules(), date(2028, 12, 31))


def test_a_record_takes_from_the_grant_that_expires_first():
    result = consume(HIRED, _records(("2027-02-20", "1"), ("2027-03-20", "3")))
    monthly = [u for u in result.grants if u.grant.kind == "monthly"]
    annual = [u for u in result.grants if u.grant.kind == "annual"]
    # Monthly grants all expire 2027-03-14: the tie goes to the one that arose first.
    assert [u.used for u in monthly] == [D(1)] + [D(0)] * 10
    assert [(u.days, u.used, u.left, u.expires_on) for u in annual] == [
        (D(15), D(3), D(12), date(2028, 3, 14)),
        (D(15), D(0), D(15), date(2029, 3, 14)),
    ]
    assert result.uncovered == ()
    assert result.next_lapse(date(2027, 3, 1)) == Lapse(date(2027, 3, 14), D(10))
    assert result.next_lapse(date(2027, 3, 15)) == Lapse(date(2028, 3, 14), D(12))


def test_overlapping_grants_the_earlier_expiry_first_and_a_spill():
    # Two grants usable at once (a year under 80 %'s monthly day beside the year's grant).
    early = _grant("2026-01-01", 2, "2026-06-30")
    late = _grant("2026-02-01", 5, "2026-12-31")
    result = consume([late, early], _records(("2026-03-02", "1.5"), ("2026-04-01", "1")))
    assert [(u.grant, u.used) for u in result.grants] == [(late, D("0.5")), (early, D(2))]
    # After the earlier one lapses, only the later one is usable.
    result = consume([late, early], _records(("2026-07-01", "1")))
    assert [u.used for u in result.grants] == [D(1), D(0)]
    assert result.next_lapse(date(2026, 7, 1)) == Lapse(date(2026, 12, 31), D(4))
    assert result.next_lapse(date(2026, 5, 1), until=date(2026, 6, 30)) == Lapse(date(2026, 6, 30), D(2))


def test_over_use_and_a_record_before_any_grant_are_uncovered():
    early = _grant("2026-01-01", 2, "2026-06-30")
    result = consume([early], _records(("2025-12-31", "1"), ("2026-02-02", "3"), ("2026-07-01", "0.5")))
    assert result.grants[0].used == D(2) and result.grants[0].left == 0
    assert result.uncovered == (
        (date(2025, 12, 31), D(1)),  # before the grant arose
        (date(2026, 2, 2), D(1)),  # beyond what was left
        (date(2026, 7, 1), D("0.5")),  # after it lapsed
    )
    assert result.over_use == D("2.5")
    assert result.next_lapse(date(2026, 3, 1)) is None  # nothing left to lapse


def test_records_are_taken_in_date_order_whatever_order_they_come_in():
    g1, g2 = _grant("2026-01-01", 1, "2026-03-31"), _grant("2026-01-01", 1, "2026-12-31")
    result = consume([g1, g2], _records(("2026-05-01", "1"), ("2026-02-01", "1")))
    assert [u.used for u in result.grants] == [D(1), D(1)] and result.uncovered == ()


async def test_the_balance_says_what_lapses_next_through_the_toolbox(hr, minsu):
    audit = MemoryAuditLog()
    outcome = await make_toolbox(hr, audit).dispatch("get_leave_balance", {"year": 2026}, minsu)
    assert not outcome.is_error
    first, second = outcome.text.splitlines()
    assert second.startswith("소멸 예정: 2027-03-03까지 쓰지 않으면 9일 소멸 (다음 날)")
    balance, lapse = outcome.figures
    assert isinstance(balance, Balance)
    assert first == leave_balance.format_result(balance, date(2026, 11, 29))  # the line as before
    assert leave_balance.parse_result(outcome.text) == balance
    # The 15 days of 2026-03-04 (usable to 2027-03-03), less the 6 taken from them since that day.
    assert lapse == Lapse(date(2027, 3, 3), D(9))
    assert leave_balance.parse_lapse(outcome.text) == lapse
    assert [(r.tool, r.detail) for r in audit.records] == [("get_leave_balance", {"year": 2026})]


async def test_a_past_year_has_no_lapse_line(hr, minsu):
    outcome = await make_toolbox(hr, MemoryAuditLog()).dispatch("get_leave_balance", {"year": 2025}, minsu)
    assert not outcome.is_error and len(outcome.text.splitlines()) == 1 and len(outcome.figures) == 1


def _verify(text: str, *figures: tuple[str, str, str, str | None, str | None], lapses=None):
    answer = DeclaredAnswer(text, tuple(DeclaredFigure(*f) for f in figures))  # type: ignore[arg-type]
    evidence = Evidence(
        question="남은 연차 언제 소멸돼?",
        today=date(2026, 11, 29),
        lapses={date(2027, 3, 3): D(9)} if lapses is None else lapses,
    )
    return verify(answer, evidence)


def test_the_declared_check_holds_the_lapsing_days():
    said = "2027년 3월 3일까지 쓰지 않으면 9일이 소멸돼요."
    when = ("2027년 3월 3일", "2027-03-03", "incidental", None, "date")
    assert _verify(said, when, ("9일", "9", "fact", 'lapses("2027-03-03")', None)).holds
    wrong = _verify(said.replace("9일", "8일"), when, ("8일", "8", "fact", 'lapses("2027-03-03")', None))
    assert not wrong.holds and 'is not lapses("2027-03-03")' in wrong.problems[0].reason
    other_day = _verify(said, when, ("9일", "9", "fact", 'lapses("2027-03-04")', None))
    assert not other_day.holds and "no balance lookup named that day" in other_day.problems[0].reason
    unlooked = _verify(said, when, ("9일", "9", "fact", 'lapses("2027-03-03")', None), lapses={})
    assert not unlooked.holds
