"""The one environment scrub for in-process tests: none of a developer's settings reach a test."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

OURS = ("ANTHROPIC_", "OFFICEBOT_", "SLACK_")


@pytest.fixture
def newcomer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh working directory (no .env), no OfficeBot, Slack or Anthropic variables, and the audit
    log kept in that directory."""
    monkeypatch.chdir(tmp_path)
    for name in list(os.environ):
        if name.startswith(OURS):
            monkeypatch.delenv(name)
    monkeypatch.setenv("OFFICEBOT_AUDIT", str(tmp_path / "audit.jsonl"))
    return tmp_path
