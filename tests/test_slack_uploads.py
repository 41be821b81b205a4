"""HR's data files dropped in a DM, over the wire: the same import as `officebot data import` runs as a dry
run and answers with its summary and an Import button (or the `file:line: column: reason` list); Import
applies it once (two clicks, one import), only while the files are what the dry run checked; the wrong
type, an oversize file and anyone but HR are refused in one line, and every step is audited."""

from __future__ import annotations

from sqlalchemy import select

from bot.db.tables import audit_log, data_uploads, employees
from bot.slack.home.uploads import MAX_BYTES
from tests.support.database import ScratchDatabase
from tests.support.home import set_policy
from tests.support.slack import MINSU, YUJIN
from tests.support.slack_api import SlackStandIn

HEADER = "employee_id,name,email,slack_user_id,hire_date,active,end_date,weekly_hours,below_80,manager_id\n"
NEW_PERSON = "E2001,한지민,jimin.han@example.com,,2025-01-02,true,,,,E1002\n"


def _replies(slack: SlackStandIn, user: str) -> list[dict]:
    return [c.args for c in slack.calls_to("chat.postMessage") if c.args["channel"] == f"D{user}"]


async def _names(db: ScratchDatabase) -> set[str]:
    async with db.engine.connect() as connection:
        return {row.employee_id for row in await connection.execute(select(employees.c.employee_id))}


async def _hr_drops_the_new_person(slack: SlackStandIn, start_bot, db: ScratchDatabase):
    """HR (E1004) drops a file adding one person; the dry run's reply to them, and the shared file."""
    await set_policy(db, hr_admins="E1004")
    await start_bot(OFFICEBOT_DATABASE_URL=db.url)
    shared = slack.share_file("employees.csv", (HEADER + NEW_PERSON).encode())
    await slack.user_message(YUJIN, "", subtype="file_share", files=[shared])
    [checked] = await slack.wait_for(
        lambda c: c.method == "chat.postMessage" and c.args["channel"] == f"D{YUJIN}"
    )
    return shared, checked


async def test_hr_drops_a_file_checks_it_and_imports_it_once(
    slack: SlackStandIn, start_bot, seeded_database: ScratchDatabase
):
    db = seeded_database
    _, checked = await _hr_drops_the_new_person(slack, start_bot, db)
    assert checked.args["text"].startswith("확인했어요 (아직 아무것도 바뀌지 않았어요): 직원 1명")
    assert "새 직원 1명" in checked.args["text"]
    assert "E2001" not in await _names(db)  # a dry run: nothing written
    message = {"ts": "1.0", "blocks": checked.args["blocks"]}
    await slack.press(YUJIN, f"D{YUJIN}", message, "officebot_data_import")
    await slack.press(YUJIN, f"D{YUJIN}", message, "officebot_data_import")  # a second click
    await slack.wait_for(
        lambda c: c.method == "chat.postMessage" and c.args["channel"] == f"D{YUJIN}", count=3
    )
    texts = [r["text"] for r in _replies(slack, YUJIN)[1:]]
    assert sorted(t.split(":")[0] for t in texts) == ["가져왔어요", "이미 처리한 업로드예요."]
    assert "E2001" in await _names(db)
    async with db.engine.connect() as connection:
        [upload] = (await connection.execute(select(data_uploads))).all()
        audited = (
            await connection.execute(
                select(audit_log.c.tool, audit_log.c.outcome).where(
                    audit_log.c.tool.in_(["data_upload", "data_import"])
                )
            )
        ).all()
    assert (upload.state, upload.uploaded_by, upload.decided_by) == ("imported", "E1004", "E1004")
    assert sorted(map(tuple, audited)) == [
        ("data_import", "not_allowed"),
        ("data_import", "ok"),
        ("data_upload", "ok"),
    ]


async def test_a_file_changed_after_its_dry_run_is_not_imported(
    slack: SlackStandIn, start_bot, seeded_database: ScratchDatabase
):
    db = seeded_database
    shared, checked = await _hr_drops_the_new_person(slack, start_bot, db)
    slack.files[shared["id"]].content = (HEADER + NEW_PERSON.replace("한지민", "한지만")).encode()
    await slack.press(
        YUJIN, f"D{YUJIN}", {"ts": "1.0", "blocks": checked.args["blocks"]}, "officebot_data_import"
    )
    [_, refused] = await slack.wait_for(
        lambda c: c.method == "chat.postMessage" and c.args["channel"] == f"D{YUJIN}", count=2
    )
    assert refused.args["text"].startswith("확인한 뒤로 파일이 바뀌었어요. 아무것도 가져오지 않았어요")
    assert "E2001" not in await _names(db)
    async with db.engine.connect() as connection:
        assert (await connection.execute(select(data_uploads.c.state))).scalar() == "changed"


