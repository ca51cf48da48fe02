"""Combo Fighter's judgement of a match in progress, for searches that stop their
rollouts early (``ismcts:cutoff=N``, ``FighterState.estimate``).

The deck is the life bar (rulebook: "your deck is also your life bar"): a
fighter's life is the cards in its hand and deck, less the damage it still owes,
plus the Staggering Card while it has not been turned (a Staggering fighter is
knocked out by the next damage). The team whose fighter in the ring has more life
is the likelier to win the fight, in proportion: ``life_a / (life_a + life_b)``
(of ``(life_a / (life_a + life_b))^k`` for k from 0.5 to 6, k = 1 fitted best the
fights of 60 matches of the heuristic against itself, 1466 positions). The match
is then best of ``best_of`` from the fights won, the fights after this one even.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .fields import FighterSeat
    from .state import FighterState


def life(f: FighterSeat) -> int:
    """Damage the fighter can still take before it is knocked out (0: knocked out)."""
    if f.ko:
        return 0
    return max(0, len(f.hand) + len(f.deck) - f.damage + (not f.staggering))


def fight_odds(a: int, b: int) -> float:
    """The chance that the fighter with life ``a`` wins the fight against one with ``b``.

    >>> fight_odds(15, 5), fight_odds(7, 7), fight_odds(0, 3)
    (0.75, 0.5, 0.0)
    """
    if a + b == 0:
        return 0.5
    return a / (a + b)


@cache
def match_odds(need_a: int, need_b: int, p: float) -> float:
    """The chance that team A wins the match when it needs ``need_a`` more fights and
    team B ``need_b``, A winning this fight with chance ``p`` and later ones with 1/2.

    >>> match_odds(1, 1, 0.8), match_odds(2, 2, 0.5), match_odds(1, 2, 0.5)
    (0.8, 0.5, 0.75)
    """
    if need_a <= 0:
        return 1.0
    if need_b <= 0:
        return 0.0
    return p * match_odds(need_a - 1, need_b, 0.5) + (1 - p) * match_odds(need_a, need_b - 1, 0.5)


def estimate(s: FighterState) -> tuple[float, ...] | None:
    """Each seat's expected return (its team's chance to win the match, times 2, less 1);
    None once the match is over (its result counts)."""
    if s.is_over:
        return None
    g = s.game
    a, b = (life(s.fighters[seat]) for seat in s.ring)
    need = g.best_of // 2 + 1
    wins_a, wins_b = s.wins
    # A drawn match after best_of fights goes on one fight at a time.
    need_a, need_b = max(1, need - wins_a), max(1, need - wins_b)
    lead = 2.0 * match_odds(need_a, need_b, fight_odds(a, b)) - 1.0
    return tuple(lead if g.team[seat] == 0 else -lead for seat in range(g.players))


__all__ = ["estimate", "fight_odds", "life", "match_odds"]
