"""The ledger (bot/policy/ledger.py): one model of a person's grants, leave taken FIFO by expiry, and the
balance and "what expires when" read from it — worked examples with known answers, then through the store
(both databases), the tools, the grounding check and the offline model."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal

import pytest
from sqlalchemy import event, insert, update

from bot.db.hr import SqlHrStore
from bot.db.notices import SqlNoticeLog
from bot.db.policy import SqlPolicyStore
from bot.db.tables import employees, leave_grants, leave_records
from bot.domain.leave import Balance, StoredYear
from bot.grounding.facts import Evidence
from bot.hr.directory import caller_for_employee_id
from bot.llm.choice.check import write_checked
from bot.policy.company import DEFAULT_POLICY, CompanyPolicy, with_changes
from bot.policy.entitlement import entitlement as act
from bot.policy.grants import Employment, LeaveRules
from bot.policy.holding import Holding, holding
from bot.policy.ledger import computed_grants
from bot.policy.standing import Entitlement
from bot.slack.home.home_view import home_view
from bot.tools import BUILTIN_TOOLS
from bot.tools.result_data import figure_in
from bot.tools.toolbox import Toolbox
from tests.support.assistant import fixed_clock, make_assistant, make_toolbox
from tests.support.clock import FIXED_CALENDAR
from tests.support.database import ScratchDatabase
from tests.support.messages_api import text_reply, tool_reply
from tests.support.offline_chat import ask, offline_assistant
from tests.support.ports import BUNDLED_EMPLOYEE_IDS, MemoryAuditLog

D = Decimal
TODAY = date(2026, 11, 29)  # FIXED_CALENDAR's today
COMPUTED = LeaveRules(grants="computed")
FISCAL = LeaveRules(basis="fiscal_year", grants="computed")
UNTIL = date(2027, 12, 31)


def _d(text: str) -> date:
    return date.fromisoformat(text)


def _records(*pairs: tuple[str, str]) -> list[tuple[date, Decimal]]:
    return [(_d(day), D(days)) for day, days in pairs]


# The demo's E1001 (hire 2024-03-04): HR's rows 2025 (15, 11.5 used without dates) and 2026 (15), and the
# 2026 records (annual): 02-13 1, 03-02 0.5, 05-04 3, 07-27 2, 10-09 1.
MINSU_STORED = [StoredYear(2025, D(15), D("11.5")), StoredYear(2026, D(15))]
MINSU_RECORDS = _records(
    ("2026-02-13", "1"), ("2026-03-02", "0.5"), ("2026-05-04", "3"), ("2026-07-27", "2"), ("2026-10-09", "1")
)


def _year(held: Holding, year: int) -> tuple[Decimal, Decimal, Decimal, tuple[tuple[date, Decimal], ...]]:
    found = held.year(year)
    assert found is not None
    return found.granted, found.used, found.remaining, held.expiring(year)


# (case, stored, records, hire date, rules, year, (granted, used, remaining, left by last usable day today))
WORKED = [
    pytest.param(
        MINSU_STORED, MINSU_RECORDS, "2024-03-04", LeaveRules(), 2026,
        (D(15), D("7.5"), D("7.5"), ((_d("2026-12-31"), D("7.5")),)),
        id="imported: HR's calendar-year row, today's numbers",
    ),
    pytest.param(
        MINSU_STORED, MINSU_RECORDS, "2024-03-04", COMPUTED, 2026,
        # 2026-02-13 and 03-02 are taken from the 2025 grant (usable to 2027-03-03's year before, it
        # expires first); 05-04, 07-27 and 10-09 from the 15 days of 2026-03-04.
        (D(15), D(6), D(9), ((_d("2027-03-03"), D(9)),)),
        id="hire-date basis across calendar years: the expiring grant first",
    ),
    pytest.param(
        MINSU_STORED, MINSU_RECORDS, "2024-03-04", COMPUTED, 2025,
        # HR's 15 win over the Act's 17 (2 first-year days of 2025 + 15): the 2 that expire first go; the
        # 11.5 undated, then 1.5 of 2026's records: 13 used, 2 lapsed after 2026-03-03 (not remaining).
        (D(15), D(13), D(0), ()),
        id="HR's row wins: a shortfall off the grants expiring first",
    ),
    pytest.param(
        [], _records(("2027-01-20", "3")), "2026-03-15", COMPUTED, 2026,
        # 9 first-year days arise in 2026 (04-15 … 12-15), 2 in 2027, all usable to 2027-03-14; a record
        # of 2027 takes the days of 2026 first (same last day: the one that arose first).
        (D(9), D(3), D(6), ((_d("2027-03-14"), D(6)),)),
        id="first-year monthly days spanning two calendar years (2026)",
    ),
    pytest.param(
        [], _records(("2027-01-20", "3")), "2026-03-15", COMPUTED, 2027,
        (D(17), D(0), D(17), ((_d("2027-03-14"), D(2)), (_d("2028-03-14"), D(15)))),
        id="first-year monthly days spanning two calendar years (2027)",
    ),
    pytest.param(
        [], _records(("2026-03-02", "2")), "2025-07-01", FISCAL, 2026,
        # Fiscal basis (01-01): 6 first-year days in 2026 (usable to 2026-06-30, lapsed by today) and the
        # first partial year's 15 × 184/365 = 7.56 on 2026-01-01; the record takes 2025's first-year days.
        # Only the 7.56 remain: the 6 lapsed.
        (D("13.56"), D(0), D("7.56"), ((_d("2026-12-31"), D("7.56")),)),
        id="fiscal basis: prorated days and first-year days",
    ),
    pytest.param(
        [], _records(("2026-03-02", "2")), "2025-07-01", FISCAL, 2025,
        (D(5), D(2), D(0), ()),  # the 3 left lapsed after 2026-06-30
        id="fiscal basis: the record drawn from the days expiring first",
    ),
    pytest.param(
        [StoredYear(2026, D(18))], [], "2024-03-04", COMPUTED, 2026,
        (D(18), D(0), D(18), ((_d("2027-03-03"), D(18)),)),
        id="HR's row wins: an excess is a manual grant beside the year's",
    ),
    pytest.param(
        [StoredYear(2026, D(0))], _records(("2026-05-04", "1")), "2024-03-04", COMPUTED, 2026,
        # HR's 0 wins over the Act's 15: the year stays, with nothing in it; the record is over-use.
        (D(0), D(1), D(-1), ()),
        id="HR's row of 0 days wins: the year is HR's, empty",
    ),
    pytest.param(
        [], _records(("2026-04-01", "2"), ("2026-12-20", "12")), "2026-03-15", COMPUTED, 2026,
        # 04-01: no grant yet; taken in advance from 2026's next days (04-15, 05-15). 12-20: the 7 left,
        # then 5 no grant covers: negative on 2026, and nothing left to expire.
        (D(9), D(14), D(-5), ()),
        id="leave no grant covers: in advance, then negative on its year",
    ),
    pytest.param(
        [], _records(("2026-04-01", "2")), None, COMPUTED, 2026,
        None,  # no hire date and no stored row: no grant at all
        id="no hire date and no row: nothing",
    ),
    pytest.param(
        [StoredYear(2026, D(10), D(1))], _records(("2026-02-02", "3")), None, COMPUTED, 2026,
        (D(10), D(4), D(6), ((_d("2026-12-31"), D(6)),)),
        id="no hire date: HR's rows alone, as imported",
    ),
    pytest.param(
        [StoredYear(2026, D(10))], [], "2020-01-02", LeaveRules(grants="computed", under_five_employees=True),
        2026, (D(10), D(0), D(10), ((_d("2026-12-31"), D(10)),)),
        id="under 5 employees: HR's rows alone",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("stored", "records", "hire", "rules", "year", "expected"), WORKED)
def test_worked_examples(stored, records, hire, rules, year, expected):
    employment = Employment(_d(hire)) if hire else None
    held = holding(stored, records, employment, rules, TODAY)
    if expected is None:
        assert held.balance(year) is None
        return
    assert _year(held, year) == expected


def test_imported_is_todays_balance_exactly():
    """`imported`: used = the year's undated amount + its records, whatever the dates; over-use as well."""
    stored = [StoredYear(2025, D(15), D(3)), StoredYear(2026, D(5), D("0.5"))]
    records = _records(("2025-12-31", "10"), ("2026-01-01", "4"), ("2026-06-30", "2.25"))
    held = holding(stored, records, Employment(_d("2020-01-01")), LeaveRules(), TODAY)
    assert _year(held, 2025)[:3] == (D(15), D(13), D(0))  # the 2 left lapsed after 2025-12-31
    assert _year(held, 2026)[:3] == (D(5), D("6.75"), D("-1.75"))  # over-use stays on its year
    assert _year(held, 2026)[3] == ()  # nothing left to expire


