"""Where tables live between restarts: SQLAlchemy Core over SQLite (or any
SQLAlchemy URL, e.g. PostgreSQL).

Three tables: ``tables`` (game, options, seed, status, result), ``seats``
(who sits where: open, a person with a hashed token, or an agent) and
``actions`` (every action in order). A game is never stored as a state: it is
rebuilt by replaying its actions from its seed, which is exact because the
engine is deterministic.

The store is synchronous; the server calls it from one worker thread
(:class:`comboarena.server.hub.Hub`), so SQLite sees a single writer.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
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
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.pool import StaticPool

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

#: A write operation, run inside a transaction.
Write = Callable[[Connection], None]

#: Seat kinds: ``open`` (anyone may join), ``reserved`` (a rematch seat kept for
#: the person of the previous game), ``person`` (joined; holds a token) and ``agent``.
SEAT_KINDS = ("open", "reserved", "person", "agent")
#: Table status: waiting for people to fill the seats, in play, or finished.
STATUSES = ("waiting", "playing", "over")


@dataclass
class SeatRow:
    """One seat as stored."""

    seat: int
    kind: str
    name: str
    agent: str | None = None
    token_hash: str | None = None
    claim_hash: str | None = None
    strikes: int = 0
    replaced: bool = False

    def values(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
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
class TableRow:
    """One table as stored, with its seats and (when loaded) its actions."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    fallback: str
    clock: float | None = None
    status: str = "waiting"
    result: dict[str, Any] | None = None
    created: float = field(default_factory=time.time)
    finished: float | None = None
    rematch_of: str | None = None
    rematch: str | None = None
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[tuple[int, str]] = field(default_factory=list)


class Store:
    """The table store. Methods are synchronous and each is one transaction."""

    def __init__(self, url: str, sqlite_synchronous: str = "NORMAL") -> None:
        self.url = url
        self.engine: Engine = _engine(url, sqlite_synchronous)
        metadata.create_all(self.engine)

    def close(self) -> None:
        self.engine.dispose()

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
                    status=row.status,
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
    def op_save_seats(table_id: str, seats: list[SeatRow], status: str | None = None) -> Write:
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
                c.execute(update(tables_t).where(tables_t.c.id == table_id).values(status=status))

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

    # Single writes, each its own transaction (tools and tests).

    def create_table(self, row: TableRow) -> None:
        self.write([self.op_create_table(row)])

    def save_seats(self, table_id: str, seats: list[SeatRow], status: str | None = None) -> None:
        self.write([self.op_save_seats(table_id, seats, status)])

    def append_action(self, row: ActionRow) -> None:
        self.write([self.op_append_action(row)])

    # -- reads -----------------------------------------------------------------

    def load(self, table_id: str, with_actions: bool = True) -> TableRow | None:
        """The table ``table_id`` with its seats (and actions), or ``None``."""
        with self.engine.connect() as c:
            row = c.execute(select(tables_t).where(tables_t.c.id == table_id)).mappings().first()
            if row is None:
                return None
            return self._hydrate(c, [row], with_actions)[0]

    def unfinished(self) -> list[TableRow]:
        """Every table not over, with seats and actions: what a restart resumes."""
        with self.engine.connect() as c:
            rows = (
                c.execute(select(tables_t).where(tables_t.c.status != "over").order_by(tables_t.c.created))
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
                    .where(tables_t.c.status == "over")
                    .order_by(tables_t.c.finished.desc())
                    .limit(limit)
                )
                .mappings()
                .all()
            )
            return self._hydrate(c, list(rows), False)

    def action_count(self, table_id: str) -> int:
        with self.engine.connect() as c:
            n = c.execute(select(func.count()).select_from(actions_t).where(actions_t.c.table_id == table_id))
            return int(n.scalar_one())

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
                status=r["status"],
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
                    kind=s["kind"],
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
        return [out[i] for i in ids]


def _engine(url: str, synchronous: str) -> Engine:
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
    memory = url in ("sqlite://", "sqlite:///:memory:")
    # An in-memory database exists once per connection: share one (tests, throwaway servers).
    extra: dict[str, Any] = {"poolclass": StaticPool} if memory else {}
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30}, **extra)
    mode = synchronous.upper()
    if mode not in ("OFF", "NORMAL", "FULL", "EXTRA"):
        raise ValueError(f"sqlite synchronous mode must be NORMAL or FULL, not {synchronous!r}")

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        # WAL: readers never block the writer, and a commit is one append to the log.
        cur = dbapi_connection.cursor()
        if not memory:
            cur.execute("PRAGMA journal_mode=WAL")
        cur.execute(f"PRAGMA synchronous={mode}")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    return engine


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
            "source": r.source,
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
                .values(status="over", result=r.result, finished=finished)
            )
        if r.seat_row is not None:
            Store.op_save_seats(r.table_id, [r.seat_row])(c)
