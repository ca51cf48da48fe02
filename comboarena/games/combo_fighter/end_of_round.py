"""The end of a round (rulebook: "End of a round", "Power Tokens").

"After damage has been resolved, all cards played by either player this round
are discarded. The players then refill their hands by drawing cards from their
decks up to their hand limit of 5 cards. Before refilling your hand this way,
you may discard any number of cards from your hand. Finally, all end-of-round
effects are resolved." Cards a power set aside this round go beside the Power
Token instead of the discard pile; the end-of-round effects are token flips,
decided from the round just ended and applied after the refill.

Changes: ``phase`` and ``window``; each fighter's ``play`` and ``set_aside``
(emptied), ``discard``, ``aside``, ``hand`` and ``deck``, ``flip`` and ``side``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comboarena.core import Action, Event, Window

from .actions import DONE, CardAction
from .hand import take_from_hand
from .powers import RoundInfo
from .staggering import stagger
from .view import SIDES, Ev, Phase

if TYPE_CHECKING:
    from .state import FighterState

_DISCARD = Phase.DISCARD


def end_round(s: FighterState, events: list[Event]) -> None:
    """Discard the played cards (set-aside ones go beside the token), then the optional
    discards before refilling."""
    rules = s.game.mode_rules
    w = s.round_winner
    for seat in s.ring:
        f = s.fighters[seat]
        play = f.play
        marks = f.set_aside
        for i, t in enumerate(play):
            (f.aside if i in marks else f.discard).append(t)
        info = RoundInfo(
            won=w == seat,
            lost=w >= 0 and w != seat,
            opening_kind=f.sheet.cards[play[0]].kind if play else -1,
            played=tuple(play),
            aside=len(f.aside),
            asided=len(marks),
            drawn=tuple(f.drawn),
        )
        f.flip = rules.flips(s, seat, info)
        f.play = []
        f.set_aside = []
    discarding = tuple([seat for seat in rules.people(s) if s.fighters[seat].hand])
    if discarding:
        s.phase = _DISCARD
        s.window = Window.open(discarding)
    else:
        refill(s, events)


def discard(s: FighterState, seat: int, action: Action) -> list[Event]:
    """Before refilling, you may discard any number of cards from your hand."""
    events: list[Event] = []
    if action.__class__ is CardAction:
        you = s.fighters[seat]
        you.discard.append(take_from_hand(s, seat, action))
        events.append(Event(Ev.DISCARD, seat, {"card": action.text}))
        if you.hand:
            return events
    elif action != DONE:
        raise s.refuse(seat, action, "discard a card from your hand, or done to refill")
    if s.answer(seat):
        refill(s, events)
    return events


def refill(s: FighterState, events: list[Event]) -> None:
    """Refill to the hand limit, then resolve end-of-round effects (Power Token flips)."""
    g = s.game
    rules = g.mode_rules
    for seat in rules.people(s):
        f = s.fighters[seat]
        hand = f.hand
        need = g.powers[seat].hand_limits[f.side] - len(hand)
        if need <= 0:
            continue
        drawn: list[int] = []
        while need > 0:
            deck = f.deck
            if not deck:
                stagger(s, seat, events)
                deck = f.deck
                if not deck:
                    break
            top = deck[: -need - 1 : -1]  # the top cards, in the order drawn
            del deck[len(deck) - len(top) :]
            drawn += top
            need -= len(top)
            if not deck:  # the last card drawn: the Staggering Card shows
                stagger(s, seat, events)
        if drawn:
            hand += drawn
            hand.sort()
            codes = [g.codes[seat][t] for t in drawn]
            events.append(Event(Ev.REFILL, seat, {"count": len(drawn)}, ((seat,), {"cards": codes})))
    for seat in s.ring:
        f = s.fighters[seat]
        if f.flip:
            f.flip = False
            f.side ^= 1
            power = g.powers[seat].sides[f.side].name
            events.append(Event(Ev.FLIP, seat, {"side": SIDES[f.side], "power": power}))
    rules.after_refill(s, events)


__all__ = ["discard", "end_round", "refill"]
