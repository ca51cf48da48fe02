"""The table: four seats, partners across, and who owes a decision.

Who owes a decision is one :class:`~comboarena.core.Window` (the state's
``to_act`` is its ``waiting``); turns go clockwise, in seat order.

>>> partner(1), OTHERS[1], NEXT_CLOCKWISE[3]
(3, (2, 3, 0), 0)
"""

from __future__ import annotations

from comboarena.core import Window

from .view import Effect

PLAYERS = 4

#: The other seats, clockwise from the one after ``seat``.
OTHERS = tuple(tuple((s + i) % PLAYERS for i in (1, 2, 3)) for s in range(PLAYERS))
#: "Going clockwise the next player ... plays their turn": the seat after ``seat``.
NEXT_CLOCKWISE = tuple((s + 1) % PLAYERS for s in range(PLAYERS))
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


__all__ = [
    "CAPTAINS",
    "CLOSED",
    "EFFECT",
    "NEXT_CLOCKWISE",
    "ONE",
    "OTHERS",
    "PLAYERS",
    "REACTION",
    "partner",
]
