"""Settings: every environment variable OfficeBot reads, read once, in one place.

A bad value stops start-up with one line that names the variable and says how to fix it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from bot.core.clock import DEFAULT_TIMEZONE, is_known_timezone
from bot.db.url import Database, DatabaseUrlError, database_from, embedded_database
from bot.errors import ConfigError

DEFAULT_MODEL = "claude-sonnet-5-5"
DEFAULT_SLACK_API_URL = "https://slack.com/api/"


def _flag(env: Mapping[str, str], name: str, default: bool) -> bool:
    raw = env.get(name, "").strip().lower()
    if not raw:
        return default
    if raw in ("on", "true", "1", "yes"):
        return True
    if raw in ("off", "false", "0", "no"):
        return False
    raise ConfigError(f"{name}={raw!r} is not valid: use 'on' or 'off'")


def _number(env: Mapping[str, str], name: str, default: float, *, low: float, high: float) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = float("nan")
    if not low <= value <= high:  # also refuses nan
        raise ConfigError(f"{name}={raw!r} is not valid: use a number from {low:g} to {high:g}")
    return value


def _optional(env: Mapping[str, str], name: str) -> str | None:
    value = env.get(name, "").strip()
    return value or None


def _path(env: Mapping[str, str], name: str) -> Path | None:
    value = _optional(env, name)
    return Path(value) if value else None


@dataclass(frozen=True)
class Settings:
    anthropic_api_key: str | None = None
    anthropic_base_url: str | None = None
    model: str = DEFAULT_MODEL
    # The database: OFFICEBOT_DATABASE_URL, or the embedded SQLite file in the working directory.
    database: Database = field(default_factory=lambda: embedded_database(Path.cwd()))
    data_path: Path | None = None  # OFFICEBOT_DATA: serve exactly this JSON file's content
    timezone: str = DEFAULT_TIMEZONE
    trace: bool = False
    stream: bool = True  # DM answers streamed with their lookups live (OFFICEBOT_STREAM)
    slack_bot_token: str | None = None
    slack_app_token: str | None = None
    slack_signing_secret: str | None = None
    slack_api_url: str = DEFAULT_SLACK_API_URL
    grounding: bool = True
    audit_path: Path | None = None  # OFFICEBOT_AUDIT: also append each audit record to this JSONL file
    pinned_today: date | None = None
    # Limits (OFFICEBOT_SLACK_TIMEOUT, OFFICEBOT_MAX_QUESTION_CHARS, OFFICEBOT_SHUTDOWN_GRACE).
    slack_timeout: float = 10.0  # seconds for one Slack Web API call
    max_question_chars: int = 4000  # a longer question gets "please shorten", and no model call
    shutdown_grace: float = 20.0  # seconds answers in flight get to finish at SIGTERM / SIGHUP
    questions_per_minute: int = 10  # OFFICEBOT_RATE_LIMIT: per person; 0 turns the limit off
    deadline: float = 60.0  # OFFICEBOT_DEADLINE: seconds one question may take, model calls included
    health_port: int | None = None  # OFFICEBOT_HEALTH_PORT: /healthz, /readyz, /metrics in Socket Mode
    max_inflight: int = 200  # OFFICEBOT_MAX_INFLIGHT: answers worked on at once, per process; others wait
    # OFFICEBOT_TAKEOVER_AFTER: seconds a crashed process's questions wait before another takes them over.
    takeover_after: float = 30.0

    @property
    def still_working_after(self) -> float:
        """When the person is told the bot is still on it: a quarter of the deadline, at most 15 s."""
        return min(15.0, self.deadline / 4)

    @property
    def offline(self) -> bool:
        return not self.anthropic_api_key

    @property
    def socket_mode(self) -> bool:
        return bool(self.slack_app_token)

    def check_slack(self) -> None:
        """`officebot run` needs Slack credentials; `demo` and `chat` do not, so this is not in `from_env`."""
        token = self.slack_bot_token
        if not token:
            raise ConfigError(
                "SLACK_BOT_TOKEN is not set: copy the Bot User OAuth Token (xoxb-…) from your app's "
                "OAuth & Permissions page after installing it to the workspace"
            )
        if not token.startswith("xoxb-"):
            raise ConfigError(
                "SLACK_BOT_TOKEN must start with 'xoxb-': use the Bot User OAuth Token from OAuth & Permissions"
            )
        if self.slack_app_token and not self.slack_app_token.startswith("xapp-"):
            raise ConfigError(
                "SLACK_APP_TOKEN must start with 'xapp-': create an App-Level Token with the "
                "connections:write scope under Basic Information → App-Level Tokens"
            )
        if not self.slack_app_token and not self.slack_signing_secret:
            raise ConfigError(
                "SLACK_SIGNING_SECRET is not set: HTTP mode needs the Signing Secret from Basic Information → "
                "App Credentials (or set SLACK_APP_TOKEN to use Socket Mode)"
            )

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        timezone = _optional(env, "OFFICEBOT_TIMEZONE") or DEFAULT_TIMEZONE
        if not is_known_timezone(timezone):
            raise ConfigError(
                f"OFFICEBOT_TIMEZONE={timezone!r} is not a known IANA timezone: use e.g. 'Asia/Seoul'"
            )
        slack_api_url = _optional(env, "SLACK_API_URL") or DEFAULT_SLACK_API_URL
        if not slack_api_url.startswith(("http://", "https://")):
            raise ConfigError(
                f"SLACK_API_URL={slack_api_url!r} must be an http(s) URL such as {DEFAULT_SLACK_API_URL}"
            )
        if not slack_api_url.endswith("/"):
            slack_api_url += "/"
        base_url = _optional(env, "ANTHROPIC_BASE_URL")
        if base_url and not base_url.startswith(("http://", "https://")):
            raise ConfigError(f"ANTHROPIC_BASE_URL={base_url!r} must be an http(s) URL")
        raw_database = _optional(env, "OFFICEBOT_DATABASE_URL")
        try:
            database = database_from(raw_database, Path.cwd())
        except DatabaseUrlError as exc:
            raise ConfigError(str(exc)) from None
        if raw_database and _optional(env, "OFFICEBOT_DATA"):
            raise ConfigError(
                "OFFICEBOT_DATA and OFFICEBOT_DATABASE_URL are both set: OFFICEBOT_DATA serves one JSON file "
                "on its own; to load it into the database run `officebot data import FILE` and unset OFFICEBOT_DATA"
            )
        pinned = _optional(env, "OFFICEBOT_TODAY")
        try:
            pinned_today = date.fromisoformat(pinned) if pinned else None
        except ValueError:
            raise ConfigError(
                f"OFFICEBOT_TODAY={pinned!r} must be a date like 2026-11-29 (or unset)"
            ) from None
        return cls(
            pinned_today=pinned_today,
            anthropic_api_key=_optional(env, "ANTHROPIC_API_KEY"),
            anthropic_base_url=base_url,
            model=_optional(env, "OFFICEBOT_MODEL") or DEFAULT_MODEL,
            data_path=_path(env, "OFFICEBOT_DATA"),
            timezone=timezone,
            trace=_flag(env, "OFFICEBOT_TRACE", False),
            stream=_flag(env, "OFFICEBOT_STREAM", True),
            slack_bot_token=_optional(env, "SLACK_BOT_TOKEN"),
            slack_app_token=_optional(env, "SLACK_APP_TOKEN"),
            slack_signing_secret=_optional(env, "SLACK_SIGNING_SECRET"),
            slack_api_url=slack_api_url,
            grounding=_flag(env, "OFFICEBOT_GROUNDING", True),
            audit_path=_path(env, "OFFICEBOT_AUDIT"),
            slack_timeout=_number(env, "OFFICEBOT_SLACK_TIMEOUT", 10.0, low=0.5, high=120),
            max_question_chars=int(_number(env, "OFFICEBOT_MAX_QUESTION_CHARS", 4000, low=100, high=40_000)),
            shutdown_grace=_number(env, "OFFICEBOT_SHUTDOWN_GRACE", 20.0, low=0, high=600),
            questions_per_minute=int(_number(env, "OFFICEBOT_RATE_LIMIT", 10, low=0, high=10_000)),
            deadline=_number(env, "OFFICEBOT_DEADLINE", 60.0, low=1, high=600),
            health_port=int(_number(env, "OFFICEBOT_HEALTH_PORT", 0, low=0, high=65535)) or None,
            max_inflight=int(_number(env, "OFFICEBOT_MAX_INFLIGHT", 200, low=1, high=10_000)),
            takeover_after=_number(env, "OFFICEBOT_TAKEOVER_AFTER", 30.0, low=1, high=3600),
            database=database,
        )
