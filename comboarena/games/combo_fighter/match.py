"""The fight and the match (rulebook: "Setup", "Gameplay", "Taking damage").

"A game of Combo Fighter is played as best out of 3 fights. Each fight is
played over several rounds until one player is knocked out." Every fight is set
up afresh: Power Token side A, the starting hand of the Character Sheet, the
rest of the deck shuffled on the Staggering Card. A knocked-out fighter loses
the fight; a double knock-out is a draw, and a match drawn after its fights
gets an extra fight.
"""

from __future__ import annotations

from typing import Any

from comboarena.core import Event, GameNotOver, Result, team_result

from .base import CLOSED, FIGHTS_PER_BEST_OF, NO_WINNER, NOT_OFFERED, OVER, FighterBase
from .view import Ev


class MatchRules(FighterBase):
    """The start and the end of a fight, and the match of ``best_of`` fights."""

    __slots__ = ()

    # -- mode hooks (versus behaviour; solo and tag override) ----------------------------

    def _starting_hand(self, s: int, stack: Any) -> list[int]:
        """Mode hook: the starting hand of the Character Sheet (or the stacked one)."""
        f = self.game.fighters[s]
        return list(stack.hand if stack is not None and stack.hand is not None else f.starting_hand)

    def _starting_aside(self, s: int) -> list[int]:
        """Mode hook: the cards the Power Token sets aside at setup."""
        return list(self.game.powers[s].start_aside(False))

    def _open_fight(self, events: list[Event]) -> None:
        """Mode hook: what happens once the fighters are set up (versus: the first round)."""
        self._start_round(events)

    # -- the start of a fight -----------------------------------------------------------

    def _start_fight(self, events: list[Event]) -> None:
        """Setup: Power Token side A, starting hand, shuffled deck on the Staggering Card."""
        g = self.game
        stacks = g.stack_for(self._deck, self._fight)
        for s in range(g.players):
            self._setup_fighter(s, stacks[s] if stacks else None, events)
        self._round = 0
        self._winner = NO_WINNER
        events.append(Event(Ev.FIGHT, None, {"fight": self._fight, "wins": list(self._wins)}))
        self._open_fight(events)

    def _setup_fighter(self, s: int, stack: Any, events: list[Event]) -> None:
        f = self.game.fighters[s]
        remaining = list(f.composition)
        aside = list(stack.aside) if stack is not None and stack.aside is not None else self._starting_aside(s)
        hand = self._starting_hand(s, stack)
        top: list[int] = list(stack.draw) if stack is not None else []
        disc: list[int] = list(stack.discard) if stack is not None else []
        for t in aside + hand + top + disc:
            remaining.remove(t)  # the stack was checked against the deck when the game was set up
        self._chance.shuffle(remaining)
        if stack is not None and stack.rest == "discard":
            disc += remaining
            remaining = []
        self._hand[s] = sorted(hand)
        self._draw[s] = remaining + top[::-1]
        self._disc[s] = disc
        self._aside[s] = aside
        self._play[s] = []
        self._marks[s] = []
        self._drawn[s] = []
        self._side[s] = stack.side if stack is not None else 0
        self._stag[s] = False
        self._dmg[s] = 0
        self._ko[s] = False
        self._choice[s] = -1
        self._retro[s] = NOT_OFFERED
        self._bonus[s] = 0
        self._flip[s] = False
        if not self._draw[s]:
            self._stagger(s, events)

    # -- the end of a fight -------------------------------------------------------------

    def _end_fight(self, events: list[Event]) -> None:
        """A knocked-out fighter loses the fight; a double knock-out is a draw."""
        g = self.game
        lost = {g.team[s] for s in range(g.players) if self._ko[s]}
        winner = 1 - lost.pop() if len(lost) == 1 else -1
        if winner >= 0:
            self._wins[winner] += 1
        self._results.append(winner)
        data = {"fight": self._fight, "winner": winner, "wins": list(self._wins)}
        events.append(Event(Ev.FIGHT_OVER, None, data))
        a, b = self._wins
        played = len(self._results)
        need = g.best_of // 2 + 1
        if max(a, b) >= need or (played >= g.best_of and a != b) or played >= g.best_of * FIGHTS_PER_BEST_OF:
            self._phase = OVER
            self._window = CLOSED
            events.append(Event(Ev.END, None, self.result().to_dict()))
            return
        # Not decided (a drawn match after best_of fights gets an extra fight).
        self._fight += 1
        self._start_fight(events)

    def result(self) -> Result:
        if self._phase is not OVER:
            raise GameNotOver("the Combo Fighter match is not over yet; result() is known at the end")
        a, b = self._wins
        reason = f"fights won {max(a, b)}-{min(a, b)}"
        return team_result(self.game.teams, self._wins, reason, f"fights drawn {a}-{b}")


__all__ = ["MatchRules"]
