"""What the Messages API's prompt cache reports for a request, emulated for the offline model: so that the
loop's cache breakpoints are exercised offline, and the usage a trace, `/metrics` and the benchmarks show
has the API's shape (`cache_read_input_tokens`, `cache_creation_input_tokens`, `input_tokens`).

As the API does it (docs: prompt caching): a request is one prefix of blocks in the order tools, system,
messages; a block may carry `cache_control`, and a top-level `cache_control` marks the request's last block.
At each marked block the prefix up to it is written to the cache (if it is at least `MINIMUM` tokens) and
kept `TTL` seconds from its last use; a later request reads the longest cached prefix that ends at one of
its marked blocks or up to `LOOKBACK` blocks before one. Tokens are the offline model's estimate (about 3
characters a token).
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from typing import Any

TTL = 300.0  # seconds: the API's default ("5m") cache lifetime, refreshed on each read
MINIMUM = 1024  # tokens: a shorter prefix is not cached (the larger models' minimum)
LOOKBACK = 20  # blocks before a breakpoint at which a cached prefix is also found


def estimate_tokens(payload: Any) -> int:
    """A rough, deterministic count (about 3 characters a token) so traces and benchmarks show a size."""
    return max(1, len(json.dumps(payload, ensure_ascii=False)) // 3)


class PromptCache:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._entries: dict[str, float] = {}  # prefix digest → when it expires

    def usage(self, body: dict[str, Any]) -> dict[str, int]:
        """The input side of `usage` for `body`, updating the cache as the API would."""
        blocks = _blocks(body)
        if not blocks:
            return {"input_tokens": 1, "cache_read_input_tokens": 0, "cache_creation_input_tokens": 0}
        now = self._clock()
        self._entries = {digest: until for digest, until in self._entries.items() if until > now}
        sizes = [estimate_tokens(block) for block, _ in blocks]
        digests, running = [], hashlib.sha256()
        for block, _ in blocks:
            running.update(json.dumps(block, sort_keys=True, ensure_ascii=False).encode())
            digests.append(running.copy().hexdigest())
        marked = [i for i, (_, mark) in enumerate(blocks) if mark]
        if body.get("cache_control"):
            marked.append(len(blocks) - 1)
        read_end = 0  # blocks [0, read_end) come from the cache
        for breakpoint in marked:
            for end in range(breakpoint + 1, max(0, breakpoint + 1 - LOOKBACK), -1):
                if digests[end - 1] in self._entries:
                    read_end = max(read_end, end)
                    break
        written_end = read_end
        for breakpoint in sorted(set(marked)):
            if sum(sizes[: breakpoint + 1]) >= MINIMUM:
                self._entries[digests[breakpoint]] = now + TTL
                written_end = max(written_end, breakpoint + 1)
        if read_end:
            self._entries[digests[read_end - 1]] = now + TTL  # a read refreshes the lifetime
        read = sum(sizes[:read_end])
        created = sum(sizes[read_end:written_end])
        return {
            "input_tokens": max(1, sum(sizes) - read - created),
            "cache_read_input_tokens": read,
            "cache_creation_input_tokens": created,
        }


def _blocks(body: dict[str, Any]) -> list[tuple[Any, bool]]:
    """The request's prefix, block by block, each with whether it carries a cache breakpoint."""
    found: list[tuple[Any, bool]] = [(tool, "cache_control" in tool) for tool in body.get("tools") or []]
    schema = (body.get("output_config") or {}).get("format")
    if schema:  # the answer's schema: modelled as part of the definitions, before the system prompt
        found.append((schema, False))
    system = body.get("system")
    if isinstance(system, str) and system:
        found.append(({"type": "text", "text": system}, False))
    elif isinstance(system, list):
        found += [(block, "cache_control" in block) for block in system]
    for message in body.get("messages") or []:
        content = message.get("content")
        if isinstance(content, str):
            found.append(({"role": message.get("role"), "text": content}, False))
            continue
        for block in content or []:
            found.append(({"role": message.get("role"), **block}, "cache_control" in block))
    return found
