"""The browser play server (``comboarena serve``): lobby, tables with people
and agents, live play over WebSockets, timers, persistence and replays.

Needs the ``server`` extra (FastAPI, uvicorn, SQLAlchemy, platformdirs). The
rules core never imports this package.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .settings import Settings, default_db_url

if TYPE_CHECKING:
    from fastapi import FastAPI

__all__ = ["Settings", "create_app", "default_db_url", "run"]


def create_app(settings: Settings | None = None) -> FastAPI:
    """The FastAPI app (imported lazily so ``import comboarena.server`` stays cheap)."""
    from .app import create_app as _create_app

    return _create_app(settings)


def run(settings: Settings, host: str = "127.0.0.1", port: int = 8000, log_level: str = "info") -> None:
    """Serve until interrupted (Ctrl-C)."""
    import uvicorn

    from .app import create_app as _create_app

    config = uvicorn.Config(
        _create_app(settings),
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=settings.max_frame_bytes,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        # Messages are small JSON; compressing each costs more CPU than it saves on any real link.
        ws_per_message_deflate=False,
        access_log=False,
        timeout_graceful_shutdown=3,
    )
    uvicorn.Server(config).run()
