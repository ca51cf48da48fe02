"""A turn's card: on another player's pile (a COMBO or a COUNTER), or a DISCARD.

Rulebook: *The Gameplay* ("Each turn begins with a player playing a card on
an opponent/ally's pile or to the discard pile ... Players may not play on
their own piles ON THEIR TURN") and *What is a DISCARD?* ("Players have the
option of not playing a COMBO on their turn and instead can DISCARD a card to
the discard pile and draw a card to replace it"). What a COMBO and a COUNTER
do is :mod:`.combo`'s and :mod:`.counter`'s; the draw that follows,
:mod:`.draws`'.

Changes ``hands``, ``discard`` and ``draws``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comboarena.core import Event
from comboarena.core.cards import SUIT_NAMES

from .actions import Discard, Play
from .combo import combo
from .counter import counter
from .draws import TURN_DRAW, carry_on, to_discard_pile
from .view import EventKind
from .words import a_value

if TYPE_CHECKING:
    from .state import CccState

_DISCARD_EVENT = EventKind.DISCARD


def play(s: CccState, seat: int, action: Play) -> list[Event]:
    """A card on another player's pile: a COMBO if it is the pile's suit, a COUNTER if
    it is the top card's value (with one deck no card is both)."""
    card, p = action.card, action.pile
    if p == seat:
        raise s.refusal(
            seat,
            action,
            "you may not play on your own pile on your turn (players may not play on their own piles on their "
            "turn; a COUNTER on your own pile is only allowed out of turn, against a COMBO on it)",
        )
    hand = s.hands[seat]
    if card not in hand:
        raise s.refusal(seat, action, f"you do not hold {card}")
    pile = s.piles[p]
    top = pile[-1]
    if card[1] == top[1]:
        return combo(s, seat, action, hand, pile)
    if card[0] != top[0]:
        raise s.refusal(
            seat,
            action,
            f"{card} on {top} (seat {p}'s pile) is neither a COMBO (needs {SUIT_NAMES[top[1]]}) "
            f"nor a COUNTER (needs {a_value(top)})",
        )
    return counter(s, seat, action, hand, pile)


def discard(s: CccState, seat: int, action: Discard) -> list[Event]:
    """DISCARD: a card face up to the discard pile ("considered playing a card"); then draw."""
    card = action.card
    to_discard_pile(s, seat, action, card)
    events = [Event(_DISCARD_EVENT, seat, {"card": card})]
    s.draws = (TURN_DRAW[seat],)
    carry_on(s, events)
    return events


__all__ = ["discard", "play"]
