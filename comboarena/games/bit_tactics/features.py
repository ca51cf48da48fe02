"""Skill puzzles on the map (rulebook "Skills": the puzzles each skill stands for):
a rune door read open with Lore (a failure burns), a boulder pushed with Might
(it rolls one square and crushes whoever stands there), and the slippery slope
tested with Agility as a unit moves (see :mod:`.movement`). A test succeeds when
the skill die exceeds the difficulty ("If the die exceeds the difficulty that use
of the skill succeeds").
"""

from __future__ import annotations

from comboarena.core import Event

from .battle import Battle
from .maps import BOULDER, DEEP, DOOR, WALL
from .statuses import SKILLS
from .view import EV_SKILL


def skill_targets(b: Battle, u: int) -> list[tuple[int, int]]:
    """(skill, square) of each puzzle next to ``u``: a closed door, a boulder."""
    board = b.board
    a = b.sq[u]
    out = []
    for i, f in enumerate(board.map.features):
        if f.kind == DOOR and b.feat[i] == 1 and board.distance(a, f.square) == 1:
            out.append((f.skill, f.square))
        elif f.kind == BOULDER and b.feat[i] >= 0 and board.distance(a, b.feat[i]) == 1:
            out.append((f.skill, b.feat[i]))
    return sorted(out)


def use_skill(b: Battle, u: int, skill: int, t: int, events: list[Event]) -> None:
    board = b.board
    for i, f in enumerate(board.map.features):
        at = f.square if f.kind == DOOR else b.feat[i]
        if at == t and f.skill == skill:
            break
    else:
        raise ValueError(f"no {SKILLS[skill]} puzzle on {board.name(t)}")
    die = b.sheets[u].skills[skill]
    roll = b.chance.roll(die)
    ok = roll > f.tn
    data = {"unit": u, "skill": SKILLS[skill], "square": board.name(t), "die": die, "roll": roll, "tn": f.tn, "ok": ok}
    seat = b.sheets[u].seat
    if f.kind == DOOR:
        data["effect"] = "the runes glow and the door opens" if ok else "the runes flare and burn"
        events.append(Event(EV_SKILL, seat, data))
        if ok:
            feat = b.feat[:]
            feat[i] = 0
            b.set_features(feat)
        elif f.damage:
            b.lose_hp(u, f.damage, -1, "runes", events)
        return
    # A boulder rolls one square away from the one pushing it.
    d = board.direction(b.sq[u], t)
    dest = board.step[d][t]
    if not ok:
        data["effect"] = "it does not budge"
        events.append(Event(EV_SKILL, seat, data))
        return
    if dest < 0 or board.terrain[dest] == WALL or b.block[dest] >= 0 or board.ht[dest] > board.ht[t]:
        data["effect"] = "it rocks, but there is nowhere for it to roll"
        events.append(Event(EV_SKILL, seat, data))
        return
    victim = b.occ[dest]
    if victim >= 0:
        data["effect"] = f"it rolls into {b.sheets[victim].build.name}"
        events.append(Event(EV_SKILL, seat, data))
        if b.hp[victim] > 0 and f.damage:
            b.lose_hp(victim, f.damage, u, "boulder", events)
        return
    feat = b.feat[:]
    if board.terrain[dest] == DEEP:
        feat[i] = -1
        data["effect"] = f"it rolls to {board.name(dest)} and sinks"
    else:
        feat[i] = dest
        data["effect"] = f"it rolls to {board.name(dest)}"
    b.set_features(feat)
    events.append(Event(EV_SKILL, seat, data))


__all__ = ["skill_targets", "use_skill"]
