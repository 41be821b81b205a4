"""The review of the one ledger (issue 29): each figure a surface states means what it says on the day asked
about. Pure: the holding (bot/policy/holding.py) and the surfaces' own code on a person's inputs."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from bot.domain.leave import Balance, StoredYear, format_days
from bot.grounding.facts import Evidence
from bot.llm.choice.check import write_checked
from bot.policy.grants import Employment, LeaveRules
from bot.policy.holding import holding
from bot.policy.notices import due_with_unused
from bot.policy.standing import standing_of
from bot.tools.result_data import data_of, figure_in, wire_text
from bot.tools.shown import balance_shown, entitlement_shown

COMPUTED = LeaveRules(grants="computed")


def test_remaining_leaves_out_the_days_that_lapsed():
    """Hire 2025-06-15: 2026's five monthly days lapsed unused after 2026-06-14; on 2026-11-29 the year
    used to say 18 left (20 − 2) "of these 13 lapse after June 14, 2027"."""
    held = holding(
        [], [(date(2026, 7, 1), Decimal(2))], Employment(date(2025, 6, 15)), COMPUTED, date(2026, 11, 29)
    )
    balance = held.balance(2026)
    assert balance is not None
    assert (balance.granted, balance.used, balance.lapsed, balance.remaining) == (20, 2, 5, 13)
    assert balance.expiring == ((date(2027, 6, 14), Decimal(13)),)
    monthly = [g for g in held.grants if g.year == 2026 and g.expires_on == date(2026, 6, 14)]
    assert [(g.lapsed, g.remaining) for g in monthly] == [(1, 0)] * 5
    # The balance tool's data says it (and its line for a person), and the offline model reads it back.
    said = data_of(balance, held.on)
    assert (said["granted"], said["used"], said["lapsed"], said["remaining"]) == ("20", "2", "5", "13")
    assert "2026년 남은 연차: 13일 (부여 20일 − 사용 2일 − 소멸 5일" in balance_shown(balance, held.on)
    read = figure_in(wire_text(said))
    assert isinstance(read, Balance) and (read.lapsed, read.remaining) == (5, 13)
    # On the last usable day nothing has lapsed yet.
    before = holding([], [], Employment(date(2025, 6, 15)), COMPUTED, date(2026, 6, 14)).year(2026)
    assert before is not None and (before.lapsed, before.remaining) == (0, 20)


def test_imported_remaining_of_a_past_year_is_nothing_once_december_has_passed():
    held = holding(
        [StoredYear(2025, Decimal(15))],
        [(date(2025, 3, 2), Decimal("11.5"))],
        None,
        LeaveRules(),
        date(2026, 1, 1),
    )
    year = held.year(2025)
    assert year is not None and (year.used, year.lapsed, year.remaining) == (
        Decimal("11.5"),
        Decimal("3.5"),
        0,
    )


def test_a_part_timers_next_grant_is_the_ledgers_days():
    """20 h a week, hire 2025-03-04, computed: the ledger counts 2027-03-04's grant as 60 h ÷ 8 = 7.5 days;
    the entitlement tool said "Next grant: 15 day(s)" (a full-timer's days), as Home did."""
    employment = Employment(date(2025, 3, 4), weekly_hours=Decimal(20))
    held = holding([], [], employment, COMPUTED, date(2026, 11, 29))
    ent = standing_of(held, employment, COMPUTED)
    nxt = held.year(2027)
    assert nxt is not None and ent.next_days == nxt.granted == Decimal("7.5")
    assert f"Next grant: {format_days(ent.next_days)} day(s)" in entitlement_shown(ent)
    said = data_of(ent)  # the model reads the hours and the ledger's days, as the answer schema names them
    assert [g["hours"] for g in said["upcoming"]] == [60] and said["next_grant_days"] == "7.5"
    assert ent.current_days == sum((g.days for g in held.usable()), Decimal(0))


def test_where_the_act_gives_no_leave_hrs_rows_still_lapse():
    """Under 15 h a week (§18③), imported: HR's 2026 row of 5 days lapses after 2026-12-31, as the balance
    says; the expiry answer used to say the Act's leave does not apply and nothing else."""
    employment = Employment(date(2020, 1, 2), weekly_hours=Decimal(10))
    held = holding([StoredYear(2026, Decimal(5))], [], employment, LeaveRules(), date(2026, 11, 29))
    ent = standing_of(held, employment, LeaveRules())
    assert ent.none_because is not None
    assert ent.unused == ((date(2026, 12, 31), Decimal(5)),)
    assert "미사용: 5일, 2026-12-31까지 사용 가능 (이후 소멸)" in entitlement_shown(ent)
    assert data_of(ent)["unused"] == [{"until": "2026-12-31", "days": "5"}]
    assert figure_in(wire_text(data_of(ent))) == ent
    said = write_checked(["lapsing()"], Evidence(today=ent.on, entitlement=ent), korean=False).text
    assert "5 unused days lapse after Thursday, December 31." in said, said


def test_hrs_excess_is_noticed_with_the_grant_it_sits_beside():
    """Hire 2024-03-04, HR's 2026 row 20 (the Act's 15 and a 5-day adjustment), computed, on 2026-09-05:
    two notices keyed (2026-03-04, 1) with 13 and 5 unused; the outbox kept one. One notice, 18."""
    held = holding(
        [StoredYear(2026, Decimal(20))],
        [(date(2026, 5, 4), Decimal(2))],
        Employment(date(2024, 3, 4)),
        COMPUTED,
        date(2026, 9, 5),
    )
    found = [(n.arises_on, n.notice, n.expires_on, unused) for n, unused in due_with_unused(held)]
    assert found == [(date(2026, 3, 4), 1, date(2027, 3, 3), Decimal(18))]
    year = held.year(2026)
    assert year is not None and year.remaining == 18


def test_the_entitlement_text_says_what_is_left_to_use_now():
    """E1005's case, imported: HR's 2026 row of 17 with 16.75 used; the text said "Usable now: 17 day(s)"."""
    employment = Employment(date(2022, 9, 14))
    held = holding(
        [StoredYear(2026, Decimal(17), Decimal("16.75"))], [], employment, LeaveRules(), date(2026, 11, 29)
    )
    ent = standing_of(held, employment, LeaveRules())
    text = entitlement_shown(ent)
    assert "Usable now: 0.25 day(s)" in text, text
    assert "\n지금 사용 가능: 0.25일\n" in text
    assert data_of(ent)["usable_now"] == "0.25"  # the model's data says the same
