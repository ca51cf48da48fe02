"""Matchups: every ordered pair of a game's fighters, played between agents.

For a game with a roster (``game.roster``) chosen by a tuple option (Combo
Fighter's ``fighters``), cell ``(a, b)`` is the win rate of fighter ``a`` at seat 0
against fighter ``b`` at seat 1, with a 95% Wilson interval. Seats are not
rotated: the first agent always plays the row fighter (with one agent, both seats
are that agent). A fighter's overall rate pools its games as row and as column,
mirror matches left out.

Game ``i`` of pair ``p`` uses the seeds of game ``i`` of a plain run with the seed
``derive(seed, p)``, so a matrix is the same whatever the backend and ``jobs`` are.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any

from comboarena.core import Game, OptionError, make
from comboarena.core.rng import derive

from .chunks import Chunk, ChunkTally, Plan, chunk_size, plan_chunks
from .driver import Progress, in_order, open_backend
from .report import Tally
from .runner import GameOutcome, batches, check_specs, run_batches


def roster_of(game: Game) -> tuple[str, ...]:
    """The fighters a game offers for matchups; :class:`OptionError` if it has none."""
    roster = getattr(game, "roster", None)
    if not roster:
        raise OptionError(f"{game.name} has no roster of fighters to pair up (--matchups is for fighting games)")
    return tuple(roster)


def pairs(roster: Sequence[str]) -> list[tuple[str, str]]:
    """Every ordered pair, mirror matches included, row by row."""
    return [(a, b) for a in roster for b in roster]


@dataclass
class MatchupReport:
    """The win-rate matrix of a matchup run; ``to_dict`` is its JSON report."""

    game: str
    options: dict[str, Any]
    agents: list[str]
    roster: tuple[str, ...]
    games_per_pair: int
    seed: int
    jobs: int
    option: str = "fighters"
    backend: str = "processes"
    cells: dict[tuple[str, str], Tally] = field(default_factory=dict)
    seconds: float = 0.0
    steps: int = 0

    def __post_init__(self) -> None:
        for a, b in pairs(self.roster):
            self.cells.setdefault((a, b), Tally(f"{a} vs {b}"))

    def add(self, pair: tuple[str, str], out: GameOutcome) -> None:
        self.cells[pair].add(out.returns[0], out.scores[0])
        self.steps += out.steps

    def merge(self, chunk: ChunkTally) -> None:
        """Add a chunk of the cell ``chunk.label`` (seat 0 plays the row fighter)."""
        self.cells[chunk.label].merge(chunk.seats[0])
        self.steps += chunk.steps

    @property
    def games(self) -> int:
        return sum(t.games for t in self.cells.values())

    def overall(self, fighter: str) -> Tally:
        """``fighter``'s games against the others, as row and as column."""
        tally = Tally(fighter)
        for (a, b), cell in self.cells.items():
            if a == b:
                continue
            if a == fighter:
                tally.games += cell.games
                tally.wins += cell.wins
                tally.draws += cell.draws
                tally.losses += cell.losses
            elif b == fighter:
                tally.games += cell.games
                tally.wins += cell.losses
                tally.draws += cell.draws
                tally.losses += cell.wins
        return tally

    def unbalanced(self, low: float = 0.35, high: float = 0.65) -> list[str]:
        """Fighters whose overall win rate is outside ``[low, high]``."""
        return [f for f in self.roster if not low <= self.overall(f).win_rate <= high]

    def to_dict(self) -> dict[str, Any]:
        out = {
            "game": self.game,
            "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()},
            "agents": self.agents,
            "roster": list(self.roster),
            "games_per_pair": self.games_per_pair,
            "seed": self.seed,
            "jobs": self.jobs,
            "seconds": self.seconds,
            "matrix": [
                [{**self.cells[(a, b)].to_dict(), "row": a, "col": b} for b in self.roster] for a in self.roster
            ],
            "overall": [self.overall(f).to_dict() for f in self.roster],
        }
        if self.backend != "processes":
            out["backend"] = self.backend
        return out


def check_matchups(name: str, options: dict[str, Any], specs: Sequence[str], roster: Sequence[str] | None) -> Game:
    game = make(name, **options)
    if roster is None:
        roster_of(game)
    if game.players != 2:
        raise OptionError(f"matchups pair two fighters; {name} with these options has {game.players} seats")
    check_specs(game, specs)
    return game


def play_matchups(
    name: str,
    options: dict[str, Any],
    specs: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    jobs: int | None = None,
    roster: Sequence[str] | None = None,
    option: str = "fighters",
    chunk: int | None = None,
    backend: str = "processes",
    address: str | None = None,
    on_progress: Progress | None = None,
) -> MatchupReport:
    """Play ``games`` games of every ordered pair of fighters on a backend; the matrix."""
    game = check_matchups(name, options, specs, roster)
    fighters = tuple(roster) if roster else roster_of(game)
    if games < 1:
        raise OptionError("-n must be at least 1")
    chunks: list[Chunk] = []
    for p, pair in enumerate(pairs(fighters)):
        opts = {**options, option: pair}
        make(name, **opts)  # bad options fail here, before any worker starts
        # Ordered pairs already give each fighter both seats, so seats do not rotate.
        plan = Plan(name, opts, tuple(specs), derive(seed, p), rotate=False, label=pair)
        chunks += plan_chunks(plan, games, chunk_size(games, 1, chunk), first=len(chunks))
    report = MatchupReport(name, dict(options), list(specs), fighters, games, seed, jobs or 1, option)
    with open_backend(backend, jobs, address) as b:
        report.backend, report.jobs = b.name, b.workers
        start = time.perf_counter()
        with closing(in_order(b.map(chunks), on_progress)) as tallies:
            for tally in tallies:
                report.merge(tally)
        report.seconds = time.perf_counter() - start
    return report


def run_matchups(
    name: str,
    options: dict[str, Any],
    specs: Sequence[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    option: str = "fighters",
    roster: Sequence[str] | None = None,
) -> Iterator[tuple[tuple[str, str], GameOutcome]]:
    """Yield ``(pair, outcome)`` for ``games`` games of every ordered pair of fighters,
    one game at a time (the reference :func:`play_matchups` is checked against)."""
    game = check_matchups(name, options, specs, roster)
    fighters = tuple(roster) if roster else roster_of(game)
    todo = []
    for p, pair in enumerate(pairs(fighters)):
        opts = {**options, option: pair}
        make(name, **opts)  # bad options fail here, before any worker starts
        # Ordered pairs already give each fighter both seats, so seats do not rotate.
        todo += batches(name, opts, specs, derive(seed, p), games, jobs, rotate=False, label=pair)
    for batch, out in run_batches(todo, jobs):
        yield batch.label, out


def matchups(
    name: str,
    options: dict[str, Any],
    specs: Sequence[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
) -> MatchupReport:
    """Run every matchup and return the report (no progress display)."""
    return play_matchups(name, options, specs, games, seed, jobs=jobs)


__all__ = ["MatchupReport", "matchups", "pairs", "play_matchups", "roster_of", "run_matchups"]
