"""Where tables live between restarts: SQLAlchemy Core over SQLite (or any
SQLAlchemy URL, e.g. PostgreSQL with psycopg).

Four tables: ``tables`` (game, options, seed, status, result), ``seats``
(who sits where: open, a person with a hashed token, or an agent),
``actions`` (every action in order) and ``chat`` (each table's messages),
plus ``server`` (one row the server writes to check that storage works). A
game is never stored as a state: it is rebuilt by replaying its actions from
its seed, which is exact because the engine is deterministic.

The store is synchronous; the server calls it from one worker thread
(:class:`comboarena.server.hub.Hub`), so SQLite sees a single writer. One
server at a time may use a database: :class:`Store` takes a lock that a
second server finds held (``flock`` on the SQLite file itself, whatever name
reaches it; an advisory lock on PostgreSQL); the operating system releases it
when the server dies.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import NoSuchModuleError
from sqlalchemy.pool import StaticPool

from .errors import StorageError
from .kinds import SeatKind, TableStatus

metadata = MetaData()

tables_t = Table(
    "tables",
    metadata,
    Column("id", String(24), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("clock", Float, nullable=True),
    Column("fallback", String(200), nullable=False),
    Column("status", String(10), nullable=False, index=True),
    Column("result", JSON, nullable=True),
    Column("created", Float, nullable=False),
    Column("finished", Float, nullable=True),
    Column("rematch_of", String(24), nullable=True),
    Column("rematch", String(24), nullable=True),
)

seats_t = Table(
    "seats",
    metadata,
    Column("table_id", String(24), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(10), nullable=False),
    Column("agent", String(200), nullable=True),
    Column("name", String(60), nullable=False),
    Column("token_hash", String(64), nullable=True),
    Column("claim_hash", String(64), nullable=True),
    Column("strikes", Integer, nullable=False, default=0),
    Column("replaced", Boolean, nullable=False, default=False),
)

actions_t = Table(
    "actions",
    metadata,
    Column("table_id", String(24), ForeignKey("tables.id"), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("notation", Text, nullable=False),
    Column("source", String(10), nullable=False),
    Column("at", Float, nullable=False),
)

chat_t = Table(
    "chat",
    metadata,
    Column("table_id", String(24), ForeignKey("tables.id"), primary_key=True),
    Column("id", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),
    Column("name", String(60), nullable=False),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
)

server_t = Table(
    "server",
    metadata,
    Column("key", String(40), primary_key=True),
    Column("value", Float, nullable=False),
)

#: A write operation, run inside a transaction.
Write = Callable[[Connection], None]

#: The advisory lock key a server holds on a PostgreSQL database ("ComboAre").
PG_LOCK_KEY = 0x436F6D626F417265


@dataclass
class SeatRow:
    """One seat as stored."""

    seat: int
    kind: SeatKind
    name: str
    agent: str | None = None
    token_hash: str | None = None
    claim_hash: str | None = None
    strikes: int = 0
    replaced: bool = False

    def values(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": str(self.kind),
            "agent": self.agent,
            "name": self.name,
            "token_hash": self.token_hash,
            "claim_hash": self.claim_hash,
            "strikes": self.strikes,
            "replaced": self.replaced,
        }


@dataclass
class ActionRow:
    """One action to store; ``result`` finishes the table, ``seat_row`` updates a seat with it."""

    table_id: str
    ply: int
    seat: int
    notation: str
    source: str
    result: dict[str, Any] | None = None
    seat_row: SeatRow | None = None


@dataclass
class ChatRow:
    """One chat message as stored (``seat`` is ``None`` for a spectator)."""

    id: int
    seat: int | None
    name: str
    text: str
    at: float


@dataclass
class TableRow:
    """One table as stored, with its seats and (when loaded) its actions and latest chat."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    fallback: str
    clock: float | None = None
    status: TableStatus = TableStatus.WAITING
    result: dict[str, Any] | None = None
    created: float = field(default_factory=time.time)
    finished: float | None = None
    rematch_of: str | None = None
    rematch: str | None = None
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[tuple[int, str]] = field(default_factory=list)
    #: The latest chat messages, oldest first (as many as the loader asked for).
    chat: list[ChatRow] = field(default_factory=list)
    #: The highest chat id so far (ids count up from 1 per table).
    chat_last: int = 0


