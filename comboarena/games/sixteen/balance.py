"""Sixteen's cards for the balance report: a card is its number (0-6), or ``W`` for a wild."""

from __future__ import annotations

from typing import Any

from comboarena.core import Action, Game, State

from .actions import Play
from .cards import WILD


class SixteenCards:
    """The card rules of the balance report (``comboarena.sim.balance.cards.CardRules``)."""

    noun = "rank (number 0-6; W: a wild)"
    fixed = "the numbers make up the deck the sums are built from; only the wilds can be left out (wilds=false)"

    def __init__(self, game: Game) -> None:
        self.game = game

    def played(self, state: State, seat: int, action: Action) -> str | None:
        if not isinstance(action, Play):
            return None
        return WILD if action.card == WILD else action.card[0]

    def without(self, card: str) -> dict[str, Any] | None:
        return {"wilds": False} if card == WILD and self.game.options["wilds"] else None
