"""The first moment in the DM. When a person opens the bot's messages tab (`app_home_opened` with
`tab == "messages"`: the agent view) or starts an assistant thread (`assistant_thread_started`: the legacy
assistant view), they get suggested prompts in their language, and a greeting once: in a DM that is still
empty, or at the start of each new assistant thread.

Someone who may not ask (a guest, a stranger, another organisation's account) gets the refusal instead of
the greeting, and no prompts. Nothing here is a question, so nothing goes through the inbox: the listener
hands the work to the answer loop and Bolt acks at once."""

from __future__ import annotations

import logging
from typing import Any

from slack_bolt.async_app import AsyncApp

from bot import text
from bot.hr.directory import NotAnEmployee
from bot.slack.answering.intake import Intake
from bot.slack.deps import Deps
from bot.slack.identity import prefers_korean

log = logging.getLogger(__name__)


def suggested_prompts(korean: bool) -> list[dict[str, str]]:
    return [{"title": p.pick(korean), "message": p.pick(korean)} for p in text.SUGGESTED_PROMPTS]


async def welcome(deps: Deps, user_id: str, channel: str, thread_ts: str | None) -> None:
    """`thread_ts` is the new assistant thread (legacy view); None for the agent view's DM, where Slack
    shows the prompts above the composer (a `thread_ts` there makes the call fail silently)."""
    client = deps.client
    try:
        profile = await deps.identity.profile(user_id)
        korean = prefers_korean(profile)
        try:
            await deps.identity.caller(user_id, "dm")
        except NotAnEmployee as refusal:
            if thread_ts is not None or await _is_empty(deps, channel):
                await client.chat_postMessage(channel=channel, thread_ts=thread_ts, text=str(refusal))
            return
        if thread_ts is not None or await _is_empty(deps, channel):
            posted = await client.chat_postMessage(
                channel=channel, thread_ts=thread_ts, text=text.GREETING.pick(korean)
            )
            # The thread begins here (the legacy view's new thread, or one under the greeting): its first
            # question needs no read of it, even where Slack does not say whose its first message is.
            try:
                await deps.conversations.started(channel, thread_ts or str(posted["ts"]))
            except Exception as exc:  # its first question reads the thread from Slack instead
                log.warning("could not note a thread's start (%s)", exc.__class__.__name__)
        await client.assistant_threads_setSuggestedPrompts(
            channel_id=channel,
            thread_ts=thread_ts,
            title=text.PROMPTS_TITLE.pick(korean),
            prompts=suggested_prompts(korean),
        )
    except Exception:
        # A missing greeting is not worth an apology: the person can still just ask.
        log.warning("could not welcome someone to the DM", exc_info=True)


async def _is_empty(deps: Deps, channel: str) -> bool:
    """Greet once: only a DM with nothing in it yet (every open of the tab sends the event)."""
    response = await deps.client.conversations_history(channel=channel, limit=1)
    return not response.get("messages")


def register(app: AsyncApp, intake: Intake) -> None:
    async def messages_tab(event: dict[str, Any]) -> bool:
        return event.get("tab") == "messages"

    @app.event("app_home_opened", matchers=[messages_tab])
    async def on_messages_tab(event: dict[str, Any]) -> None:
        user, channel = event.get("user"), event.get("channel")
        if user and channel:
            intake.later(lambda deps: welcome(deps, user, channel, None))

    @app.event("assistant_thread_started")
    async def on_thread_started(event: dict[str, Any]) -> None:
        thread = event.get("assistant_thread") or {}
        user, channel, ts = thread.get("user_id"), thread.get("channel_id"), thread.get("thread_ts")
        if user and channel and ts:
            intake.later(lambda deps: welcome(deps, user, channel, ts))
