"""HR's data files dropped in a DM with the bot: the same import as `officebot data import`, first as a
dry run whose summary (or its `file:line: column: reason` list) is the reply, then, on the Import button,
for real, once, and only if the files are still what the dry run checked (their checksum), audited.

Who may: the policy's `hr_admins`, read from the sender's Slack identity at the drop and again at the click.
What: `.csv` (employees.csv, grants.csv, leave.csv) and `.json` files of at most `MAX_BYTES` each; anything
else is refused with one line. The files are read from Slack (`url_private_download`, `files:read`) into a
temporary folder under their own names, which is how the importer tells the CSV files apart."""

from __future__ import annotations

import hashlib
import logging
import tempfile
from pathlib import Path
from typing import Any

from bot.ports.audit import LookupRecord, utc_now, utc_timestamp
from bot.services.hr_data import ImportRefused, ImportSummary, import_files
from bot.slack.blocks import button, context, section
from bot.slack.deps import Deps
from bot.slack.home.roles import viewer_or_refused
from bot.slack.user_text import TEXT_LIMIT, shown

log = logging.getLogger(__name__)

IMPORT_ACTION = "officebot_data_import"
MAX_BYTES = 10 * 1024 * 1024  # 10 MiB a file: a 10,000-person employees.csv is about 1 MiB
DATA_SUFFIXES = (".csv", ".json")
# A file shared in a DM goes to the upload path (not the question path) when it looks like data.
LOOKS_LIKE_DATA = (*DATA_SUFFIXES, ".xlsx", ".xls", ".tsv")
PROBLEM_LINES = 20


class Unreadable(Exception):
    """A file could not be read from Slack; the message is one line, safe to show."""


def is_data_drop(event: dict[str, Any]) -> bool:
    """A DM message sharing files of which one at least is named like data (decided before the ack)."""
    files = event.get("files") or []
    return event.get("channel_type") == "im" and any(
        str(f.get("name") or "").lower().endswith(LOOKS_LIKE_DATA) for f in files
    )


def _refusal(file: dict[str, Any], korean: bool) -> str | None:
    name = str(file.get("name") or file.get("id") or "?")
    if not name.lower().endswith(DATA_SUFFIXES):
        return (
            f"{name}: CSV나 JSON 파일만 받아요 (.csv, .json)."
            if korean
            else f"{name}: only CSV or JSON files (.csv, .json)."
        )
    if int(file.get("size") or 0) > MAX_BYTES:
        limit = MAX_BYTES // (1024 * 1024)
        return (
            f"{name}: {limit}MB보다 커서 받을 수 없어요."
            if korean
            else f"{name}: larger than {limit} MB, refused."
        )
    return None


async def _download(deps: Deps, file: dict[str, Any]) -> bytes:
    """The file's bytes as Slack holds them now (Slack's answer to the bot token; at most MAX_BYTES)."""
    url = str(file.get("url_private_download") or file.get("url_private") or "")
    if not url.startswith(("https://", "http://")):
        raise Unreadable(f"{file.get('name')}: Slack gave no address to read it from")
    session = deps.client.session
    if session is None:
        raise Unreadable("no HTTP session")
    async with session.get(url, headers={"Authorization": f"Bearer {deps.client.token}"}) as response:
        if response.status != 200:
            raise Unreadable(f"{file.get('name')}: Slack answered {response.status}")
        body = await response.content.read(MAX_BYTES + 1)
    if len(body) > MAX_BYTES:
        raise Unreadable(f"{file.get('name')}: larger than {MAX_BYTES // (1024 * 1024)} MB")
    return body


async def _files_info(deps: Deps, file_id: str) -> dict[str, Any]:
    info = await deps.client.files_info(file=file_id)
    return dict(info["file"])


