"""`officebot run` itself: one-line configuration errors, and a real process serving Socket Mode until
SIGTERM."""

from __future__ import annotations

import asyncio
import signal
import socket

import pytest

from bot.cli import main
from bot.hr.bundled import bundled_data_path
from tests.support.process import dead_pid, run_officebot, start_officebot
from tests.support.slack import MINSU
from tests.support.slack_api import SlackStandIn


@pytest.mark.parametrize(
    ("values", "variable", "hint"),
    [
        ({"SLACK_BOT_TOKEN": "xoxp-user-token"}, "SLACK_BOT_TOKEN", "xoxb-"),
        ({"SLACK_BOT_TOKEN": "xoxb-1", "SLACK_APP_TOKEN": "xoxb-2"}, "SLACK_APP_TOKEN", "App-Level Tokens"),
        ({"SLACK_BOT_TOKEN": "xoxb-1"}, "SLACK_SIGNING_SECRET", "Basic Information"),
        (
            {"SLACK_BOT_TOKEN": "xoxb-1", "SLACK_APP_TOKEN": "xapp-1", "OFFICEBOT_TRACE": "loud"},
            "OFFICEBOT_TRACE",
            "on",
        ),
    ],
)
def test_a_config_error_is_one_line_naming_the_variable(
    newcomer, monkeypatch, capsys, values, variable, hint
):
    for name, value in values.items():
        monkeypatch.setenv(name, value)
    assert main(["run"]) == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith(f"officebot: {variable}") and hint in line


def test_a_missing_token_is_one_line(newcomer, capsys):
    assert main(["run"]) == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("officebot: SLACK_BOT_TOKEN is not set") and "OAuth & Permissions" in line


def test_dotenv_is_read_and_the_real_environment_wins(tmp_path):
    # In a process of its own: python-dotenv writes what it reads into os.environ.
    (tmp_path / ".env").write_text("SLACK_BOT_TOKEN=xoxp-from-dotenv\nSLACK_APP_TOKEN=xapp-from-dotenv\n")
    from_dotenv = run_officebot("run", cwd=tmp_path)
    assert "SLACK_BOT_TOKEN must start with 'xoxb-'" in from_dotenv.stderr
    real_wins = run_officebot("run", cwd=tmp_path, SLACK_BOT_TOKEN="xoxb-real", SLACK_APP_TOKEN="bad")
    assert real_wins.stderr.strip().startswith("officebot: SLACK_APP_TOKEN must start with 'xapp-'")


async def test_a_rejected_token_is_one_line(slack: SlackStandIn, tmp_path):
    slack.failing["auth.test"] = "invalid_auth"
    process = await start_officebot(
        "run",
        cwd=tmp_path,
        SLACK_BOT_TOKEN="xoxb-revoked",
        SLACK_APP_TOKEN="xapp-1",
        SLACK_API_URL=slack.api_url,
    )
    _, stderr = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 2
    assert (
        stderr.decode()
        .strip()
        .splitlines()[-1]
        .startswith("officebot: SLACK_BOT_TOKEN was rejected by Slack")
    )


async def test_officebot_run_serves_socket_mode_until_sigterm(slack: SlackStandIn, tmp_path):
    process = await start_officebot(
        "run", cwd=tmp_path, SLACK_BOT_TOKEN="xoxb-1", SLACK_APP_TOKEN="xapp-1", SLACK_API_URL=slack.api_url
    )
    try:
        await slack.user_message(MINSU, "올해 연차 며칠 남았어?")  # waits for the WebSocket to connect
        [update] = await slack.wait_for(lambda c: c.method == "chat.update", timeout=60)
        assert "남은 연차" in update.args["text"] or "left" in update.args["text"]
    finally:
        process.send_signal(signal.SIGTERM)
        _, stderr = await asyncio.wait_for(process.communicate(), 60)
    log = stderr.decode()
    assert process.returncode == 0, log
    assert "offline model" in log  # says at start that it is not Claude
    assert "Traceback" not in log


async def test_a_busy_port_is_one_line(slack: SlackStandIn, tmp_path):
    with socket.socket() as busy:
        busy.bind(("0.0.0.0", 0))
        busy.listen()
        port = busy.getsockname()[1]
        process = await start_officebot(
            "run", "--port", str(port), cwd=tmp_path,
            SLACK_BOT_TOKEN="xoxb-1", SLACK_SIGNING_SECRET="secret", SLACK_API_URL=slack.api_url,
        )  # fmt: skip
        _, stderr = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 2
    last = stderr.decode().strip().splitlines()[-1]
    assert last.startswith(f"officebot: --port {port} cannot be used")
    assert "Traceback" not in stderr.decode()


async def test_sighup_stops_the_bot_gracefully(slack: SlackStandIn, tmp_path):
    process = await start_officebot(
        "run", cwd=tmp_path, SLACK_BOT_TOKEN="xoxb-1", SLACK_APP_TOKEN="xapp-1", SLACK_API_URL=slack.api_url
    )
    try:
        await slack.user_message(MINSU, "안녕?")  # waits for the WebSocket: the bot is up
        await slack.wait_for(lambda c: c.method == "chat.update", timeout=60)
    finally:
        process.send_signal(signal.SIGHUP)
        _, stderr = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 0, stderr.decode()
    assert "OfficeBot is shutting down" in stderr.decode() and "Traceback" not in stderr.decode()


async def test_officebot_data_warns_that_it_is_not_durable_and_clears_a_dead_process_copy(
    slack: SlackStandIn, tmp_path
):
    temp = tmp_path / "tmp"
    temp.mkdir()
    gone = dead_pid()
    stale = temp / f"officebot-data-{gone}-k9x2"  # as a process killed with kill -9 left it
    stale.mkdir()
    (stale / "officebot-data.pid").write_text(f"{gone}\n", encoding="ascii")
    process = await start_officebot(
        "run", cwd=tmp_path, SLACK_BOT_TOKEN="xoxb-1", SLACK_APP_TOKEN="xapp-1", SLACK_API_URL=slack.api_url,
        OFFICEBOT_DATA=str(bundled_data_path()), TMPDIR=str(temp),
    )  # fmt: skip
    try:
        await slack.user_message(MINSU, "안녕?")  # waits for the WebSocket: the bot is up
        await slack.wait_for(lambda c: c.method == "chat.update", timeout=60)
        assert not stale.exists()
        [own] = temp.glob(f"officebot-data-{process.pid}-*")
    finally:
        process.send_signal(signal.SIGTERM)
        _, stderr = await asyncio.wait_for(process.communicate(), 60)
    log = stderr.decode()
    assert process.returncode == 0, log
    [warning] = [line for line in log.splitlines() if "not durable" in line]
    assert " WARNING " in warning and "OFFICEBOT_DATABASE_URL" in warning
    assert not own.exists()  # SIGTERM is a normal exit: the copy goes with it
