"""Summaries of self-play runs: per agent and per seat, with 95% Wilson intervals."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .runner import GameOutcome
from .stats import effective_games, wilson

if TYPE_CHECKING:
    from .chunks import ChunkTally


@dataclass
class Tally:
    """Wins, draws and losses of one agent slot (or one seat).

    In a paired run (``deal_size`` > 1) it also keeps, per deal, the square of the wins
    in that deal, so the interval can measure the spread between deals.
    """

    label: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    score: float = 0.0
    deal_size: int = 1
    deals: int = 0
    deal_squares: int = 0

    def add(self, ret: float, score: float) -> None:
        self.games += 1
        self.score += score
        if ret > 0:
            self.wins += 1
        elif ret < 0:
            self.losses += 1
        else:
            self.draws += 1

    def merge(self, other: Tally) -> None:
        """Add the games of ``other`` (a later chunk of the same run)."""
        self.games += other.games
        self.wins += other.wins
        self.draws += other.draws
        self.losses += other.losses
        self.score += other.score
        self.deals += other.deals
        self.deal_squares += other.deal_squares

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def effective_games(self) -> float:
        """The games, or in a paired run what they are worth as independent games."""
        return effective_games(self.wins, self.games, self.deal_size, self.deals, self.deal_squares)

    @property
    def interval(self) -> tuple[float, float]:
        if self.deal_size <= 1:
            return wilson(self.wins, self.games)
        n = self.effective_games
        return wilson(self.win_rate * n, n)

    @property
    def width(self) -> float:
        lo, hi = self.interval
        return hi - lo

    def to_dict(self) -> dict[str, Any]:
        lo, hi = self.interval
        out = {
            "label": self.label,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_rate": self.win_rate,
            "ci95": [lo, hi],
            "mean_score": self.score / self.games if self.games else 0.0,
        }
        if self.deal_size > 1:
            out["effective_games"] = self.effective_games
        return out


@dataclass
class SimReport:
    """Everything a run measured; ``to_dict`` is the ``--out`` JSON report."""

    game: str
    options: dict[str, Any]
    agents: list[str]
    seed: int
    jobs: int
    rotate: bool
    games: int = 0
    steps: int = 0
    seconds: float = 0.0
    agent_tallies: list[Tally] = field(default_factory=list)
    seat_tallies: list[Tally] = field(default_factory=list)
    reasons: dict[str, int] = field(default_factory=dict)
    backend: str = "processes"
    paired: bool = False
    target_ci: float | None = None
    max_games: int = 0
    stopped: str = ""  # why a --target-ci run stopped

    @classmethod
    def start(
        cls, game: str, options: dict[str, Any], agents: Sequence[str], players: int, seed: int, jobs: int,
        rotate: bool, paired: bool = False,
    ) -> SimReport:
        labels = agent_labels(agents)
        deal = len(agents) if paired else 1
        return cls(
            game, dict(options), list(agents), seed, jobs, rotate,
            agent_tallies=[Tally(lab, deal_size=deal) for lab in labels],
            seat_tallies=[Tally(f"seat {s}", deal_size=deal) for s in range(players)],
            paired=paired,
        )

    def add(self, out: GameOutcome) -> None:
        self.games += 1
        self.steps += out.steps
        self.reasons[out.reason] = self.reasons.get(out.reason, 0) + 1
        for seat, ret in enumerate(out.returns):
            self.seat_tallies[seat].add(ret, out.scores[seat])
        if len(self.agent_tallies) > 1:
            for slot, tally in enumerate(self.agent_tallies):
                seat = out.slots.index(slot)
                tally.add(out.returns[seat], out.scores[seat])

    def extend(self, outs: Iterable[GameOutcome]) -> None:
        for out in outs:
            self.add(out)

    def merge(self, chunk: ChunkTally) -> None:
        """Add a chunk's tallies (chunks are merged in index order)."""
        self.games += chunk.games
        self.steps += chunk.steps
        for reason, count in chunk.reasons.items():
            self.reasons[reason] = self.reasons.get(reason, 0) + count
        for mine, theirs in zip(self.seat_tallies, chunk.seats, strict=True):
            mine.merge(theirs)
        if len(self.agent_tallies) > 1:
            for mine, theirs in zip(self.agent_tallies, chunk.agents, strict=True):
                mine.merge(theirs)

    @property
    def targets(self) -> list[Tally]:
        """The intervals ``--target-ci`` narrows: each agent's, or each seat's with one agent."""
        return self.agent_tallies if len(self.agent_tallies) > 1 else self.seat_tallies

    @property
    def widest(self) -> float:
        return max(t.width for t in self.targets)

    @property
    def deals(self) -> int:
        return self.games // len(self.agents) if self.paired else self.games

    @property
    def mean_length(self) -> float:
        return self.steps / self.games if self.games else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    def to_dict(self) -> dict[str, Any]:
        out = {
            "game": self.game,
            "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()},
            "agents": self.agents,
            "seed": self.seed,
            "jobs": self.jobs,
            "rotate": self.rotate,
            "games": self.games,
            "mean_length": self.mean_length,
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
            "per_agent": [t.to_dict() for t in self.agent_tallies] if len(self.agent_tallies) > 1 else [],
            "per_seat": [t.to_dict() for t in self.seat_tallies],
            "reasons": self.reasons,
        }
        # Keys only runs with the newer flags have, so a plain run's report reads as before.
        if self.backend != "processes":
            out["backend"] = self.backend
        if self.paired:
            out.update(paired=True, deals=self.deals, deal_size=len(self.agents))
        if self.target_ci is not None:
            out.update(target_ci=self.target_ci, max_games=self.max_games, stopped=self.stopped)
        return out


def agent_labels(agents: Sequence[str]) -> list[str]:
    """Agent names, numbered where one agent plays against itself (``random#1``, ``random#2``)."""
    return [f"{a}#{i + 1}" if agents.count(a) > 1 else a for i, a in enumerate(agents)]
