"""The table: four seats, partners across, and who owes a decision.

Who owes a decision is one :class:`~comboarena.core.Window` (the state's
``to_act`` is its ``waiting``); whose turn it is, one
:class:`~comboarena.core.TurnQueue` running clockwise from the first player.

>>> partner(1), OTHERS[1]
(3, (2, 3, 0))
>>> q = queue_at(turn=1, turns=5)   # the 6th turn is seat 1's: seat 0 went first
>>> q.order, q.current, q.round
((0, 1, 2, 3), 1, 2)
>>> next_turn(q).current
2
"""

from __future__ import annotations

from comboarena.core import TurnQueue, Window

from .view import Effect

PLAYERS = 4

#: The other seats, clockwise from the one after ``seat``.
OTHERS = tuple(tuple((s + i) % PLAYERS for i in (1, 2, 3)) for s in range(PLAYERS))
#: The turn order: clockwise from ``seat``.
CLOCKWISE = tuple(tuple((s + i) % PLAYERS for i in range(PLAYERS)) for s in range(PLAYERS))
#: The reaction window after ``seat``'s COMBO: everyone else is asked.
REACTION = tuple(Window.open(others) for others in OTHERS)
#: Both team captains (seats 0 and 1) name their Big Player.
CAPTAINS = Window.open((0, 1))
#: Nobody owes anything (the game is over).
CLOSED = Window((), ())
#: ``seat`` alone owes a decision.
ONE = tuple(Window.one(s) for s in range(PLAYERS))
#: What a COMBO by ``seat`` on ``pile`` does to the pile's owner: ``EFFECT[seat][pile]``.
EFFECT = tuple(
    tuple((Effect.FEED if (p - s) % 2 == 0 else Effect.BURN).value for p in range(PLAYERS)) for s in range(PLAYERS)
)


def partner(seat: int) -> int:
    """Partners sit across: 0 and 2, 1 and 3."""
    return (seat + 2) % PLAYERS


def queue_at(turn: int, turns: int) -> TurnQueue:
    """The turn queue of a game whose ``turns + 1``-th turn is ``turn``'s: the
    order runs clockwise from the first player, round after round (no extra turns)."""
    first = (turn - turns) % PLAYERS
    return TurnQueue(CLOCKWISE[first], turns % PLAYERS, (), turn, False, turns // PLAYERS + 1)


# Windows and turn queues are immutable values, and few on a four-seat table:
# each step is computed once and remembered, so that a pass or a new turn costs
# a dict look-up rather than building a new tuple (self-play speed; the state
# looks ``ANSWERED`` and ``NEXT`` up first and calls the functions on a miss).
ANSWERED: dict[tuple[Window, int], Window] = {}
NEXT: dict[TurnQueue, TurnQueue] = {}
_MEMO_LIMIT = 1 << 14


def answered(window: Window, seat: int) -> Window:
    """``window.answer(seat)``."""
    key = (window, seat)
    new = ANSWERED.get(key)
    if new is None:
        new = window.answer(seat)
        if len(ANSWERED) < _MEMO_LIMIT:
            ANSWERED[key] = new
    return new


def next_turn(queue: TurnQueue) -> TurnQueue:
    """``queue.advance()``: the next seat clockwise."""
    new = NEXT.get(queue)
    if new is None:
        new = queue.advance()
        if len(NEXT) < _MEMO_LIMIT:
            NEXT[queue] = new
    return new


__all__ = [
    "CAPTAINS",
    "CLOCKWISE",
    "CLOSED",
    "EFFECT",
    "ONE",
    "OTHERS",
    "PLAYERS",
    "REACTION",
    "answered",
    "next_turn",
    "partner",
    "queue_at",
]
