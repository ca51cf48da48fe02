"""The play server's settings: where tables are stored, limits and timings.

Every limit lives here so tests can shrink the timings and the load bench can
raise the rate limits, without touching the code that enforces them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

#: Default range of an agent's pause before it moves, in seconds (drawn anew for each decision).
AGENT_DELAY = (0.6, 2.0)
#: Default most seconds a search preset may think per decision.
THINK_LIMIT = 3.0


def default_db_url() -> str:
    """A SQLite file under the user's data directory (created if missing)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("comboarena", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'tables.sqlite3'}"


def parse_delay(text: str) -> tuple[float, float]:
    """Read an agent delay: one number of seconds, or a range ``low-high``.

    >>> parse_delay("0.6-2"), parse_delay("0.7"), parse_delay("0")
    ((0.6, 2.0), (0.7, 0.7), (0.0, 0.0))
    >>> parse_delay("2-1")
    Traceback (most recent call last):
    ...
    ValueError: the agent delay range 2-1 goes down; write it low-high, e.g. 0.6-2
    """
    low_text, sep, high_text = text.strip().partition("-")
    try:
        low = float(low_text)
        high = float(high_text) if sep else low
    except ValueError:
        raise ValueError(f"the agent delay {text!r} is not seconds or a range like 0.6-2") from None
    if not (0 <= low <= 600 and 0 <= high <= 600) or low != low or high != high:
        raise ValueError(f"the agent delay {text!r} must be from 0 to 600 seconds")
    if high < low:
        raise ValueError(f"the agent delay range {text} goes down; write it low-high, e.g. 0.6-2")
    return (low, high)


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
    #: An agent's pause before each decision, so people can follow and so a
    #: person in a reaction window is not beaten by an agent that answers at
    #: once: a number of seconds, or a ``(low, high)`` range drawn anew for
    #: every decision. Never longer than what is left of an open reaction
    #: window (``State.timer()``): agents always answer inside it.
    agent_delay: float | tuple[float, float] = AGENT_DELAY
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
    #: Largest HTTP request body, in bytes (larger, chunked or not: 413).
    max_body_bytes: int = 16384
    #: Per-connection rate limit: ``rate`` messages a second, bursts of ``burst``.
    rate: float = 20.0
    burst: int = 40
    #: Per-connection limit on ``hello`` (each one builds a whole picture of the table).
    hello_rate: float = 0.5
    hello_burst: int = 5
    #: New WebSocket connections per client address (reconnect loops): a second's worth, bursts.
    connect_rate: float = 5.0
    connect_burst: int = 60
    #: Presence changes (joins, leaves, connects) reach a table's watchers at most once per this many seconds.
    presence_interval: float = 0.5
    #: Bad messages (malformed, unknown, over a limit) a connection may send before it is closed.
    max_strikes: int = 10
    #: Messages queued for a slow client before its connection is dropped (it resyncs on reconnect).
    max_outbox: int = 512
    #: Actions whose events are kept in memory per table for reconnect catch-up.
    catchup: int = 256
    #: Per-address limit on API requests that change something (POST): a second's worth, bursts.
    http_rate: float = 20.0
    http_burst: int = 60
    #: Per-address limit on API reads (GET): a second's worth, bursts.
    http_read_rate: float = 20.0
    http_read_burst: int = 100
    #: An HTTP request whose head or body has not fully arrived after this long is answered 408 and closed.
    request_timeout: float = 10.0
    #: Most tables in play at once, and most a single address may create per minute.
    max_live_tables: int = 5000
    creates_per_minute: int = 30
    #: Finished tables listed in the lobby.
    lobby_finished: int = 20
    #: Chat: per connection (or address, over HTTP) ``chat_rate`` messages a second
    #: after a burst of ``chat_burst``; per table at most ``table_chat_rate`` a second.
    chat_rate: float = 0.5
    chat_burst: int = 3
    table_chat_rate: float = 5.0
    table_chat_burst: int = 10
    #: Chat messages sent in ``welcome``, and the most ``GET .../chat`` returns.
    chat_welcome: int = 100
    chat_fetch: int = 500
    #: PostgreSQL: how long a starting server waits for the one-server lock (a killed
    #: server's connection may take a moment to be noticed gone) before refusing to start.
    db_lock_wait: float = 10.0
    #: Storage failures: first and longest wait between retries (doubling in between).
    storage_retry: tuple[float, float] = (0.5, 30.0)
    #: Finished games' replays kept ready, in bytes of JSON.
    replay_cache_bytes: int = 64 * 1024 * 1024
    #: Upper bound on an integer game option that declares none (e.g. a turn limit),
    #: so no table can be made to last for ever.
    max_open_int_option: int = 10_000
    #: The most seconds a search preset thinks per decision (its time budget is capped at this).
    think_limit: float = THINK_LIMIT
    #: Threads for agents' decisions: the search lane (seconds each; tables take turns)
    #: and the light lane (random, first, heuristics: milliseconds), so a search never
    #: keeps a cheap agent waiting.
    search_workers: int = 2
    light_workers: int = 2
    #: SQLite: how long a statement waits for a lock held by another process before it
    #: fails (then storage is down: the usual pause and 503), instead of hanging moves.
    sqlite_busy_timeout: float = 2.0
    #: Largest HTTP request head (request line and headers), in bytes (larger: 431, closed).
    max_header_bytes: int = 16384
    #: Addresses of proxies whose X-Forwarded-For / X-Forwarded-Proto are believed (comma
    #: separated, or "*"); empty: none, so a client cannot choose its rate-limit address.
    forwarded_allow_ips: str = ""

    def resolved_db_url(self) -> str:
        return self.db_url or default_db_url()

    def delay_range(self) -> tuple[float, float]:
        """``agent_delay`` as a ``(low, high)`` range."""
        d = self.agent_delay
        if isinstance(d, tuple):
            return (float(d[0]), float(d[1]))
        return (float(d), float(d))
