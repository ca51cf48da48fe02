"""c-c-c-COMBO's cards for the balance report: a card is its rank (2-A), played on a
pile (a COMBO or a COUNTER) or DISCARDed; BURNs are losses, not plays."""

from __future__ import annotations

from typing import Any

from comboarena.core import Action, Game, State

from .actions import Discard, Play


class CccCards:
    """The card rules of the balance report (``comboarena.sim.balance.cards.CardRules``)."""

    noun = "rank (2-A)"
    fixed = "the game is played with the whole 52-card deck and has no option that leaves a rank out"

    def __init__(self, game: Game) -> None:
        self.game = game

    def played(self, state: State, seat: int, action: Action) -> str | None:
        if isinstance(action, Play | Discard):
            return action.card[0]
        return None

    def without(self, card: str) -> dict[str, Any] | None:
        return None
