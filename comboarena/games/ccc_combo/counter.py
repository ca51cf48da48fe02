"""COUNTERs: a card of the top card's value clears the pile and is its new base.

Rulebook: *What is a COUNTER?* ("A COUNTER negates any COMBO played that turn
and clears that players pile, leaving the COUNTER card as the base of the
player's new pile ... you may also preemptively COUNTER a pile, on your turn,
to clear the pile (with the exception of doing this to your own pile on your
turn). COUNTERS may only be played out of turn if being played against a
COMBO played that turn. You may COUNTER a COMBO played on your own pile. When
playing a COUNTER you must draw a card to replace the one you played, but only
after the player whose turn it is draws their card(s)").

Changes ``hands``, ``piles``, ``discard``, ``window``, ``owes`` and ``draws``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comboarena.core import Event

from .actions import Play
from .draws import TURN_DRAW, carry_on
from .view import DrawReason, EventKind
from .words import a_value

if TYPE_CHECKING:
    from .state import CccState

COUNTER = DrawReason.COUNTER.value
_COUNTER_EVENT = EventKind.COUNTER


def counter(s: CccState, seat: int, action: Play, hand: list[str], pile: list[str]) -> list[Event]:
    """A COUNTER on your turn, on another player's pile: it opens no window; then you draw."""
    card, p = action.card, action.pile
    hand.remove(card)
    events = [Event(_COUNTER_EVENT, seat, {"card": card, "pile": p, "cleared": pile[:], "out_of_turn": False})]
    clear(s, p, card)
    s.draws = (TURN_DRAW[seat],)
    carry_on(s, events)
    return events


def counter_out_of_turn(s: CccState, seat: int, action: Play) -> list[Event]:
    """A COUNTER in the reaction window: only on the COMBO just played, with its value.
    It negates the COMBO and closes the window for everyone; its player draws after
    the turn player."""
    p = s.window[0]  # type: ignore[index]
    card = action.card
    if action.pile != p:
        raise s.refusal(
            seat, action, f"out of turn a COUNTER may only answer the COMBO just played, on seat {p}'s pile"
        )
    hand = s.hands[seat]
    if card not in hand:
        raise s.refusal(seat, action, f"you do not hold {card}")
    top = s.piles[p][-1]
    if card[0] != top[0]:
        combo = f"{card} is of the pile's suit, but a COMBO is played only on your turn; " if card[1] == top[1] else ""
        raise s.refusal(seat, action, f"{combo}a COUNTER to {top} needs {a_value(top)}")
    hand.remove(card)
    events = [Event(_COUNTER_EVENT, seat, {"card": card, "pile": p, "cleared": s.piles[p][:], "out_of_turn": True})]
    clear(s, p, card)
    s.window = None
    s.owes = s.owes.close()
    s.draws = (TURN_DRAW[s.turn], (seat, 1, COUNTER))  # type: ignore[index]
    carry_on(s, events)
    return events


def clear(s: CccState, p: int, card: str) -> None:
    """The pile goes face up to the discard pile, in pile order; ``card`` is its new base."""
    s.discard += s.piles[p]
    s.piles[p] = [card]


__all__ = ["clear", "counter", "counter_out_of_turn"]
