"""Combo Fighter's cards for the balance report: a fighter card, named ``fighter code``
(``boris hf``), when it is played face down or continues a combo."""

from __future__ import annotations

from typing import Any

from comboarena.core import Action, Game, State

from .actions import CardAction
from .view import Phase

#: The phases in which a card code plays the card (elsewhere it discards or throws it away).
PLAYING = (Phase.PLAY, Phase.COMBO)


class FighterCards:
    """The card rules of the balance report (``comboarena.sim.balance.cards.CardRules``)."""

    noun = "fighter card"
    fixed = (
        "a fighter's deck is its life bar, read from its data file; no option removes a card "
        "(edit the fighter's file and compare two reports instead)"
    )

    def __init__(self, game: Game) -> None:
        self.game = game

    def played(self, state: State, seat: int, action: Action) -> str | None:
        if not isinstance(action, CardAction) or getattr(state, "phase", None) not in PLAYING:
            return None
        fighters = self.game.options["fighters"]
        # In 2 vs 2 a seat's fighter changes with tags: the code alone names the card there.
        return action.code if len(fighters) > 2 else f"{fighters[seat]} {action.code}"

    def offered(self, seat: int) -> list[str] | None:
        """The cards of the seat's fighter (``None`` in 2 vs 2, where fighters tag in and out)."""
        fighters = self.game.options["fighters"]
        if len(fighters) > 2:
            return None
        return [f"{fighters[seat]} {card.code}" for card in self.game.fighters[seat].cards]  # type: ignore[attr-defined]

    def without(self, card: str) -> dict[str, Any] | None:
        return None