class Store:
    """The table store. Methods are synchronous and each is one transaction.

    Opening it checks that the database can be read and written and takes
    the one-server lock; any problem raises :class:`StorageError` with one
    line saying what is wrong.
    """

    def __init__(
        self,
        url: str,
        sqlite_synchronous: str = "NORMAL",
        chat_loaded: int = 100,
        lock_wait: float = 10.0,
        busy_timeout: float = 2.0,
    ) -> None:
        self.url = url
        self.chat_loaded = chat_loaded
        self._lock: Any = None
        self.engine: Engine = _open(url, sqlite_synchronous, busy_timeout)
        try:
            self._lock = _take_lock(self.engine, lock_wait)
            metadata.create_all(self.engine)
            self.ping()
        except StorageError:
            self.close()
            raise
        except Exception as exc:
            self.close()
            raise StorageError(f"cannot use the database {safe_url(url)}: {_reason(exc)}") from None

    def close(self) -> None:
        # The engine first: closing the lock's descriptor on the database file while
        # SQLite's connections are open would drop their POSIX locks on it.
        self.engine.dispose()
        if self._lock is not None:
            with contextlib.suppress(Exception):
                self._lock.release()
            self._lock = None

    def check_file(self) -> None:
        """SQLite: the database file is still the one this server opened and locked.
        A deleted or replaced file (its folder removed mid-game, say) would take every
        write after it with it, so storage is reported down instead of acknowledging them."""
        if isinstance(self._lock, _FileLock):
            self._lock.check()

    def ping(self) -> None:
        """A real write (one row, one transaction): raises when storage cannot save."""
        self.check_file()
        now = time.time()
        with self.engine.begin() as c:
            done = c.execute(update(server_t).where(server_t.c.key == "alive").values(value=now))
            if done.rowcount == 0:
                c.execute(insert(server_t).values(key="alive", value=now))

    # -- writes ----------------------------------------------------------------
    #
    # Each write is an operation on a connection (``op_*`` builds one), so the
    # server can commit many of them in one transaction (see ``writer.py``).

    def write(self, ops: list[Write]) -> None:
        """Run write operations in one transaction: all of them are stored, or none.

        Consecutive plain action rows (the bulk of the traffic) go in with one
        ``executemany``; order is kept, since other operations (a new table that
        later rows refer to) run only after the rows queued before them.
        """
        self.check_file()
        with self.engine.begin() as c:
            rows: list[dict[str, Any]] = []
            for op in ops:
                plain = getattr(op, "plain_row", None)
                if plain is not None:
                    rows.append(plain)
                    continue
                if rows:
                    c.execute(insert(actions_t), rows)
                    rows = []
                op(c)
            if rows:
                c.execute(insert(actions_t), rows)

    @staticmethod
    def op_create_table(row: TableRow) -> Write:
        """Store a new table and its seats."""

        def op(c: Connection) -> None:
            c.execute(
                insert(tables_t).values(
                    id=row.id,
                    game=row.game,
                    options=_jsonable(row.options),
                    seed=row.seed,
                    clock=row.clock,
                    fallback=row.fallback,
                    status=str(row.status),
                    result=row.result,
                    created=row.created,
                    finished=row.finished,
                    rematch_of=row.rematch_of,
                    rematch=row.rematch,
                )
            )
            c.execute(insert(seats_t), [{"table_id": row.id, **s.values()} for s in row.seats])

        return op

    @staticmethod
    def op_save_seats(table_id: str, seats: list[SeatRow], status: TableStatus | None = None) -> Write:
        """Update seats (and optionally the table's status)."""
        rows = [s.values() for s in seats]

        def op(c: Connection) -> None:
            for values in rows:
                seat = values.pop("seat")
                c.execute(
                    update(seats_t).where(seats_t.c.table_id == table_id, seats_t.c.seat == seat).values(**values)
                )
                values["seat"] = seat
            if status is not None:
                c.execute(update(tables_t).where(tables_t.c.id == table_id).values(status=str(status)))

        return op

    @staticmethod
    def op_set_rematch(table_id: str, rematch: str) -> Write:
        def op(c: Connection) -> None:
            c.execute(update(tables_t).where(tables_t.c.id == table_id).values(rematch=rematch))

        return op

    @staticmethod
    def op_append_action(r: ActionRow) -> Write:
        """Store action number ``r.ply``; with ``r.result`` the table is finished, and
        ``r.seat_row`` (a strike) is saved with it."""
        return _AppendAction(r)

    @staticmethod
    def op_add_chat(table_id: str, m: ChatRow) -> Write:
        """Store one chat message."""

        def op(c: Connection) -> None:
            c.execute(
                insert(chat_t).values(table_id=table_id, id=m.id, seat=m.seat, name=m.name, text=m.text, at=m.at)
            )

        return op

    # Single writes, each its own transaction (tools and tests).

    def create_table(self, row: TableRow) -> None:
        self.write([self.op_create_table(row)])

    def save_seats(self, table_id: str, seats: list[SeatRow], status: TableStatus | None = None) -> None:
        self.write([self.op_save_seats(table_id, seats, status)])

    def append_action(self, row: ActionRow) -> None:
        self.write([self.op_append_action(row)])

    # -- reads -----------------------------------------------------------------

    def load(self, table_id: str, with_actions: bool = True) -> TableRow | None:
        """The table ``table_id`` with its seats (and actions, and latest chat), or ``None``."""
        with self.engine.connect() as c:
            row = c.execute(select(tables_t).where(tables_t.c.id == table_id)).mappings().first()
            if row is None:
                return None
            return self._hydrate(c, [row], with_actions)[0]

    def unfinished(self) -> list[TableRow]:
        """Every table not over, with seats, actions and latest chat: what a restart resumes."""
        with self.engine.connect() as c:
            rows = (
                c.execute(
                    select(tables_t).where(tables_t.c.status != str(TableStatus.OVER)).order_by(tables_t.c.created)
                )
                .mappings()
                .all()
            )
            return self._hydrate(c, list(rows), True)

    def finished(self, limit: int) -> list[TableRow]:
        """The most recently finished tables, newest first (seats only)."""
        with self.engine.connect() as c:
            rows = (
                c.execute(
                    select(tables_t)
                    .where(tables_t.c.status == str(TableStatus.OVER))
                    .order_by(tables_t.c.finished.desc())
                    .limit(limit)
                )
                .mappings()
                .all()
            )
            return self._hydrate(c, list(rows), False)

    def chat(self, table_id: str, limit: int) -> list[ChatRow]:
        """The latest ``limit`` chat messages of a table, oldest first."""
        with self.engine.connect() as c:
            return self._chat(c, table_id, limit)

    def action_count(self, table_id: str) -> int:
        with self.engine.connect() as c:
            n = c.execute(select(func.count()).select_from(actions_t).where(actions_t.c.table_id == table_id))
            return int(n.scalar_one())

    def _chat(self, c: Connection, table_id: str, limit: int) -> list[ChatRow]:
        query = select(chat_t).where(chat_t.c.table_id == table_id).order_by(chat_t.c.id.desc()).limit(limit)
        rows = [ChatRow(r.id, r.seat, r.name, r.text, r.at) for r in c.execute(query)]
        return rows[::-1]

    def _hydrate(self, c: Connection, rows: list[Any], with_actions: bool) -> list[TableRow]:
        out: dict[str, TableRow] = {}
        for r in rows:
            out[r["id"]] = TableRow(
                id=r["id"],
                game=r["game"],
                options=dict(r["options"] or {}),
                seed=int(r["seed"]),
                fallback=r["fallback"],
                clock=r["clock"],
                status=TableStatus(r["status"]),
                result=r["result"],
                created=r["created"],
                finished=r["finished"],
                rematch_of=r["rematch_of"],
                rematch=r["rematch"],
            )
        if not out:
            return []
        ids = list(out)
        for s in c.execute(select(seats_t).where(seats_t.c.table_id.in_(ids)).order_by(seats_t.c.seat)).mappings():
            out[s["table_id"]].seats.append(
                SeatRow(
                    seat=s["seat"],
                    kind=SeatKind(s["kind"]),
                    name=s["name"],
                    agent=s["agent"],
                    token_hash=s["token_hash"],
                    claim_hash=s["claim_hash"],
                    strikes=s["strikes"],
                    replaced=bool(s["replaced"]),
                )
            )
        if with_actions:
            query = select(actions_t.c.table_id, actions_t.c.seat, actions_t.c.notation).where(
                actions_t.c.table_id.in_(ids)
            )
            for a in c.execute(query.order_by(actions_t.c.table_id, actions_t.c.ply)):
                out[a.table_id].actions.append((a.seat, a.notation))
            for table_id, table in out.items():
                table.chat = self._chat(c, table_id, self.chat_loaded)
                table.chat_last = table.chat[-1].id if table.chat else 0
        return [out[i] for i in ids]


