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
    "users_list": "users:read",
    "conversations_history": "im:history",
    "conversations_replies": "im:history",
    "conversations_open": "im:write",  # a person's DM with the bot: where a lost post may be
    # Slack accepts assistant:write or chat:write for the status, and will soon accept chat:write only.
    "assistant_threads_setStatus": "chat:write",
    "assistant_threads_setSuggestedPrompts": "assistant:write",
    "chat_stream": "chat:write",  # chat.startStream / appendStream / stopStream
    "chat_stopStream": "chat:write",
    "users_lookupByEmail": "users:read.email",  # an approver or requester without a slack_user_id
    "files_upload_v2": "files:write",
    "files_info": "files:read",  # HR's data files dropped in a DM (and their url_private_download)  # HR's usage chart (files.getUploadURLExternal, completeUploadExternal)
}
# Methods that need no bot scope: auth.test, apps.connections.open, views.publish (the Home tab), views.open
# (a modal, with the trigger_id of the person's own action); is_connected is the Socket Mode client's own.
NO_SCOPE = {"auth_test", "apps_connections_open", "is_connected", "views_publish", "views_open"}


def _scopes() -> set[str]:
    block = MANIFEST.split("scopes:")[1].split("bot:")[1].split("settings:")[0]
    return set(re.findall(r"^\s+- ([a-z_.:]+)", block, re.M))


def test_every_called_method_has_its_scope_and_no_scope_is_unused():
    called = set(re.findall(r"client\.(\w+)\(", SLACK_CODE))
    unknown = called - set(SCOPE_FOR_METHOD) - NO_SCOPE
    assert not unknown, f"add these methods' scopes to the test and manifest: {unknown}"
    needed = {SCOPE_FOR_METHOD[m] for m in called if m in SCOPE_FOR_METHOD}
    needed |= {"users:read.email", "commands", "app_mentions:read"}  # email mapping, /leave, mentions
    assert _scopes() == needed


def test_events_command_socket_mode_and_messages_tab():
    events = re.findall(
        r"^      - ([a-z_.]+)", MANIFEST.split("bot_events:")[1].split("interactivity:")[0], re.M
    )
    assert sorted(events) == ["app_home_opened", "app_mention", "message.im"]
    for event in events:
        assert f"- {event}" in MANIFEST and f'event("{event.split(".")[0]}"' in SLACK_CODE
    assert "- command: /leave" in MANIFEST and 'command("/leave")' in SLACK_CODE
    assert "socket_mode_enabled: true" in MANIFEST
    assert "messages_tab_enabled: true" in MANIFEST and "messages_tab_read_only_enabled: false" in MANIFEST


def test_agent_view_home_tab_and_interactivity_are_declared_and_used():
    features = MANIFEST.split("features:")[1].split("oauth_config:")[0]
    # The agent view replaces the legacy assistant view; both at once is not a valid app.
    assert re.search(r"^  agent_view:\n    agent_description: \S", features, re.M)
    assert not re.search(r"^  assistant_view:", features, re.M)
    assert "home_tab_enabled: true" in features and "views_publish(" in SLACK_CODE
    # Feedback buttons are block_actions: interactivity must be on, and a listener must take them.
    assert "interactivity:\n    is_enabled: true" in MANIFEST and "app.action(" in SLACK_CODE
