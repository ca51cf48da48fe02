"""Agents think off the event loop, fairly across tables.

Two lanes, each with its own worker threads:

- the **light** lane: random, first and the games' heuristics (milliseconds);
- the **search** lane: ISMCTS presets (a time budget of seconds per decision).

So a cheap agent never waits behind a search. Within a lane, tables take
turns: each table has at most one decision running per lane, and a free
worker serves the waiting table that was served longest ago (round robin),
so a table with many searching seats cannot hold more than its share.

Workers are daemon threads: when the server stops (SIGTERM, Ctrl-C) nothing
waits for a decision still being thought (asyncio's default executor, which
``asyncio.to_thread`` uses, is joined at exit, and a long search kept a
stopped server running at full CPU). A decision whose waiter went away is
dropped before it starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

log = logging.getLogger("comboarena.server")
T = TypeVar("T")
#: Tables whose last turn a lane remembers (the oldest are forgotten first).
SERVED_KEPT = 10_000


@dataclass
class _Job:
    key: str
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    future: asyncio.Future[Any]
    loop: asyncio.AbstractEventLoop


class Lane:
    """Worker threads that serve waiting jobs one table at a time, tables in turn."""

    def __init__(self, name: str, workers: int) -> None:
        self.name = name
        self.workers = max(1, workers)
        self._cond = threading.Condition()
        #: table id -> its waiting jobs
        self._waiting: dict[str, deque[_Job]] = {}
        #: tables with a job running now
        self._running: set[str] = set()
        #: table id -> when it was last given a worker (a count), oldest first
        self._served: OrderedDict[str, int] = OrderedDict()
        self._tick = 0
        self._threads: list[threading.Thread] = []
        self._stopped = False
        #: every job started, in order (tests read it to check the turn-taking)
        self.started: deque[str] = deque(maxlen=1000)

    def start(self) -> None:
        for i in range(self.workers):
            t = threading.Thread(target=self._work, name=f"comboarena-{self.name}-{i}", daemon=True)
            t.start()
            self._threads.append(t)

    def stop(self) -> None:
        """Take no more jobs; those waiting are cancelled. Running ones finish on daemon threads."""
        with self._cond:
            self._stopped = True
            waiting = [job for jobs in self._waiting.values() for job in jobs]
            self._waiting.clear()
            self._cond.notify_all()
        for job in waiting:
            _deliver(job, _cancel, None)

    async def run(self, key: str, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on a worker, in ``key``'s turn; cancelling the caller drops it if not yet started."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        with self._cond:
            if self._stopped:
                raise RuntimeError("the server is stopping")
            self._waiting.setdefault(key, deque()).append(_Job(key, fn, args, future, loop))
            self._cond.notify()
        return await future

    def _next(self) -> _Job | None:
        """The next waiting job of the table served longest ago (never served: first) among
        those with none running (lock held)."""
        best: str | None = None
        for key, jobs in list(self._waiting.items()):
            while jobs and jobs[0].future.cancelled():
                jobs.popleft()
            if not jobs:
                del self._waiting[key]
                continue
            if key in self._running:
                continue
            if best is None or self._served.get(key, -1) < self._served.get(best, -1):
                best = key
        if best is None:
            return None
        jobs = self._waiting[best]
        job = jobs.popleft()
        if not jobs:
            del self._waiting[best]
        self._tick += 1
        self._served[best] = self._tick
        self._served.move_to_end(best)
        if len(self._served) > SERVED_KEPT:
            self._served.popitem(last=False)
        return job

    def _work(self) -> None:
        while True:
            with self._cond:
                job = self._next()
                while job is None:
                    if self._stopped:
                        return
                    self._cond.wait()
                    job = self._next()
                self._running.add(job.key)
                self.started.append(job.key)
            try:
                result = job.fn(*job.args)
            except BaseException as exc:  # handed to the waiter, which logs it
                _deliver(job, _fail, exc)
            else:
                _deliver(job, _finish, result)
            finally:
                with self._cond:
                    self._running.discard(job.key)
                    self._cond.notify_all()

    @property
    def waiting(self) -> int:
        with self._cond:
            return sum(len(jobs) for jobs in self._waiting.values())


class Thinkers:
    """The server's two lanes (see the module docstring)."""

    def __init__(self, search_workers: int, light_workers: int) -> None:
        self.search = Lane("search", search_workers)
        self.light = Lane("light", light_workers)

    def start(self) -> None:
        self.search.start()
        self.light.start()

    def stop(self) -> None:
        self.search.stop()
        self.light.stop()

    def lane(self, search: bool) -> Lane:
        return self.search if search else self.light


def _deliver(job: _Job, how: Callable[[asyncio.Future[Any], Any], None], value: Any) -> None:
    """Settle ``job``'s future on its event loop, unless that loop has closed (the server stopped)."""
    with contextlib.suppress(RuntimeError):
        job.loop.call_soon_threadsafe(how, job.future, value)


def _finish(future: asyncio.Future[Any], result: Any) -> None:
    if not future.done():
        future.set_result(result)


def _fail(future: asyncio.Future[Any], exc: BaseException) -> None:
    if not future.done():
        future.set_exception(exc)


def _cancel(future: asyncio.Future[Any], _: Any = None) -> None:
    if not future.done():
        future.cancel()
