"""16 Bit Tactics' positions: the whole game as JSON, read back strictly.

Fields (after the shared envelope) are the state's saved fields, declared in
:mod:`.fields`: ``phase`` (battle, camp, over), ``battle_index`` (which battle
of a campaign), ``queue`` (the turn queue: this round's ``order``, ``at``,
inserted ``extra`` turns, ``current``, ``round``), ``turn`` (``moved``,
``acted``, ``faced``), ``initiative`` (this round's rolls), ``units`` (each
unit's build, side, seat, square, facing, HP, MP, Limit, statuses, items and
equipment), ``features`` (each map feature: a door ``closed``/``open``, a
boulder's square or ``gone``, a slope), ``roster`` (a campaign's party between
battles), ``camp_seat``, ``winner``, ``reason`` and ``rewards``. Each field is
read on its own there; here are the checks between fields. Scenario tests
build positions with units, statuses and terrain of their choosing
(``tests/rules/bit_tactics/helpers.py``).

Format 1 called ``battle_index`` ``battle``; it is still read
(:func:`upgrade_position`).

>>> import comboarena as ca
>>> g = ca.make("16-bit-tactics")
>>> s = g.new_state(seed=3)
>>> g.from_position(s.position()).view(0) == s.view(0)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from comboarena.core import Chance, Fields, PositionError

from .board import Profile
from .fields import FIELDS
from .state import TacticsState, build
from .view import BATTLE, CAMP, NO_WINNER, OVER

if TYPE_CHECKING:
    from .game import BitTactics

#: Who may stand anywhere a unit can stand at all (walls and deep water are refused).
_ANY = Profile(True, True, 9, True)


def read_position(game: BitTactics, f: Fields, chance: Chance) -> TacticsState:
    """A state from a position's fields (strict: unknown fields and bad values are refused)."""
    v = FIELDS.read(f, game)
    phase, units, queue = v["phase"], v["units"], v["queue"]
    if (game.campaign is None) != (not v["roster"]):
        raise PositionError("position.roster lists the party of a campaign (mode=campaign), and only then")
    if phase is CAMP and (units or queue is not None):
        raise PositionError("at camp (phase camp) there is no battle: units must be [] and queue null")
    if phase is not CAMP and not units:
        raise PositionError("position.units must list the units of the battle")
    board = game.boards[v["battle_index"]]
    seen: dict[int, int] = {}
    for u, x in enumerate(units):
        if x.square in seen:
            raise PositionError(f"position.units[{u}] stands on {board.name(x.square)} with units[{seen[x.square]}]")
        seen[x.square] = u
        if x.hp <= 0 and x.statuses:
            raise PositionError(f"position.units[{u}] has fallen (hp 0) but keeps statuses")
    s = build(game, chance, **{k: v[k] for k in FIELDS.saved})
    b = s.units
    if b is not None:
        for u, sq in enumerate(b.sq):
            if b.block[sq] >= 0 or board.enter_cost(sq, _ANY) < 0:
                raise PositionError(f"position.units[{u}] stands on {board.name(sq)}, where nobody can stand")
    if queue is None and phase is BATTLE:
        raise PositionError("position.queue must give the turn order during a battle")
    if queue is not None and phase is BATTLE and units[queue.current].hp <= 0:
        raise PositionError("position.queue.current is a fallen unit; it cannot take a turn")
    if phase is OVER and v["winner"] == NO_WINNER:
        raise PositionError("position.winner must name the side that won (or -2: a draw) once over")
    if phase is not OVER and v["winner"] != NO_WINNER:
        raise PositionError("position.winner is -1 until the game is over")
    return s


def upgrade_position(data: dict[str, Any], version: int) -> dict[str, Any]:
    """A position of format 1 in the current format: ``battle`` became ``battle_index``
    (the state's ``battle`` is the battle being fought)."""
    if "battle" in data:
        data = {("battle_index" if k == "battle" else k): x for k, x in data.items()}
    data["version"] = 2
    return data


__all__ = ["read_position", "upgrade_position"]
