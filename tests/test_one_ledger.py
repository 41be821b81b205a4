"""One leave ledger (issue 29): every surface states the person's holding (bot/policy/holding.py), in either
grants mode, on the demo's days: the bot's balance and expiry answers, the Home card, `officebot leave
show --json` and `officebot notices --dry-run --json`."""

from __future__ import annotations

import argparse
import io
import json
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

import pytest

from bot.agent.clock import Today
from bot.agent.loop import Assistant
from bot.cli import leave as leave_cli
from bot.cli import notices as notices_cli
from bot.config import Settings
from bot.db.hr import SqlHrStore
from bot.db.policy import SqlPolicyStore
from bot.domain.leave import YEARS_AHEAD, YEARS_BACK, Balance, format_days
from bot.grounding.check import Grounding
from bot.hr.directory import caller_for_employee_id
from bot.llm.client import make_client
from bot.policy.company import with_changes
from bot.policy.grants import LeaveRules
from bot.policy.standing import Entitlement
from bot.slack.home.home_view import home_view
from bot.tools import BUILTIN_TOOLS
from bot.tools.toolbox import Toolbox
from tests.support.assistant import tracked
from tests.support.database import ScratchDatabase
from tests.support.offline_chat import ask, offline_assistant
from tests.support.ports import BUNDLED_EMPLOYEE_IDS, MemoryAuditLog

DAYS = (date(2026, 11, 29), date(2026, 12, 4))
MODES = ("imported", "computed")


def calendar_on(day: date) -> Today:
    now = datetime(day.year, day.month, day.day, 3, 0, tzinfo=UTC)  # noon in Seoul
    return Today(clock=lambda: now)


def toolbox_on(store: SqlHrStore, day: date, rules: LeaveRules) -> Toolbox:
    calendar = calendar_on(day)
    return Toolbox(
        BUILTIN_TOOLS,
        leave=store,
        today_for=calendar.today_for,
        audit=MemoryAuditLog(),
        clock=calendar.clock,
        rules=rules,
    )


def offline_bot_on(store: SqlHrStore, day: date, rules: LeaveRules) -> Assistant:
    """The offline model behind the real loop and grounding check, as `officebot chat` runs it on `day`."""
    toolbox = toolbox_on(store, day, rules)
    return Assistant(
        tracked(make_client(None)),
        toolbox,
        model="offline",
        calendar=calendar_on(day),
        check=Grounding(toolbox),
    )


async def cli_json(module: Any, db: ScratchDatabase, **args: Any) -> Any:
    settings = Settings.from_env({"OFFICEBOT_DATABASE_URL": db.url})
    out, err = io.StringIO(), io.StringIO()
    assert await module.run(settings, argparse.Namespace(json=True, **args), out, err) == 0, err.getvalue()
    return json.loads(out.getvalue())


# ----- the observed defects ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("when do my days expire?", "Your 0.25 unused day lapses after Thursday, December 31."),
        ("연차 언제 소멸돼?", "지금 남은 연차 0.25일은 12월 31일(목)이 지나면 소멸돼요."),
    ],
)
async def test_an_expiry_answer_names_what_is_left_of_hrs_grant_and_when_it_lapses(hr, question, said):
    """`grants=imported`: 정하은 (E1005) has 0.25 days of HR's 2026 row left, usable to December 31; the
    answer used to quote the Act's 17 days "good through September 13, 2027"."""
    jung = await caller_for_employee_id(hr, "E1005")
    turn = await ask(offline_assistant(hr), jung, question)
    assert turn.answer == said
    assert "2027" not in turn.answer
    assert any(getattr(step, "text", "") == "grounding: ok" for step in turn.trace.steps)


