"""A whole run: its chunks sent to a backend, their tallies merged in index order.

``simulate`` is what ``comboarena sim`` runs. ``--paired`` plays each deal from every
seat assignment; ``--target-ci W`` stops after the first chunk (in index order) after
which every targeted interval is narrower than ``W``, so a seed gives the same games
on every backend and any number of workers.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from contextlib import closing
from typing import Any

from comboarena.core import OptionError, make

from .backends import BACKENDS, Backend, ProcessBackend
from .chunks import Chunk, ChunkTally, Plan, chunk_size, plan_chunks
from .raybackend import RayBackend
from .report import SimReport
from .runner import check_specs

Progress = Callable[[int], None]


def open_backend(kind: str = "processes", jobs: int | None = None, address: str | None = None) -> Backend:
    """The backend ``kind`` with ``jobs`` workers (Ray: default all CPUs of the machine
    or the cluster); ``address``: an existing Ray cluster."""
    check_backend(kind, jobs, address)
    if kind == "ray":
        return RayBackend.connect(jobs, address)
    return ProcessBackend(jobs) if jobs and jobs > 1 else Backend()


def check_backend(kind: str, jobs: int | None = None, address: str | None = None) -> None:
    """Refuse an unknown backend, an address without Ray, or fewer than one job (before any work)."""
    if kind not in BACKENDS:
        raise OptionError(f"unknown --backend {kind!r}; choose {' or '.join(BACKENDS)}")
    if address and kind != "ray":
        raise OptionError("--address is a Ray cluster's address; add --backend ray")
    if jobs is not None and jobs < 1:
        raise OptionError("--jobs must be at least 1")


def in_order(
    tallies: Iterator[ChunkTally], on_progress: Progress | None = None
) -> Generator[ChunkTally, None, None]:
    """Tallies arriving in any order, yielded in chunk order; ``on_progress(games)`` as
    each arrives. Closing this closes ``tallies`` (the backend cancels what is in flight)."""
    waiting: dict[int, ChunkTally] = {}
    following = 0  # a run's chunks are numbered from 0
    try:
        for tally in tallies:
            if on_progress is not None:
                on_progress(tally.games)
            waiting[tally.order] = tally
            while following in waiting:
                yield waiting.pop(following)
                following += 1
    finally:
        close = getattr(tallies, "close", None)
        if close is not None:
            close()


def check_run(games: int, specs: Sequence[str], rotate: bool, paired: bool, target_ci: float | None) -> None:
    if games < 1:
        raise OptionError("-n must be at least 1")
    if paired and not rotate:
        raise OptionError("--paired plays each deal from every seat assignment; it cannot keep seats fixed")
    if paired and games % len(specs):
        k = len(specs)
        raise OptionError(
            f"--paired plays each deal from each of the {k} seat assignments: -n must be a multiple of {k}"
        )
    if target_ci is not None and not 0 < target_ci < 1:
        raise OptionError("--target-ci is an interval width between 0 and 1, e.g. 0.05")


def simulate(
    name: str,
    options: dict[str, Any],
    specs: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    jobs: int | None = None,
    rotate: bool = True,
    paired: bool = False,
    target_ci: float | None = None,
    chunk: int | None = None,
    backend: str | Backend = "processes",
    address: str | None = None,
    on_progress: Progress | None = None,
) -> SimReport:
    """Play ``games`` games (with ``target_ci``: at most that many) and return the report."""
    game = make(name, **options)
    check_specs(game, specs)
    check_run(games, specs, rotate, paired, target_ci)
    deal = len(specs) if paired else 1
    plan = Plan(name, dict(game.options), tuple(specs), seed, rotate, deal)
    chunks = plan_chunks(plan, games, chunk_size(games, deal, chunk))
    report = SimReport.start(name, options, specs, game.players, seed, jobs or 1, rotate, paired)
    report.target_ci, report.max_games = target_ci, games
    with _backend(backend, jobs, address) as b:
        report.backend, report.jobs = b.name, b.workers
        start = time.perf_counter()
        with closing(in_order(b.map(chunks), on_progress)) as tallies:
            for tally in tallies:
                report.merge(tally)
                if target_ci is not None and report.widest < target_ci:
                    break
        report.seconds = time.perf_counter() - start
    if target_ci is not None:
        report.stopped = _why_stopped(report, target_ci, games)
    return report


def _why_stopped(report: SimReport, target: float, games: int) -> str:
    rows = "agent's" if len(report.agent_tallies) > 1 else "seat's"
    if report.widest < target:
        return f"every {rows} interval narrower than {target:g} after {report.games} of at most {games} games"
    return f"the maximum of {games} games played; the widest {rows} interval is {report.widest:.3f}, not {target:g}"


class _Given(Backend):
    """A backend the caller opened (and will close)."""

    def __init__(self, inner: Backend) -> None:
        self.inner, self.name, self.workers = inner, inner.name, inner.workers

    def map(self, chunks: Iterable[Chunk]) -> Iterator[ChunkTally]:
        return self.inner.map(chunks)

    def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        return self.inner.call(fn, *args)


def _backend(backend: str | Backend, jobs: int | None, address: str | None) -> Backend:
    return _Given(backend) if isinstance(backend, Backend) else open_backend(backend, jobs, address)


__all__ = ["check_backend", "check_run", "in_order", "open_backend", "simulate"]
