"""COMBOs: the STACK grows, every other player may COUNTER it, and if nobody does
its pile's owner BURNS or is FED.

Rulebook: *What is a COMBO?* ("A COMBO is playing a card of the same suit on
an opponent or ally's pile, creating a STACK ... Whenever a COMBO is played,
all other players have 3 seconds to respond with a COUNTER. If no COUNTER is
played, then the owner of the pile then BURNS or FEEDS accordingly and the
STACK remains until a COUNTER is played"). A COUNTER in the window is
:mod:`.counter`'s; carrying the turn on once the window has closed (a burn
with no choice left, then the draws) is :mod:`.draws`'.

Changes ``hands``, ``piles``, ``discard``, ``phase``, ``window``, ``owes``,
``burn`` and ``draws``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comboarena.core import Event, Window

from .actions import Burn, Pass, Play
from .draws import TURN_DRAW, carry_on, to_discard_pile
from .fields import WINDOW
from .seats import EFFECT, REACTION
from .view import DrawReason, EventKind

if TYPE_CHECKING:
    from .state import CccState

FEED = DrawReason.FEED.value
# Read at every step of self-play: globals are cheaper than an enum's attributes.
_BURN_EVENT = EventKind.BURN
_COMBO_EVENT = EventKind.COMBO
_PASS_EVENT = EventKind.PASS
_STANDS_EVENT = EventKind.STANDS


def combo(s: CccState, seat: int, action: Play, hand: list[str], pile: list[str]) -> list[Event]:
    """COMBO (a card of the pile's suit, on the turn player's turn): the STACK grows
    and a reaction window opens for every other player, the pile's owner included."""
    card, p = action.card, action.pile
    hand.remove(card)
    pile.append(card)
    events = [Event(_COMBO_EVENT, seat, {"card": card, "pile": p, "stack": len(pile) - 1, "effect": EFFECT[seat][p]})]
    hands = s.hands
    s.phase = WINDOW
    # Everyone but the player of the COMBO may answer, whether or not they hold a card
    # of its value (asking only those who could would show their hands). A seat without
    # cards could not answer, but at the start of a turn every hand holds cards.
    answers = REACTION[seat]
    if not all(hands[o] for o in answers.asked):
        answers = Window.open(tuple(o for o in answers.asked if hands[o]))
    s.owes = answers
    s.window = (p, answers)
    if answers.is_closed:
        combo_stands(s, events)
    return events


def answer_pass(s: CccState, seat: int, action: Pass) -> list[Event]:
    """``seat`` lets the COMBO stand; when every seat asked has passed, it stands."""
    events = [Event(_PASS_EVENT, seat, {})]
    pile, answers = s.window  # type: ignore[misc]
    if len(answers.waiting) == 1:
        # The last seat asked passes: nobody countered. (The window it would leave,
        # closed, is never looked at: the turn carries on at once.)
        combo_stands(s, events)
        return events
    answers = answers.answer(seat)
    s.owes = answers
    s.window = (pile, answers)
    return events


def combo_stands(s: CccState, events: list[Event]) -> None:
    """Nobody countered: the owner BURNS (an opponent's COMBO) or is FED (an ally's)
    as many cards as the STACK holds, before the turn player draws; the STACK stays."""
    p: int = s.window[0]  # type: ignore[index]
    seat: int = s.turn  # type: ignore[assignment]
    s.window = None
    count = len(s.piles[p]) - 1
    events.append(Event(_STANDS_EVENT, None, {"pile": p, "count": count}))
    if (p - seat) % 2:
        s.burn = (p, count)
        s.draws = (TURN_DRAW[seat],)
    else:
        s.draws = ((p, count, FEED), TURN_DRAW[seat])
    carry_on(s, events)


def burn(s: CccState, seat: int, action: Burn) -> list[Event]:
    """BURN one card of your choice (one per decision, while you hold more than you owe)."""
    card = action.card
    to_discard_pile(s, seat, action, card)
    burning, owed = s.burn  # type: ignore[misc]
    owed -= 1
    s.burn = (burning, owed) if owed else None
    events = [Event(_BURN_EVENT, seat, {"cards": [card], "owed": owed})]
    carry_on(s, events)
    return events


__all__ = ["answer_pass", "burn", "combo", "combo_stands"]
