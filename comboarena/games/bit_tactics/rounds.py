"""A battle's beginning and its rounds (rulebook "Initiative", and the statuses that
act on turns: Quicken, Stop, Sap, Regen).

A battle begins with the sides deployed on their map's starting squares (a
campaign's party with the Limit it carries). Each round rolls initiative
(:mod:`.initiative`); units take their turns in that order, a Quickened unit's
extra turn right after the acting one's; a turn's start ends the guards the unit
gave and applies Sap and Regen; a Stopped unit's turn passes by itself (its
statuses still count down); a fallen unit's is skipped. When the order runs out
the round ends (:func:`.victory.round_end`: an objective, the round limit) and
the next one rolls initiative.

Changes the state's ``units``, ``features`` (a battle deployed), ``phase``,
``queue``, ``initiative``, ``turn``, ``camp_seat`` and ``legal``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comboarena.core import Event, TurnQueue

from .battle import Battle, Unit, count_items
from .fields import NO_STEPS
from .initiative import initiative
from .statuses import STOP
from .units import sheet_of
from .victory import check_battle_end, round_end
from .view import BATTLE, EV_BATTLE, EV_END_TURN, EV_SKIP, EV_TURN

if TYPE_CHECKING:
    from .state import TacticsState

_STOP = 1 << STOP


def begin_battle(s: TacticsState, events: list[Event]) -> None:
    """Deploy battle ``s.battle_index``'s sides on its map and begin its first round."""
    game = s.game
    index = s.battle_index
    sides = game.battle_sides(index, s.roster)
    board = game.boards[index]
    m = board.map
    if any(len(sides[side]) > len(m.deploy[side]) for side in (0, 1)):
        raise ValueError(f"map {m.id} cannot deploy these sides")
    names = game.unit_names(sides[0] + sides[1])
    # "In special scenarios and linked encounters Limit instead is halved after each battle": carried over.
    limits = [r.limit for r in s.roster]
    units: list[Unit] = []
    for side in (0, 1):
        for i, build in enumerate(sides[side]):
            build = build._replace(name=names[i + (len(sides[0]) if side else 0)])
            sheet = sheet_of(build, side, game.seat_of(side, i))
            u = len(units)
            units.append(
                Unit(
                    sheet,
                    m.deploy[side][i],
                    m.facing[side],
                    sheet.hp,
                    sheet.mp,
                    limits[u] if u < len(limits) else 0,
                    (),
                    count_items(build.items),
                    (build.weapon, build.offhand, build.ammo),
                )
            )
    s.features = m.start_features()
    b = s.units = Battle.deploy(game.rules, board, units, s.features, s.chance)
    s.phase = BATTLE
    s.camp_seat = 0
    s.legal = None
    events.append(
        Event(
            EV_BATTLE,
            None,
            {
                "battle": index,
                "map": m.id,
                "units": [
                    {"unit": u, "name": x.build.name, "side": x.side, "seat": x.seat, "square": board.name(b.sq[u])}
                    for u, x in enumerate(b.sheets)
                ],
            },
        )
    )
    s.queue = TurnQueue.start(roll_initiative(s, b, 1, events), 1)
    if not start_turn(s, s.queue.current, events, first=True) and s.phase is BATTLE:
        next_turn(s, events)


def roll_initiative(s: TacticsState, b: Battle, round_no: int, events: list[Event]) -> tuple[int, ...]:
    """Round ``round_no``'s order; its rolls are kept as the state's ``initiative``."""
    order = initiative(b, round_no, events)
    s.initiative = dict(events[-1].data)
    return order


def next_turn(s: TacticsState, events: list[Event]) -> None:
    """The next unit in the initiative order takes its turn; a new round rolls initiative.
    A Stopped unit's turn passes by itself (its statuses still count down)."""
    b: Battle = s.units  # type: ignore[assignment]
    hp = b.hp
    while True:
        q: TurnQueue = s.queue  # type: ignore[assignment]
        if _any_standing(hp, q.extra) or _any_standing(hp, q.order[q.at + 1 :]):
            # The next turn as it comes (remembered by the queue); passing over the fallen
            # only when it is a fallen unit's.
            nq = q.advance()
            q = nq if hp[nq.current] > 0 else q.advance(skip=lambda x: hp[x] <= 0)
        else:
            if round_end(s, q.round, events):
                return
            q = TurnQueue.start(roll_initiative(s, b, q.round + 1, events), q.round + 1)
        s.queue = q
        if start_turn(s, q.current, events):
            return
        if s.phase is not BATTLE:
            return


def start_turn(s: TacticsState, u: int, events: list[Event], first: bool = False) -> bool:
    """Begin ``u``'s turn; False if it passes at once (fallen to Sap, Stopped). ``first``:
    the battle's first turn (the end of the battle was not looked at yet)."""
    b: Battle = s.units  # type: ignore[assignment]
    s.turn = NO_STEPS
    s.legal = None
    seat = b.sheets[u].seat
    q: TurnQueue = s.queue  # type: ignore[assignment]
    events.append(Event(EV_TURN, seat, {"unit": u, "extra": q.extra_turn, "round": q.round}))
    # Whether the battle ended was looked at after anything last changed an HP or a
    # square; only Sap, as a turn begins, may change one again.
    if (b.start_turn(u, events) or first) and check_battle_end(s, events):
        return True
    if b.hp[u] <= 0:
        events.append(Event(EV_SKIP, seat, {"unit": u, "why": "fallen"}))
        return False
    if b.sm[u] & _STOP:
        events.append(Event(EV_SKIP, seat, {"unit": u, "why": "stop"}))
        b.tick(u, events)
        events.append(Event(EV_END_TURN, seat, {"unit": u}))
        return False
    return True


def end_turn(s: TacticsState, u: int, events: list[Event], done: bool = False) -> None:
    """``u``'s turn ends: its statuses count down, and the next unit takes its turn.
    ``done``: it ends by itself, nothing being left to do but ``end`` (the event says so,
    so that nobody types ``end`` for a unit whose turn is already over)."""
    b: Battle = s.units  # type: ignore[assignment]
    if b.hp[u] > 0 and b.st[u]:
        b.tick(u, events)
    events.append(Event(EV_END_TURN, b.sheets[u].seat, {"unit": u, "done": True} if done else {"unit": u}))
    if not check_battle_end(s, events):
        next_turn(s, events)


def _any_standing(hp: list[int], units: tuple[int, ...]) -> bool:
    for x in units:  # noqa: SIM110 (a loop: no generator to make on the hot path)
        if hp[x] > 0:
            return True
    return False


__all__ = ["begin_battle", "end_turn", "next_turn", "roll_initiative", "start_turn"]
