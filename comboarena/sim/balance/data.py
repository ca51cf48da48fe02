"""The report's data: every run it plays, summed up as one JSON-safe dict.

``--compare`` reads this dict back from the JSON written next to the page, so its
shape is the report's file format (``format``: :data:`FORMAT`).
"""

from __future__ import annotations

import hashlib
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from comboarena.core import OptionError, make
from comboarena.core.options import options_json

from ..matchups import pairs
from ..report import Tally
from ..runner import check_specs
from .ablation import ablate
from .cards import CardTally, card_rules
from .collect import CellTally, blocks, cell_seed, play_blocks

FORMAT = "comboarena-balance/1"

Progress = Callable[[int], None]


def plan_cells(
    name: str, options: dict[str, Any], specs: Sequence[str], matchups: bool
) -> tuple[str, list[str], list[tuple[Any, dict[str, Any], tuple[str, ...]]]]:
    """What the matrix pairs (``"fighter"``, ``"agent"`` or ``""`` without ``--matchups``),
    its rows, and each cell's label, options and agents (in matrix order)."""
    game = make(name, **options)
    check_specs(game, specs)
    if not matchups:
        return "", [], [(None, dict(options), tuple(specs))]
    roster = getattr(game, "roster", None)
    if roster:
        if len(specs) > 2:
            raise OptionError("--matchups takes one agent (both seats) or two (seat 0, seat 1)")
        cells = []
        for pair in pairs(tuple(roster)):
            opts = {**options, "fighters": pair}
            check_specs(make(name, **opts), specs)  # a bad pair fails here, before any game
            cells.append((pair, opts, tuple(specs)))
        return "fighter", list(roster), cells
    agents = list(dict.fromkeys(specs))
    if len(agents) < 2:
        raise OptionError(
            f"{name} has no roster of fighters: --matchups pairs the agents; name at least two different agents"
        )
    if game.players % 2:
        raise OptionError(f"--matchups pairs two agents; {name} with these options has {game.players} seats")
    return "agent", agents, [((a, b), dict(options), (a, b)) for a, b in pairs(agents)]


def sample_id(name: str, seed: int, label: Any, index: int) -> str:
    """A table id for a sample game (stable for a game, seed, cell and game number)."""
    digest = hashlib.sha1(repr((name, seed, label, index)).encode()).hexdigest()
    return "rep-" + digest[:12]