def test_a_manual_adjustment_says_why():
    grants = computed_grants(
        [g for g in _minsu_act() if g.arises_on.year in (2025, 2026)],
        [StoredYear(2025, D(15)), StoredYear(2026, D(18))],
    )
    by_year = {(g.arises_on.isoformat(), g.kind, g.days) for g in grants}
    assert by_year == {
        ("2025-03-04", "annual", D(15)),  # the 2 first-year days of 2025 gave way to HR's 15
        ("2026-03-04", "annual", D(15)),
        ("2026-03-04", "manual", D(3)),
    }
    [manual] = [g for g in grants if g.kind == "manual"]
    assert manual.expires_on == _d("2027-03-03")
    assert manual.why == "HR's 2026 total 18 against the Act's 15: 3 more"


def _minsu_act():
    return act(Employment(_d("2024-03-04")), LeaveRules(), UNTIL)


# --- the store: one statement, both databases --------------------------------------------------------------


async def _hired(db: ScratchDatabase) -> None:
    async with db.engine.begin() as connection:
        await connection.execute(
            insert(employees).values(
                employee_id="E7", name="칠", email="e7@x.kr", email_key="e7@x.kr", hire_date=_d("2026-03-15")
            )
        )
        await connection.execute(insert(leave_grants).values(employee_id="E7", year=2026, granted=D(9)))
        await connection.execute(
            insert(leave_records),
            [
                {"employee_id": "E7", "taken_on": _d(day), "days": D(days), "leave_type": kind}
                for day, days, kind in (
                    ("2026-04-20", "1", "annual"),
                    ("2026-05-20", "1", "sick"),
                    ("2027-01-20", "3", "annual"),
                )
            ],
        )


