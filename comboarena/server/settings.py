"""The play server's settings: where tables are stored, limits and timings.

Every limit lives here so tests can shrink the timings and the load bench can
raise the rate limits, without touching the code that enforces them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


def default_db_url() -> str:
    """A SQLite file under the user's data directory (created if missing)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("comboarena", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'tables.sqlite3'}"


@dataclass
class Settings:
    """Everything the server can be tuned by.

    Timings are in seconds. ``idle_limit`` is the per-move clock of a table
    created without one, so a person who walks away never hangs a game.
    """

    #: SQLAlchemy URL of the table store; ``None`` picks :func:`default_db_url`.
    db_url: str | None = None
    #: SQLite only: ``NORMAL`` survives a killed server (the write is in the
    #: operating system before we answer); ``FULL`` also survives a power cut.
    sqlite_synchronous: str = "NORMAL"
    #: Pause before an agent moves at a table with people, so they can follow.
    agent_delay: float = 0.7
    #: Allowed range of the per-move ``clock`` table option.
    min_clock: float = 5.0
    max_clock: float = 3600.0
    #: Per-move limit of a person at a table without ``clock``.
    idle_limit: float = 600.0
    #: A person disconnected this long from a game in progress is replaced by an agent.
    disconnect_grace: float = 45.0
    #: Timeouts (clock expiries) after which a person is replaced by an agent.
    zombie_strikes: int = 3
    #: Largest WebSocket message the server reads, in bytes (larger: error).
    max_message_bytes: int = 4096
    #: Largest WebSocket frame the transport accepts at all (larger: connection closed).
    max_frame_bytes: int = 65536
    #: Largest HTTP request body, in bytes.
    max_body_bytes: int = 16384
    #: Per-connection rate limit: ``rate`` messages a second, bursts of ``burst``.
    rate: float = 20.0
    burst: int = 40
    #: Bad messages (malformed, unknown, over a limit) a connection may send before it is closed.
    max_strikes: int = 10
    #: Messages queued for a slow client before its connection is dropped (it resyncs on reconnect).
    max_outbox: int = 512
    #: Actions whose events are kept in memory per table for reconnect catch-up.
    catchup: int = 256
    #: Per-address limit on API requests that change something (POST): a second's worth, bursts.
    http_rate: float = 20.0
    http_burst: int = 60
    #: Most tables in play at once, and most a single address may create per minute.
    max_live_tables: int = 5000
    creates_per_minute: int = 30
    #: Finished tables listed in the lobby.
    lobby_finished: int = 20

    def resolved_db_url(self) -> str:
        return self.db_url or default_db_url()
