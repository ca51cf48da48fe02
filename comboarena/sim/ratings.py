"""OpenSkill ratings of agents (``openskill``'s Plackett-Luce model, the ``ratings`` extra).

Each game ranks the sides of the table by result (win, draw, loss; sides with the
same result tie) and updates the ratings of the agents on each side at once. A side
of a team game is one openskill team whose members are the distinct agents seated
on it. A rating is shown as ``mu`` with the interval ``mu ± 2 sigma`` (about 95%),
and ordered by openskill's ordinal ``mu - 3 sigma``; it is *provisional* until its
agent has played :data:`PROVISIONAL_GAMES` games.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from comboarena.core import OptionError

#: Games an agent plays before its rating stops being marked provisional.
PROVISIONAL_GAMES = 20
#: The interval shown is ``mu ± INTERVAL_SIGMAS * sigma``.
INTERVAL_SIGMAS = 2.0
#: The ordinal (the order of a ladder) is ``mu - ORDINAL_SIGMAS * sigma``, openskill's default.
ORDINAL_SIGMAS = 3.0


@dataclass
class Rating:
    """One agent's rating and record."""

    label: str
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    threshold: int = PROVISIONAL_GAMES

    @property
    def low(self) -> float:
        return self.mu - INTERVAL_SIGMAS * self.sigma

    @property
    def high(self) -> float:
        return self.mu + INTERVAL_SIGMAS * self.sigma

    @property
    def ordinal(self) -> float:
        return self.mu - ORDINAL_SIGMAS * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < self.threshold

    def to_dict(self) -> dict[str, Any]:
        return {
            "agent": self.label,
            "mu": self.mu,
            "sigma": self.sigma,
            "interval": [self.low, self.high],
            "ordinal": self.ordinal,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "provisional": self.provisional,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], threshold: int = PROVISIONAL_GAMES) -> Rating:
        return cls(
            str(data["agent"]),
            float(data["mu"]),
            float(data["sigma"]),
            int(data["games"]),
            int(data["wins"]),
            int(data["draws"]),
            int(data["losses"]),
            threshold,
        )


def ranks_of(results: Sequence[float]) -> list[int]:
    """Rank 1 for the best result; equal results share a rank.

    >>> ranks_of([1.0, -1.0]), ranks_of([0.0, 0.0]), ranks_of([-1.0, 1.0, 1.0])
    ([1, 2], [1, 1], [3, 1, 1])
    """
    return [1 + sum(other > mine for other in results) for mine in results]


def _model() -> Any:
    # Imported when a ladder is rated, not whenever the command line starts.
    try:
        models = importlib.import_module("openskill.models")
    except ImportError:
        raise OptionError("ratings need openskill: pip install -e '.[ratings]'") from None
    return models.PlackettLuce()


class Ratings:
    """The ratings of a set of agents, updated game by game (the order matters)."""

    def __init__(self, labels: Sequence[str], threshold: int = PROVISIONAL_GAMES) -> None:
        if threshold < 0:
            raise OptionError("the provisional threshold is a number of games, 0 or more")
        self.model = _model()
        self.threshold = threshold
        self.players = {label: self.model.rating(name=label) for label in labels}
        self.records = {label: [0, 0, 0] for label in labels}  # wins, draws, losses

    def rate(self, sides: Sequence[Sequence[str]], results: Sequence[float]) -> None:
        """One game: ``sides[j]`` the agents on side ``j`` (each once), ``results[j]`` its result
        (above 0 a win, 0 a draw, below 0 a loss). An agent plays on one side only."""
        seen = [label for side in sides for label in side]
        if len(seen) != len(set(seen)):
            raise OptionError("an agent can sit on one side of a rated game only")
        teams = [[self.players[label] for label in side] for side in sides]
        rated = self.model.rate(teams, ranks=ranks_of(results))
        for side, team, result in zip(sides, rated, results, strict=True):
            for label, new in zip(side, team, strict=True):
                self.players[label] = new
                self.records[label][0 if result > 0 else 1 if result == 0 else 2] += 1

    def table(self) -> list[Rating]:
        """Every agent's rating, best ordinal first (ties: in the order given)."""
        rows = []
        for label, p in self.players.items():
            wins, draws, losses = self.records[label]
            rows.append(
                Rating(label, float(p.mu), float(p.sigma), wins + draws + losses, wins, draws, losses, self.threshold)
            )
        return sorted(rows, key=lambda r: -r.ordinal)


__all__ = ["INTERVAL_SIGMAS", "ORDINAL_SIGMAS", "PROVISIONAL_GAMES", "Rating", "Ratings", "ranks_of"]