# -- opening -----------------------------------------------------------------


def _open(url: str, synchronous: str, busy_timeout: float = 2.0) -> Engine:
    """The engine for ``url``, after the checks that give a clear error for the usual mistakes."""
    try:
        parsed = make_url(url)
    except Exception:
        raise StorageError(
            f"{url!r} is not a database URL; use e.g. sqlite:///path/to/tables.sqlite3 "
            "or postgresql://user:password@host/dbname"
        ) from None
    if parsed.get_backend_name() == "sqlite":
        _check_sqlite_path(parsed.database)
    if parsed.drivername == "postgresql":
        # The driver this project installs (psycopg 3), whatever SQLAlchemy's default is.
        url = parsed.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)
    try:
        return _engine(url, synchronous, busy_timeout)
    except StorageError:
        raise
    except NoSuchModuleError:
        raise StorageError(
            f"{parsed.drivername!r} is not a database this server knows; use sqlite:///path/to/tables.sqlite3 "
            "or postgresql://user:password@host/dbname"
        ) from None
    except ModuleNotFoundError as exc:
        raise StorageError(
            f"the database driver for {parsed.drivername} is not installed ({exc.name}); "
            "install the server extra: pip install 'comboarena[server]'"
        ) from None
    except Exception as exc:
        raise StorageError(f"cannot use the database {safe_url(url)}: {_reason(exc)}") from None


