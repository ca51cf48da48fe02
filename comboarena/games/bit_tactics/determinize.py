"""Determinization (``game.determinize``): nothing in 16 Bit Tactics is hidden, so the
state a view shows is the state, with a fresh generator: only the future dice differ.

A view holds every field of a position (:mod:`.seat_view`); it comes from this
engine, so it is read as it stands (a position, which anyone may write, is read
strictly by :mod:`.position`).

Views are read back often (a search samples the same view hundreds of times, and
the heuristic reads one at every decision), so what reading one makes is kept:
each unit's stat block by its build, the last view's state (a search's samples
are its clones), and each line-up's memo of facts (:attr:`.battle.Battle.memo`:
what follows from the sheets, rules and board alone, shared as clones share it).
"""

from __future__ import annotations

from operator import is_
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from comboarena.core import Chance, PositionError, TurnQueue

from .battle import Battle, Rules, Unit
from .board import Board
from .campaign import roster_from_json
from .content import ELEMENTS
from .fields import FACING, Steps
from .state import TacticsState, build
from .statuses import STATUS_IDS, Status
from .turn import legal_steps
from .units import Sheet, build_from_json, sheet_of
from .view import BATTLE, Phase

if TYPE_CHECKING:
    from .game import BitTactics

#: Stat blocks by the build's JSON (as a key: lists as tuples), side and seat.
_SHEETS: dict[tuple[Any, ...], Sheet] = {}
SHEETS_CACHE = 10_000
#: The last stat block read per build name, side and seat, with its build's JSON (a copy):
#: a view's builds are fresh copies, compared faster than made into a key.
_LAST_SHEETS: dict[tuple[Any, ...], tuple[dict[str, Any], Sheet]] = {}
#: Each line-up's memo: (board, sheets, memo) by the rules, the board's and the sheets' ids.
_MEMOS: dict[tuple[Any, ...], tuple[Board, tuple[Sheet, ...], dict[object, object]]] = {}
MEMOS_CACHE = 64
#: A memo that grew past this starts afresh (the searches it keeps are by what stands where).
MEMO_SIZE = 5_000


class Seen(NamedTuple):
    """What a heuristic reads of a view of a battle (:func:`battle_from_view`): the
    units, the acting unit, its steps this turn and the map's features."""

    units: Battle
    current: int
    turn: Steps
    features: tuple[str, ...]


def state_from_view(game: BitTactics, view: dict[str, Any], chance: Chance) -> TacticsState:
    """The state a view shows, rolling ``chance``'s dice from now on."""
    if view.get("game") != game.name:
        raise PositionError(f"this view is of {view.get('game')!r}, not {game.name!r}")
    battle = view["battle"]
    units = _units(game.boards[battle], view["units"])
    t = view["turn"]
    state = build(
        game,
        chance,
        phase=Phase(view["phase"]),
        battle_index=battle,
        queue=TurnQueue.from_json(view["queue"], "view.queue", len(units)) if view["queue"] is not None else None,
        turn=Steps(t["moved"], t["acted"], t["faced"]),
        initiative=dict(view["initiative"]) if view["initiative"] is not None else None,
        units=units,
        features=tuple(view["features"]),
        roster=tuple(roster_from_json(r, "view.roster", game.xp_table) for r in view["roster"]),
        camp_seat=view["camp_seat"],
        winner=view["winner"],
        reason=view["reason"],
        rewards=dict(view["rewards"]) if view["rewards"] is not None else None,
    )
    if state.units is not None:
        state.units.memo = _memo(game.rules, state.units.board, state.units.sheets)
    return state


class Reading(NamedTuple):
    """A view of a battle read, its units not yet deployed (:func:`read_battle`)."""

    board: Board
    units: tuple[Unit, ...]
    current: int
    turn: Steps
    features: tuple[str, ...]


def read_battle(game: BitTactics, view: dict[str, Any]) -> Reading:
    """The units a view of a battle shows, whose turn it is and the map's features (a
    heuristic may know the position from these before it deploys them: :func:`seen_of`)."""
    if view.get("game") != game.name:
        raise PositionError(f"this view is of {view.get('game')!r}, not {game.name!r}")
    board = game.boards[view["battle"]]
    t = view["turn"]
    return Reading(
        board,
        _units(board, view["units"]),
        view["queue"]["current"],
        Steps(t["moved"], t["acted"], t["faced"]),
        tuple(view["features"]),
    )


def seen_of(game: BitTactics, r: Reading) -> Seen:
    """The battle ``r`` reads, deployed (its dice never rolled)."""
    b = Battle.deploy(game.rules, r.board, r.units, r.features, _NO_DICE)
    b.memo = _memo(game.rules, r.board, b.sheets)
    return Seen(b, r.current, r.turn, r.features)


