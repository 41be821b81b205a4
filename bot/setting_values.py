"""Each setting's value read and checked (`bot/config.py`'s validators): a bad one raises ValueError with
the whole line the person reads, which `Settings.from_env` passes on as is."""

from __future__ import annotations

from pathlib import Path

from bot.agent.clock import is_known_timezone
from bot.db.url import Database, DatabaseUrlError, database_from

DEFAULT_SLACK_API_URL = "https://slack.com/api/"


def known_timezone(name: str) -> str:
    if not is_known_timezone(name):
        raise ValueError(f"OFFICEBOT_TIMEZONE={name!r} is not a known IANA timezone: use e.g. 'Asia/Seoul'")
    return name


def slack_api_url(url: str) -> str:
    if not url.startswith(("http://", "https://")):
        raise ValueError(f"SLACK_API_URL={url!r} must be an http(s) URL such as {DEFAULT_SLACK_API_URL}")
    return url if url.endswith("/") else url + "/"


def public_url(url: str | None) -> str | None:
    if not url:
        return None
    if not url.startswith(("http://", "https://")):
        raise ValueError(
            f"OFFICEBOT_PUBLIC_URL={url!r} must be an http(s) URL such as https://officebot.example.com"
        )
    return url.rstrip("/")


def anthropic_base_url(url: str | None) -> str | None:
    if url is not None and not url.startswith(("http://", "https://")):
        raise ValueError(f"ANTHROPIC_BASE_URL={url!r} must be an http(s) URL")
    return url


def database(value: object) -> Database:
    if isinstance(value, Database):  # the default
        return value
    try:
        return database_from(str(value), Path.cwd())
    except DatabaseUrlError as exc:
        raise ValueError(str(exc)) from None


def zero_is_off(port: int | None) -> int | None:
    return port or None
