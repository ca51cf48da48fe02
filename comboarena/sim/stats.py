"""Statistics for self-play reports (pure Python: no numpy needed for these)."""

from __future__ import annotations

import math
from statistics import NormalDist

#: Deals needed before the spread between deals is trusted to narrow an interval.
MIN_DEALS = 30


def wilson(successes: float, n: float, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a proportion.

    >>> lo, hi = wilson(60, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.502, 0.691)
    """
    if n <= 0:
        return (0.0, 1.0)
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def effective_games(wins: int, games: int, deal_size: int, deals: int, deal_squares: int) -> float:
    """How many independent games paired games are worth, for a win rate's interval.

    Paired games come in deals of ``deal_size`` games (one deal from every seat
    assignment), so they are not independent: the win rate's variance is the spread of
    the per-deal win rates over the deals. ``deal_squares`` is the sum over deals of
    (wins in the deal) squared. The effective number is the number of independent games
    with that variance (the games over the design effect); it is capped at
    ``deal_size`` times the games, and the games themselves are used until
    :data:`MIN_DEALS` deals are in or while the rate is 0 or 1 (no spread to measure).

    Every deal split evenly (the seat, not the agent, decides): far more than the games.

    >>> effective_games(40, 80, 2, 40, 40) == 160
    True
    >>> effective_games(40, 80, 2, 40, 80)  # each deal won twice or not at all
    39.0
    """
    if deal_size <= 1 or deals < MIN_DEALS or wins in (0, games):
        return float(games)
    p = wins / games
    mean_sq = deal_squares / (deal_size * deal_size) / deals
    spread = max(0.0, (mean_sq - p * p) * deals / (deals - 1))  # sample variance of a deal's win rate
    cap = float(games * deal_size)
    return cap if spread == 0 else min(cap, deals * p * (1 - p) / spread)
