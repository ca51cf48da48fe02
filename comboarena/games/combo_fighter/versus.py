"""1 v 1, as the rulebook tells it: what each mode decides, where the modes differ.

The rules (:mod:`.match`, :mod:`.round`, :mod:`.damage`, :mod:`.end_of_round`) ask
the table's mode (``game.mode_rules``) at the few places where the modes differ:
who sets up with which cards, what happens once a fight is set up, after the
damage and after the refill, who decides for themselves, and which rule reads an
action in each phase. :class:`Versus` answers as the rulebook's 1 v 1 does;
:class:`~.solo.Solo` and :class:`~.tag.Tag` change some answers. A mode holds no
state: everything is in the one state object.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

from comboarena.core import Action, Event, Window

from .combos import combo
from .damage import take
from .end_of_round import discard, end_round
from .powers import RoundInfo
from .round import commit, decide_retro, start_round
from .stacks import Stack
from .view import Phase

if TYPE_CHECKING:
    from .state import FighterState

#: A phase's rule: reads ``seat``'s action, refuses it (changing nothing) or applies it.
Handler = Callable[["FighterState", int, Action], list[Event]]


class Versus:
    """The rulebook's 1 v 1 (and the answers the other modes keep)."""

    #: phase -> the rule that reads a seat's action in it.
    handlers: ClassVar[dict[Phase, Handler]] = {
        Phase.PLAY: commit,
        Phase.RETRO: decide_retro,
        Phase.COMBO: combo,
        Phase.DAMAGE: take,
        Phase.DISCARD: discard,
    }

    # -- the start of a fight (.match) --------------------------------------------------

    def starting_hand(self, s: FighterState, seat: int, stack: Stack | None) -> list[int]:
        """The starting hand of the Character Sheet (or the stacked one)."""
        if stack is not None and stack.hand is not None:
            return list(stack.hand)
        return list(s.fighters[seat].sheet.starting_hand)

    def starting_aside(self, s: FighterState, seat: int) -> list[int]:
        """The cards the Power Token sets aside at setup."""
        return list(s.game.powers[seat].start_aside(False, s.fight == 1))

    def open_fight(self, s: FighterState, events: list[Event]) -> None:
        """Once the fighters are set up: the first round."""
        start_round(s, events)

    # -- a round (.round) ------------------------------------------------------------------

    def out_of_cards(self, s: FighterState, seat: int) -> bool:
        """Called for a fighter with an empty hand: no card left to play?"""
        return True

    def face_down(self, s: FighterState, seat: int, events: list[Event]) -> int:
        """The card ``seat`` plays this round when none lies face down (none: every fighter
        plays its own)."""
        return s.fighters[seat].face_down

    def retro_by_rule(self, s: FighterState, offered: tuple[int, ...], events: list[Event]) -> tuple[int, ...]:
        """Retroactive powers the rules decide themselves; returns the seats still to ask."""
        return offered

    def winner_plays(self, s: FighterState, w: int, events: list[Event]) -> None:
        """The winner of the round may combo."""
        s.phase = Phase.COMBO
        s.window = Window.one(w)

    # -- damage (.damage) -----------------------------------------------------------------

    def take_by_rule(self, s: FighterState, seat: int, events: list[Event]) -> None:
        """Damage a fighter takes without a decision (none: each decides)."""

    def before_end_round(self, s: FighterState, events: list[Event]) -> None:
        """Once the damage is taken: the end of the round."""
        end_round(s, events)

    # -- the end of the round (.end_of_round) ------------------------------------------------

    def people(self, s: FighterState) -> Sequence[int]:
        """The seats in the ring that discard and refill by their own decision."""
        return s.ring

    def flips(self, s: FighterState, seat: int, info: RoundInfo) -> bool:
        """Whether ``seat``'s Power Token turns over at the end of the round ``info`` describes."""
        return s.game.powers[seat].flips(s.fighters[seat].side, info)

    def after_refill(self, s: FighterState, events: list[Event]) -> None:
        """Once the end-of-round effects are resolved: the next round."""
        start_round(s, events)

    # -- decisions only a mode has --------------------------------------------------------

    def mode_actions(self, s: FighterState, seat: int) -> list[Action]:
        """The legal actions of the phases a mode adds (none)."""
        return []


__all__ = ["Handler", "Versus"]