def battle_from_view(game: BitTactics, view: dict[str, Any]) -> Seen:
    """The battle a view of a battle shows (its dice never rolled), and whose turn it is."""
    return seen_of(game, read_battle(game, view))


def sample(game: BitTactics, view: dict[str, Any], chance: Chance) -> TacticsState:
    """:func:`state_from_view`, for ``game.determinize``: the state of the last view read is
    kept and cloned for each sample (a search samples the same view again and again)."""
    return _LAST.sample(game, view, chance)


class _Template:
    """The last view read by :func:`sample` (the same object, unchanged: a caller may edit a
    view), a copy of it, and its state, kept as one tuple so that a thread reading it
    never sees one view's copy with another's state."""

    __slots__ = ("last",)

    def __init__(self) -> None:
        self.last: tuple[BitTactics, dict[str, Any], dict[str, Any], TacticsState] | None = None

    def sample(self, game: BitTactics, view: dict[str, Any], chance: Chance) -> TacticsState:
        last = self.last
        if last is None or game is not last[0] or view is not last[1] or view != last[2]:
            state = state_from_view(game, view, Chance(0))
            if state.phase is BATTLE:
                # Every sample is asked for its choices first: worked out once here, they are
                # its own (a clone shares the list, which nothing ever changes in place).
                state.legal = legal_steps(state)
            last = self.last = (game, view, _copy(view), state)
        return cast(TacticsState, last[3].clone(chance))


_LAST = _Template()


def _units(board: Board, data: list[dict[str, Any]]) -> tuple[Unit, ...]:
    index = board.index
    out = []
    for x in data:  # (a loop: no generator to make for every view a heuristic reads)
        statuses = x["statuses"]
        equip = x["equip"]
        out.append(
            Unit(
                _sheet(x),
                index[x["square"]],
                FACING.index(x["facing"]),
                x["hp"],
                x["mp"],
                x["limit"],
                tuple([Status(STATUS_IDS[y[0]], y[1], y[2], y[3], y[4], ELEMENTS.index(y[5])) for y in statuses])
                if statuses
                else (),
                tuple(x["items"].items()),
                (equip[0], equip[1], equip[2]),
            )
        )
    return tuple(out)


def _sheet(x: dict[str, Any]) -> Sheet:
    """The stat block of a view's unit ``x``: the last one read for the build's name, side
    and seat if the build is the same (compared as JSON), else by the build as a key."""
    data = x["build"]
    near: tuple[Any, ...] | None
    last: tuple[dict[str, Any], Sheet] | None
    try:
        near = (data["name"], x["side"], x["seat"])
        last = _LAST_SHEETS.get(near)
    except (TypeError, KeyError):  # not a build's JSON: read (and refused) below
        near = last = None
    if last is not None and last[0] == data:
        return last[1]
    got = _keyed_sheet(x, data)
    if near is not None:
        if len(_LAST_SHEETS) >= SHEETS_CACHE:
            _LAST_SHEETS.clear()
        _LAST_SHEETS[near] = (_copy(data), got)
    return got


def _keyed_sheet(x: dict[str, Any], data: Any) -> Sheet:
    try:
        key: tuple[Any, ...] | None = (
            *((k, tuple(v) if v.__class__ is list else v) for k, v in data.items()),
            x["side"],
            x["seat"],
        )
        got = _SHEETS.get(key)  # type: ignore[arg-type]
    except (TypeError, AttributeError):  # not a build's JSON: read (and refused) below
        key = got = None
    if got is None:
        got = sheet_of(build_from_json(data, "view.units"), x["side"], x["seat"])
        if key is not None:
            if len(_SHEETS) >= SHEETS_CACHE:
                _SHEETS.clear()
            _SHEETS[key] = got
    return got


def _memo(rules: Rules, board: Board, sheets: tuple[Sheet, ...]) -> dict[object, object]:
    """The memo shared by every battle of these rules, board and sheets."""
    key = (rules, id(board), *map(id, sheets))
    got = _MEMOS.get(key)
    if got is None or got[0] is not board or not all(map(is_, got[1], sheets)) or len(got[2]) > MEMO_SIZE:
        if len(_MEMOS) >= MEMOS_CACHE:
            _MEMOS.clear()
        got = _MEMOS[key] = (board, sheets, {})
    return got[2]


def _copy(x: Any) -> Any:
    """A deep copy of JSON data (dicts, lists and values)."""
    if x.__class__ is dict:
        return {k: _copy(v) for k, v in x.items()}
    if x.__class__ is list:
        return [_copy(v) for v in x]
    return x


#: The dice of a battle read to be weighed, never rolled.
_NO_DICE = Chance(0)


__all__ = ["Reading", "Seen", "battle_from_view", "read_battle", "sample", "seen_of", "state_from_view"]
