"""What answering a question needs. Built on the answer worker's loop and used only there."""

from __future__ import annotations

from dataclasses import dataclass

import aiohttp
from slack_sdk.web.async_client import AsyncWebClient

from bot.core.loop import Assistant
from bot.slack.identity import SlackIdentity


@dataclass(frozen=True)
class BotUser:
    """The bot's own Slack identity, to recognise its past answers in a conversation's history."""

    user_id: str | None
    bot_id: str | None


@dataclass(frozen=True)
class Deps:
    assistant: Assistant
    client: AsyncWebClient
    identity: SlackIdentity
    trace_always: bool  # OFFICEBOT_TRACE=on: every answer on a private surface gets its trace
    session: aiohttp.ClientSession

    async def close(self) -> None:
        await self.assistant.aclose()  # its HTTP connections live on this (the worker's) loop
        await self.session.close()