def _check_sqlite_path(database: str | None) -> None:
    if not database or database == ":memory:" or database.startswith("file:"):
        return
    path = Path(database)
    if path.is_dir():
        raise StorageError(f"{path} is a folder, not a database file; give a file name, e.g. {path / 'tables.sqlite3'}")
    if not path.parent.is_dir():
        raise StorageError(f"the folder {path.parent} does not exist; create it first, or choose another --db")
    if path.exists() and not os.access(path, os.R_OK | os.W_OK):
        raise StorageError(f"{path} is read-only for this server; make it writable, or choose another --db")


def _reason(exc: BaseException) -> str:
    """The first line of the database's own complaint, without SQLAlchemy's boilerplate."""
    orig = getattr(exc, "orig", None) or exc
    text = str(orig).strip().splitlines()[0] if str(orig).strip() else type(orig).__name__
    low = text.lower()
    if "file is not a database" in low or "malformed" in low:
        return f"{text} (the file is damaged or is not a Combo Arena database; move it away or choose another --db)"
    if "readonly" in low or "read-only" in low:
        return f"{text} (the database is read-only; make it writable, or choose another --db)"
    if "unable to open" in low:
        return f"{text} (check that the folder exists and is writable)"
    return text


def _take_lock(engine: Engine, wait: float) -> Any:
    """The lock that keeps a second server off this database, or ``None`` where there is none."""
    url = engine.url
    if url.get_backend_name() == "sqlite":
        database = url.database
        if not database or database == ":memory:" or database.startswith("file:"):
            return None
        return _FileLock(Path(database))
    if url.get_backend_name() == "postgresql":
        return _PgLock(engine, wait)
    return None


