"""Group commit: every write of every table, committed together.

Each action (and each seat change, each new table, each chat message) is
stored before it is acknowledged. Rather than one transaction per write, the
writer commits everything that arrived while the previous commit ran in one
transaction, in arrival order, so under load many tables share one write to
the disk, and when idle a write goes out at once, with no added wait.

A write that cannot be stored raises :class:`TableError` ``storage`` (HTTP
503) and tells :class:`comboarena.server.health.Health`; while storage is
down, writes are refused at once instead of hammering the database.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from .errors import TableError, storage_unavailable
from .health import Health
from .store import Write

log = logging.getLogger("comboarena.server")


class Writer:
    """Queues write operations and commits them in batches on the database thread."""

    def __init__(self, commit: Callable[[list[Write]], Awaitable[None]], health: Health) -> None:
        self.commit = commit
        self.health = health
        self.pending: list[tuple[Write, asyncio.Future[None]]] = []
        self.flushing = False
        self.batches = 0
        self.writes = 0
        self._task: asyncio.Task[None] | None = None

    async def write(self, op: Write) -> None:
        """Returns once ``op`` is committed; raises :class:`TableError` ``storage`` if it could not be."""
        if not self.health.ok:
            self.health.refused += 1
            raise storage_unavailable()
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self.pending.append((op, future))
        if not self.flushing:
            self.flushing = True
            self._task = loop.create_task(self._flush())  # kept: a task nobody holds may be collected
        await future

    async def _flush(self) -> None:
        try:
            while self.pending:
                batch, self.pending = self.pending, []
                try:
                    await self.commit([op for op, _ in batch])
                except Exception as exc:
                    if len(batch) == 1 or not self.health.ok:
                        self._failed(batch, exc)
                        continue
                    # One bad write fails the whole transaction: store them one by one
                    # so only the bad one is refused.
                    for op, future in batch:
                        try:
                            await self.commit([op])
                        except Exception as one:
                            self._failed([(op, future)], one)
                        else:
                            _settle(future, None)
                    continue
                self.batches += 1
                self.writes += len(batch)
                for _, future in batch:
                    _settle(future, None)
        finally:
            self.flushing = False

    def _failed(self, batch: list[tuple[Write, asyncio.Future[None]]], exc: Exception) -> None:
        self.health.failed(exc)
        for _, future in batch:
            _settle(future, storage_unavailable())


def _settle(future: asyncio.Future[None], error: TableError | None) -> None:
    if future.done():
        return
    if error is None:
        future.set_result(None)
    else:
        future.set_exception(error)