async def test_the_ledger_inputs_are_one_statement(database: ScratchDatabase):
    await _hired(database)
    store = SqlHrStore(database.engine)
    statements: list[str] = []

    def count(*args: object) -> None:
        statements.append(str(args[2]))

    event.listen(database.engine.sync_engine, "before_cursor_execute", count)
    try:
        every = await store.ledger_inputs("E7")
    finally:
        event.remove(database.engine.sync_engine, "before_cursor_execute", count)
    assert len(statements) == 1 and "leave_records" in statements[0]  # one statement, nothing else read
    assert every.employee.hire_date == _d("2026-03-15")
    assert every.stored == (StoredYear(2026, D(9), D(0)),)
    assert every.records == ((_d("2026-04-20"), D(1)), (_d("2027-01-20"), D(3)))  # annual only


async def test_someone_with_no_rows_still_has_inputs(database: ScratchDatabase):
    async with database.engine.begin() as connection:
        await connection.execute(
            insert(employees).values(employee_id="E8", name="팔", email="e8@x.kr", email_key="e8@x.kr")
        )
    inputs = await SqlHrStore(database.engine).ledger_inputs("E8")
    assert (inputs.employee.employee_id, inputs.stored, inputs.records) == ("E8", (), ())


async def test_the_balance_and_the_entitlement_read_one_ledger(seeded_database: ScratchDatabase):
    """`officebot policy set grants=computed`, then both tools through the Toolbox reading the policy per
    lookup: the balance's expiry line and the entitlement's unused days are the same 9 days."""
    store, policy = SqlHrStore(seeded_database.engine), SqlPolicyStore(seeded_database.engine)
    await policy.change(lambda p: with_changes(p, [("grants", "computed")])[0], "hr-kim")

    async def rules_now() -> LeaveRules:
        return (await policy.current()).rules

    box = Toolbox(
        BUILTIN_TOOLS,
        leave=store,
        today_for=FIXED_CALENDAR.today_for,
        audit=MemoryAuditLog(),
        clock=fixed_clock,
        rules_now=rules_now,
    )
    minsu = await caller_for_employee_id(store, "E1001")
    balance = await box.dispatch("get_leave_balance", {"year": 2026}, minsu)
    assert json.loads(balance.text)["expiring"] == [{"until": "2027-03-03", "days": "9"}]
    assert balance.shown == (
        "2026년 남은 연차: 9일 (부여 15일 − 사용 6일, 기준일 2026-11-29)\n"
        "그중 9일은 2027-03-03까지 사용 가능 (이후 소멸)"
    )
    assert balance.figures == (Balance(2026, D(15), D(6), ((_d("2027-03-03"), D(9)),)),)
    assert figure_in(balance.text) == balance.figures[0]  # what the model reads is the same figure
    statutory = await box.dispatch("get_leave_entitlement", {}, minsu)
    [ent] = statutory.figures
    assert isinstance(ent, Entitlement) and ent.unused == ((_d("2027-03-03"), D(9)),)
    assert "미사용: 9일, 2027-03-03까지 사용 가능 (이후 소멸)" in statutory.shown
    assert json.loads(statutory.text)["unused"] == [{"until": "2027-03-03", "days": "9"}]
    assert figure_in(statutory.text) == ent
    # Back to imported: today's line exactly, no expiry line (and no expiry in the data).
    await policy.change(lambda p: with_changes(p, [("grants", "imported")])[0], "hr-kim")
    again = await box.dispatch("get_leave_balance", {"year": 2026}, minsu)
    assert again.shown == "2026년 남은 연차: 7.5일 (부여 15일 − 사용 7.5일, 기준일 2026-11-29)"
    assert json.loads(again.text)["expiring"] == [] and json.loads(again.text)["remaining"] == "7.5"