class _FileLock:
    """An exclusive ``flock`` on the database file itself, so every name for it (a
    symlink, a hard link) finds the same lock; the kernel drops it when the process
    dies. SQLite's own locks are POSIX record locks, which ``flock`` does not touch.

    The descriptor stays open while the server runs (closing one would drop SQLite's
    POSIX locks on the file) and its identity, device and inode, is what
    :meth:`check` compares the path with.
    """

    def __init__(self, database: Path) -> None:
        import fcntl

        self.path = database.resolve()
        try:
            self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise StorageError(
                f"cannot open the database file {database}: {exc.strerror or exc}; the folder must be writable"
            ) from None
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(self.fd)
            raise StorageError(
                f"another Combo Arena server is already using {database}; stop it first, or give this one "
                "another --db"
            ) from None
        st = os.fstat(self.fd)
        self.identity = (st.st_dev, st.st_ino)

    def check(self) -> None:
        try:
            st = os.stat(self.path)
        except OSError:
            st = None
        if st is None or (st.st_dev, st.st_ino) != self.identity:
            raise StorageError(
                f"the database file {self.path} was deleted or replaced while the server ran; nothing more is "
                "saved: restart the server"
            )

    def release(self) -> None:
        os.close(self.fd)


class _PgLock:
    """A session advisory lock held on a connection of its own for the server's lifetime.

    A killed server's connection closes with it, and PostgreSQL then drops the
    lock; a restart right after a kill waits a few seconds for that.
    """

    def __init__(self, engine: Engine, wait: float = 10.0) -> None:
        self.conn = engine.connect()
        end = time.monotonic() + wait
        while True:
            got = self.conn.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": PG_LOCK_KEY}).scalar()
            self.conn.commit()
            if got:
                return
            if time.monotonic() > end:
                self.conn.close()
                raise StorageError(
                    f"another Combo Arena server is already using the database {safe_url(str(engine.url))}; "
                    "stop it first, or give this one another --db"
                )
            time.sleep(0.25)

    def release(self) -> None:
        self.conn.close()


def _engine(url: str, synchronous: str, busy_timeout: float = 2.0) -> Engine:
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
    memory = url in ("sqlite://", "sqlite:///:memory:")
    # An in-memory database exists once per connection: share one (tests, throwaway servers).
    extra: dict[str, Any] = {"poolclass": StaticPool} if memory else {}
    # timeout: how long a statement waits on another process's lock before it fails (then the
    # server pauses its tables and answers 503 at once, instead of hanging every move).
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": busy_timeout}, **extra)
    mode = synchronous.upper()
    if mode not in ("OFF", "NORMAL", "FULL", "EXTRA"):
        raise StorageError(f"sqlite synchronous mode must be NORMAL or FULL, not {synchronous!r}")

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        # WAL: readers never block the writer, and a commit is one append to the log.
        cur = dbapi_connection.cursor()
        if not memory:
            with contextlib.suppress(Exception):  # a read-only database refuses; the write check says so
                cur.execute("PRAGMA journal_mode=WAL")
        cur.execute(f"PRAGMA synchronous={mode}")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    return engine


def safe_url(url: str) -> str:
    """The database URL without its password, for messages and logs.

    >>> safe_url("postgresql://ada:secret@db/arena"), safe_url("sqlite:///t.db")
    ('postgresql://***@db/arena', 'sqlite:///t.db')
    """
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        return f"{scheme}://***@{rest.rsplit('@', 1)[1]}"
    return url


def _jsonable(options: dict[str, Any]) -> dict[str, Any]:
    """Options as JSON values (tuples become lists; the game's validation reads them back)."""
    return json.loads(json.dumps({k: list(v) if isinstance(v, tuple) else v for k, v in options.items()}))


class _AppendAction:
    """The write of one action. A plain one (no result, no seat change) exposes
    ``plain_row`` so :meth:`Store.write` can insert many at once."""

    __slots__ = ("plain_row", "r", "values")

    def __init__(self, r: ActionRow) -> None:
        self.r = r
        self.values = {
            "table_id": r.table_id,
            "ply": r.ply,
            "seat": r.seat,
            "notation": r.notation,
            "source": str(r.source),
            "at": time.time(),
        }
        self.plain_row = self.values if r.result is None and r.seat_row is None else None

    def __call__(self, c: Connection) -> None:
        r = self.r
        c.execute(insert(actions_t), [self.values])
        if r.result is not None:
            finished = self.values["at"]
            c.execute(
                update(tables_t)
                .where(tables_t.c.id == r.table_id)
                .values(status=str(TableStatus.OVER), result=r.result, finished=finished)
            )
        if r.seat_row is not None:
            Store.op_save_seats(r.table_id, [r.seat_row])(c)
