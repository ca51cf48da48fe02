"""The Ray backend (the ``cluster`` extra): chunks played as Ray tasks.

With no address (and no ``RAY_ADDRESS``) it starts a Ray on this machine and stops it
when the run is done; with one it joins that cluster (whose nodes need the same
comboarena installed) and leaves it running. A Ray already started in this process (a
notebook's, or a test's) is used as it is. Ray is imported only here, only when asked for.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from comboarena.core import OptionError

from .backends import IN_FLIGHT_PER_WORKER, MAX_TRIES, Backend, BackendError
from .chunks import Chunk, ChunkTally, worker_chunk

T = TypeVar("T")

INSTALL = "--backend ray needs Ray, the 'cluster' extra: pip install 'comboarena[cluster]'"


def import_ray() -> Any:
    """The ``ray`` module, or a one-line :class:`OptionError` saying how to install it."""
    try:
        import ray
    except ImportError:
        raise OptionError(INSTALL) from None
    return ray


class RayBackend(Backend):
    """Chunks as Ray tasks of one CPU each."""

    name = "ray"

    def __init__(self, ray: Any, workers: int, owned: bool, cpus: int | None = None) -> None:
        self.ray = ray
        self.workers = workers
        self.owned = owned  # started or joined here, so let go of when done
        # Using every CPU: two chunks each, so none idles between chunks. Fewer workers
        # than CPUs (--jobs): only that many chunks at once, or Ray would run more.
        self.in_flight = workers * IN_FLIGHT_PER_WORKER if workers >= (cpus or workers) else workers
        self._remotes: dict[Callable[..., Any], Any] = {}

    @classmethod
    def connect(cls, jobs: int | None = None, address: str | None = None) -> RayBackend:
        """Start a local Ray, join the cluster at ``address`` (or ``RAY_ADDRESS``), or use
        the Ray this process already has; ``jobs`` caps the workers used (a local Ray
        gets that many CPUs; default: all of them)."""
        ray = import_ray()
        owned = not ray.is_initialized()
        if owned:
            address = address or os.environ.get("RAY_ADDRESS") or None
            try:
                if address:
                    ray.init(address=address, logging_level=logging.WARNING, log_to_driver=False)
                else:
                    # A private Ray for one run: on loopback, reporting nowhere, quiet.
                    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
                    ray.init(
                        num_cpus=jobs or os.cpu_count() or 1, include_dashboard=False, _node_ip_address="127.0.0.1",
                        logging_level=logging.ERROR, log_to_driver=False,
                    )
            except (ConnectionError, RuntimeError, ValueError) as exc:
                where = f"the Ray cluster at {address}" if address else "a local Ray"
                raise BackendError(f"cannot start or reach {where}: {exc}") from None
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        return cls(ray, min(jobs, cpus) if jobs else cpus, owned, cpus)

    def _remote(self, fn: Callable[..., Any]) -> Any:
        if fn not in self._remotes:
            # A worker that dies (killed, out of memory, its node lost) has its task run
            # again by Ray; a task that raises is a bug, so it is not retried.
            self._remotes[fn] = self.ray.remote(num_cpus=1, max_retries=MAX_TRIES - 1)(fn)
        return self._remotes[fn]

    def _get(self, ref: Any, what: str) -> Any:
        try:
            return self.ray.get(ref)
        except (self.ray.exceptions.WorkerCrashedError, self.ray.exceptions.NodeDiedError) as exc:
            raise BackendError(f"Ray workers died {MAX_TRIES} times playing {what}: {exc}") from None

    def map(self, chunks: Iterable[Chunk]) -> Iterator[ChunkTally]:
        play = self._remote(worker_chunk)
        todo = iter(chunks)
        pending: dict[Any, Chunk] = {}

        def fill() -> None:
            while len(pending) < self.in_flight:
                chunk = next(todo, None)
                if chunk is None:
                    return
                pending[play.remote(chunk)] = chunk

        try:
            fill()
            while pending:
                done, _ = self.ray.wait(list(pending), num_returns=1)
                for ref in done:
                    chunk = pending.pop(ref)
                    tally = self._get(ref, f"games {chunk.start}–{chunk.stop - 1}")
                    yield tally
                fill()
        finally:
            for ref in pending:
                self.ray.cancel(ref)

    def call(self, fn: Callable[..., T], *args: Any) -> T:
        result: T = self._get(self._remote(fn).remote(*args), "a game")
        return result

    def close(self) -> None:
        if self.owned:
            self.owned = False
            self.ray.shutdown()


__all__ = ["INSTALL", "RayBackend", "import_ray"]
