"""What a Check is worth to the actor, for ``16-combos.heuristic``.

Everything is counted in one currency, **pairs**: the game ends on the most
pairs in play, then on the higher total value (``docs/rules/16-combos.md``,
Winning), so a pair is 1 and a point of value is :data:`POINT`. A Check with
difference ``d`` against a target value ``v`` gains the actor:

- Defeated: the pair and its value (``1 + POINT * v``; a Passive combo
  defeats nothing, a Grapple only holds the pair), plus what the combo brings
  (:data:`COMBO_BONUS`: an extra turn, a stolen pair, an incapacitated enemy);
- Damaged: ``DAMAGE * d`` (Passive: nothing), or the whole pair when the damage
  takes it to 0;
- Missed: nothing;
- Critical Failure: minus the actor's reaction, the action's value under
  Recovery (the target adds it to the pair, up to 14) and, when the target
  can still react, what the target's Counter (its defense value against the
  actor's defense value) would gain it.

The value of a hidden pair comes from :func:`placed_prior`: the deal-deck
cards this seat has not seen, mixed with where an owner who places its values
low to high (as this heuristic does) would have put them.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from math import comb

from .cards import MAX_VALUE
from .combos import GRAPPLE, NAMES, PASSIVE, TAGS

#: A point of value, in pairs: level pairs are decided by total value, and damage softens a pair for later.
POINT = 0.05
#: A point of damage: a point of value, and a pair that is easier to defeat later.
DAMAGE = 0.06
#: What losing one's reaction for the rest of the round costs, at least.
REACTION = 0.003
#: What each combo brings besides the defeated pair, in pairs.
COMBO_BONUS = {
    "Poison": 0.25, "Hire Assassin": 0.6, "Throw": 0.3, "Insight": 0.05,
    "Scavenge": 0.3, "Bribe": -0.1, "Steal": 1.0, "Snipe": 0.1,
    "Defend": 0.15, "Hire Guard": 0.1, "Grapple": 0.6, "Stealth": 0.1,
    "Adrenaline": 0.2, "Consultation": 0.3, "Shove": 0.3, "Dodge": 0.1,
}  # fmt: skip
_BONUS = tuple(COMBO_BONUS[n] for n in NAMES)
#: Whether a defeat takes the pair off the table (Passive combos do not; a Grapple only holds it).
_TAKES = tuple(PASSIVE not in TAGS[n] and n != GRAPPLE for n in range(16))
_DAMAGES = tuple(PASSIVE not in TAGS[n] for n in range(16))

Dist = dict[int, float]


def check_gain(diff: int, value: int, combo: int) -> float:
    """What a Check with difference ``diff`` (action minus target) against a pair of
    ``value`` gains the actor, before a critical failure's cost (0 then)."""
    if diff >= 6:
        return (1.0 + POINT * value if _TAKES[combo] else 0.0) + _BONUS[combo]
    if diff >= 1 and _DAMAGES[combo]:
        if diff >= value:  # damage to 0 or less defeats the pair (no combo)
            return 1.0 + POINT * value
        return DAMAGE * diff
    return 0.0


def counter_loss(counter: Dist, mine: int, combo: int) -> float:
    """What a Counter with values ``counter`` against one's defense value ``mine`` is
    expected to cost; the counterer counters only where it gains."""
    return sum(p * check_gain(v - mine, mine, combo) for v, p in counter.items())


def gains(
    actions: Iterable[int],
    targets: Dist,
    combo: int,
    reaction: float,
    counter: Dist | None,
    mine: int,
    counter_combo: int,
    recovery: bool = False,
) -> dict[int, float]:
    """Expected gain of a Check for each action value in ``actions``, on a pair whose value is
    ``targets`` and whose owner may Counter: ``counter`` is the distribution of the owner's
    defense value (``None``: it cannot counter; ``targets`` itself when the target is the
    defense pair) against ``mine``; a critical failure also costs ``reaction`` and, under
    Recovery, the action's value, which the target is taken to add to the target pair (as
    this heuristic does with its defense pair), up to Maximum Value."""
    same = counter is targets
    fixed = reaction + (counter_loss(counter, mine, counter_combo) if counter is not None and not same else 0.0)
    lost = {v: fixed + check_gain(v - mine, mine, counter_combo) for v in targets} if same else None
    # check_gain spelled out (the innermost loop of every decision): the same sums, term by term
    takes, bonus, damages = _TAKES[combo], _BONUS[combo], _DAMAGES[combo]
    items = tuple(targets.items())
    out: dict[int, float] = {}
    for a in actions:
        g = 0.0
        for v, pv in items:
            d = a - v
            if d <= -6:
                recovered = POINT * min(a, MAX_VALUE - v) if recovery else 0.0
                g -= pv * ((lost[v] if lost is not None else fixed) + recovered)
            elif d >= 6:
                g += pv * ((1.0 + POINT * v if takes else 0.0) + bonus)
            elif d >= 1 and damages:
                g += pv * (1.0 + POINT * v if d >= v else DAMAGE * d)
            # a miss adds pv * 0.0: nothing (g is never -0.0)
        out[a] = g
    return out


@lru_cache(maxsize=4096)
def _order_statistic(counts: tuple[int, ...], rank: int, draws: int) -> tuple[float, ...]:
    """P(the ``rank``-th smallest (0-based) of ``draws`` cards drawn without replacement
    from a pool holding ``counts[i]`` cards of value ``i`` is ``i``)."""
    n = sum(counts)
    if draws > n or rank >= draws:
        return tuple(0.0 for _ in counts)
    total = comb(n, draws)
    below = 0
    cdf_prev = 0.0
    out = []
    for c in counts:
        below += c
        # P(X_(rank) <= i) = P(at least rank + 1 of the draws are <= i)
        cdf = sum(comb(below, k) * comb(n - below, draws - k) for k in range(rank + 1, draws + 1)) / total
        out.append(max(cdf - cdf_prev, 0.0))
        cdf_prev = cdf
    return tuple(out)


#: How much a hidden value is taken to be where a low-to-high placement puts it.
PLACED = 0.5


def placed_prior(pool: dict[int, int], rank: int, draws: int) -> Dist:
    """The value of a hidden dealt card: the unseen cards ``pool`` (value -> count), mixed
    (:data:`PLACED`) with the ``rank``-th smallest of ``draws`` of them (rank -1: no placement)."""
    n = sum(pool.values())
    if not n:
        return {}
    flat = {v: k / n for v, k in pool.items() if k}
    if rank < 0 or rank >= draws:
        return flat
    top = max(pool)
    counts = tuple(pool.get(v, 0) for v in range(top + 1))
    stat = _order_statistic(counts, rank, draws)
    if not any(stat):
        return flat
    return {v: (1 - PLACED) * flat.get(v, 0.0) + PLACED * stat[v] for v in range(top + 1) if pool.get(v)}


__all__ = [
    "COMBO_BONUS",
    "DAMAGE",
    "PLACED",
    "POINT",
    "REACTION",
    "check_gain",
    "counter_loss",
    "gains",
    "placed_prior",
]
