"""``comboarena serve``: the browser play server."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape

from comboarena.server.settings import THINK_LIMIT

from .common import app, console, fail


@app.command("serve")
def serve_cmd(
    host: Annotated[str, typer.Option(help="address to listen on (0.0.0.0: every interface)")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="SQLAlchemy database URL (default: a SQLite file in your user data folder)"),
    ] = None,
    agent_delay: Annotated[
        str,
        typer.Option(
            help="seconds an agent waits before each decision, drawn anew each time from a range LOW-HIGH "
            "(or one number), so people can follow and answer reaction windows as fast as agents; "
            "never longer than what is left of an open window. 0: agents move at once"
        ),
    ] = "0.6-2",
    fsync: Annotated[bool, typer.Option(help="SQLite: sync every move to disk (survives a power cut, slower)")] = False,
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(
            help="addresses of reverse proxies whose X-Forwarded-For is believed (comma separated, or '*'); "
            "default none: rate limits count the connecting address, which a client cannot choose"
        ),
    ] = "",
    think_limit: Annotated[
        float,
        typer.Option(help="most seconds a search AI may think per decision (its time budget is capped at this)"),
    ] = THINK_LIMIT,
    log_level: Annotated[str, typer.Option(help="uvicorn log level")] = "warning",
) -> None:
    """Serve the lobby and tables for play in the browser, then open the printed address."""
    try:
        from comboarena.server import Settings, StorageError, default_db_url, open_store, parse_delay, run
    except ImportError as exc:
        raise fail(f"the server needs its extra packages: pip install -e '.[server]' ({exc})") from None
    if not 0 < port < 65536:
        raise fail("--port must be from 1 to 65535")
    try:
        delay = parse_delay(agent_delay)
    except ValueError as exc:
        raise fail(f"--agent-delay: {exc}") from None
    if not 0.05 <= think_limit <= 60:
        raise fail("--think-limit must be from 0.05 to 60 seconds")
    settings = Settings(
        db_url=db or default_db_url(),
        agent_delay=delay,
        sqlite_synchronous="FULL" if fsync else "NORMAL",
        forwarded_allow_ips=forwarded_allow_ips.strip(),
        think_limit=think_limit,
    )
    try:
        store = open_store(settings)  # a database problem is one line, before anything is served
    except StorageError as exc:
        raise fail(str(exc), code=1) from None
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    console.print(
        f"[bold]Combo Arena[/] — open [bold cyan]http://{escape(shown)}:{port}/[/] in your browser", soft_wrap=True
    )
    console.print(f"tables are stored in {escape(_safe(settings.db_url or ''))}", soft_wrap=True)
    console.print("Ctrl-C stops the server")
    try:
        run(settings, host=host, port=port, log_level=log_level, store=store)
    except OSError as exc:
        raise fail(f"cannot serve on {host}:{port}: {exc.strerror or exc}") from None


def _safe(url: str) -> str:
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        return f"{scheme}://***@{rest.split('@', 1)[1]}"
    return url
