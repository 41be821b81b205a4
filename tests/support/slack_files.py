"""The Slack stand-in's file uploads, as Slack documents them for `files_upload_v2`:
`files.getUploadURLExternal` (filename and length → an upload URL and a file id), a POST of the bytes to
that URL, then `files.completeUploadExternal` (the file ids, each with its title; without a channel the
file stays private to the app, which an image block may still show by its id). A file is usable only once
completed, with the length it was announced with. Mixed into `SlackStandIn`."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from aiohttp import web


@dataclass
class UploadedFile:
    id: str
    filename: str
    length: int
    content: bytes | None = None
    title: str | None = None
    completed: bool = False


class Files:
    """What `SlackStandIn` gains for uploads; it provides `base_url` and `files`."""

    files: dict[str, UploadedFile]  # file id -> the upload

    @property
    def base_url(self) -> str:
        raise NotImplementedError  # SlackStandIn's

    def completed_files(self) -> list[UploadedFile]:
        return [f for f in self.files.values() if f.completed]

    def share_file(self, name: str, content: bytes) -> dict[str, Any]:
        """A file a person uploads in Slack (to share in a message): its `files` entry as an event shows it,
        readable at `url_private_download` with the bot's token."""
        file_id = f"F{len(self.files) + 1:08d}"
        self.files[file_id] = UploadedFile(file_id, name, len(content), content, name, completed=True)
        return self._file_object(self.files[file_id])

    def _file_object(self, found: UploadedFile) -> dict[str, Any]:
        url = f"{self.base_url}/files-pri/{found.id}/{found.filename}"
        size = len(found.content or b"")
        return {
            "id": found.id,
            "name": found.filename,
            "size": size,
            "url_private": url,
            "url_private_download": url,
        }

    def _m_files_info(self, args: dict[str, Any]) -> dict[str, Any]:
        found = self.files.get(str(args.get("file")))
        if found is None or not found.completed:
            return {"ok": False, "error": "file_not_found"}
        return {"ok": True, "file": self._file_object(found)}

    async def _download(self, request: web.Request) -> web.Response:
        if request.headers.get("Authorization") != "Bearer xoxb-test":  # private: the bot token only
            return web.Response(status=302, headers={"Location": "/login"})
        found = self.files.get(request.match_info["file_id"])
        if found is None or found.content is None:
            return web.Response(status=404)
        return web.Response(body=found.content)

    def _m_files_getUploadURLExternal(self, args: dict[str, Any]) -> dict[str, Any]:
        filename, length = str(args.get("filename") or ""), str(args.get("length") or "")
        if not filename or not length.isdigit():
            return {"ok": False, "error": "invalid_arguments"}
        file_id = f"F{len(self.files) + 1:08d}"
        self.files[file_id] = UploadedFile(file_id, filename, int(length))
        return {"ok": True, "upload_url": f"{self.base_url}/upload/{file_id}", "file_id": file_id}

    async def _upload(self, request: web.Request) -> web.Response:
        found = self.files.get(request.match_info["file_id"])
        if found is None:
            return web.Response(status=404)
        found.content = await request.read()
        return web.Response(text=f"OK - {len(found.content)}")

    def _m_files_completeUploadExternal(self, args: dict[str, Any]) -> dict[str, Any]:
        listed = args.get("files")
        if isinstance(listed, str):
            listed = json.loads(listed)
        if not isinstance(listed, list) or not listed:
            return {"ok": False, "error": "invalid_arguments"}
        done = []
        for entry in listed:
            found = self.files.get(str(entry.get("id")))
            if found is None or found.content is None or len(found.content) != found.length:
                return {"ok": False, "error": "file_not_found"}
            found.title, found.completed = entry.get("title"), True
            done.append({"id": found.id, "name": found.filename, "title": found.title})
        return {"ok": True, "files": done}

    def image_error(self, blocks: list[dict[str, Any]]) -> str | None:
        """An image block must show a completed upload by its id (or a URL, which the bot never uses)."""
        for block in blocks:
            if block.get("type") != "image":
                continue
            file_id = (block.get("slack_file") or {}).get("id")
            found = self.files.get(str(file_id))
            if found is None or not found.completed or not block.get("alt_text"):
                return "invalid_blocks"
        return None
