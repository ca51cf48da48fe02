"""Summaries of self-play runs: per agent and per seat, with 95% Wilson intervals."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .runner import GameOutcome
from .stats import wilson


@dataclass
class Tally:
    """Wins, draws and losses of one agent slot (or one seat)."""

    label: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    score: float = 0.0

    def add(self, ret: float, score: float) -> None:
        self.games += 1
        self.score += score
        if ret > 0:
            self.wins += 1
        elif ret < 0:
            self.losses += 1
        else:
            self.draws += 1

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def to_dict(self) -> dict[str, Any]:
        lo, hi = self.interval
        return {
            "label": self.label,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_rate": self.win_rate,
            "ci95": [lo, hi],
            "mean_score": self.score / self.games if self.games else 0.0,
        }


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

    @classmethod
    def start(
        cls, game: str, options: dict[str, Any], agents: Sequence[str], players: int, seed: int, jobs: int,
        rotate: bool,
    ) -> SimReport:
        labels = _labels(agents)
        return cls(
            game, dict(options), list(agents), seed, jobs, rotate,
            agent_tallies=[Tally(lab) for lab in labels],
            seat_tallies=[Tally(f"seat {s}") for s in range(players)],
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

    @property
    def mean_length(self) -> float:
        return self.steps / self.games if self.games else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
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


def _labels(agents: Sequence[str]) -> list[str]:
    """Agent names, numbered where one agent plays against itself (``random#1``, ``random#2``)."""
    return [f"{a}#{i + 1}" if agents.count(a) > 1 else a for i, a in enumerate(agents)]
