"""``comboarena serve``: the browser play server."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape

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
        float, typer.Option(help="seconds an agent waits before moving, so people can follow")
    ] = 0.7,
    fsync: Annotated[bool, typer.Option(help="SQLite: sync every move to disk (survives a power cut, slower)")] = False,
    log_level: Annotated[str, typer.Option(help="uvicorn log level")] = "warning",
) -> None:
    """Serve the lobby and tables for play in the browser, then open the printed address."""
    try:
        from comboarena.server import Settings, default_db_url, run
    except ImportError as exc:
        raise fail(f"the server needs its extra packages: pip install -e '.[server]' ({exc})") from None
    if not 0 < port < 65536:
        raise fail("--port must be from 1 to 65535")
    if agent_delay < 0:
        raise fail("--agent-delay must be >= 0")
    settings = Settings(
        db_url=db or default_db_url(),
        agent_delay=agent_delay,
        sqlite_synchronous="FULL" if fsync else "NORMAL",
    )
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    console.print(
        f"[bold]Combo Arena[/] — open [bold cyan]http://{escape(shown)}:{port}/[/] in your browser", soft_wrap=True
    )
    console.print(f"tables are stored in {escape(_safe(settings.db_url or ''))}", soft_wrap=True)
    console.print("Ctrl-C stops the server")
    try:
        run(settings, host=host, port=port, log_level=log_level)
    except OSError as exc:
        raise fail(f"cannot serve on {host}:{port}: {exc.strerror or exc}") from None


def _safe(url: str) -> str:
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        return f"{scheme}://***@{rest.split('@', 1)[1]}"
    return url
