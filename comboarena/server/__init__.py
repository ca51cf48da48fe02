"""The browser play server (``comboarena serve``): lobby, tables with people
and agents, live play over WebSockets, chat, timers, persistence and replays.

Needs the ``server`` extra (FastAPI, uvicorn, SQLAlchemy, psycopg,
platformdirs). The rules core never imports this package.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import StorageError
from .settings import Settings, default_db_url, parse_delay

if TYPE_CHECKING:
    from fastapi import FastAPI

    from .store import Store

__all__ = ["Settings", "StorageError", "create_app", "default_db_url", "open_store", "parse_delay", "run"]


def create_app(settings: Settings | None = None, store: Store | None = None) -> FastAPI:
    """The FastAPI app (imported lazily so ``import comboarena.server`` stays cheap)."""
    from .app import create_app as _create_app

    return _create_app(settings, store)


def open_store(settings: Settings) -> Store:
    """Open the table store, checking that it can be written and that no other
    server uses it; raises :class:`StorageError` (one line) if not."""
    from .store import Store

    return Store(
        settings.resolved_db_url(),
        settings.sqlite_synchronous,
        settings.chat_welcome,
        settings.db_lock_wait,
        settings.sqlite_busy_timeout,
    )


def uvicorn_config(app: Any, settings: Settings, host: str, port: int, log_level: str = "info") -> Any:
    """How the server is served: WebSocket limits, and HTTP requests that must arrive in time."""
    import uvicorn

    from .http import timed_protocol

    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        http=timed_protocol(settings.request_timeout, settings.max_header_bytes),
        # X-Forwarded-For is believed only from the proxies named (none by default), so a
        # client cannot choose the address its rate limits are counted against.
        proxy_headers=bool(settings.forwarded_allow_ips),
        forwarded_allow_ips=settings.forwarded_allow_ips or None,
        ws_max_size=settings.max_frame_bytes,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        # Messages are small JSON; compressing each costs more CPU than it saves on any real link.
        ws_per_message_deflate=False,
        access_log=False,
        timeout_keep_alive=5,
        timeout_graceful_shutdown=3,
    )


def run(
    settings: Settings, host: str = "127.0.0.1", port: int = 8000, log_level: str = "info", store: Store | None = None
) -> None:
    """Serve until interrupted (Ctrl-C). The store is opened first (unless given):
    a database that cannot be used raises :class:`StorageError` before anything is served."""
    import uvicorn

    store = store or open_store(settings)
    try:
        uvicorn.Server(uvicorn_config(create_app(settings, store), settings, host, port, log_level)).run()
    finally:
        store.close()
