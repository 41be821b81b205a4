"""Serving an aiohttp app on 127.0.0.1 only: the stand-ins never listen on another address."""

from __future__ import annotations

from aiohttp import web


async def serve_on_loopback(app: web.Application, port: int = 0) -> tuple[web.AppRunner, int]:
    """Starts `app` on 127.0.0.1:`port` (0 picks a free port); returns the runner and the real port."""
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", port)
    await site.start()
    return runner, site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
