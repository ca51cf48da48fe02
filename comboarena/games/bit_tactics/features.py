"""Skill puzzles on the map (rulebook "Skills": the puzzles each skill stands for):
a rune door read open with Lore (a failure burns), a boulder pushed with Might
(it rolls one square and crushes whoever stands there), and the slippery slope
tested with Agility as a unit moves (see :mod:`.movement`). A test succeeds when
the skill die exceeds the difficulty ("If the die exceeds the difficulty that use
of the skill succeeds").

The state's ``features`` (a door ``closed`` or ``open``, a boulder's square or
``gone``) are read here, and :func:`use_skill` gives them back changed; the
battle's units may lose HP.
"""

from __future__ import annotations

from collections.abc import Sequence

from comboarena.core import Event

from .battle import Battle
from .maps import BOULDER, CLOSED, DEEP, DOOR, GONE, OPENED, WALL
from .statuses import SKILLS
from .view import EV_SKILL


def skill_targets(b: Battle, u: int, features: Sequence[str]) -> list[tuple[int, int]]:
    """(skill, square) of each puzzle next to ``u``: a closed door, a boulder."""
    board = b.board
    a = b.sq[u]
    out = []
    for f, state in zip(board.map.features, features, strict=True):
        if f.kind == DOOR and state == CLOSED and board.distance(a, f.square) == 1:
            out.append((f.skill, f.square))
        elif f.kind == BOULDER and state != GONE:
            at = board.index[state]
            if board.distance(a, at) == 1:
                out.append((f.skill, at))
    return sorted(out)


def use_skill(b: Battle, u: int, skill: int, t: int, features: tuple[str, ...], events: list[Event]) -> tuple[str, ...]:
    """``u`` tries the puzzle of ``skill`` on square ``t``; returns the features after it."""
    board = b.board
    for i, f in enumerate(board.map.features):
        at = f.square if f.kind == DOOR else board.index.get(features[i], -1)
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
            features = _changed(features, i, OPENED)
            b.place_features(features)
        elif f.damage:
            b.lose_hp(u, f.damage, -1, "runes", events)
        return features
    # A boulder rolls one square away from the one pushing it.
    d = board.direction(b.sq[u], t)
    dest = board.step[d][t]
    if not ok:
        data["effect"] = "it does not budge"
        events.append(Event(EV_SKILL, seat, data))
        return features
    if dest < 0 or board.terrain[dest] == WALL or b.block[dest] >= 0 or board.ht[dest] > board.ht[t]:
        data["effect"] = "it rocks, but there is nowhere for it to roll"
        events.append(Event(EV_SKILL, seat, data))
        return features
    victim = b.occ[dest]
    if victim >= 0:
        data["effect"] = f"it rolls into {b.sheets[victim].build.name}"
        events.append(Event(EV_SKILL, seat, data))
        if b.hp[victim] > 0 and f.damage:
            b.lose_hp(victim, f.damage, u, "boulder", events)
        return features
    if board.terrain[dest] == DEEP:
        features = _changed(features, i, GONE)
        data["effect"] = f"it rolls to {board.name(dest)} and sinks"
    else:
        features = _changed(features, i, board.name(dest))
        data["effect"] = f"it rolls to {board.name(dest)}"
    b.place_features(features)
    events.append(Event(EV_SKILL, seat, data))
    return features


def _changed(features: tuple[str, ...], i: int, state: str) -> tuple[str, ...]:
    return (*features[:i], state, *features[i + 1 :])


__all__ = ["skill_targets", "use_skill"]