async def _checked(deps: Deps, files: list[dict[str, Any]]) -> tuple[str, ImportSummary]:
    """Reads the files into a scratch folder and dry-runs the import on them; returns their checksum and
    the summary (ImportRefused: the problems)."""
    with tempfile.TemporaryDirectory(prefix="officebot-upload-") as folder:
        paths, digest = [], hashlib.sha256()
        for file in sorted(files, key=lambda f: str(f.get("name"))):
            name = Path(str(file.get("name"))).name  # never a path from the client
            content = await _download(deps, file)
            digest.update(name.encode() + b"\0" + hashlib.sha256(content).digest())
            path = Path(folder) / name
            path.write_bytes(content)
            paths.append(path)
        return digest.hexdigest(), await import_files(deps.services.engine, paths, dry_run=True)


def _summary_line(summary: ImportSummary, korean: bool) -> str:
    if korean:
        return (
            f"직원 {summary.employees}명, 연차 부여 {summary.grants}건, 휴가 기록 {summary.records}건: "
            f"새 직원 {summary.added}명, 바뀌는 직원 {summary.replaced}명."
        )
    return (
        f"{summary.employees} employee(s), {summary.grants} grant(s), {summary.records} leave record(s): "
        f"{summary.added} new, {summary.replaced} replaced."
    )


async def _audit(
    deps: Deps, user_id: str, employee_id: str, tool: str, outcome: str, detail: dict[str, Any]
) -> None:
    await deps.services.audit.record(
        LookupRecord(utc_timestamp(utc_now()), user_id, employee_id, tool, detail, outcome, "dm", "code")  # type: ignore[arg-type]
    )


async def data_dropped(deps: Deps, event: dict[str, Any]) -> None:
    """A data file in HR's DM: refused in one line, or dry-run and answered with the summary and Import."""
    user, channel = str(event.get("user") or ""), str(event.get("channel") or "")
    files = [f for f in event.get("files") or [] if isinstance(f, dict)]
    if (who := await viewer_or_refused(deps, user, channel)) is None:
        return
    korean = who.korean
    if not who.roles.hr:
        await _audit(deps, user, who.caller.employee_id, "data_upload", "not_allowed", {"files": len(files)})
        line = "데이터 파일은 HR만 올릴 수 있어요." if korean else "Only HR can upload data files."
        await deps.client.chat_postMessage(channel=channel, text=line)
        return
    refusals = [r for f in files if (r := _refusal(f, korean)) is not None]
    if refusals:
        await deps.client.chat_postMessage(channel=channel, text="\n".join(refusals))
        return
    try:
        checksum, summary = await _checked(deps, files)
    except ImportRefused as refused:
        problems = refused.problems
        listed = [shown(p, TEXT_LIMIT) for p in problems[:PROBLEM_LINES]]
        if len(problems) > PROBLEM_LINES:
            listed.append(
                f"… 외 {len(problems) - PROBLEM_LINES}건"
                if korean
                else f"… {len(problems) - PROBLEM_LINES} more"
            )
        head = (
            f"가져올 수 없어요: 문제 {len(problems)}건. 고쳐서 다시 올려 주세요."
            if korean
            else f"Not imported: {len(problems)} problem(s). Fix them and upload again."
        )
        await deps.client.chat_postMessage(
            channel=channel, text=head, blocks=[section(head), section("```" + "\n".join(listed) + "```")]
        )
        return
    except Unreadable as unreadable:
        await deps.client.chat_postMessage(channel=channel, text=shown(str(unreadable), TEXT_LIMIT))
        return
    kept = [{"id": str(f.get("id")), "name": Path(str(f.get("name"))).name} for f in files]
    upload_id = await deps.services.stores.uploads.record(who.caller.employee_id, channel, kept, checksum)
    await _audit(
        deps, user, who.caller.employee_id, "data_upload", "ok", {"upload": upload_id, "dry_run": True}
    )
    head = "확인했어요 (아직 아무것도 바뀌지 않았어요)" if korean else "Checked (nothing changed yet)"
    text = f"{head}: {_summary_line(summary, korean)}"
    await deps.client.chat_postMessage(
        channel=channel,
        text=text,
        blocks=[
            section(text, block_id="upload_summary"),
            {
                "type": "actions",
                "block_id": "upload_import",
                "elements": [
                    button(IMPORT_ACTION, "가져오기" if korean else "Import", str(upload_id), "primary")
                ],
            },
            context(
                "`officebot data import`와 같은 가져오기예요."
                if korean
                else "The same import as `officebot data import`."
            ),
        ],
    )


