"""Before the first turn: the Big Players, the deal, the bases, who goes first.

Rulebook: *The Setup* ("each team has a Big Player (BP) chosen at the
discretion of each team ... players are dealt 7 cards with the exception of
the BPs which are dealt 9. Before looking at their cards each player flips
over the top card of their hand and plays it down in front of them. This card
becomes the base of your combo pile. Highest card goes first"). The order of
strength is :func:`.cards.first_player`'s.

Changes ``big_players``, ``owes``, ``deck``, ``hands`` and ``piles`` (then
:func:`.end.start_turn` begins the first turn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comboarena.core import Event

from .actions import ChooseBig
from .cards import KEY, first_player
from .end import start_turn
from .seats import PLAYERS
from .view import EventKind

if TYPE_CHECKING:
    from .state import CccState

#: Cards dealt to each player, and to the Big Players (the base among them).
DEAL, BIG_DEAL = 7, 9


def choose_big(s: CccState, seat: int, action: ChooseBig) -> list[Event]:
    """A team names its Big Player (seat 0 speaks for team 0+2, seat 1 for team 1+3);
    once both have, the cards are dealt."""
    team = seat % 2
    if action.seat % 2 != team:
        mates = " or ".join(str(m) for m in (team, team + 2))
        raise s.refusal(seat, action, f"seat {action.seat} is not on your team (name seat {mates})")
    b0, b1 = s.big_players
    s.big_players = (action.seat, b1) if team == 0 else (b0, action.seat)
    s.owes = s.owes.answer(seat)
    events = [Event(EventKind.BIG_PLAYER, seat, {"big": action.seat})]
    if s.owes.is_closed:
        deal(s, events)
    return events


def deal(s: CccState, events: list[Event]) -> None:
    """Deal 7 cards each, one at a time from seat 0, then 2 more to each Big Player;
    each player's top card (the last dealt) becomes the base of their combo pile;
    the highest base goes first."""
    deck = s.deck
    dealt: list[list[str]] = [[] for _ in range(PLAYERS)]
    for _ in range(DEAL):
        for hand in dealt:
            hand.append(deck.pop())
    bigs = sorted(b for b in s.big_players if b is not None)
    for _ in range(BIG_DEAL - DEAL):
        for seat in bigs:
            dealt[seat].append(deck.pop())
    # "Before looking at their cards each player flips over the top card of
    # their hand": the top of a face-down packet is the last card dealt.
    bases = [hand.pop() for hand in dealt]
    s.hands = [sorted(hand, key=KEY) for hand in dealt]
    s.piles = [[b] for b in bases]
    first = first_player(bases)
    sizes = [len(h) for h in s.hands]
    events.append(Event(EventKind.DEAL, None, {"bases": bases, "hand_sizes": sizes, "first": first}))
    for seat, hand in enumerate(s.hands):
        events.append(Event(EventKind.HAND, seat, {"count": len(hand)}, ((seat,), {"cards": hand[:]})))
    start_turn(s, first, events)


__all__ = ["BIG_DEAL", "DEAL", "choose_big", "deal"]
