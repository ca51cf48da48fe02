"""16 Combos' cards for the balance report: a value card's rank (2-A) when it is placed
in a pair, or ``joker`` when a saved joker is used or swapped in."""

from __future__ import annotations

from typing import Any

from comboarena.core import Action, Game, State

from .actions import Announce, Place, SwapJoker
from .cards import FACES

JOKER = "joker"


class SixteenCombosCards:
    """The card rules of the balance report (``comboarena.sim.balance.cards.CardRules``)."""

    noun = "rank (2-A) of a placed value card; joker"
    fixed = "value cards are dealt from the standard deck; only the jokers can be left out (jokers=false)"

    def __init__(self, game: Game) -> None:
        self.game = game

    def played(self, state: State, seat: int, action: Action) -> str | None:
        if isinstance(action, Place):
            return FACES[action.face][0]
        if isinstance(action, SwapJoker) or (isinstance(action, Announce) and action.wild):
            return JOKER
        return None

    def without(self, card: str) -> dict[str, Any] | None:
        return {"jokers": False} if card == JOKER and self.game.options["jokers"] else None
