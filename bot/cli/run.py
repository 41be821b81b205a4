"""`officebot run`: the Slack app (Socket Mode when SLACK_APP_TOKEN is set, else HTTP) until stopped."""

from __future__ import annotations

import argparse

from bot.config import Settings
from bot.slack.transport.runner import run_slack


def command(settings: Settings, args: argparse.Namespace) -> int:
    return run_slack(settings, port=args.port, host=args.host)