async def import_clicked(deps: Deps, user: str, upload_id: int | None, channel: str | None) -> None:
    """The Import button: HR now, the upload still `checked` (claimed here, once), the files unchanged."""
    reply_to = channel or user
    if (who := await viewer_or_refused(deps, user, reply_to)) is None:
        return
    korean = who.korean
    uploads = deps.services.stores.uploads
    upload = None if upload_id is None else await uploads.get(upload_id)
    if not who.roles.hr or upload is None:
        await _audit(deps, user, who.caller.employee_id, "data_import", "not_allowed", {"upload": upload_id})
        line = "데이터는 HR만 가져올 수 있어요." if korean else "Only HR can import data."
        await deps.client.chat_postMessage(channel=reply_to, text=line)
        return
    if not await uploads.claim(upload.id, who.caller.employee_id):
        line = "이미 처리한 업로드예요." if korean else "This upload was already handled."
        await _audit(
            deps,
            user,
            who.caller.employee_id,
            "data_import",
            "not_allowed",
            {"upload": upload.id, "why": "not_checked"},
        )
        await deps.client.chat_postMessage(channel=reply_to, text=line)
        return
    employee_id = who.caller.employee_id
    try:
        files = [await _files_info(deps, str(f["id"])) | {"name": f["name"]} for f in upload.files]
        with tempfile.TemporaryDirectory(prefix="officebot-upload-") as folder:
            paths, digest = [], hashlib.sha256()
            for file in sorted(files, key=lambda f: str(f["name"])):
                content = await _download(deps, file)
                digest.update(str(file["name"]).encode() + b"\0" + hashlib.sha256(content).digest())
                path = Path(folder) / str(file["name"])
                path.write_bytes(content)
                paths.append(path)
            if digest.hexdigest() != upload.checksum:
                await uploads.end(upload.id, "changed", employee_id)
                await _audit(
                    deps,
                    user,
                    employee_id,
                    "data_import",
                    "not_allowed",
                    {"upload": upload.id, "why": "changed"},
                )
                line = (
                    "확인한 뒤로 파일이 바뀌었어요. 아무것도 가져오지 않았어요: 다시 올려 주세요."
                    if korean
                    else "The files changed since they were checked. Nothing imported: upload them again."
                )
                await deps.client.chat_postMessage(channel=reply_to, text=line)
                return
            summary = await import_files(deps.services.engine, paths)
    except (ImportRefused, Unreadable) as failed:
        await uploads.end(upload.id, "failed", employee_id)
        await _audit(deps, user, employee_id, "data_import", "internal", {"upload": upload.id})
        problems = failed.problems if isinstance(failed, ImportRefused) else [str(failed)]
        listed = "\n".join(shown(p, TEXT_LIMIT) for p in problems[:PROBLEM_LINES])
        line = "가져오지 못했어요. 아무것도 바뀌지 않았어요:" if korean else "Not imported, nothing changed:"
        await deps.client.chat_postMessage(channel=reply_to, text=f"{line}\n{listed}")
        return
    await uploads.end(upload.id, "imported", employee_id)
    await _audit(
        deps, user, employee_id, "data_import", "ok", {"upload": upload.id, "employees": summary.employees}
    )
    done = "가져왔어요" if korean else "Imported"
    await deps.client.chat_postMessage(channel=reply_to, text=f"{done}: {_summary_line(summary, korean)}")