async def test_a_year_with_only_computed_grants_has_a_balance(hr):
    minsu = await caller_for_employee_id(hr, "E1001")
    imported = await make_toolbox(hr).dispatch("get_leave_balance", {"year": 2024}, minsu)
    assert imported.is_error and json.loads(imported.text) == {
        "error": "no annual leave record for 2024; records exist for 2025, 2026",
        "kind": "no_record",
        "year": 2024,
        "years_on_record": [2025, 2026],
    }
    computed = await make_toolbox(hr, rules=COMPUTED).dispatch("get_leave_balance", {"year": 2024}, minsu)
    # The 9 first-year days arising in 2024 (HR keeps no 2024 row), lapsed after 2025-03-03: none left.
    assert computed.shown == "2024년 남은 연차: 0일 (부여 9일 − 사용 0일 − 소멸 9일, 기준일 2026-11-29)"
    said = json.loads(computed.text)
    assert (said["remaining"], said["granted"], said["used"], said["lapsed"]) == ("0", "9", "0", "9")


async def test_fiscal_basis_from_january_gives_the_imported_balances_on_the_demo_data(hr):
    """Computed on a fiscal basis starting 01-01, every demo employee's stored years have the imported
    balance: HR's rows win for their year and each year's grants are used within it (their expiry may
    differ, e.g. E1004's first-year days run to 2026-01-05; none of the demo's records falls there)."""
    fiscal, imported = make_toolbox(hr, rules=FISCAL), make_toolbox(hr)
    for employee_id in BUNDLED_EMPLOYEE_IDS:
        caller = await caller_for_employee_id(hr, employee_id)
        for year in (2025, 2026):
            left = await fiscal.dispatch("get_leave_balance", {"year": year}, caller)
            right = await imported.dispatch("get_leave_balance", {"year": year}, caller)
            if right.is_error:
                continue
            [a], [b] = left.figures, right.figures
            assert isinstance(a, Balance) and isinstance(b, Balance)
            assert (a.granted, a.used, a.remaining) == (b.granted, b.used, b.remaining), (employee_id, year)


# --- grounding and the offline model ------------------------------------------------------------------------


def _render(named: str):
    balance = Balance(2026, D(15), D(6), ((_d("2027-03-03"), D(9)),))
    return write_checked(
        [named], Evidence(balances={2026: balance}, question="연차 언제 소멸돼?", today=TODAY), True
    )