async def test_problems_wrong_types_oversize_files_and_non_hr_are_refused_in_one_line(
    slack: SlackStandIn, start_bot, seeded_database: ScratchDatabase
):
    db = seeded_database
    await set_policy(db, hr_admins="E1004")
    await start_bot(OFFICEBOT_DATABASE_URL=db.url)
    bad = slack.share_file("employees.csv", (HEADER + "E2001,,nobody,,2025-13-01,true,,,,\n").encode())
    await slack.user_message(YUJIN, "", subtype="file_share", files=[bad])
    [problems] = await slack.wait_for(
        lambda c: c.method == "chat.postMessage" and c.args["channel"] == f"D{YUJIN}"
    )
    assert problems.args["text"].startswith("가져올 수 없어요: 문제 ")
    listed = problems.args["blocks"][1]["text"]["text"]
    assert "employees.csv:2: " in listed and "officebot_data_import" not in str(problems.args["blocks"])

    sheet = slack.share_file("employees.xlsx", b"PK\x03\x04")
    await slack.user_message(YUJIN, "", subtype="file_share", files=[sheet])
    big = slack.share_file("leave.csv", b"x") | {"size": MAX_BYTES + 1}
    await slack.user_message(YUJIN, "", subtype="file_share", files=[big])
    replies = await slack.wait_for(
        lambda c: c.method == "chat.postMessage" and c.args["channel"] == f"D{YUJIN}", count=3
    )
    assert sorted(r.args["text"] for r in replies[1:]) == [
        "employees.xlsx: CSV나 JSON 파일만 받아요 (.csv, .json).",
        "leave.csv: 10MB보다 커서 받을 수 없어요.",
    ]

    good = slack.share_file("employees.csv", (HEADER + NEW_PERSON).encode())
    await slack.user_message(MINSU, "", subtype="file_share", files=[good])
    [told] = await slack.wait_for(
        lambda c: c.method == "chat.postMessage" and c.args["channel"] == f"D{MINSU}"
    )
    assert told.args["text"] == "데이터 파일은 HR만 올릴 수 있어요."
    async with db.engine.connect() as connection:
        assert (await connection.execute(select(data_uploads))).all() == []
        refused = (
            await connection.execute(
                select(audit_log.c.employee_id, audit_log.c.outcome).where(audit_log.c.tool == "data_upload")
            )
        ).all()
    assert [tuple(r) for r in refused] == [("E1001", "not_allowed")]


async def test_an_import_at_the_terminal_is_the_last_import_hr_s_home_tab_names(
    slack: SlackStandIn, start_bot, seeded_database: ScratchDatabase, tmp_path
):
    import argparse
    import io

    from bot.cli.data import run
    from bot.config import Settings

    db = seeded_database
    await set_policy(db, hr_admins="E1004")
    people = tmp_path / "employees.csv"
    people.write_text(HEADER + NEW_PERSON, encoding="utf-8")
    settings = Settings.from_env({"OFFICEBOT_DATABASE_URL": db.url})
    args = argparse.Namespace(command="data", data_command="import", paths=[people], dry_run=True)
    assert await run(settings, args, io.StringIO(), io.StringIO()) == 0  # a dry run is no import
    async with db.engine.connect() as connection:
        assert (await connection.execute(select(data_uploads))).all() == []
    assert (
        await run(
            settings, argparse.Namespace(**{**vars(args), "dry_run": False}), io.StringIO(), io.StringIO()
        )
        == 0
    )
    await start_bot(OFFICEBOT_DATABASE_URL=db.url)
    await slack.open_app_home(YUJIN)
    await slack.wait_for(lambda c: c.method == "views.publish" and c.args["user_id"] == YUJIN)
    [data] = [b for b in slack.home_views[YUJIN]["blocks"] if b.get("block_id") == "hr_data"]
    assert "· `officebot data import` · employees.csv" in data["text"]["text"]
