"""manifest.yml declares what the code uses: scopes for every Web API method called, events listened to."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MANIFEST = (ROOT / "manifest.yml").read_text(encoding="utf-8")
SLACK_CODE = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "bot" / "slack").rglob("*.py"))

# Web API method (as called through AsyncWebClient) → the bot scope it needs.
SCOPE_FOR_METHOD = {
    "chat_postMessage": "chat:write",
    "chat_update": "chat:write",
    "chat_postEphemeral": "chat:write",
    "users_info": "users:read",
    "conversations_history": "im:history",
    "conversations_replies": "im:history",
    "assistant_threads_setStatus": "assistant:write",
}


def _scopes() -> set[str]:
    block = MANIFEST.split("scopes:")[1].split("bot:")[1].split("settings:")[0]
    return set(re.findall(r"^\s+- ([a-z_.:]+)", block, re.M))


def test_every_called_method_has_its_scope_and_no_scope_is_unused():
    called = set(re.findall(r"client\.(\w+)\(", SLACK_CODE))
    # auth.test and apps.connections.open need no bot scope; is_connected is the Socket Mode client's own.
    unknown = called - set(SCOPE_FOR_METHOD) - {"auth_test", "apps_connections_open", "is_connected"}
    assert not unknown, f"add these methods' scopes to the test and manifest: {unknown}"
    needed = {SCOPE_FOR_METHOD[m] for m in called if m in SCOPE_FOR_METHOD}
    needed |= {"users:read.email", "commands", "app_mentions:read"}  # email mapping, /leave, mentions
    assert _scopes() == needed


def test_events_command_socket_mode_and_messages_tab():
    for event in ("app_mention", "message.im"):
        assert f"- {event}" in MANIFEST and f'event("{event.split(".")[0]}")' in SLACK_CODE
    assert "- command: /leave" in MANIFEST and 'command("/leave")' in SLACK_CODE
    assert "socket_mode_enabled: true" in MANIFEST
    assert "messages_tab_enabled: true" in MANIFEST and "messages_tab_read_only_enabled: false" in MANIFEST
