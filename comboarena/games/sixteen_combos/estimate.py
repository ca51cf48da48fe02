"""16 Combos' judgement of a game in progress, for searches that stop their rollouts
early (``ismcts:cutoff=N``, ``ComboState.estimate``).

It counts what Winning counts (``defeat.finish``; ``docs/rules/16-combos.md``): the
pairs in play of each side's characters still in the game, then their total value.
A side's strength is its pairs plus half its total value counted in average pairs
(the value of all pairs in play over their number), and its chance to win is its
share of the squared strengths: a side left with no pair has none, two sides alike
have even chances. A seat's estimate is twice its side's chance, less 1, the scale
of the returns (+1 for the winners, -1 for the rest), so the estimates of all seats
add up as a decided game's returns do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .defeat import side_totals

if TYPE_CHECKING:
    from .state import ComboState

#: Weight of the total value against the count of pairs (the tie-break of Winning).
VALUE_WEIGHT = 0.5


def win_shares(pairs: list[int], total: list[int]) -> list[float]:
    """Each side's chance to win, from its pairs and their total value.

    >>> win_shares([3, 3], [20, 20])
    [0.5, 0.5]
    >>> [round(x, 3) for x in win_shares([4, 2], [24, 12])]
    [0.8, 0.2]
    >>> win_shares([2, 0], [9, 0])
    [1.0, 0.0]
    """
    count, value = sum(pairs), sum(total)
    average = value / count if count and value > 0 else 1.0
    strength = [(n + VALUE_WEIGHT * max(v, 0) / average) ** 2 if n else 0.0 for n, v in zip(pairs, total, strict=True)]
    whole = sum(strength)
    if not whole:
        return [1.0 / len(pairs)] * len(pairs)
    return [x / whole for x in strength]


def estimate(s: ComboState) -> tuple[float, ...] | None:
    """Each seat's expected return from its side's chance to win; None once the game is over."""
    if s.outcome is not None:
        return None
    shares = win_shares(*side_totals(s))
    seat_side = s.game.seat_side
    return tuple(2.0 * shares[seat_side[seat]] - 1.0 for seat in range(s.game.players))


__all__ = ["VALUE_WEIGHT", "estimate", "win_shares"]
