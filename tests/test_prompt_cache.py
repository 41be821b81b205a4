"""Issue 30, the request's shape for prompt caching: the tools and the rules are one prefix every question
shares, the date comes after it, and a turn's second call reads the first's whole prefix; and the
offline model reports usage as the API's cache would (`bot/llm/prompt_cache.py`)."""

from __future__ import annotations

from typing import Any

from bot.agent.loop import Assistant
from bot.db.hr import SqlHrStore
from bot.grounding.check import Grounding
from bot.hr.directory import caller_for_employee_id
from bot.llm.client import make_client
from bot.llm.prompt_cache import MINIMUM, TTL, PromptCache
from tests.support.assistant import make_toolbox, tracked
from tests.support.clock import FIXED_CALENDAR
from tests.support.offline_chat import ask


async def test_every_question_reads_the_shared_prefix_and_a_turn_reads_its_own(hr: SqlHrStore):
    toolbox = make_toolbox(hr)
    client = tracked(make_client(None))  # the offline model: its usage is the cache's
    bot = Assistant(client, toolbox, model="offline", calendar=FIXED_CALENDAR, check=Grounding(toolbox))
    minsu = await caller_for_employee_id(hr, "E1001")
    seoyeon = await caller_for_employee_id(hr, "E1002")
    first = await ask(bot, minsu, "올해 연차 며칠 남았어?")
    [looked_up, answered] = first.trace.model_calls
    assert looked_up.cache_read_tokens == 0 and looked_up.cache_written_tokens > MINIMUM  # the first ever
    # The same turn's second call: everything up to the question comes from the cache.
    assert answered.cache_read_tokens >= looked_up.cache_written_tokens
    second = await ask(bot, seoyeon, "how many days do I have left this year?")
    shared = second.trace.model_calls[0]
    # Another person, another question: the tools and the rules are read, only the rest is new.
    assert shared.cache_read_tokens > MINIMUM and shared.input_tokens < shared.cache_read_tokens / 5
    assert shared.billed_input < 0.3 * (shared.input_tokens + shared.cache_read_tokens)


def _body(system: str, question: str, *, marked: bool = True) -> dict[str, Any]:
    rules: dict[str, Any] = {"type": "text", "text": system}
    if marked:
        rules["cache_control"] = {"type": "ephemeral"}
    return {"system": [rules], "messages": [{"role": "user", "content": question}]}


def test_the_cache_writes_at_breakpoints_reads_the_longest_prefix_and_forgets_after_its_ttl():
    now = [0.0]
    cache = PromptCache(clock=lambda: now[0])
    long_rules = "rules " * (MINIMUM * 3)  # comfortably above the minimum (about 3 characters a token)
    written = cache.usage(_body(long_rules, "q1"))
    assert written["cache_read_input_tokens"] == 0 and written["cache_creation_input_tokens"] > MINIMUM
    read = cache.usage(_body(long_rules, "q2"))
    assert read["cache_read_input_tokens"] == written["cache_creation_input_tokens"]
    assert read["cache_creation_input_tokens"] == 0 and read["input_tokens"] <= 10
    assert cache.usage(_body(long_rules, "q3", marked=False))["cache_read_input_tokens"] == 0  # no breakpoint
    short = cache.usage(_body("short rules", "q"))
    assert short["cache_creation_input_tokens"] == 0  # below the minimum: never cached
    now[0] += TTL + 1
    assert cache.usage(_body(long_rules, "q4"))["cache_read_input_tokens"] == 0  # expired
