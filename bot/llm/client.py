"""`make_client`: the real Anthropic API with a key, the offline model without one. Same SDK either way."""

from __future__ import annotations

import functools
import ssl

import anthropic
import httpx2

from bot.language.people import Roster
from bot.llm.offline import OFFLINE_API_KEY, OFFLINE_BASE_URL, OfflineModel, offline_transport


def make_client(
    api_key: str | None,
    base_url: str | None = None,
    *,
    max_retries: int = 2,
    timeout: float = 20.0,  # per call: with two retries, inside the question's 60 s deadline
    roster: Roster | None = None,
) -> anthropic.AsyncAnthropic:
    """`roster`: who is in the HR data, for the offline model (Claude is told only the asker's name)."""
    if api_key:
        # The SDK's aiohttp transport: httpx2's own pool checks every open connection on each request,
        # which costs O(open requests) per call; with hundreds of conversations in flight that was the
        # bot's largest CPU cost (see README, Performance).
        return anthropic.AsyncAnthropic(
            api_key=api_key,
            base_url=base_url or None,
            max_retries=max_retries,
            timeout=timeout,
            http_client=anthropic.DefaultAioHttpClient(timeout=timeout, verify=trust_store()),
        )
    return offline_client(OfflineModel(roster or Roster()))


@functools.cache
def trust_store() -> ssl.SSLContext:
    """The system's CA certificates, read once per process. Without it every client reads the bundle again
    (~25 ms of CPU each), which a process that builds one client never notices but the tests, which build
    hundreds, pay for in seconds. SSL_CERT_FILE / SSL_CERT_DIR are honoured as httpx2 honours them."""
    return httpx2.create_ssl_context()


def offline_client(model: OfflineModel | None = None) -> anthropic.AsyncAnthropic:
    return anthropic.AsyncAnthropic(
        api_key=OFFLINE_API_KEY,
        base_url=OFFLINE_BASE_URL,
        http_client=httpx2.AsyncClient(transport=offline_transport(model)),
        max_retries=0,
    )
