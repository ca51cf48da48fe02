"""16 Bit Tactics' positions and views: the whole game as JSON, read back strictly.

Nothing is hidden, so a view holds every field of the position (plus derived
numbers for clients) and a determinization is the view's state with a fresh
generator: only the future dice differ.

Fields (after the shared envelope): ``phase`` (battle, camp, over), ``battle``
(which battle of a campaign), ``queue`` (the turn queue: this round's
``order``, ``at``, inserted ``extra`` turns, ``current``, ``round``),
``turn`` (``moved``, ``acted``, ``faced``), ``initiative`` (this round's
rolls), ``units`` (each unit's build, side, seat, square, facing, HP, MP,
Limit, statuses, items and equipment), ``features`` (each map feature: a door
``closed``/``open``, a boulder's square or ``gone``, a slope), ``roster`` (a
campaign's party between battles), ``camp_seat``, ``winner``, ``reason`` and
``rewards``. Scenario tests build positions with units, statuses and terrain
of their choosing (``tests/rules/bit_tactics/helpers.py``).

>>> import comboarena as ca
>>> g = ca.make("16-bit-tactics")
>>> s = g.new_state(seed=3)
>>> g.from_position(s.position()).view(0) == s.view(0)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from comboarena.core import Chance, Fields, PositionError, TurnQueue

from .battle import Battle
from .board import Profile
from .campaign import roster_from_json
from .combat import shield_bonus
from .content import ELEMENTS, pack
from .maps import BOULDER, DOOR
from .statuses import NAMES, STATUS_IDS, Status
from .units import MONSTER, BuildError, build_from_json, sheet_of
from .view import EventKind, Phase

if TYPE_CHECKING:
    from .game import BitTactics
    from .state import TacticsState

_FACING = "nesw"


def _feature_json(b: Battle) -> list[str]:
    out = []
    for f, v in zip(b.board.map.features, b.feat, strict=True):
        if f.kind == DOOR:
            out.append("closed" if v == 1 else "open")
        elif f.kind == BOULDER:
            out.append(b.board.name(v) if v >= 0 else "gone")
        else:
            out.append("slope")
    return out


def unit_json(b: Battle, u: int) -> dict[str, Any]:
    s = b.sheets[u]
    return {
        "build": s.build.to_json(),
        "side": s.side,
        "seat": s.seat,
        "square": b.board.names[b.sq[u]],
        "facing": _FACING[b.face[u]],
        "hp": b.hp[u],
        "mp": b.mp[u],
        "limit": b.limit[u],
        "statuses": [[NAMES[x.kind], x.turns, x.die, x.caster, x.amount, ELEMENTS[x.element]] for x in b.st[u]],
        "items": dict(b.inv[u]),
        "equip": list(b.eq[u]),
    }


def battle_json(b: Battle) -> dict[str, Any]:
    return {"units": [unit_json(b, u) for u in b.units], "features": _feature_json(b)}


def _queue_json(state: TacticsState) -> dict[str, Any] | None:
    return state._queue.to_json() if state._queue is not None else None


def _initiative(init: dict[str, Any] | None) -> dict[str, Any] | None:
    """A fresh copy of a round's initiative record (views and positions never share the state's)."""
    if init is None:
        return None
    return {
        "round": init["round"],
        "order": list(init["order"]),
        "phases": [list(x) for x in init["phases"]],
        "rolls": [[u, list(r)] for u, r in init["rolls"]],
    }


def position_of(state: TacticsState) -> dict[str, Any]:
    b = state._b
    return {
        "phase": str(_PHASES[state._phase]),
        "battle": state._battle,
        "queue": _queue_json(state),
        "turn": {"moved": state._moved, "acted": state._acted, "faced": state._faced},
        "initiative": _initiative(state._init),
        **(battle_json(b) if b is not None else {"units": [], "features": []}),
        "roster": [r.to_json() for r in state._roster],
        "camp_seat": state._camp_seat,
        "winner": state._winner,
        "reason": state._reason,
        "rewards": dict(state._rewards) if state._rewards is not None else None,
    }


_PHASES = (Phase.BATTLE, Phase.CAMP, Phase.OVER)


def view_of(state: TacticsState, seat: int | None) -> dict[str, Any]:
    """The whole game as every seat sees it, with derived numbers for clients."""
    from .odds import fight_refusals

    game = state.game
    b = state._b
    q = state._queue
    v: dict[str, Any] = {
        "game": game.name,
        "seat": seat,
        "mode": game.mode,
        "to_act": list(state.to_act),
        "phase": str(_PHASES[state._phase]),
        "battle": state._battle,
        "map": game.maps[min(state._battle, len(game.maps) - 1)].id,
        "round": q.round if q is not None else 0,
        "queue": q.to_json() if q is not None else None,
        "turn": {"moved": state._moved, "acted": state._acted, "faced": state._faced},
        "initiative": _initiative(state._init),
    }
    if b is None:
        v["units"] = []
        v["features"] = []
    else:
        names = b.board.names
        units = []
        for u, s in enumerate(b.sheets):
            units.append(
                {
                    "id": u,
                    "name": s.build.name,
                    "title": s.title,
                    "kind": "monster" if s.kind == MONSTER else "pc",
                    "level": s.level,
                    "build": s.build.to_json(),
                    "side": s.side,
                    "seat": s.seat,
                    "square": names[b.sq[u]],
                    "facing": _FACING[b.face[u]],
                    "hp": b.hp[u],
                    "mp": b.mp[u],
                    "limit": b.limit[u],
                    "ko": b.hp[u] <= 0,
                    "statuses": [
                        [NAMES[x.kind], x.turns, x.die, x.caster, x.amount, ELEMENTS[x.element]] for x in b.st[u]
                    ],
                    "items": dict(b.inv[u]),
                    "equip": list(b.eq[u]),
                    "stats": _stats(b, u),
                }
            )
        v["units"] = units
        v["features"] = _feature_json(b)
    v["roster"] = [r.to_json() for r in state._roster]
    v["camp_seat"] = state._camp_seat
    v["winner"] = state._winner
    v["reason"] = state._reason
    v["rewards"] = dict(state._rewards) if state._rewards is not None else None
    v["over"] = state.is_over
    if seat is not None and state._phase == 0 and seat in state.to_act:
        v["odds"] = state.odds()
        v["refused"] = fight_refusals(state)
    if state.is_over:
        v["result"] = state.result().to_dict()
    return v


_STATS: dict[tuple[Any, ...], dict[str, int]] = {}


def _stats(b: Battle, u: int) -> dict[str, int]:
    """The unit's numbers with its statuses and shield (the same for the same sheet, statuses, shield)."""
    s = b.sheets[u]
    key = (s, b.sm[u], b.gb[u])
    got = _STATS.get(key)
    if got is None:
        # Its own defences: Bravery and Faith lower a foe's, never the holder's.
        d2, d = b.defs(u)
        md2, md = b.mdefs(u)
        got = {
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
        if len(_STATS) > 50_000:
            _STATS.clear()
        _STATS[key] = got
    return dict(got)


# -- reading --------------------------------------------------------------------------------


def read_position(game: BitTactics, f: Fields, chance: Chance) -> Any:
    """A state from a position's fields (strict: unknown fields and bad values are refused)."""
    data = {k: f.get(k) for k in _FIELDS}
    return _build(game, data, chance, strict=True)


_FIELDS = (
    "phase",
    "battle",
    "queue",
    "turn",
    "initiative",
    "units",
    "features",
    "roster",
    "camp_seat",
    "winner",
    "reason",
    "rewards",
)


def state_from_view(game: BitTactics, view: dict[str, Any], chance: Chance) -> Any:
    """The state a view shows (every field of a position is in it)."""
    if view.get("game") != game.name:
        raise PositionError(f"this view is of {view.get('game')!r}, not {game.name!r}")
    if view["phase"] == "battle" and view["units"]:
        return _fast(game, view, chance)
    return _build(game, {k: view[k] for k in _FIELDS}, chance, strict=False)


def _fast(game: BitTactics, view: dict[str, Any], chance: Chance) -> Any:
    """:func:`state_from_view` for a battle view of this engine (not re-checked field by field)."""
    from .state import BATTLE, TacticsState, make_battle

    battle = view["battle"]
    board = game.boards[battle]
    index = board.index
    units = view["units"]
    sheets = tuple(sheet_of(build_from_json(x["build"], "view.units"), x["side"], x["seat"]) for x in units)
    b = make_battle(
        game,
        board,
        sheets,
        [index[x["square"]] for x in units],
        [_FACING.index(x["facing"]) for x in units],
        chance,
        [x["limit"] for x in units],
    )
    b.hp = [x["hp"] for x in units]
    b.mp = [x["mp"] for x in units]
    for u, x in enumerate(units):
        if x["statuses"]:
            b.set_statuses(
                u, tuple(Status(STATUS_IDS[y[0]], y[1], y[2], y[3], y[4], ELEMENTS.index(y[5])) for y in x["statuses"])
            )
    b.inv = [tuple(x["items"].items()) for x in units]
    b.eq = [tuple(x["equip"]) for x in units]  # type: ignore[misc]
    b.gb = [shield_bonus(e[1]) for e in b.eq]
    b.set_features(_features(view["features"], board))
    s = TacticsState.__new__(TacticsState)
    s.game = game
    s._chance = chance
    s._deck = None
    s._start = None
    s._log = []
    s._phase = BATTLE
    s._battle = battle
    s._legal = None
    s._odds = None
    s._init = dict(view["initiative"]) if view["initiative"] is not None else None
    s._roster = tuple(roster_from_json(r, "view.roster", game.xp_table) for r in view["roster"])
    s._camp_seat = view["camp_seat"]
    s._winner = view["winner"]
    s._reason = view["reason"]
    s._rewards = dict(view["rewards"]) if view["rewards"] is not None else None
    t = view["turn"]
    s._moved, s._acted, s._faced = t["moved"], t["acted"], t["faced"]
    s._b = b
    s._queue = TurnQueue.from_json(view["queue"], "view.queue", len(sheets))
    return s


def _build(game: BitTactics, d: dict[str, Any], chance: Chance, strict: bool) -> Any:
    from .state import BATTLE, CAMP, DRAW, NO_WINNER, OVER, TacticsState, make_battle

    phases = {"battle": BATTLE, "camp": CAMP, "over": OVER}
    if d["phase"] not in phases:
        raise PositionError(f"position.phase must be battle, camp or over, got {d['phase']!r}")
    phase = phases[d["phase"]]
    battle = _int(d["battle"], "position.battle", 0, len(game.maps) - 1)
    s = TacticsState.__new__(TacticsState)
    s.game = game
    s._chance = chance
    s._deck = None
    s._start = None
    s._log = []
    s._phase = phase
    s._battle = battle
    s._legal = None
    s._odds = None
    s._init = d["initiative"] if d["initiative"] is None else dict(d["initiative"])
    if s._init is not None and not isinstance(d["initiative"], dict):
        raise PositionError("position.initiative must be an object (a round's rolls) or null")
    try:
        s._roster = tuple(
            roster_from_json(r, f"position.roster[{i}]", game.xp_table)
            for i, r in enumerate(_list(d["roster"], "position.roster"))
        )
    except BuildError as exc:
        raise PositionError(str(exc)) from None
    if (game.campaign is None) != (not s._roster):
        raise PositionError("position.roster lists the party of a campaign (mode=campaign), and only then")
    s._camp_seat = _int(d["camp_seat"], "position.camp_seat", 0, max(0, game.players - 2))
    s._winner = _int(d["winner"], "position.winner", DRAW, 1)
    if not isinstance(d["reason"], str):
        raise PositionError("position.reason must be a text")
    s._reason = d["reason"]
    if d["rewards"] is not None and not isinstance(d["rewards"], dict):
        raise PositionError("position.rewards must be an object or null")
    s._rewards = dict(d["rewards"]) if d["rewards"] is not None else None
    turn = d["turn"]
    if (
        not isinstance(turn, dict)
        or set(turn) != {"moved", "acted", "faced"}
        or not all(isinstance(turn[k], bool) for k in turn)
    ):
        raise PositionError("position.turn must be {moved, acted, faced}, each true or false")
    s._moved, s._acted, s._faced = turn["moved"], turn["acted"], turn["faced"]
    units = _list(d["units"], "position.units")
    if phase == CAMP:
        if units or d["queue"] is not None:
            raise PositionError("at camp (phase camp) there is no battle: units must be [] and queue null")
        s._b = None
        s._queue = None
        return s
    if not units:
        raise PositionError("position.units must list the units of the battle")
    board = game.boards[battle]
    sheets = []
    squares, facing, hp, mp, limit, statuses, inv, eq = [], [], [], [], [], [], [], []
    names = set()
    for i, raw in enumerate(units):
        where = f"position.units[{i}]"
        uf = Fields(raw, where)
        try:
            build = build_from_json(uf.get("build"), f"{where}.build")
        except BuildError as exc:
            raise PositionError(str(exc)) from None
        if build.name in names:
            raise PositionError(f"{where}.build.name: two units are called {build.name!r}")
        names.add(build.name)
        side = uf.number("side", 0, 1)
        seat = uf.number("seat", 0, game.players - 1)
        if seat not in game.teams[side]:
            raise PositionError(
                f"{where}.seat: seat {seat} does not play for side {side} (its seats: {game.teams[side]})"
            )
        sheet = sheet_of(build, side, seat)
        sheets.append(sheet)
        sq = board.index.get(uf.get("square")) if isinstance(uf.get("square"), str) else None
        if sq is None:
            raise uf.error("square", f"must be a square of the map (a1-{board.map.corner}), got {raw.get('square')!r}")
        squares.append(sq)
        facing.append(_FACING.index(uf.text("facing", tuple(_FACING))))
        hp.append(uf.number("hp", 0, sheet.hp))
        mp.append(uf.number("mp", 0, sheet.mp))
        limit.append(uf.number("limit", 0, 20))
        statuses.append(_statuses(uf.seq("statuses"), f"{where}.statuses", len(units)))
        inv.append(_items(uf.get("items"), f"{where}.items"))
        e = uf.seq("equip", 3)
        if not all(isinstance(x, str) for x in e):
            raise uf.error("equip", "must be [weapon, offhand, ammo] (ids, '' for none)")
        eq.append((e[0], e[1], e[2]))
        if strict:
            uf.done()
    seen: dict[int, int] = {}
    for u, sq in enumerate(squares):
        if sq in seen:
            raise PositionError(f"position.units[{u}] stands on {board.name(sq)} with units[{seen[sq]}]")
        seen[sq] = u
    b = make_battle(game, board, tuple(sheets), squares, facing, chance, limit)
    b.hp, b.mp = hp, mp
    for u, st in enumerate(statuses):
        if hp[u] <= 0 and st:
            raise PositionError(f"position.units[{u}] has fallen (hp 0) but keeps statuses")
        b.set_statuses(u, st)
    b.inv = inv
    b.eq = eq
    b.gb = [shield_bonus(e[1]) for e in eq]
    b.set_features(_features(d["features"], board))
    for u, sq in enumerate(squares):
        if b.block[sq] >= 0 or board.enter_cost(sq, _ANY) < 0:
            raise PositionError(f"position.units[{u}] stands on {board.name(sq)}, where nobody can stand")
    s._b = b
    q = d["queue"]
    if q is None:
        if phase == BATTLE:
            raise PositionError("position.queue must give the turn order during a battle")
        s._queue = None
    else:
        s._queue = TurnQueue.from_json(q, "position.queue", len(sheets))
        if phase == BATTLE and hp[s._queue.current] <= 0:
            raise PositionError("position.queue.current is a fallen unit; it cannot take a turn")
    if phase == OVER and s._winner == NO_WINNER:
        raise PositionError("position.winner must name the side that won (or -2: a draw) once over")
    if phase != OVER and s._winner != NO_WINNER:
        raise PositionError("position.winner is -1 until the game is over")
    return s


_ANY = Profile(True, True, 9, True)


def _is_square(board: Any, value: Any) -> bool:
    if not isinstance(value, str):
        return False
    try:
        board.map.square(value)
    except ValueError:
        return False
    return True


def _int(value: Any, where: str, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise PositionError(f"{where} must be a whole number from {lo} to {hi}, got {value!r}")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise PositionError(f"{where} must be a list")
    return value


def _statuses(raw: list[Any], where: str, units: int) -> tuple[Status, ...]:
    out = []
    kinds = set()
    for i, x in enumerate(raw):
        ok = (
            isinstance(x, list)
            and len(x) == 6
            and x[0] in STATUS_IDS
            and x[5] in ELEMENTS
            and all(isinstance(v, int) and not isinstance(v, bool) for v in x[1:5])
            and x[1] >= 1
            and x[2] in (0, 4, 6, 8, 10, 12)
            and -1 <= x[3] < units
            and x[4] >= 0
        )
        if not ok:
            raise PositionError(
                f"{where}[{i}] must be [status, turns >= 1, caster's M.Atk die (4-12, 0 for none), "
                f"caster (unit or -1), amount, element], got {x!r}"
            )
        kind = STATUS_IDS[x[0]]
        if kind in kinds:
            raise PositionError(f"{where}[{i}]: a unit has one {x[0]} at a time (the most recent)")
        kinds.add(kind)
        out.append(Status(kind, x[1], x[2], x[3], x[4], ELEMENTS.index(x[5])))
    return tuple(out)


def _items(raw: Any, where: str) -> tuple[tuple[str, int], ...]:
    p = pack()
    if not isinstance(raw, dict):
        raise PositionError(f"{where} must map item ids to counts")
    for k, n in raw.items():
        if k not in p.gear_ids or not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise PositionError(f"{where}.{k} must be a known item with a count >= 1")
    return tuple(raw.items())


def _features(raw: Any, board: Any) -> list[int]:
    feats = board.map.features
    if not isinstance(raw, list) or len(raw) != len(feats):
        raise PositionError(f"position.features must list the {len(feats)} features of map {board.map.id}")
    out = []
    for i, (f, v) in enumerate(zip(feats, raw, strict=True)):
        if f.kind == DOOR and v in ("closed", "open"):
            out.append(1 if v == "closed" else 0)
        elif f.kind == BOULDER and (v == "gone" or _is_square(board, v)):
            out.append(-1 if v == "gone" else board.map.square(v))
        elif f.kind not in (DOOR, BOULDER) and v == "slope":
            out.append(1)
        else:
            want = {DOOR: "'closed' or 'open'", BOULDER: "a square or 'gone'"}.get(f.kind, "'slope'")
            raise PositionError(f"position.features[{i}] ({board.name(f.square)}) must be {want}, got {v!r}")
    return out


def catalog(game: BitTactics) -> dict[str, Any]:
    """The maps of this game and the content sheets its units use (public, fetched once by clients)."""
    from .maps import MODIFIER_NAMES, TERRAIN_NAMES

    p = pack()
    maps = []
    for m in game.maps:
        maps.append(
            {
                "id": m.id,
                "title": m.title,
                "text": m.text,
                "width": m.width,
                "height": m.height,
                "ht": list(m.ht),
                "terrain": [TERRAIN_NAMES[t] for t in m.terrain],
                "mod": [MODIFIER_NAMES[x] for x in m.mod],
                "objective": m.objective,
                "objective_square": m.square_name(m.objective_arg) if m.objective == "reach" else None,
                "objective_rounds": m.objective_arg if m.objective == "survive" else None,
                "deploy": [[m.square_name(s) for s in side] for side in m.deploy],
                "features": [
                    {
                        "square": m.square_name(f.square),
                        "kind": TERRAIN_NAMES[f.kind],
                        "skill": ("might", "agility", "lore", "charm")[f.skill],
                        "tn": f.tn,
                        "damage": f.damage,
                    }
                    for f in m.features
                ],
            }
        )
    abilities = {
        a.id: {"name": a.name, "kind": a.kind, "text": a.text, "ap": a.ap, "mp": a.mp, "range": a.range, "ae": a.ae}
        for a in p.abilities
    }
    items = {i.id: {"name": i.name, "text": i.text} for i in p.items.values()}
    items.update({w.id: {"name": w.name, "text": w.text} for w in p.weapons.values()})
    items.update({a.id: {"name": a.name, "text": a.text} for a in p.armours.values()})
    items.update({a.id: {"name": a.name, "text": a.text} for a in p.ammo.values()})
    return {
        "maps": maps,
        "abilities": abilities,
        "items": items,
        "rounds": game.rounds,
        "events": [str(k) for k in EventKind],
    }


__all__ = ["battle_json", "catalog", "position_of", "read_position", "state_from_view", "view_of"]
