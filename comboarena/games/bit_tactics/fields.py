"""Everything a game of 16 Bit Tactics is, declared once.

:data:`FIELDS` is the state's one declaration: ``TacticsState``'s slots,
``build``, ``clone``, equality and positions all follow from it
(``comboarena/core/slots.py``). Each field says how a position's value of it is
read and checked on its own; the checks between fields (a unit's square free
and standable, the acting unit standing, the winner and the phase) are in
:mod:`.position`.

>>> FIELDS.saved  # doctest: +NORMALIZE_WHITESPACE
('phase', 'battle_index', 'queue', 'turn', 'initiative', 'units', 'features', 'roster',
 'camp_seat', 'winner', 'reason', 'rewards')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from comboarena.core import Fields, PositionError, TurnQueue
from comboarena.core.slots import RECORD, TUPLE, VALUE, Kind, Slot, Slots

from .battle import LIMIT_MAX, Battle, Unit
from .campaign import RosterUnit, roster_from_json
from .content import ELEMENTS, pack
from .maps import BOULDER, CLOSED, DOOR, GONE, OPENED, SLOPED
from .statuses import NAMES, STATUS_IDS, Status
from .units import BuildError, build_from_json, sheet_of
from .view import DRAW, Phase

if TYPE_CHECKING:
    from .board import Board
    from .game import BitTactics

#: The facings, in the order the state keeps them (0-3).
FACING = "nesw"


class Steps(NamedTuple):
    """The steps the acting unit has taken this turn (a position's ``turn``)."""

    moved: bool
    acted: bool  # used its command
    faced: bool  # turned freely at the end of its move


#: A turn as it begins.
NO_STEPS = Steps(False, False, False)


# -- how fields are written -------------------------------------------------------------


def status_json(x: Status) -> list[Any]:
    """A status as positions and views write it: ``[name, turns, die, caster, amount, element]``."""
    return [NAMES[x.kind], x.turns, x.die, x.caster, x.amount, ELEMENTS[x.element]]


def unit_json(b: Battle, u: int) -> dict[str, Any]:
    """Unit ``u`` as a position writes it."""
    s = b.sheets[u]
    return {
        "build": s.build.to_json(),
        "side": s.side,
        "seat": s.seat,
        "square": b.board.names[b.sq[u]],
        "facing": FACING[b.face[u]],
        "hp": b.hp[u],
        "mp": b.mp[u],
        "limit": b.limit[u],
        "statuses": [status_json(x) for x in b.st[u]],
        "items": dict(b.inv[u]),
        "equip": list(b.eq[u]),
    }


def _units_out(b: Battle | None) -> list[dict[str, Any]]:
    return [] if b is None else [unit_json(b, u) for u in b.units]


def initiative_json(init: dict[str, Any] | None) -> dict[str, Any] | None:
    """A fresh copy of a round's initiative (views and positions never share the state's)."""
    if init is None:
        return None
    return {
        "round": init["round"],
        "order": list(init["order"]),
        "phases": [list(x) for x in init["phases"]],
        "rolls": [[u, list(r)] for u, r in init["rolls"]],
    }


def _same(value: Any) -> Any:
    return value


#: The battle's units: a :class:`~.battle.Battle`. Its clone must roll the new state's dice:
#: the copy reads ``new`` (the state ``clone`` is making, after ``copy_base``) and its chance
#: directly (the ``chance`` property would add a few percent to every clone).
UNITS = Kind("None if {0} is None else {0}.clone(new._chance)", "None if {0} is None else {0}.key()", _units_out, _same)
#: The acting unit's steps: a :class:`Steps`, written as an object.
STEPS = Kind("{}", "{}", lambda t: t._asdict(), _same)
#: A JSON object kept as it is (shared by clones, never changed in place), written as a copy.
OBJECT = Kind("{}", "repr({})", lambda v: None if v is None else dict(v), _same)
#: This round's initiative (its ``round`` event's data), written as a deep copy.
INITIATIVE = Kind("{}", "repr({})", initiative_json, _same)
#: A campaign's party, written one unit at a time.
ROSTER = Kind("{}", "{}", lambda r: [x.to_json() for x in r], _same)
#: The phase of the game, written as its name.
PHASE = Kind("{}", "{}", str, _same)


# -- how fields are read --------------------------------------------------------------------


def read_phase(f: Fields, name: str, game: BitTactics) -> Phase:
    value = f.get(name)
    if value not in ("battle", "camp", "over"):
        raise PositionError(f"position.phase must be battle, camp or over, got {value!r}")
    return Phase(value)


def read_battle_index(f: Fields, name: str, game: BitTactics) -> int:
    return f.number(name, 0, len(game.maps) - 1)


def read_queue(f: Fields, name: str, game: BitTactics) -> TurnQueue | None:
    value = f.get(name)
    if value is None:
        return None
    units = f.get("units")
    return TurnQueue.from_json(value, "position.queue", len(units) if isinstance(units, list) else 0)


def read_turn(f: Fields, name: str, game: BitTactics) -> Steps:
    turn = f.get(name)
    if (
        not isinstance(turn, dict)
        or set(turn) != {"moved", "acted", "faced"}
        or not all(isinstance(turn[k], bool) for k in turn)
    ):
        raise PositionError("position.turn must be {moved, acted, faced}, each true or false")
    return Steps(turn["moved"], turn["acted"], turn["faced"])


def read_initiative(f: Fields, name: str, game: BitTactics) -> dict[str, Any] | None:
    value = f.get(name)
    if value is None:
        return None
    if not isinstance(value, dict):
        raise PositionError("position.initiative must be an object (a round's rolls) or null")
    return dict(value)


def read_units(f: Fields, name: str, game: BitTactics) -> tuple[Unit, ...]:
    """Each unit, checked on its own: its build against the content, its seat against its
    side, its square on the map, HP and MP within its maxima, its statuses and items."""
    raw = f.get(name)
    if not isinstance(raw, list):
        raise PositionError("position.units must be a list")
    board = game.boards[f.get("battle_index")]
    names: set[str] = set()
    out = []
    for i, x in enumerate(raw):
        where = f"position.units[{i}]"
        uf = Fields(x, where)
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
        square = uf.get("square")
        sq = board.index.get(square) if isinstance(square, str) else None
        if sq is None:
            raise uf.error("square", f"must be a square of the map (a1-{board.map.corner}), got {square!r}")
        facing = FACING.index(uf.text("facing", tuple(FACING)))
        hp = uf.number("hp", 0, sheet.hp)
        mp = uf.number("mp", 0, sheet.mp)
        limit = uf.number("limit", 0, LIMIT_MAX)
        statuses = _statuses(uf.seq("statuses"), f"{where}.statuses", len(raw))
        items = _items(uf.get("items"), f"{where}.items")
        e = uf.seq("equip", 3)
        if not all(isinstance(v, str) for v in e):
            raise uf.error("equip", "must be [weapon, offhand, ammo] (ids, '' for none)")
        uf.done()
        out.append(Unit(sheet, sq, facing, hp, mp, limit, statuses, items, (e[0], e[1], e[2])))
    return tuple(out)


def read_features(f: Fields, name: str, game: BitTactics) -> tuple[str, ...]:
    raw = f.get(name)
    if f.get("phase") == "camp":
        if raw != []:
            raise PositionError("position.features must be [] at camp: no battle is being fought")
        return ()
    board = game.boards[f.get("battle_index")]
    feats = board.map.features
    if not isinstance(raw, list) or len(raw) != len(feats):
        raise PositionError(f"position.features must list the {len(feats)} features of map {board.map.id}")
    for i, (feat, v) in enumerate(zip(feats, raw, strict=True)):
        if feat.kind == DOOR:
            ok = v in (CLOSED, OPENED)
        elif feat.kind == BOULDER:
            ok = v == GONE or _is_square(board, v)
        else:
            ok = v == SLOPED
        if not ok:
            want = {DOOR: "'closed' or 'open'", BOULDER: "a square or 'gone'"}.get(feat.kind, "'slope'")
            raise PositionError(f"position.features[{i}] ({board.name(feat.square)}) must be {want}, got {v!r}")
    return tuple(raw)


def read_roster(f: Fields, name: str, game: BitTactics) -> tuple[RosterUnit, ...]:
    raw = f.get(name)
    if not isinstance(raw, list):
        raise PositionError("position.roster must be a list")
    try:
        return tuple(roster_from_json(r, f"position.roster[{i}]", game.xp_table) for i, r in enumerate(raw))
    except BuildError as exc:
        raise PositionError(str(exc)) from None


def read_camp_seat(f: Fields, name: str, game: BitTactics) -> int:
    return f.number(name, 0, max(0, game.players - 2))


def read_winner(f: Fields, name: str, game: BitTactics) -> int:
    return f.number(name, DRAW, 1)


def read_reason(f: Fields, name: str, game: BitTactics) -> str:
    value = f.get(name)
    if not isinstance(value, str):
        raise PositionError("position.reason must be a text")
    return value


def read_rewards(f: Fields, name: str, game: BitTactics) -> dict[str, Any] | None:
    value = f.get(name)
    if value is not None and not isinstance(value, dict):
        raise PositionError("position.rewards must be an object or null")
    return None if value is None else dict(value)


FIELDS = Slots(
    Slot("phase", PHASE, "battle, camp (between a campaign's battles) or over", read=read_phase),
    Slot(
        "battle_index",
        VALUE,
        "which battle of a campaign is fought, or comes next at camp (0 outside campaigns)",
        read=read_battle_index,
    ),
    Slot("queue", RECORD, "whose turn it is: this round's initiative order and Quicken's extra turns", read=read_queue),
    Slot("turn", STEPS, "what the acting unit has done this turn: moved, acted, turned", read=read_turn),
    Slot("initiative", INITIATIVE, "this round's initiative: its phases by EVA and the rolls", read=read_initiative),
    Slot(
        "units",
        UNITS,
        "the units of the battle: a Battle (squares, facing, HP, MP, Limit, statuses, items, gear); None at camp",
        read=read_units,
    ),
    Slot(
        "features",
        TUPLE,
        "each skill puzzle of the map: a door closed or open, a boulder's square or gone, a slope",
        read=read_features,
    ),
    Slot("roster", ROSTER, "a campaign's party as it carries over between battles (XP, AP, jobs)", read=read_roster),
    Slot("camp_seat", VALUE, "at camp, the seat whose party members are being decided", read=read_camp_seat),
    Slot("winner", VALUE, "the side that won, -2 for a draw, -1 until the game is over", read=read_winner),
    Slot("reason", VALUE, "how the game ended (a Termination's text), '' until then", read=read_reason),
    Slot("rewards", OBJECT, "the XP and AP the last battle awarded (monsters and campaigns)", read=read_rewards),
    Slot("legal", VALUE, "the acting seat's legal actions, once asked for", saved=False),
    Slot("attack_odds", VALUE, "the acting unit's attack odds, once asked for", saved=False),
)


def _is_square(board: Board, value: Any) -> bool:
    if not isinstance(value, str):
        return False
    try:
        board.map.square(value)
    except ValueError:
        return False
    return True


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


__all__ = ["FACING", "FIELDS", "NO_STEPS", "Steps", "initiative_json", "status_json", "unit_json"]
