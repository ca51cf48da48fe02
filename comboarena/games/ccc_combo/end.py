"""The end of a turn, the next turn, and the end of the game.

Rulebook: *The Objective* ("The game ends when a player has no more cards in
their hand (that team loses)"), *What if I only have 1 card in my hand and
it's my turn?* ("You lose only if you have zero cards at the end of any
turn"), and *The Gameplay*'s "Going clockwise the next player ... plays their
turn". Not in the rulebook: the option ``turn_limit`` (a draw), and both teams
out at once (a draw).

Changes ``turns``, ``turn``, ``phase`` and ``owes``; the result follows from the hands
and ``turns`` (:func:`outcome_of`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comboarena.core import Event

from .fields import OVER, PLAY_CARD
from .seats import CLOSED, NEXT_CLOCKWISE, ONE
from .view import EventKind, Termination

if TYPE_CHECKING:
    from .state import CccState

# Read at every turn of self-play: a global is cheaper than an enum's attribute.
_TURN_EVENT = EventKind.TURN


def end_turn(s: CccState, events: list[Event]) -> None:
    """The turn is over (every draw made): a player without cards loses with their
    team (both teams at once: a draw), and the turn limit ends the game as a draw;
    else the turn passes clockwise."""
    s.turns = turns = s.turns + 1
    h = s.hands
    if not (h[0] and h[1] and h[2] and h[3] and turns < s.game.turn_limit):
        finish(s, events)  # how it ended is outcome_of()'s
        return
    start_turn(s, NEXT_CLOCKWISE[s.turn], events)  # type: ignore[index]


def start_turn(s: CccState, seat: int, events: list[Event]) -> None:
    """``seat``'s turn begins: they play a card."""
    s.turn = seat
    s.phase = PLAY_CARD
    s.owes = ONE[seat]
    events.append(Event(_TURN_EVENT, seat, {"turn": s.turns + 1}))


def outcome_of(hands: list[list[str]], turns: int, turn_limit: int) -> tuple[int, Termination] | None:
    """At the end of a turn: ``(losing team, reason)``, ``(-1, reason)`` for a draw,
    or None if the game goes on.

    >>> outcome_of([["7H"], [], ["2S"], ["3S"]], 10, 500)
    (1, <Termination.OUT_OF_CARDS: 'a player ran out of cards'>)
    """
    out = {s % 2 for s, hand in enumerate(hands) if not hand}
    if len(out) == 2:
        return -1, Termination.BOTH_OUT
    if out:
        return out.pop(), Termination.OUT_OF_CARDS
    if turns >= turn_limit:
        return -1, Termination.TURN_LIMIT
    return None


def finish(s: CccState, events: list[Event]) -> None:
    """The game is over: nobody owes a decision; the result is :func:`outcome_of`'s."""
    s.phase = OVER
    s.owes = CLOSED
    s.turn = None
    events.append(Event(EventKind.END, None, s.result().to_dict()))


__all__ = ["end_turn", "finish", "outcome_of", "start_turn"]