@pytest.mark.parametrize("employee_id", BUNDLED_EMPLOYEE_IDS)
@pytest.mark.parametrize("mode", MODES)
async def test_next_year_is_the_same_answer_in_english_and_korean(hr, employee_id, mode):
    """ "how many days will I have next year?" used to look up a 2027 balance ("no record, contact HR")
    while "내년엔 며칠 생겨?" named the Act's next grant."""
    caller = await caller_for_employee_id(hr, employee_id)
    bot = offline_assistant(hr, LeaveRules(grants=mode))
    english = await ask(bot, caller, "how many days will I have next year?")
    korean = await ask(bot, caller, "내년엔 며칠 생겨?")
    for turn in (english, korean):
        assert [c.name for c in turn.trace.tool_calls] == ["get_leave_entitlement"]
    [en] = [f for r in english.trace.tool_results for f in r.figures if isinstance(f, Entitlement)]
    [ko] = [f for r in korean.trace.tool_results for f in r.figures if isinstance(f, Entitlement)]
    assert en == ko and en.next_on is not None
    day = en.next_on
    assert f"{day.strftime('%B')} {day.day}, {day.year}" in english.answer
    assert f"{day.year}년 {day.month}월 {day.day}일" in korean.answer


# ----- every surface, every demo employee, both modes, both days -------------------------------------------


def _en_day(day: date, today: date) -> str:
    """As an answer says a day: its weekday, and its year when that is not this year."""
    return f"{day.strftime('%A')}, {day.strftime('%B')} {day.day}" + (
        f", {day.year}" if day.year != today.year else ""
    )


@pytest.mark.parametrize("mode", MODES)
async def test_the_bots_answers_state_the_ledgers_days_and_dates(seeded_database: ScratchDatabase, mode):
    """The offline bot's balance and expiry answers, in both languages, name what `leave show` names: the
    year's remaining and the next lapse (days and last usable day)."""
    store, policy = SqlHrStore(seeded_database.engine), SqlPolicyStore(seeded_database.engine)
    await policy.change(lambda p: with_changes(p, [("grants", mode)])[0], "hr-kim")
    for day in DAYS:
        bot = offline_bot_on(store, day, LeaveRules(grants=mode))
        for employee_id in BUNDLED_EMPLOYEE_IDS:
            shown = await cli_json(leave_cli, seeded_database, employee_id=employee_id, on=day.isoformat())
            caller = await caller_for_employee_id(store, employee_id)
            [this_year] = [y for y in shown["years"] if y["year"] == day.year]
            left = format_days(Decimal(str(this_year["remaining"])))
            balance = await ask(bot, caller, "how many days do I have left?")
            assert f"You have {left} days of annual leave left for {day.year}" in balance.answer
            english = await ask(bot, caller, "when do my days expire?")
            korean = await ask(bot, caller, "연차 언제 소멸돼?")
            lapse = shown["next_lapse"]
            if lapse is None:
                assert "no unused leave" in english.answer, (employee_id, day, english.answer)
                continue
            on, days = date.fromisoformat(lapse["date"]), format_days(Decimal(str(lapse["days"])))
            assert english.answer.startswith(f"Your {days} unused day"), (employee_id, day, english.answer)
            assert f"after {_en_day(on, day)}." in english.answer
            weekday = "월화수목금토일"[on.weekday()]
            year = f"{on.year}년 " if on.year != day.year else ""
            assert (
                f"지금 남은 연차 {days}일은 {year}{on.month}월 {on.day}일({weekday})이 지나면"
                in korean.answer
            )


