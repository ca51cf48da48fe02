"""Rewards: XP and AP by enemy level, the difficulty modifier, rounding, and the
level table (rulebook "Rewards"); in a campaign, what a battle won carries over
to the party (:func:`carry_over`: the state's ``roster``).

>>> award([1, 1, 1, 1], pcs=4), award([1, 1, 1], pcs=6)   # the rulebook's two examples
(4, 2)
>>> level_for(9), level_for(10), level_for(25, table="text")
(1, 2, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from comboarena.core import Event

from .content import pack
from .view import EV_LEVEL_UP

if TYPE_CHECKING:
    from .battle import Battle
    from .campaign import RosterUnit

#: XP (and AP) for defeating an enemy of each level 1-10.
XP_BY_LEVEL = (0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55)
#: The XP a character needs for levels 1-10 (the rulebook's table).
XP_MIN = (0, 0, 10, 40, 100, 200, 350, 560, 840, 1200, 1650)
#: The text's "Once they gain 25XP they advance to level 2" (option xp_table=text).
XP_MIN_TEXT = (0, 0, 25, 40, 100, 200, 350, 560, 840, 1200, 1650)


def enemy_xp(level: int) -> int:
    """XP (and as much AP) for defeating an enemy of ``level``."""
    return XP_BY_LEVEL[max(1, min(level, 10))]


def award(defeated_levels: Sequence[int], pcs: int, enemies: int | None = None) -> int:
    """The XP (and AP) each PC earns: the base award (the defeated enemies' XP) times the
    difficulty modifier (enemies / PCs), rounded normally (halves up)."""
    if pcs <= 0:
        return 0
    base = sum(enemy_xp(lv) for lv in defeated_levels)
    n = len(defeated_levels) if enemies is None else enemies
    # base * n / pcs, halves rounded up, in whole numbers.
    return (2 * base * n + pcs) // (2 * pcs)


def level_for(xp: int, table: str = "table") -> int:
    """The level a character with ``xp`` has reached."""
    mins = XP_MIN_TEXT if table == "text" else XP_MIN
    level = 1
    for lv in range(2, 11):
        if xp >= mins[lv]:
            level = lv
    return level


def carry_over(
    roster: tuple[RosterUnit, ...], b: Battle, each: int, table: str, events: list[Event]
) -> tuple[RosterUnit, ...]:
    """The party after a battle won: ``each`` XP and AP to every member (AP on the job it
    fought as: "AP is specific to the job on which it was earned"), level-ups with the
    stat gains of that job, and the Limit carried on halved."""
    out = []
    order = list(pack().jobs)
    for i, r in enumerate(roster):
        xp = r.xp + each
        ap = dict(r.ap)
        ap[r.job] = ap.get(r.job, 0) + each
        level = level_for(xp, table)
        history = r.history
        for lv in range(r.level + 1, level + 1):
            history = (*history, r.job)
            events.append(Event(EV_LEVEL_UP, None, {"unit": r.name, "level": lv, "job": r.job}))
        limit = b.limit[i] // 2  # "Limit instead is halved after each battle"
        out.append(r._replace(xp=xp, ap=tuple((j, ap[j]) for j in order if ap.get(j)), history=history, limit=limit))
    return tuple(out)


__all__ = ["XP_BY_LEVEL", "XP_MIN", "XP_MIN_TEXT", "award", "carry_over", "enemy_xp", "level_for"]
