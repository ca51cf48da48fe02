"""Drawing from the Action Deck, and the Staggering Card (rulebook: "Staggering").

"It may happen that you draw the last card from your Action Deck [...] so that your
Staggering Card becomes visible. If that happens, shuffle your discard pile to form
a new Action Deck [...]. While Staggering [...] the next time you take any damage,
your fighter is knocked out" (:mod:`.damage` knocks out).

Changes a fighter's ``deck``, ``discard`` and ``staggering``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comboarena.core import Event

from .view import Ev

if TYPE_CHECKING:
    from .state import FighterState


def draw_one(s: FighterState, seat: int, events: list[Event]) -> int:
    """The top card of ``seat``'s deck (-1 if there is none); the last one makes them Stagger."""
    deck = s.fighters[seat].deck
    if not deck:
        stagger(s, seat, events)
        deck = s.fighters[seat].deck
        if not deck:
            return -1
    t = deck.pop()
    if not deck:
        stagger(s, seat, events)
    return t


def stagger(s: FighterState, seat: int, events: list[Event]) -> None:
    """Staggering: the Staggering Card shows; the discard pile is shuffled into a new deck."""
    f = s.fighters[seat]
    deck = f.discard
    f.discard = []
    s.chance.shuffle(deck)
    f.deck = deck
    again = f.staggering
    f.staggering = True
    events.append(Event(Ev.STAGGER, seat, {"deck": len(deck), "again": again}))


__all__ = ["draw_one", "stagger"]
