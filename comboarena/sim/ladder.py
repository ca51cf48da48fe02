"""A ladder: a round robin between agents, rated with OpenSkill (:mod:`.ratings`).

Seating. A game's table has ``t`` sides (its ``teams``: two in a two-player game or
a partnership game, one per seat in a game for all). Every combination of ``t``
different entrants (every pair when ``t`` is 2) plays ``n`` games; an entrant fills
every seat of its side, as ``sim`` seats two agents at a four-seat partnership table,
and the sides rotate by one each game, so each entrant plays each side equally
(``n`` a multiple of ``t``). A side is rated as an openskill team.

Reproducible by seed. Game ``r`` of group ``p`` is game ``r`` of a plain run with the
seed ``derive(seed, p)`` (:mod:`.runner`), whatever the backend and number of workers;
the games are rated after the whole run, round by round (game 0 of every group in
group order, then game 1, ...), so no group's games all come last.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterable, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from typing import Any

from comboarena.core import Game, OptionError, make
from comboarena.core.rng import derive

from .chunks import Chunk, ChunkTally, Plan
from .driver import Progress, in_order, open_backend
from .ratings import INTERVAL_SIGMAS, ORDINAL_SIGMAS, PROVISIONAL_GAMES, Rating, Ratings
from .runner import check_specs, seat_slots


@dataclass(frozen=True)
class Entrant:
    """An agent on the ladder: the name it is rated under and the spec that plays."""

    label: str
    spec: str


def entrants_of(specs: Iterable[str]) -> list[Entrant]:
    """Entrants named by their specs."""
    return [Entrant(s, s) for s in specs]


def sides_of(game: Game) -> int:
    """The sides of ``game``'s table; seat ``s`` must be on side ``s % sides`` (the runner
    seats agent slots that way)."""
    teams = tuple(getattr(game, "teams", ())) or tuple((s,) for s in range(game.players))
    t = len(teams)
    for side, seats in enumerate(teams):
        if any(seat % t != side for seat in seats):
            raise OptionError(f"{game.name} with these options seats its teams in an order the ladder cannot seat")
    return t


def groups_of(entrants: int, sides: int) -> list[tuple[int, ...]]:
    """Who plays whom: every combination of ``sides`` entrants, in order.

    >>> groups_of(3, 2)
    [(0, 1), (0, 2), (1, 2)]
    """
    return list(itertools.combinations(range(entrants), sides))


def check_ladder(name: str, options: dict[str, Any], entrants: Sequence[Entrant], games: int) -> Game:
    """Refuse a ladder that cannot be played, before any game is."""
    game = make(name, **options)
    if len(entrants) < 2:
        raise OptionError("a ladder needs at least two agents")
    labels = [e.label for e in entrants]
    twice = sorted({label for label in labels if labels.count(label) > 1})
    if twice:
        raise OptionError(f"each agent once on a ladder: {', '.join(twice)} is named twice")
    sides = sides_of(game)
    if len(entrants) < sides:
        raise OptionError(f"{game.name} with these options seats {sides} sides; name at least {sides} agents")
    if games < 1:
        raise OptionError("-n must be at least 1")
    check_specs(game, [e.spec for e in entrants[:sides]])
    for e in entrants[sides:]:
        check_specs(game, [e.spec, *[x.spec for x in entrants[: sides - 1]]])
    return game


@dataclass
class LadderReport:
    """A ladder's games and ratings; ``to_dict`` is its ``--out`` JSON, ``from_dict`` reads it back."""

    game: str
    options: dict[str, Any]
    entrants: list[Entrant]
    games_per_group: int
    seed: int
    sides: int
    threshold: int = PROVISIONAL_GAMES
    groups: list[tuple[int, ...]] = field(default_factory=list)
    #: Per group, per entrant of the group: wins, draws, losses.
    records: list[list[list[int]]] = field(default_factory=list)
    ratings: list[Rating] = field(default_factory=list)
    jobs: int = 1
    backend: str = "processes"
    seconds: float = 0.0
    steps: int = 0

    @property
    def games(self) -> int:
        return len(self.groups) * self.games_per_group

    def rating(self, label: str) -> Rating:
        return next(r for r in self.ratings if r.label == label)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()},
            "agents": [{"agent": e.label, "spec": e.spec} for e in self.entrants],
            "games_per_group": self.games_per_group,
            "seed": self.seed,
            "sides": self.sides,
            "model": "openskill PlackettLuce",
            "interval": f"mu ± {INTERVAL_SIGMAS:g} sigma",
            "ordinal": f"mu - {ORDINAL_SIGMAS:g} sigma",
            "provisional_below": self.threshold,
            "games": self.games,
            "steps": self.steps,
            "jobs": self.jobs,
            "backend": self.backend,
            "seconds": self.seconds,
            "groups": [
                {"agents": [self.entrants[i].label for i in group], "records": records}
                for group, records in zip(self.groups, self.records, strict=True)
            ],
            "ratings": [r.to_dict() for r in self.ratings],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> LadderReport:
        entrants = [Entrant(str(a["agent"]), str(a["spec"])) for a in data["agents"]]
        index = {e.label: i for i, e in enumerate(entrants)}
        threshold = int(data["provisional_below"])
        return cls(
            str(data["game"]),
            dict(data["options"]),
            entrants,
            int(data["games_per_group"]),
            int(data["seed"]),
            int(data["sides"]),
            threshold,
            [tuple(index[label] for label in g["agents"]) for g in data["groups"]],
            [[list(map(int, rec)) for rec in g["records"]] for g in data["groups"]],
            [Rating.from_dict(r, threshold) for r in data["ratings"]],
            int(data["jobs"]),
            str(data["backend"]),
            float(data["seconds"]),
            int(data["steps"]),
        )


