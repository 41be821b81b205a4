"""Settings: defaults, and a configuration error is one line naming the variable."""

from __future__ import annotations

import pytest

from bot.config import Settings
from bot.errors import ConfigError


def test_defaults():
    settings = Settings.from_env({})
    assert settings.offline
    assert settings.timezone == "Asia/Seoul"
    assert settings.trace is False
    assert settings.slack_api_url == "https://slack.com/api/"
    assert settings.data_path is None  # the bundled demo data


@pytest.mark.parametrize(
    ("env", "variable"),
    [
        ({"OFFICEBOT_TIMEZONE": "Mars/Olympus"}, "OFFICEBOT_TIMEZONE"),
        ({"OFFICEBOT_TRACE": "maybe"}, "OFFICEBOT_TRACE"),
        ({"OFFICEBOT_GROUNDING": "sometimes"}, "OFFICEBOT_GROUNDING"),
        ({"SLACK_API_URL": "slack.local"}, "SLACK_API_URL"),
        ({"ANTHROPIC_BASE_URL": "localhost:8080"}, "ANTHROPIC_BASE_URL"),
        ({"OFFICEBOT_TODAY": "29/11/2026"}, "OFFICEBOT_TODAY"),
        ({"OFFICEBOT_SLACK_TIMEOUT": "soon"}, "OFFICEBOT_SLACK_TIMEOUT"),
        ({"OFFICEBOT_MAX_QUESTION_CHARS": "10"}, "OFFICEBOT_MAX_QUESTION_CHARS"),
        ({"OFFICEBOT_SHUTDOWN_GRACE": "-1"}, "OFFICEBOT_SHUTDOWN_GRACE"),
    ],
)
def test_config_error_is_one_line_naming_the_variable(env, variable):
    with pytest.raises(ConfigError) as info:
        Settings.from_env(env)
    assert str(info.value).startswith(variable)
    assert "\n" not in str(info.value)


def test_the_limits_have_their_defaults():
    settings = Settings.from_env({})
    assert (settings.slack_timeout, settings.max_question_chars, settings.shutdown_grace) == (
        10.0,
        4000,
        20.0,
    )
    assert settings.questions_per_minute == 10


def test_still_working_is_a_quarter_of_the_deadline_at_most_fifteen_seconds():
    assert Settings.from_env({}).still_working_after == 15.0
    assert Settings.from_env({"OFFICEBOT_DEADLINE": "20"}).still_working_after == 5.0
