"""`officebot run` itself: one-line configuration errors, start-up failures and signals through
`main(["run"])` in this process (tests/support/in_process.py), and one real process serving Socket Mode
until SIGTERM."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import tempfile
from pathlib import Path

import pytest

from bot.cli import main
from bot.hr.bundled import bundled_data_path
from tests.support.in_process import SlackOnAThread, send_to_this_process
from tests.support.process import dead_pid, start_officebot
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


def test_dotenv_is_read_and_the_real_environment_wins(newcomer, monkeypatch, capsys):
    (newcomer / ".env").write_text("SLACK_BOT_TOKEN=xoxp-from-dotenv\nSLACK_APP_TOKEN=xapp-from-dotenv\n")
    environment = dict(os.environ)
    assert main(["run"]) == 2
    assert "SLACK_BOT_TOKEN must start with 'xoxb-'" in capsys.readouterr().err
    assert dict(os.environ) == environment  # read, not written into the environment
    monkeypatch.setenv("SLACK_BOT_TOKEN", "xoxb-real")
    monkeypatch.setenv("SLACK_APP_TOKEN", "bad")
    assert main(["run"]) == 2
    assert capsys.readouterr().err.strip().startswith("officebot: SLACK_APP_TOKEN must start with 'xapp-'")


def _run(monkeypatch: pytest.MonkeyPatch, *argv: str, **values: str) -> int:
    """`officebot run ARGV` in this process with `values` set in its environment."""
    for name, value in values.items():
        monkeypatch.setenv(name, value)
    return main(["run", *argv])


def _no_traceback(caplog: pytest.LogCaptureFixture, stderr: str) -> bool:
    """What a process would have printed as a traceback: a record logged with one, or one on stderr."""
    return "Traceback" not in stderr and all(record.exc_info is None for record in caplog.records)


def test_a_rejected_token_is_one_line(newcomer, monkeypatch, capsys, slack_thread: SlackOnAThread):
    slack = slack_thread.slack
    slack.failing["auth.test"] = "invalid_auth"
    code = _run(
        monkeypatch, SLACK_BOT_TOKEN="xoxb-revoked", SLACK_APP_TOKEN="xapp-1", SLACK_API_URL=slack.api_url
    )
    assert code == 2
    stderr = capsys.readouterr().err
    assert stderr.strip().splitlines()[-1].startswith("officebot: SLACK_BOT_TOKEN was rejected by Slack")


async def test_officebot_run_serves_socket_mode_until_sigterm(slack: SlackStandIn, tmp_path, seeded_sqlite):
    # A migrated, seeded copy: the process's start-up is its imports, not the embedded file's migration and
    # seeding (a quarter of a second of its CPU), which `main(["run"])` in a fresh directory covers
    # (test_sighup_stops_the_bot_gracefully).
    env = {"SLACK_BOT_TOKEN": "xoxb-1", "SLACK_APP_TOKEN": "xapp-1", "SLACK_API_URL": slack.api_url}
    process = await start_officebot("run", cwd=tmp_path, OFFICEBOT_DATABASE_URL=seeded_sqlite.url, **env)
    try:
        await slack.until_connected(timeout=60)  # a process starting on a busy machine can take a while
        await slack.user_message(MINSU, "올해 연차 며칠 남았어?")
        [update] = await slack.wait_for(lambda c: c.method == "chat.update", timeout=60)
        assert "남은 연차" in update.args["text"] or "left" in update.args["text"]
    finally:
        process.send_signal(signal.SIGTERM)
        _, stderr = await asyncio.wait_for(process.communicate(), 60)
    log = stderr.decode()
    assert process.returncode == 0, log
    assert "offline model" in log  # says at start that it is not Claude
    assert "Traceback" not in log


def test_a_busy_port_is_one_line(newcomer, monkeypatch, capsys, caplog, slack_thread: SlackOnAThread):
    with socket.socket() as busy:
        busy.bind(("0.0.0.0", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code = _run(
            monkeypatch, "--port", str(port),
            SLACK_BOT_TOKEN="xoxb-1", SLACK_SIGNING_SECRET="secret", SLACK_API_URL=slack_thread.slack.api_url,
        )  # fmt: skip
    assert code == 2
    stderr = capsys.readouterr().err
    last = stderr.strip().splitlines()[-1]
    assert last.startswith(f"officebot: --port {port} cannot be used")
    assert _no_traceback(caplog, stderr)


async def _answered_then(slack: SlackStandIn, question: str, sig: signal.Signals) -> str:
    """A question answered over Socket Mode, then `sig` to this process; returns the answer. The signal is
    sent whenever the bot had connected (its handlers are in place), so a failed wait cannot hang `main`."""
    try:
        await slack.user_message(MINSU, question)  # waits for the WebSocket to connect
        [update] = await slack.wait_for(lambda c: c.method == "chat.update", timeout=60)
        return str(update.args["text"])
    finally:
        if slack.link_attempts:
            send_to_this_process(sig)


def test_sighup_stops_the_bot_gracefully(newcomer, monkeypatch, capsys, caplog, slack_thread: SlackOnAThread):
    caplog.set_level(logging.INFO)  # as `run` logs
    slack = slack_thread.slack
    answered = slack_thread.later(_answered_then(slack, "안녕?", signal.SIGHUP))
    code = _run(monkeypatch, SLACK_BOT_TOKEN="xoxb-1", SLACK_APP_TOKEN="xapp-1", SLACK_API_URL=slack.api_url)
    answered.result(10)
    assert code == 0
    assert "OfficeBot is shutting down" in caplog.messages
    assert _no_traceback(caplog, capsys.readouterr().err)


def test_officebot_data_warns_that_it_is_not_durable_and_clears_a_dead_process_copy(
    newcomer, monkeypatch, capsys, caplog, slack_thread: SlackOnAThread
):
    temp = newcomer / "tmp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))  # what TMPDIR sets in a process of its own
    gone = dead_pid()
    stale = temp / f"officebot-data-{gone}-k9x2"  # as a process killed with kill -9 left it
    stale.mkdir()
    (stale / "officebot-data.pid").write_text(f"{gone}\n", encoding="ascii")
    slack = slack_thread.slack
    seen: list[object] = []

    async def up_then_stop() -> None:
        try:
            await slack.user_message(MINSU, "안녕?")  # waits for the WebSocket: the bot is up
            await slack.wait_for(lambda c: c.method == "chat.update", timeout=60)
            seen.append(stale.exists())
            seen.extend(temp.glob(f"officebot-data-{os.getpid()}-*"))
        finally:
            if slack.link_attempts:
                send_to_this_process(signal.SIGTERM)

    stopped = slack_thread.later(up_then_stop())
    code = _run(
        monkeypatch, SLACK_BOT_TOKEN="xoxb-1", SLACK_APP_TOKEN="xapp-1", SLACK_API_URL=slack.api_url,
        OFFICEBOT_DATA=str(bundled_data_path()),
    )  # fmt: skip
    stopped.result(10)
    assert code == 0
    [stale_left, own] = seen
    assert stale_left is False
    assert isinstance(own, Path)
    [warning] = [r for r in caplog.records if "not durable" in r.getMessage()]
    assert warning.levelname == "WARNING" and "OFFICEBOT_DATABASE_URL" in warning.getMessage()
    assert _no_traceback(caplog, capsys.readouterr().err)
    assert not own.exists()  # SIGTERM is a normal exit: the copy goes with it