def collect(
    name: str,
    options: dict[str, Any],
    specs: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    jobs: int = 1,
    matchups: bool = False,
    samples: int = 2,
    ablation_games: int = 0,
    ablation_top: int = 5,
    on_progress: Progress | None = None,
    on_ablation: Callable[[str], None] | None = None,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Play the report's games; returns its data and the sample records (each with its ``id``)."""
    if games < 1:
        raise OptionError("-n must be at least 1")
    if samples < 0:
        raise OptionError("--samples must be 0 or more")
    if ablation_games < 0 or ablation_top < 0:
        raise OptionError("--ablation-games and --ablation-top must be 0 or more")
    game = make(name, **options)
    rules = card_rules(game)
    what, roster, cells = plan_cells(name, options, specs, matchups)
    todo = []
    for p, (label, opts, agents) in enumerate(cells):
        s = cell_seed(seed, p) if what else seed
        todo += blocks(name, opts, agents, s, games, not what, label, samples, jobs)
    start = time.perf_counter()
    totals: dict[Any, CellTally] = {}
    for tally in play_blocks(todo, jobs):
        if tally.label not in totals:
            totals[tally.label] = CellTally(tally.label, tally.players, tally.agents)
        totals[tally.label].merge(tally)
        if on_progress is not None:
            on_progress(tally.games)
    seconds = time.perf_counter() - start
    seeds = {label: (cell_seed(seed, p) if what else seed) for p, (label, _, _) in enumerate(cells)}
    records = []
    sample_ids: dict[Any, list[str]] = {}
    for label, cell in totals.items():
        for sample in cell.samples:
            rid = sample_id(name, seeds[label], label, sample["index"])
            records.append({"id": rid, "cell": label, **sample})
            sample_ids.setdefault(label, []).append(rid)
    data = _summary(name, game.options, specs, games, seed, what, roster, totals, sample_ids, jobs, seconds)
    data["card_noun"] = rules.noun
    data["card_fixed"] = rules.fixed
    if ablation_games and ablation_top:
        by_plays = [c["card"] for c in sorted(data["cards"], key=lambda c: -c["plays"])]
        removable = [c for c in by_plays if rules.without(c) is not None]
        if removable:
            chosen = removable[:ablation_top]
            data["ablation"] = ablate(
                name, dict(options), specs, rules, chosen, ablation_games, seed, jobs, on_ablation
            )
        else:
            data["ablation"] = {"skipped": f"no {rules.noun} can be removed: {rules.fixed}"}
    return data, records


def _summary(
    name: str,
    options: dict[str, Any],
    specs: Sequence[str],
    games: int,
    seed: int,
    what: str,
    roster: list[str],
    totals: dict[Any, CellTally],
    sample_ids: dict[Any, list[str]],
    jobs: int,
    seconds: float,
) -> dict[str, Any]:
    cells = list(totals.values())
    players = cells[0].players
    seats = [Tally(f"seat {s}") for s in range(players)]
    lengths: Counter[int] = Counter()
    cards: dict[str, CardTally] = {}
    for cell in cells:
        for mine, theirs in zip(seats, cell.seats, strict=True):
            mine.merge(theirs)
        lengths.update(cell.lengths)
        for card, ct in cell.cards.items():
            cards.setdefault(card, CardTally(card)).merge(ct)
    total = sum(c.games for c in cells)
    seat_games = total * players
    seat_wins = sum(t.wins for t in seats)
    data: dict[str, Any] = {
        "format": FORMAT,
        "game": name,
        "options": options_json(options),
        "agents": list(specs),
        "games": games,
        "seed": seed,
        "jobs": jobs,
        "seconds": seconds,
        "total_games": total,
        "mean_length": sum(c.steps for c in cells) / total if total else 0.0,
        "lengths": {str(k): v for k, v in sorted(lengths.items())},
        "seats": [t.to_dict() for t in seats],
        "per_agent": [],
        "matrix": None,
        "cards": [ct.to_dict(seat_games, seat_wins) for ct in sorted(cards.values(), key=lambda ct: ct.card)],
        "ablation": None,
        "samples": {},
    }
    if not what:
        only = cells[0]
        if len(only.agent_tallies) > 1:
            data["per_agent"] = [t.to_dict() for t in only.agent_tallies]
        data["samples"] = {"run": sample_ids.get(None, [])}
        return data
    matrix = []
    for a in roster:
        row = []
        for b in roster:
            row.append(
                {
                    **totals[(a, b)].seats[0].to_dict(),
                    "label": f"{a} vs {b}",
                    "row": a,
                    "col": b,
                    "samples": sample_ids.get((a, b), []),
                }
            )
        matrix.append(row)
    data["matrix"] = {"what": what, "roster": roster, "cells": matrix, "overall": _overall(roster, totals)}
    return data


def _overall(roster: list[str], totals: dict[Any, CellTally]) -> list[dict[str, Any]]:
    """Each row's games against the others, as row and as column (mirror matches left out)."""
    out = []
    for f in roster:
        total = Tally(f)
        for (a, b), cell in totals.items():
            seat0 = cell.seats[0]
            if a == b or f not in (a, b):
                continue
            won, lost = (seat0.wins, seat0.losses) if a == f else (seat0.losses, seat0.wins)
            total.games += seat0.games
            total.wins += won
            total.losses += lost
            total.draws += seat0.draws
        out.append(total.to_dict())
    return out


__all__ = ["FORMAT", "collect", "plan_cells", "sample_id"]
