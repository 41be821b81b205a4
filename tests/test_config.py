"""Settings: defaults, a configuration error is one line naming the variable, .env, and the generated table."""

from __future__ import annotations

import pytest

from bot.cli.configuration import BEGIN, DOC, END, REGENERATE, configuration_table, with_table
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


@pytest.mark.parametrize(
    ("env", "line"),
    [
        ({"OFFICEBOT_TRACE": " maybe "}, "OFFICEBOT_TRACE='maybe' is not valid: use 'on' or 'off'"),
        (
            {"OFFICEBOT_SLACK_TIMEOUT": "soon"},
            "OFFICEBOT_SLACK_TIMEOUT='soon' is not valid: use a number from 0.5 to 120",
        ),
        (
            {"OFFICEBOT_MAX_QUESTION_CHARS": "4000.5"},
            "OFFICEBOT_MAX_QUESTION_CHARS='4000.5' is not valid: use a whole number from 100 to 40000",
        ),
        ({"OFFICEBOT_DEADLINE": "nan"}, "OFFICEBOT_DEADLINE='nan' is not valid: use a number from 1 to 600"),
        (
            {"OFFICEBOT_TODAY": "29/11/2026"},
            "OFFICEBOT_TODAY='29/11/2026' is not valid: use a date like 2026-11-29 (or leave it unset)",
        ),
        (
            {"OFFICEBOT_TIMEZONE": "Mars/Olympus"},
            "OFFICEBOT_TIMEZONE='Mars/Olympus' is not a known IANA timezone: use e.g. 'Asia/Seoul'",
        ),
        (  # every wrong variable at once, still on one line
            {"OFFICEBOT_STREAM": "sometimes", "OFFICEBOT_HEALTH_PORT": "70000"},
            "OFFICEBOT_STREAM='sometimes' is not valid: use 'on' or 'off'; "
            "OFFICEBOT_HEALTH_PORT='70000' is not valid: use a whole number from 0 to 65535",
        ),
    ],
)
def test_a_config_error_names_the_value_and_the_fix(env, line):
    with pytest.raises(ConfigError) as info:
        Settings.from_env(env)
    assert str(info.value) == line


def test_values_are_trimmed_and_empty_is_unset():
    settings = Settings.from_env(
        {"OFFICEBOT_TRACE": " ON ", "OFFICEBOT_MODEL": "", "SLACK_API_URL": "http://127.0.0.1:9/api"}
    )
    assert settings.trace is True
    assert settings.model == "claude-sonnet-5-5"
    assert settings.slack_api_url == "http://127.0.0.1:9/api/"
    assert Settings.from_env({"OFFICEBOT_HEALTH_PORT": "0"}).health_port is None  # 0: not served
    assert Settings.from_env({"OFFICEBOT_HEALTH_PORT": "9100"}).health_port == 9100


def test_a_mapping_is_read_alone(newcomer, monkeypatch):
    monkeypatch.setenv("OFFICEBOT_TRACE", "on")
    (newcomer / ".env").write_text("OFFICEBOT_STREAM=off\n")
    settings = Settings.from_env({})
    assert (settings.trace, settings.stream) == (False, True)


def test_dotenv_is_found_from_the_working_directory_up_and_the_environment_wins(newcomer, monkeypatch):
    (newcomer / ".env").write_text(
        "OFFICEBOT_TRACE=on\nOFFICEBOT_DEADLINE=20\nSLACK_APP_TOKEN=xapp-from-dotenv\nNOT_OURS=1\n"
    )
    below = newcomer / "below"
    below.mkdir()
    monkeypatch.chdir(below)
    monkeypatch.setenv("OFFICEBOT_DEADLINE", "30")
    monkeypatch.setenv("SLACK_APP_TOKEN", "")  # set, even empty: the environment wins
    settings = Settings.from_env(dotenv=True)
    assert (settings.trace, settings.deadline, settings.slack_app_token) == (True, 30.0, None)
    assert Settings.from_env().trace is False  # only `officebot` reads .env (dotenv=True)


def test_the_configuration_doc_is_current():
    document = DOC.read_text(encoding="utf-8")
    assert with_table(document) == document, f"docs/configuration.md is out of date: run `{REGENERATE}`"


def test_every_setting_names_its_variable_and_says_what_it_means():
    for name, field in Settings.model_fields.items():
        assert isinstance(field.validation_alias, str), name
        assert field.validation_alias.startswith(("OFFICEBOT_", "SLACK_", "ANTHROPIC_")), name
        assert field.description and field.description.endswith((".", ")")), name


def test_the_table_shows_defaults_as_they_are_written():
    table = configuration_table()
    assert "| `OFFICEBOT_TRACE` | `off` |" in table
    assert "| `OFFICEBOT_DEADLINE` | `60` |" in table
    assert "| `OFFICEBOT_DATABASE_URL` | unset |" in table  # computed at start from the working directory
    assert "| `SLACK_API_URL` | `https://slack.com/api/` |" in table


def test_only_the_text_between_the_markers_is_replaced():
    document = f"intro\n{BEGIN}\nold table\n{END}\noutro\n"
    assert with_table(document) == f"intro\n{BEGIN}\n{configuration_table()}{END}\noutro\n"
    with pytest.raises(ValueError, match="lost its markers"):
        with_table("no markers")
