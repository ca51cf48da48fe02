"""Determinization (``game.determinize``): nothing in 16 Bit Tactics is hidden, so the
state a view shows is the state, with a fresh generator: only the future dice differ.

A view holds every field of a position (:mod:`.seat_view`); it comes from this
engine, so it is read as it stands (a position, which anyone may write, is read
strictly by :mod:`.position`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from comboarena.core import Chance, PositionError, TurnQueue

from .battle import Unit
from .campaign import roster_from_json
from .content import ELEMENTS
from .fields import FACING, Steps
from .state import TacticsState, build
from .statuses import STATUS_IDS, Status
from .units import build_from_json, sheet_of
from .view import Phase

if TYPE_CHECKING:
    from .game import BitTactics


def state_from_view(game: BitTactics, view: dict[str, Any], chance: Chance) -> TacticsState:
    """The state a view shows, rolling ``chance``'s dice from now on."""
    if view.get("game") != game.name:
        raise PositionError(f"this view is of {view.get('game')!r}, not {game.name!r}")
    battle = view["battle"]
    board = game.boards[battle]
    index = board.index
    units = tuple(
        Unit(
            sheet_of(build_from_json(x["build"], "view.units"), x["side"], x["seat"]),
            index[x["square"]],
            FACING.index(x["facing"]),
            x["hp"],
            x["mp"],
            x["limit"],
            tuple(Status(STATUS_IDS[y[0]], y[1], y[2], y[3], y[4], ELEMENTS.index(y[5])) for y in x["statuses"]),
            tuple(x["items"].items()),
            (x["equip"][0], x["equip"][1], x["equip"][2]),
        )
        for x in view["units"]
    )
    t = view["turn"]
    return build(
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


__all__ = ["state_from_view"]
