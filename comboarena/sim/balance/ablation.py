"""Card importance by ablation: a fixed agent's win rate with a card removed, against
its win rate with the full game, and the 95% interval of the change.

Removal goes through the game's own options (:meth:`CardRules.without`); both runs
use the same seed, so they deal alike as far as the decks allow.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from comboarena.core import OptionError

from ..report import Tally
from ..stats import wilson
from .cards import CardRules
from .collect import blocks, play_blocks


def difference_interval(a: Tally, b: Tally) -> tuple[float, float]:
    """95% interval of ``a``'s win rate minus ``b``'s (Newcombe's hybrid score method,
    built from the two Wilson intervals; the two runs are independent).

    >>> lo, hi = difference_interval(_t(60, 100), _t(40, 100))
    >>> round(lo, 3), round(hi, 3)
    (0.061, 0.328)
    """
    p1, p2 = a.win_rate, b.win_rate
    l1, u1 = wilson(a.wins, a.games)
    l2, u2 = wilson(b.wins, b.games)
    d = p1 - p2
    return (d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))


def _t(wins: int, games: int) -> Tally:
    return Tally("", games=games, wins=wins, losses=games - wins)


def agent_tally(name: str, options: dict[str, Any], specs: Sequence[str], seed: int, games: int, jobs: int) -> Tally:
    """The first agent's results over ``games`` games (seats rotated)."""
    total = Tally(specs[0])
    for cell in play_blocks(blocks(name, options, specs, seed, games, True, None, 0, jobs), jobs):
        total.merge(cell.agent_tallies[0])
    return total


def ablate(
    name: str,
    options: dict[str, Any],
    specs: Sequence[str],
    rules: CardRules,
    cards: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    on_card: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """The ablation section of the report for ``cards`` (each one the game can remove
    through its options); the agent measured is ``specs[0]`` against ``specs[1]``."""
    if len(specs) < 2 or specs[0] == specs[1]:
        return {"skipped": "ablation measures one agent against another: name two different agents"}
    base = agent_tally(name, options, specs, seed, games, jobs)
    rows: list[dict[str, Any]] = []
    for card in cards:
        removed = rules.without(card)
        if removed is None:
            raise OptionError(f"{card!r} cannot be removed: {rules.fixed}")
        if on_card is not None:
            on_card(card)
        t = agent_tally(name, {**options, **removed}, specs, seed, games, jobs)
        lo, hi = difference_interval(t, base)
        rows.append(
            {
                **t.to_dict(),
                "card": card,
                "options": removed,
                "delta": t.win_rate - base.win_rate,
                "delta_ci95": [lo, hi],
            }
        )
    return {"agent": specs[0], "against": specs[1], "games": games, "baseline": base.to_dict(), "rows": rows}


__all__ = ["ablate", "agent_tally", "difference_interval"]
