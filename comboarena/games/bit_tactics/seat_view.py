"""What a seat sees of a game of 16 Bit Tactics: everything (nothing is hidden), as
:class:`~.view.TacticsView` names it, with numbers worked out for clients (each
unit's stats under its statuses and shield) and, for the seat to act, the odds
of its attacks and why it cannot Fight the foes out of its reach.

A view holds every field of a position (:mod:`.determinize` reads it back).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .battle import Battle
from .fields import FACING, initiative_json, status_json
from .odds import fight_refusals
from .units import MONSTER, Sheet
from .view import BATTLE

if TYPE_CHECKING:
    from .state import TacticsState


def view_of(state: TacticsState, seat: int | None) -> dict[str, Any]:
    """The whole game as every seat sees it, with derived numbers for clients."""
    game = state.game
    b = state.units
    q = state.queue
    t = state.turn
    v: dict[str, Any] = {
        "game": game.name,
        "seat": seat,
        "mode": game.mode,
        "to_act": list(state.to_act),
        "phase": str(state.phase),
        "battle": state.battle_index,
        "map": game.maps[min(state.battle_index, len(game.maps) - 1)].id,
        "round": q.round if q is not None else 0,
        "queue": q.to_json() if q is not None else None,
        "turn": {"moved": t.moved, "acted": t.acted, "faced": t.faced},
        "initiative": initiative_json(state.initiative),
    }
    if b is None:
        v["units"] = []
        v["features"] = []
    else:
        names, sq, face, hp, mp, limit = b.board.names, b.sq, b.face, b.hp, b.mp, b.limit
        st, inv, eq = b.st, b.inv, b.eq
        units = []
        for u, s in enumerate(b.sheets):
            head, build, lists = _head(u, s)
            build = build.copy()
            for k in lists:
                build[k] = build[k][:]
            h = hp[u]
            statuses = st[u]
            # (``build`` keeps its place in the head's order)
            units.append(
                {
                    **head,
                    "build": build,
                    "square": names[sq[u]],
                    "facing": FACING[face[u]],
                    "hp": h,
                    "mp": mp[u],
                    "limit": limit[u],
                    "ko": h <= 0,
                    "statuses": [status_json(y) for y in statuses] if statuses else [],
                    "items": dict(inv[u]),
                    "equip": list(eq[u]),
                    "stats": _stats(b, u),
                }
            )
        v["units"] = units
        v["features"] = list(state.features)
    v["roster"] = [r.to_json() for r in state.roster]
    v["camp_seat"] = state.camp_seat
    v["winner"] = state.winner
    v["reason"] = state.reason
    v["rewards"] = dict(state.rewards) if state.rewards is not None else None
    v["over"] = state.is_over
    if seat is not None and state.phase is BATTLE and seat in state.to_act:
        v["odds"] = state.odds_for_view()
        v["refused"] = fight_refusals(state)
    if state.is_over:
        v["result"] = state.result().to_dict()
    return v


#: Per unit and stat block: the unit's fields that follow from its sheet alone (``build``
#: left to fill), its build's JSON and which of that JSON's values are lists (each view
#: gets its own copies).
_HEADS: dict[tuple[int, int], tuple[Sheet, dict[str, Any], dict[str, Any], tuple[str, ...]]] = {}
#: A unit's numbers by its stat block, statuses and shield.
_STATS: dict[tuple[int, int, tuple[int, ...]], tuple[Sheet, dict[str, int]]] = {}
CACHE = 50_000


def _head(u: int, s: Sheet) -> tuple[dict[str, Any], dict[str, Any], tuple[str, ...]]:
    got = _HEADS.get((u, id(s)))
    if got is None or got[0] is not s:  # (a sheet's id is its own while the entry keeps it)
        build = s.build.to_json()
        head = {
            "id": u,
            "name": s.build.name,
            "title": s.title,
            "kind": "monster" if s.kind == MONSTER else "pc",
            "level": s.level,
            "build": None,
            "side": s.side,
            "seat": s.seat,
        }
        if len(_HEADS) > CACHE:
            _HEADS.clear()
        got = _HEADS[(u, id(s))] = (s, head, build, tuple(k for k, v in build.items() if isinstance(v, list)))
    return got[1], got[2], got[3]


def _stats(b: Battle, u: int) -> dict[str, int]:
    """The unit's numbers with its statuses and shield (the same for the same sheet, statuses, shield)."""
    s = b.sheets[u]
    key = (id(s), b.sm[u], b.gb[u])
    got = _STATS.get(key)
    if got is None or got[0] is not s:
        # Its own defences: Bravery and Faith lower a foe's, never the holder's.
        d2, d = b.defs(u)
        md2, md = b.mdefs(u)
        stats = {
            "hp_max": s.hp,
            "mp_max": s.mp,
            "atk": s.atk,
            "matk": s.matk,
            "dmg": b.dmg(u),
            "mdmg": b.mdmg(u),
            "eva": b.eva(u),
            "def": d,
            "def2": d2,
            "meva": b.meva(u),
            "mdef": md,
            "mdef2": md2,
            "mov": b.mov(u),
            "jump": s.jump,
            "might": s.skills[0],
            "agility": s.skills[1],
            "lore": s.skills[2],
            "charm": s.skills[3],
        }
        if len(_STATS) > CACHE:
            _STATS.clear()
        got = _STATS[key] = (s, stats)
    return dict(got[1])


__all__ = ["view_of"]