def test_what_expires_when_is_written_from_the_lookup():
    assert _render("expiring(2026)").text == (
        "2026년 남은 연차 중 9일은 2027년 3월 3일(수)까지 쓸 수 있어요. 그다음 날 소멸돼요."
    )
    unlooked = _render("expiring(2025)")
    assert not unlooked.holds and "no lookup of 2025 succeeded" in unlooked.problems[0].reason


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("올해 연차 몇 일 남았어?", "그중 9일은 2027년 3월 3일(수)이 지나면 소멸돼요."),
        (
            "how much leave do I have left this year?",
            "Of these, 9 days lapse after Wednesday, March 3, 2027.",
        ),
        ("연차 언제 소멸돼?", "지금 남은 연차 9일은 2027년 3월 3일(수)이 지나면 소멸돼요."),
        ("when does my leave expire?", "Your 9 unused days lapse after Wednesday, March 3, 2027."),
    ],
)
async def test_the_offline_model_says_what_expires_when_grounded(hr, question, said):
    minsu = await caller_for_employee_id(hr, "E1001")
    turn = await ask(offline_assistant(hr, COMPUTED), minsu, question)
    assert said in turn.answer
    assert any(getattr(step, "text", "") == "grounding: ok" for step in turn.trace.steps)


async def test_the_home_card_shows_the_unused_days_of_the_nearest_expiry(hr):
    minsu = await caller_for_employee_id(hr, "E1001")
    texts = {}
    for name, rules in (("imported", LeaveRules()), ("computed", COMPUTED)):
        outcome = await make_toolbox(hr, rules=rules).dispatch("get_leave_entitlement", {}, minsu)
        [ent] = outcome.figures
        assert isinstance(ent, Entitlement)
        texts[name] = str(home_view([], [], TODAY, True, ent))
    # Each mode's grant and what is left of it, as that mode's balance says: HR's 2026 row to December 31
    # (7.5 left), the Act's grant from 2026-03-04 to 2027-03-03 (9 left).
    assert "7.5일은 2026-12-31까지" in texts["imported"]
    assert "9일은 2027-03-03까지" in texts["computed"]


async def test_statements_over_the_wire_state_the_expiry_and_are_checked(messages_api, hr):
    """As Claude would answer: the tool result (with its expiry, as data) goes over the wire, the answer says
    `expiring(2026)` and code writes 9 and its day; a statement of a year nobody looked up gets the one
    correction."""

    def said(*statements: str) -> tuple[int, dict]:
        return text_reply(json.dumps({"say": list(statements)}, ensure_ascii=False))

    minsu = await caller_for_employee_id(hr, "E1001")
    api = await messages_api(
        [tool_reply(("toolu_A", {"year": 2026})), said("expiring(2025)"), said("expiring(2026)")]
    )
    turn = await make_assistant(api, hr, grounding=True, rules=COMPUTED).run_turn(
        [{"role": "user", "content": "올해 연차 언제 소멸돼?"}], minsu
    )
    [result] = [
        block
        for message in api.requests[1]["messages"]
        if isinstance(message["content"], list)
        for block in message["content"]
        if block.get("type") == "tool_result"
    ]
    assert json.loads(result["content"])["expiring"] == [{"until": "2027-03-03", "days": "9"}]
    correction = api.requests[-1]["messages"][-1]["content"]
    assert "expiring(2025)" in correction and "no lookup of 2025 succeeded" in correction
    assert turn.answer == "2026년 남은 연차 중 9일은 2027년 3월 3일(수)까지 쓸 수 있어요. 그다음 날 소멸돼요."


async def test_the_notices_count_the_unused_days_from_the_ledger_when_computed(
    seeded_database: ScratchDatabase,
):
    """§61 notices with `grants=computed`: the period's unused days are the ledger's (the year's undated
    amount counted too), the same the balance states; `imported` notices HR's rows, due in July–October,
    so none on the demo's day."""
    log = SqlNoticeLog(seeded_database.engine)

    async def minsu_unused(policy: CompanyPolicy) -> list[tuple[date, int, Decimal]]:
        due = await log.due(policy, TODAY)
        return [
            (n.scheduled.arises_on, n.scheduled.notice, n.unused)
            for n in due
            if n.employee.employee_id == "E1001"
        ]

    computed = CompanyPolicy(rules=COMPUTED)
    assert await minsu_unused(DEFAULT_POLICY) == []
    assert await minsu_unused(computed) == [(_d("2026-03-04"), 2, D(9))]  # the balance's 9
    async with seeded_database.engine.begin() as connection:  # 4 days of 2026 that no record lists
        await connection.execute(
            update(leave_grants)
            .where(leave_grants.c.employee_id == "E1001", leave_grants.c.year == 2026)
            .values(opening_used=D(4))
        )
    assert await minsu_unused(computed) == [(_d("2026-03-04"), 2, D(5))]
