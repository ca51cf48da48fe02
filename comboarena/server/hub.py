"""The hub: every live table, the store, and what spans tables (creating,
rematches, the lobby, replays, storage health, resuming after a restart).

All database work runs on one worker thread, in order, so SQLite has a single
writer and the event loop never waits on a disk or a network.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import logging
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from comboarena.core import game_class

from .catalog import TableSpec, agent_label
from .chat import iso, message_json
from .errors import TableError
from .health import Health
from .kinds import SeatKind, TableStatus
from .limits import PerAddress
from .live import LiveTable
from .replays import ReplayCache, build_replay, parse_pov, record_of, result_summary
from .settings import Settings
from .store import SeatRow, Store, TableRow, Write, safe_url
from .thinking import Thinkers
from .tokens import new_table_id
from .writer import Writer

log = logging.getLogger("comboarena.server")
T = TypeVar("T")

#: Finished tables kept in memory for the people still looking at them (older ones
#: are reloaded from the store when asked for).
RECENT = 64


def new_table_seed() -> int:
    """A table's seed: 63 bits from the operating system's secure generator.

    Nothing a client sends, sees or chooses (table id, options, timing,
    rematches) goes into it; it is revealed only in the finished game's record.
    """
    return secrets.randbits(63)


class Hub:
    """Owns the tables. Start with :meth:`start`, stop with :meth:`stop`."""

    def __init__(self, settings: Settings, store: Store | None = None) -> None:
        self.settings = settings
        self.live: dict[str, LiveTable] = {}
        self.recent: OrderedDict[str, LiveTable] = OrderedDict()
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="comboarena-db")
        self._creates: dict[str, deque[float]] = {}
        first, longest = settings.storage_retry
        self.health = Health(self._probe, self._storage_changed, first, longest)
        self.writer = Writer(self._commit, self.health)
        self.replays = ReplayCache(settings.replay_cache_bytes)
        #: New WebSocket connections and chat over HTTP, per client address.
        self.connects = PerAddress(settings.connect_rate, settings.connect_burst)
        self.http_chat = PerAddress(settings.chat_rate, settings.chat_burst)
        self._store = store
        self.store: Store
        self._finished_list: tuple[float, list[TableRow]] | None = None
        #: Agents' decisions, off the event loop and fair across tables.
        self.thinkers = Thinkers(settings.search_workers, settings.light_workers)

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a store call on the database thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, functools.partial(fn, *args))

    async def _commit(self, ops: list[Write]) -> None:
        await self.db(self.store.write, ops)

    async def _probe(self) -> None:
        await self.db(self.store.ping)

    def _storage_changed(self, ok: bool) -> None:
        for table in list(self.live.values()):
            if ok:
                table.resume()
            else:
                table.pause()

    # -- life cycle --------------------------------------------------------------

    async def start(self) -> None:
        """Open the store (unless given one) and resume every unfinished table exactly where it was."""
        url = self.settings.resolved_db_url()
        if self._store is not None:
            self.store = self._store
        else:
            settings = self.settings
            self.store = await self.db(
                Store,
                url,
                settings.sqlite_synchronous,
                settings.chat_welcome,
                settings.db_lock_wait,
                settings.sqlite_busy_timeout,
            )
        self.thinkers.start()
        rows = await self.db(self.store.unfinished)
        for row in rows:
            try:
                table = LiveTable.restore(self, row)
            except Exception:
                log.exception("table %s (%s) cannot be resumed; it stays stored but is not served", row.id, row.game)
                continue
            self.live[row.id] = table
        for table in self.live.values():
            table.start()
        # Everything loaded so far (modules, the web framework, resumed tables) lives as long
        # as the server: keep it out of the garbage collector's full passes, which otherwise
        # pause the event loop longer and longer as the heap grows.
        gc.collect()
        gc.freeze()
        if rows:
            log.info("resumed %d unfinished table(s) from %s", len(self.live), safe_url(url))

    async def stop(self) -> None:
        self.health.stop()
        self.thinkers.stop()
        for table in [*self.live.values(), *self.recent.values()]:
            table.close()
        await asyncio.get_running_loop().run_in_executor(None, self._executor.shutdown, True)
        self.store.close()

    # -- tables ------------------------------------------------------------------

    async def create(self, spec: TableSpec, client: str) -> LiveTable:
        """Store a new table, then serve it. Its seed is drawn here (see :func:`new_table_seed`)."""
        self._limit_creates(client)
        game = spec.game
        labels = [agent_label(s) for s in spec.seats]
        seats = [
            SeatRow(seat=i, kind=SeatKind.OPEN, name="Open seat")
            if s == "open"
            # The same agent twice is told apart by seat: "Random AI 2", "Random AI 4".
            else SeatRow(
                seat=i,
                kind=SeatKind.AGENT,
                name=f"{labels[i]} {i + 1}" if labels.count(labels[i]) > 1 else labels[i],
                agent=s,
            )
            for i, s in enumerate(spec.seats)
        ]
        row = TableRow(
            id=new_table_id(),
            game=game.name,
            options=dict(game.options),
            seed=spec.seed if spec.seed is not None else new_table_seed(),
            fallback=spec.fallback,
            clock=spec.clock,
            status=TableStatus.PLAYING if all(s.kind == SeatKind.AGENT for s in seats) else TableStatus.WAITING,
            seats=seats,
        )
        return await self._open(row)

    async def _open(self, row: TableRow) -> LiveTable:
        await self.writer.write(Store.op_create_table(row))
        table = LiveTable.restore(self, row)
        self.live[row.id] = table
        table.start()
        return table

    def _limit_creates(self, client: str) -> None:
        if len(self.live) >= self.settings.max_live_tables:
            raise TableError("too_many_tables", "the server is full; try again when some games have finished")
        now = time.monotonic()
        recent = self._creates.setdefault(client, deque())
        while recent and recent[0] < now - 60:
            recent.popleft()
        if len(recent) >= self.settings.creates_per_minute:
            raise TableError("rate_limited", "too many tables created from your address; wait a minute")
        recent.append(now)
        if len(self._creates) > 10000:  # forget idle addresses
            for key in [k for k, v in self._creates.items() if not v or v[-1] < now - 60]:
                del self._creates[key]

    async def table(self, table_id: str) -> LiveTable | None:
        """A table by id: live, recently finished, or loaded from the store (finished ones)."""
        if not valid_id(table_id):
            return None
        table = self.live.get(table_id) or self.recent.get(table_id)
        if table is not None:
            return table
        row = await self.db(self.store.load, table_id)
        if row is None:
            return None
        table = self.live.get(table_id) or self.recent.get(table_id)  # loaded meanwhile
        if table is not None:
            return table
        try:
            table = LiveTable.restore(self, row)
        except Exception:
            log.exception("table %s cannot be rebuilt from its record", table_id)
            return None
        if row.status == TableStatus.OVER:
            self._remember(table)
        else:  # not resumed at start (e.g. its game failed to load then); serve it now
            self.live[table_id] = table
            table.start()
        return table

    async def row(self, table_id: str) -> TableRow | None:
        """The stored table with its actions (for records and replays)."""
        if not valid_id(table_id):
            return None
        return await self.db(self.store.load, table_id)

    def finished(self, table: LiveTable) -> None:
        """A game just ended: keep it among the recent tables."""
        self.live.pop(table.id, None)
        self._remember(table)
        self._finished_list = None

    def _remember(self, table: LiveTable) -> None:
        self.recent[table.id] = table
        self.recent.move_to_end(table.id)
        while len(self.recent) > RECENT:
            for key, old in self.recent.items():
                if not len(old.feed):
                    del self.recent[key]
                    break
            else:
                break

    async def rematch(self, table: LiveTable, token: str | None) -> str:
        """A new table with the same game, options and players, seats turned by one
        so someone else starts, and a new secret seed. People's seats are kept for
        them (claimed with their old token); agents stay. Returns the new table's id."""
        if table.seat_for_token(token) is None:
            raise TableError("bad_token", "only a player of this game may ask for a rematch")
        async with table.lock:
            if table.row.status != TableStatus.OVER:
                raise TableError("not_over", "a rematch can be asked for once the game is over")
            if table.row.rematch:
                return table.row.rematch
            old = table.row
            n = len(old.seats)
            seats: list[SeatRow] = [SeatRow(seat=i, kind=SeatKind.OPEN, name="Open seat") for i in range(n)]
            mapping: dict[str, int] = {}
            for s in old.seats:
                new_seat = (s.seat + 1) % n
                mapping[str(s.seat)] = new_seat
                if s.kind == SeatKind.PERSON and s.token_hash:
                    seats[new_seat] = SeatRow(
                        seat=new_seat, kind=SeatKind.RESERVED, name=s.name, claim_hash=s.token_hash
                    )
                elif s.kind == SeatKind.AGENT and not s.replaced and s.agent:
                    seats[new_seat] = SeatRow(seat=new_seat, kind=SeatKind.AGENT, name=s.name, agent=s.agent)
            all_agents = all(s.kind == SeatKind.AGENT for s in seats)
            row = TableRow(
                id=new_table_id(),
                game=old.game,
                options=dict(old.options),
                seed=new_table_seed(),
                fallback=old.fallback,
                clock=old.clock,
                status=TableStatus.PLAYING if all_agents else TableStatus.WAITING,
                rematch_of=old.id,
                seats=seats,
            )
            await self.writer.write(Store.op_create_table(row))
            await self.writer.write(Store.op_set_rematch(old.id, row.id))
            old.rematch = row.id
        new = LiveTable.restore(self, row)
        self.live[row.id] = new
        new.start()
        table.feed.broadcast({"type": "rematch", "table": row.id, "seats": mapping})
        return row.id

    async def lobby(self) -> dict[str, Any]:
        """Open and running tables (live), and the latest finished ones (stored)."""
        live = sorted(self.live.values(), key=lambda t: (t.row.status != TableStatus.WAITING, -t.row.created))
        # The finished list changes only when a game ends: read it from the store then, not per request.
        if self._finished_list is None or self._finished_list[0] < time.monotonic() - 30:
            rows = await self.db(self.store.finished, self.settings.lobby_finished)
            self._finished_list = (time.monotonic(), rows)
        finished = self._finished_list[1]
        return {
            "tables": [_summary(t.row, t.game.info.title, t.version, len(t.feed)) for t in live],
            "finished": [_summary(r, _title(r.game), None, 0) for r in finished],
        }

    # -- records, replays, chat ---------------------------------------------------------

    async def finished_row(self, table_id: str) -> TableRow:
        row = await self.row(table_id)
        if row is None:
            raise TableError("no_table", f"there is no table {table_id!r}")
        if row.status != TableStatus.OVER:
            raise TableError("not_over", "the record and replay open once the game is over (they reveal every card)")
        return row

    async def record(self, table_id: str) -> bytes:
        """A finished game's record as JSON (computed once)."""
        if not valid_id(table_id):
            raise TableError("no_table", f"there is no table {table_id!r}")

        async def build() -> str:
            return record_of(await self.finished_row(table_id)).to_json(indent=1) + "\n"

        return await self.replays.get((table_id, "record"), build)

    async def replay(self, table_id: str, pov: str) -> bytes:
        """A finished game's replay from ``pov`` as JSON (computed once per point of view)."""
        if not valid_id(table_id):
            raise TableError("no_table", f"there is no table {table_id!r}")
        key = "spectator" if pov in ("", "spectator") else pov
        if key != "all" and not key.isdigit() and key != "spectator":
            raise TableError("bad_request", "pov must be 'spectator', 'all' or a seat number")

        async def build() -> dict[str, Any]:
            row = await self.finished_row(table_id)
            parse_pov(key, len(row.seats))  # a seat that does not exist: 400, not cached
            return await asyncio.to_thread(build_replay, row, key)

        return await self.replays.get((table_id, f"replay:{key}"), build)

    async def chat_messages(self, table_id: str) -> list[dict[str, Any]]:
        rows = await self.db(self.store.chat, table_id, self.settings.chat_fetch)
        return [message_json(m) for m in rows]


def valid_id(table_id: str) -> bool:
    """Whether ``table_id`` looks like an id we issue (anything else is not looked up)."""
    return 0 < len(table_id) <= 24 and all(c.isascii() and (c.isalnum() or c in "-_") for c in table_id)


def _summary(row: TableRow, title: str, version: int | None, watching: int) -> dict[str, Any]:
    return {
        "id": row.id,
        "game": row.game,
        "title": title,
        "status": str(row.status),
        "options": row.options,
        "clock": row.clock,
        "version": version,
        "watching": watching,
        "created": row.created,
        "finished": row.finished,
        "finished_at": iso(row.finished) if row.finished and row.status == TableStatus.OVER else None,
        "result": result_summary(row),
        "seats": [{"seat": s.seat, "kind": str(s.kind), "name": s.name, "replaced": s.replaced} for s in row.seats],
    }


def _title(game: str) -> str:
    try:
        return game_class(game).info.title
    except Exception:
        return game
