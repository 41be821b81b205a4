"""`officebot chat` sends the earlier turns within Slack's bound: the last 10 turns, 16,000 characters."""

from __future__ import annotations

import pytest
from anthropic.types import MessageParam

from bot.agent import window
from bot.agent.conversation import Conversation
from bot.slack.answering import history
from tests.support.offline_chat import offline_assistant


def test_the_limits_are_slacks():
    assert (window.MAX_TURNS, window.HISTORY_BUDGET_CHARS) == (
        history.MAX_TURNS,
        history.HISTORY_BUDGET_CHARS,
    )


@pytest.mark.parametrize(("asked", "kept_questions"), [(1, 1), (4, 4), (12, 4), (80, 4)])
async def test_a_long_session_keeps_the_last_exchanges_whole(hr, minsu, asked, kept_questions):
    bot = offline_assistant(hr)
    conversation = Conversation([])
    for number in range(asked):
        question = "올해 연차 며칠 남았어?" if number % 2 else "작년 연차 며칠 남았어?"
        conversation = (await bot.run_turn(window.recent(conversation).ask(question), minsu)).conversation
    sent = window.recent(conversation)
    questions = [m for m in sent.messages if m["role"] == "user" and isinstance(m["content"], str)]
    assert len(questions) == kept_questions  # + the next question: 2 × 4 + 1 = 9 ≤ 10 turns
    assert sent.messages[0]["role"] == "user" and isinstance(sent.messages[0]["content"], str)
    assert len(sent.evidence()) == kept_questions  # every kept tool_use kept its result


def test_the_character_budget_drops_old_exchanges():
    long = "연차 " * 3000  # 9,000 characters a question
    messages: list[MessageParam] = []
    for _ in range(3):
        messages += [{"role": "user", "content": long}, {"role": "assistant", "content": "네."}]
    sent = window.recent(Conversation(messages))
    assert len(sent.messages) == 2  # one exchange fits in 16,000 characters, two do not