@pytest.mark.parametrize("mode", MODES)
async def test_every_surface_states_the_ledgers_days_and_dates(seeded_database: ScratchDatabase, mode):
    store, policy = SqlHrStore(seeded_database.engine), SqlPolicyStore(seeded_database.engine)
    await policy.change(lambda p: with_changes(p, [("grants", mode)])[0], "hr-kim")
    rules = LeaveRules(grants=mode)
    for day in DAYS:
        notices = await cli_json(notices_cli, seeded_database, dry_run=True, on=day.isoformat())
        for employee_id in BUNDLED_EMPLOYEE_IDS:
            shown = await cli_json(leave_cli, seeded_database, employee_id=employee_id, on=day.isoformat())
            assert (shown["on"], shown["grants_mode"]) == (day.isoformat(), mode)
            box, caller = toolbox_on(store, day, rules), await caller_for_employee_id(store, employee_id)
            # The balance of each year the ledger holds, as the balance tool states it.
            for year in shown["years"]:
                if not day.year - YEARS_BACK <= year["year"] <= day.year + YEARS_AHEAD:
                    continue  # a year the tool may not be asked about
                outcome = await box.dispatch("get_leave_balance", {"year": year["year"]}, caller)
                [balance] = outcome.figures
                assert isinstance(balance, Balance)
                assert (balance.granted, balance.used, balance.remaining) == tuple(
                    Decimal(str(year[k])) for k in ("granted", "used", "remaining")
                ), (employee_id, day, year)
            # Sum of what is left of the grants = the years' remaining (no over-use in the demo data).
            assert sum(Decimal(str(g["remaining"])) for g in shown["grants"]) == sum(
                Decimal(str(y["remaining"])) for y in shown["years"]
            )
            # The expiry answer's figures and the Home card: what is left, and when it lapses.
            outcome = await box.dispatch("get_leave_entitlement", {}, caller)
            [ent] = outcome.figures
            assert isinstance(ent, Entitlement)
            lapse = shown["next_lapse"]
            if lapse is None:
                assert ent.unused == ()
            else:
                assert ent.unused[0] == (date.fromisoformat(lapse["date"]), Decimal(str(lapse["days"])))
                home = str(home_view([], [], day, True, ent))
                assert f"{lapse['days']}일은 {lapse['date']}까지" in home.replace(".0일", "일")
            # Each notice's unused days: what the ledger leaves of its period's grants.
            for notice in (n for n in notices if n["employee_id"] == employee_id):
                left = sum(
                    Decimal(str(g["remaining"]))
                    for g in shown["grants"]
                    if g["expires_on"] == notice["last_usable_day"]
                    and notice["arises_on"] <= g["arises_on"] <= day.isoformat()
                )
                assert Decimal(str(notice["unused_days"])) == left, (employee_id, day, notice)


async def test_leave_show_json_is_the_documented_shape(seeded_database: ScratchDatabase):
    shown = await cli_json(leave_cli, seeded_database, employee_id="E1005", on="2026-11-29")
    assert shown["employee_id"] == "E1005" and shown["grants_mode"] == "imported"
    assert shown["grants"][-1] == {
        "source": "hr_import",
        "arises_on": "2026-01-01",
        "expires_on": "2026-12-31",
        "days": 17,
        "used": 16.75,
        "lapsed": 0,
        "remaining": 0.25,
    }
    assert shown["years"][-1] == {
        "year": 2026,
        "granted": 17,
        "used": 16.75,
        "pending": 0,
        "lapsed": 0,
        "remaining": 0.25,
    }
    assert shown["next_lapse"] == {"date": "2026-12-31", "days": 0.25}
    assert shown["act_next"] == [{"arises_on": "2027-09-14", "days": 18}]


async def test_leave_show_refuses_an_unknown_employee_in_one_line(seeded_database: ScratchDatabase):
    settings = Settings.from_env({"OFFICEBOT_DATABASE_URL": seeded_database.url})
    out, err = io.StringIO(), io.StringIO()
    args = argparse.Namespace(json=False, employee_id="E404", on="2026-11-29")
    assert await leave_cli.run(settings, args, out, err) == leave_cli.REFUSED
    assert err.getvalue().count("\n") == 1 and "E404" in err.getvalue()


@pytest.mark.parametrize(
    ("mode", "past"),
    [("imported", {2025: (3.5, 0)}), ("computed", {2024: (9, 0), 2025: (2, 0)})],
)
async def test_leave_show_counts_lapsed_days_out_of_remaining(seeded_database: ScratchDatabase, mode, past):
    """E1001 on 2026-11-29: what was left of 2024's and 2025's grants lapsed (after 2025-12-31 in
    `imported`, after 2025-03-03 and 2026-03-03 in `computed`); `leave show` used to call it remaining."""
    policy = SqlPolicyStore(seeded_database.engine)
    await policy.change(lambda p: with_changes(p, [("grants", mode)])[0], "hr-kim")
    shown = await cli_json(leave_cli, seeded_database, employee_id="E1001", on="2026-11-29")
    years = {y["year"]: (y["lapsed"], y["remaining"]) for y in shown["years"]}
    assert {year: years[year] for year in past} == past
    for g in shown["grants"]:
        assert g["remaining"] == g["days"] - g["used"] - g["lapsed"]
        assert g["lapsed"] == 0 or g["expires_on"] < "2026-11-29"
