"""Scenario set-ups for 16 Bit Tactics: a small map as text, units placed where a
test wants them (with HP, statuses, facing), dice forced like a stacked deck.

``scenario(MAP, [unit(...), ...])`` builds the state from a position; the first
unit listed (or ``first=``) takes the turn. ``state.chance.force(...)`` stacks the
dice the next rolls will show.
"""

from __future__ import annotations

import atexit
import hashlib
import shutil
import tempfile
from pathlib import Path
from typing import Any

import comboarena as ca
from comboarena.games.bit_tactics.units import monster_build, preset_build

_DIR = Path(tempfile.mkdtemp(prefix="bit-tactics-maps-"))
atexit.register(shutil.rmtree, _DIR, ignore_errors=True)

FLAT = """\
title: Flat
6 | 0. 0. 0. 0. 0. 0.
5 | 0. 0. 0. 0. 0. 0.
4 | 0. 0. 0. 0. 0. 0.
3 | 0. 0. 0. 0. 0. 0.
2 | 0. 0. 0. 0. 0. 0.
1 | 0. 0. 0. 0. 0. 0.
deploy 1: a1 b1 c1 d1
deploy 2: a6 b6 c6 d6
"""


def map_file(text: str) -> str:
    """A map file with ``text`` (written once per content), for the ``map`` option."""
    name = hashlib.sha1(text.encode()).hexdigest()[:12] + ".txt"
    path = _DIR / name
    if not path.exists():
        path.write_text(text, encoding="utf-8")
    return str(path)


def unit(
    what: str,
    at: str,
    side: int = 0,
    facing: str = "n",
    level: int = 3,
    hp: int | None = None,
    mp: int | None = None,
    limit: int = 0,
    statuses: list[list[Any]] | None = None,
    items: dict[str, int] | None = None,
    **build: Any,
) -> dict[str, Any]:
    """A unit for :func:`scenario`: a job (at ``level``) or a monster id, on square ``at``."""
    from comboarena.games.bit_tactics.content import pack

    p = pack()
    b = preset_build(what, level) if what in p.jobs else monster_build(what)
    bj = b.to_json()
    bj.update(build)
    return {
        "build": bj,
        "side": side,
        "square": at,
        "facing": facing,
        "hp": hp,
        "mp": mp,
        "limit": limit,
        "statuses": statuses or [],
        "items": items,
    }


def scenario(map_text: str, units: list[dict[str, Any]], first: int = 0, **options: Any) -> Any:
    """The state with ``units`` on the map, ``units[turn]`` to act (round 1)."""
    from comboarena.games.bit_tactics.units import build_from_json, sheet_of

    options.setdefault("party", ("vanguard",))
    options.setdefault("foes", ("vanguard",) if options.get("mode", "versus") == "versus" else ("goblin",))
    game = ca.make("16-bit-tactics", map=map_file(map_text), **options)
    pos = game.new_state(seed=1).position()
    out = []
    names: dict[str, int] = {}
    for i, u in enumerate(units):
        build = build_from_json(u["build"], f"units[{i}]")
        base = build.name
        names[base] = names.get(base, 0) + 1
        if names[base] > 1 or sum(1 for x in units if x["build"]["name"] == base) > 1:
            u["build"] = {**u["build"], "name": f"{base} {names[base]}"}
            build = build_from_json(u["build"], f"units[{i}]")
        side = u["side"]
        sheet = sheet_of(build, side, game.teams[side][0])
        out.append(
            {
                "build": u["build"],
                "side": side,
                "seat": game.teams[side][0],
                "square": u["square"],
                "facing": u["facing"],
                "hp": sheet.hp if u["hp"] is None else u["hp"],
                "mp": sheet.mp if u["mp"] is None else u["mp"],
                "limit": u["limit"],
                "statuses": u["statuses"],
                "items": dict(build.items and _count(build.items)) if u["items"] is None else u["items"],
                "equip": [build.weapon, build.offhand, build.ammo],
            }
        )
    order = [first] + [i for i in range(len(units)) if i != first]
    pos["units"] = out
    pos["queue"] = {"order": order, "at": 0, "extra": [], "current": first, "extra_turn": False, "round": 1}
    pos["turn"] = {"moved": False, "acted": False, "faced": False}
    pos["initiative"] = None
    return game.from_position(pos)


def _count(items: tuple[str, ...]) -> dict[str, int]:
    out: dict[str, int] = {}
    for i in items:
        out[i] = out.get(i, 0) + 1
    return out


def act(state: Any, *moves: str) -> list[Any]:
    """Apply moves for whoever is to act; returns every event."""
    events = []
    for m in moves:
        (seat,) = state.to_act
        events += state.apply(seat, m)
    return events


def kinds(events: list[Any], kind: str) -> list[dict[str, Any]]:
    """The data of the events of ``kind``."""
    return [e.data for e in events if e.kind == kind]


def view_unit(state: Any, index: int) -> dict[str, Any]:
    return state.view(None)["units"][index]


def legal(state: Any) -> list[str]:
    (seat,) = state.to_act
    return [str(a) for a in state.legal_actions(seat)]
