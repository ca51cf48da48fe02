"""Group commit: every write of every table, committed together.

Each action (and each seat change, each new table) is stored before it is
acknowledged. Rather than one transaction per write, the writer commits
everything that arrived while the previous commit ran in one transaction, in
arrival order, so under load many tables share one write to the disk, and
when idle a write goes out at once, with no added wait.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from .store import Write

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("comboarena.server")


class Writer:
    """Queues write operations and commits them in batches on the hub's database thread."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.pending: list[tuple[Write, asyncio.Future[None]]] = []
        self.flushing = False
        self.batches = 0
        self.writes = 0
        self._task: asyncio.Task[None] | None = None

    async def write(self, op: Write) -> None:
        """Returns once ``op`` is committed; raises if it could not be stored."""
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
                    await self.hub.db(self.hub.store.write, [op for op, _ in batch])
                except Exception:
                    # One bad write fails the whole transaction: store them one by one
                    # so only the bad one is refused.
                    log.exception("group commit of %d writes failed; retrying them one by one", len(batch))
                    for op, future in batch:
                        try:
                            await self.hub.db(self.hub.store.write, [op])
                        except Exception as exc:
                            _settle(future, exc)
                        else:
                            _settle(future, None)
                    continue
                self.batches += 1
                self.writes += len(batch)
                for _, future in batch:
                    _settle(future, None)
        finally:
            self.flushing = False


def _settle(future: asyncio.Future[None], error: BaseException | None) -> None:
    if future.done():
        return
    if error is None:
        future.set_result(None)
    else:
        future.set_exception(error)
