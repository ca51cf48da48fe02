"""A card taken from your hand (rulebook: "Gameplay", "Taking damage", "End of a round").

Three rules take a card the player names out of the hand: playing one face down
("both players play one Action Card face down from their hand"), taking a point of
damage ("discard a card [...] from your hand or deck") and discarding before the
refill ("you may discard any number of cards from your hand"). They name it the
same way (its code) and are refused the same way; where the card goes is theirs.

Changes a fighter's ``hand``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comboarena.core import Action

from .words import not_held

if TYPE_CHECKING:
    from .state import FighterState


def take_from_hand(s: FighterState, seat: int, action: Action) -> int:
    """The card type ``action`` (a card's code) names, taken out of ``seat``'s hand;
    refused (nothing changes) when the hand does not hold it."""
    you = s.fighters[seat]
    t = you.sheet.index.get(action.code, -1)  # type: ignore[attr-defined]
    hand = you.hand
    if t not in hand:
        raise s.refuse(seat, action, not_held(you.sheet, action, "your hand"))
    hand.remove(t)
    return t


__all__ = ["take_from_hand"]
