"""The fight and the match (rulebook: "Setup", "Gameplay", "Taking damage").

"A game of Combo Fighter is played as best out of 3 fights. Each fight is
played over several rounds until one player is knocked out." Every fight is set
up afresh: Power Token side A, the starting hand of the Character Sheet, the
rest of the deck shuffled on the Staggering Card. A knocked-out fighter loses
the fight; a double knock-out is a draw, and a match drawn after its fights
gets an extra fight.

Changes: ``fight``, ``round``, ``round_winner``, ``wins``, ``fights``, ``phase``
and ``window`` (at the end), and ``fighters`` (each set up afresh).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comboarena.core import Event

from .fields import CLOSED, NO_WINNER, fresh_seat
from .stacks import Stack, stack_for
from .staggering import stagger
from .view import Ev, Phase

if TYPE_CHECKING:
    from .state import FighterState

#: Fights a match may last, per fight of ``best_of``: a safety net, so that any content
#: terminates (never reached with the shipped fighters).
FIGHTS_PER_BEST_OF = 3
_OVER = Phase.OVER


def start_fight(s: FighterState, events: list[Event]) -> None:
    """Setup: Power Token side A, starting hand, shuffled deck on the Staggering Card."""
    g = s.game
    stacks = stack_for(g, s.stacked, s.fight)
    for seat in range(g.players):
        set_up(s, seat, stacks[seat] if stacks else None, events)
    s.round = 0
    s.round_winner = NO_WINNER
    events.append(Event(Ev.FIGHT, None, {"fight": s.fight, "wins": list(s.wins)}))
    g.mode_rules.open_fight(s, events)


def set_up(s: FighterState, seat: int, stack: Stack | None, events: list[Event]) -> None:
    """One fighter's set-up for a fight (or the stacked one a scenario gives)."""
    rules = s.game.mode_rules
    sheet = s.fighters[seat].sheet
    remaining = list(sheet.composition)
    aside = list(stack.aside) if stack is not None and stack.aside is not None else rules.starting_aside(s, seat)
    hand = rules.starting_hand(s, seat, stack)
    top: list[int] = list(stack.draw) if stack is not None else []
    disc: list[int] = list(stack.discard) if stack is not None else []
    for t in aside + hand + top + disc:
        remaining.remove(t)  # the stack was checked against the deck when the game was set up
    s.chance.shuffle(remaining)
    if stack is not None and stack.rest == "discard":
        disc += remaining
        remaining = []
    side = stack.side if stack is not None else 0
    f = s.fighters[seat] = fresh_seat(sheet, hand, remaining + top[::-1], disc, aside, side)
    if not f.deck:
        stagger(s, seat, events)


def end_fight(s: FighterState, events: list[Event]) -> None:
    """A knocked-out fighter loses the fight; a double knock-out is a draw."""
    g = s.game
    lost = {g.team[seat] for seat, f in enumerate(s.fighters) if f.ko}
    winner = 1 - lost.pop() if len(lost) == 1 else -1
    if winner >= 0:
        s.wins[winner] += 1
    s.fights.append(winner)
    events.append(Event(Ev.FIGHT_OVER, None, {"fight": s.fight, "winner": winner, "wins": list(s.wins)}))
    a, b = s.wins
    played = len(s.fights)
    need = g.best_of // 2 + 1
    if max(a, b) >= need or (played >= g.best_of and a != b) or played >= g.best_of * FIGHTS_PER_BEST_OF:
        s.phase = _OVER
        s.window = CLOSED
        events.append(Event(Ev.END, None, s.result().to_dict()))
        return
    # Not decided (a drawn match after best_of fights gets an extra fight).
    s.fight += 1
    start_fight(s, events)


__all__ = ["FIGHTS_PER_BEST_OF", "end_fight", "set_up", "start_fight"]
