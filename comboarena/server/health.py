"""Whether storage works, and what the server does while it does not.

A failed write marks storage down: the failure is logged once, every table
pauses (agents stop, clocks stop; people's moves are answered ``storage``
503 at once rather than tried), and a probe retries a small real write after
a wait that doubles up to a limit. When the probe succeeds the recovery is
logged once and every table goes on. Nothing spins while storage is down.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

log = logging.getLogger("comboarena.server")


class Health:
    """Storage health: ``ok``, and the probe that brings it back.

    ``probe`` is an awaitable write check (raises while storage fails);
    ``on_change(ok)`` is told when storage goes down and when it comes back.
    """

    def __init__(
        self,
        probe: Callable[[], Awaitable[None]],
        on_change: Callable[[bool], None],
        first_wait: float = 0.5,
        longest_wait: float = 30.0,
    ) -> None:
        self.probe = probe
        self.on_change = on_change
        self.first_wait = first_wait
        self.longest_wait = longest_wait
        self.ok = True
        self.down_since: float | None = None
        #: Writes refused or failed during the current failure period.
        self.refused = 0
        self.periods = 0
        self._task: asyncio.Task[None] | None = None

    def failed(self, exc: BaseException) -> None:
        """A write failed. The first failure of a period is logged (one line) and starts the probe."""
        self.refused += 1
        if not self.ok:
            return
        self.ok = False
        self.down_since = time.monotonic()
        self.periods += 1
        cause = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        log.error(
            "storage failed (%s: %s); tables are paused and the write is retried every %.1f-%.0f s",
            type(exc).__name__,
            cause[0] if cause else "no details",
            self.first_wait,
            self.longest_wait,
        )
        self._task = asyncio.get_running_loop().create_task(self._retry())
        self.on_change(False)

    async def _retry(self) -> None:
        wait = self.first_wait
        while True:
            await asyncio.sleep(wait)
            try:
                await self.probe()
            except asyncio.CancelledError:
                raise
            except Exception:
                self.refused += 1
                wait = min(self.longest_wait, wait * 2)
                continue
            break
        took = time.monotonic() - (self.down_since or time.monotonic())
        log.warning("storage works again after %.1f s (%d writes refused meanwhile); tables go on", took, self.refused)
        self.ok = True
        self.down_since = None
        self.refused = 0
        self._task = None
        self.on_change(True)

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None
