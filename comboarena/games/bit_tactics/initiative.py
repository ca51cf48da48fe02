"""Initiative (rulebook "Initiative"): units are ranked by EVA into Phases
(Base), all of a higher Phase acting before any of a lower one; within a Phase
each rolls its Agility die (Phase), highest first. Spd Up raises a unit's Phase
by 1 and makes its roll the die's maximum. Ties are rolled again among the
tied (option ties=reroll) or keep the units' order (ties=keep).

Changes nothing but the dice: the order it returns and the ``round`` event's
rolls become the state's ``queue`` and ``initiative`` (:mod:`.rounds`).
"""

from __future__ import annotations

from comboarena.core import Event

from .battle import Battle
from .statuses import AGILITY, HASTE, SLOW, SPD_UP
from .view import EV_ROUND


def phase_of(b: Battle, u: int) -> int:
    return b.eva(u) + (1 if b.has(u, SPD_UP) else 0)


def initiative(b: Battle, round_no: int, events: list[Event]) -> tuple[int, ...]:
    """The order of a new round, its rolls in a ``round`` event."""
    hp, sm, sheets, gb = b.hp, b.sm, b.sheets, b.gb
    roll = b.chance.roll
    units = [u for u in range(len(hp)) if hp[u] > 0]
    # (phase_of and _roll inlined: a round of every rollout comes here)
    phase: dict[int, int] = {}
    phases: dict[int, list[int]] = {}  # (no roll changes a Phase)
    for u in units:
        m = sm[u]
        p = sheets[u].eva + gb[u][0] + ((m >> HASTE) & 1) - ((m >> SLOW) & 1) + ((m >> SPD_UP) & 1)
        phase[u] = p
        group = phases.get(p)
        if group is None:
            phases[p] = [u]
        else:
            group.append(u)
    order: list[int] = []
    rolls: dict[int, list[int]] = {}
    for p in sorted(phases, reverse=True):
        group = phases[p]
        score: dict[int, int] = {}
        for u in group:
            die = sheets[u].skills[AGILITY]
            r = die if (sm[u] >> SPD_UP) & 1 else roll(die)
            rolls[u] = [r]
            score[u] = r
        if len(group) == 1:
            order.append(group[0])
            continue
        for _ in range(10 if len(set(score.values())) < len(group) else 0):  # (none if no tie)
            same: dict[int, int] = {}
            for u in group:
                same[score[u]] = same.get(score[u], 0) + 1
            tied = [u for u in group if same[score[u]] > 1]
            if not tied or not b.rules.ties_reroll:
                break
            for u in group:
                score[u] *= 100
            for u in tied:
                score[u] += _roll(b, u, rolls)
        order += sorted(group, key=lambda u: (-score[u], u))
    events.append(
        Event(
            EV_ROUND,
            None,
            {
                "round": round_no,
                "order": order,
                "phases": [[u, phase[u]] for u in units],
                "rolls": [[u, rolls[u]] for u in units],
            },
        )
    )
    return tuple(order)


def _roll(b: Battle, u: int, rolls: dict[int, list[int]]) -> int:
    die = b.sheets[u].skills[AGILITY]
    r = die if b.has(u, SPD_UP) else b.chance.roll(die)
    rolls[u].append(r)
    return r


__all__ = ["initiative", "phase_of"]
