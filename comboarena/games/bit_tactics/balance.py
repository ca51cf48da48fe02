"""16 Bit Tactics' cards for the balance report: a job ability (a ``ja``, ``magic`` or
``skill`` command), named by what it uses."""

from __future__ import annotations

from typing import Any

from comboarena.core import Action, Game, State

from .actions import Command

ABILITIES = ("ja", "magic", "skill")


class TacticsAbilities:
    """The card rules of the balance report (``comboarena.sim.balance.cards.CardRules``)."""

    noun = "job ability"
    fixed = "a job's abilities come with the job from the data files; no option takes one away from a job"

    def __init__(self, game: Game) -> None:
        self.game = game

    def played(self, state: State, seat: int, action: Action) -> str | None:
        if isinstance(action, Command) and action.verb in ABILITIES and action.what:
            return action.what
        return None

    def without(self, card: str) -> dict[str, Any] | None:
        return None