def _result(tally: ChunkTally, side: int) -> float:
    """The result of side ``side`` in a one-game chunk (every seat of a side shares it)."""
    seat = tally.seats[side]
    return 1.0 if seat.wins else 0.0 if seat.draws else -1.0


def play_ladder(
    name: str,
    options: dict[str, Any],
    entrants: Sequence[Entrant],
    games: int,
    seed: int = 0,
    *,
    threshold: int = PROVISIONAL_GAMES,
    jobs: int | None = None,
    backend: str = "processes",
    address: str | None = None,
    on_progress: Progress | None = None,
) -> LadderReport:
    """Play ``games`` games of every group of entrants on a backend and rate them."""
    game = check_ladder(name, options, entrants, games)
    ratings = Ratings([e.label for e in entrants], threshold)  # openskill missing: found before any game
    sides = sides_of(game)
    opts = dict(game.options)
    groups = groups_of(len(entrants), sides)
    # One game per chunk, since each game is rated on its own; a group's games are
    # consecutive so that a worker keeps the group's agents between them.
    chunks = []
    for p, group in enumerate(groups):
        plan = Plan(name, opts, tuple(entrants[i].spec for i in group), derive(seed, p), rotate=True, label=p)
        chunks += [Chunk(plan, r, r + 1, p * games + r) for r in range(games)]
    report = LadderReport(name, dict(options), list(entrants), games, seed, sides, threshold, groups)
    results: list[list[list[float]]] = [[] for _ in groups]  # per group, per game: each entrant's result
    with open_backend(backend, jobs, address) as b:
        report.backend, report.jobs = b.name, b.workers
        start = time.perf_counter()
        with closing(in_order(b.map(chunks), on_progress)) as tallies:
            for tally in tallies:
                r = len(results[tally.label])
                slots = seat_slots(game.players, sides, r, True)
                by_slot = [0.0] * sides
                for side in range(sides):
                    by_slot[slots[side]] = _result(tally, side)
                results[tally.label].append(by_slot)
                report.steps += tally.steps
        report.seconds = time.perf_counter() - start
    for r in range(games):
        for p, group in enumerate(groups):
            ratings.rate([[entrants[i].label] for i in group], results[p][r])
    report.records = [
        [[sum(g[k] > 0 for g in res), sum(g[k] == 0 for g in res), sum(g[k] < 0 for g in res)] for k in range(sides)]
        for res in results
    ]
    report.ratings = ratings.table()
    return report


__all__ = ["Entrant", "LadderReport", "check_ladder", "entrants_of", "groups_of", "play_ladder", "sides_of"]
