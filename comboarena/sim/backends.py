"""Where chunks are played: this process, a pool of worker processes, or Ray.

A backend's :meth:`Backend.map` keeps a bounded number of chunks in flight and yields
each chunk's tally as it finishes (in any order: the caller merges them in index
order). Closing the iterator early (a ``--target-ci`` run that is done) cancels what
is still in flight. A chunk whose worker died is played again, up to
:data:`MAX_TRIES` times; only a tally that came back is counted, so never twice.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from types import TracebackType
from typing import Any, TypeVar

from .chunks import Chunk, ChunkTally, play_chunk, worker_chunk

T = TypeVar("T")

BACKENDS = ("processes", "ray")
#: Attempts at one chunk before the run gives up on it.
MAX_TRIES = 4
#: Chunks in flight per worker: one running, one waiting, so no worker idles between chunks.
IN_FLIGHT_PER_WORKER = 2


class BackendError(RuntimeError):
    """Workers kept dying on a chunk, or the cluster could not be reached."""


class Backend:
    """Plays every chunk in this process, in order (one job)."""

    name = "processes"
    workers = 1

    def map(self, chunks: Iterable[Chunk]) -> Iterator[ChunkTally]:
        for chunk in chunks:
            yield play_chunk(chunk)

    def call(self, fn: Callable[..., T], *args: Any) -> T:
        """One task (a tournament game), its result waited for."""
        return fn(*args)

    def close(self) -> None:
        """Let go of the workers (nothing to let go of here)."""

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


class ProcessBackend(Backend):
    """A pool of ``workers`` worker processes on this machine."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def map(self, chunks: Iterable[Chunk]) -> Iterator[ChunkTally]:
        source = iter(chunks)
        again: deque[Chunk] = deque()  # chunks whose worker died, played again first
        tries: dict[int, int] = {}
        while True:
            # A dead worker breaks the whole pool: what was in flight is played again by a new one.
            lost = yield from self._pool_run(source, again)
            if not lost:
                return
            for chunk in reversed(lost):
                tries[chunk.order] = tries.get(chunk.order, 1) + 1
                if tries[chunk.order] > MAX_TRIES:
                    raise BackendError(
                        f"a worker process died {MAX_TRIES} times playing games {chunk.start}–{chunk.stop - 1}"
                    )
                again.appendleft(chunk)

    def _pool_run(self, source: Iterator[Chunk], again: deque[Chunk]) -> Generator[ChunkTally, None, list[Chunk]]:
        """Play chunks until there are none or the pool breaks; returns the chunks lost."""
        pool = ProcessPoolExecutor(max_workers=self.workers)
        running: dict[Future[ChunkTally], Chunk] = {}
        try:
            while True:
                while len(running) < self.workers * IN_FLIGHT_PER_WORKER:
                    chunk = again.popleft() if again else next(source, None)
                    if chunk is None:
                        break
                    running[pool.submit(worker_chunk, chunk)] = chunk
                if not running:
                    return []
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                lost = []
                for future in sorted(done, key=lambda f: running[f].order):
                    chunk = running.pop(future)
                    exc = future.exception()
                    if isinstance(exc, BrokenProcessPool):
                        lost.append(chunk)
                    elif exc is not None:
                        raise exc
                    else:
                        yield future.result()
                if lost:
                    return sorted([*lost, *running.values()], key=lambda c: c.order)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


__all__ = ["BACKENDS", "Backend", "BackendError", "ProcessBackend"]
