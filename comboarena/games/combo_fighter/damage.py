"""Dealing damage, taking it and knock-outs (rulebook: "Dealing damage", "Taking damage",
"Staggering").

"For each point of damage you take, you must discard a card - one at a time -
from your hand or deck and place it face up in your discard pile. If by taking
damage you are forced to discard your last and 50th card, your fighter is
knocked out." The last card is the last card whatever order the damage is taken
in, so a knock-out is decided when the hit is dealt. While Staggering, "the next
time you take any damage, your fighter is knocked out".

Changes: ``phase`` and ``window``; each fighter's ``damage`` and ``ko``, and the
taker's ``hand``, ``deck`` and ``discard``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comboarena.core import Action, Event, Window

from .actions import DECK, REST, CardAction
from .hand import take_from_hand
from .match import end_fight
from .staggering import stagger
from .view import DamageHow, Ev, KoWhy, Phase
from .words import count_text

if TYPE_CHECKING:
    from .state import FighterState

_DAMAGE = Phase.DAMAGE


# -- a hit --------------------------------------------------------------------------------


def deal(s: FighterState, hits: list[tuple[int, int, int, DamageHow]], events: list[Event]) -> None:
    """Deal each ``(dealer, taker, amount, how)``; the takers then take it card by card."""
    fighters = s.fighters
    for dealer, taker, amount, how in hits:
        if amount > 0:
            events.append(Event(Ev.DAMAGE, dealer, {"to": taker, "amount": amount, "how": how}))
            fighters[taker].damage += amount
    knocked = False
    for taker, f in enumerate(fighters):
        if f.damage and check_knockout(s, taker, events):
            knocked = True
    if knocked:
        # The fight is decided: damage still owed (a tie's other half) changes nothing,
        # since a hit that could knock out has done so when dealt.
        for f in fighters:
            f.damage = 0
        end_fight(s, events)
        return
    rules = s.game.mode_rules
    for taker, f in enumerate(fighters):
        if f.damage:
            rules.take_by_rule(s, taker, events)
    pending = tuple([taker for taker, f in enumerate(fighters) if f.damage])
    if pending:
        s.phase = _DAMAGE
        s.window = Window.open(pending)
    else:
        after_damage(s, events)


def check_knockout(s: FighterState, seat: int, events: list[Event]) -> bool:
    """Knocked out: any damage while Staggering; or damage that reaches the last card of
    hand and deck, whatever order it is taken in ("forced to discard your last card").
    Returns whether it knocked ``seat`` out."""
    f = s.fighters[seat]
    if f.staggering:
        knock_out(s, seat, events, KoWhy.STAGGERING)
        return True
    if f.damage >= len(f.hand) + len(f.deck):
        knock_out(s, seat, events, KoWhy.LAST_CARD)
        return True
    return False


def knock_out(s: FighterState, seat: int, events: list[Event], why: KoWhy) -> None:
    f = s.fighters[seat]
    f.ko = True
    f.damage = 0
    events.append(Event(Ev.KO, seat, {"why": why}))


def knocked_out(s: FighterState) -> bool:
    """Whether a fighter is knocked out (the fight is over)."""
    for f in s.fighters:  # noqa: SIM110 (a loop: any() over a generator costs more, every step)
        if f.ko:
            return True
    return False


# -- taking it ----------------------------------------------------------------------------


def take(s: FighterState, seat: int, action: Action) -> list[Event]:
    """Taking damage: one card per point, from the hand or the deck (the taker's choice)."""
    you = s.fighters[seat]
    events: list[Event] = []
    if action.__class__ is CardAction:
        you.discard.append(take_from_hand(s, seat, action))
        you.damage -= 1
        events.append(Event(Ev.TAKE, seat, {"cards": [action.text], "from": Ev.HAND, "left": you.damage}))
    elif action in (DECK, REST):
        deck = you.deck
        if not deck:
            raise s.refuse(seat, action, "your deck is empty (the Staggering Card shows): take the rest from your hand")
        if action == REST and you.damage < 2:
            raise s.refuse(seat, action, "you have 1 point to take: deck, or a card from your hand")
        points = min(you.damage, len(deck)) if action == REST else 1
        codes = s.game.codes[seat]
        disc = you.discard
        taken = []
        for _ in range(points):
            t = deck.pop()
            disc.append(t)
            taken.append(codes[t])
        you.damage -= points
        events.append(Event(Ev.TAKE, seat, {"cards": taken, "from": Ev.DECK, "left": you.damage}))
    else:
        owed = count_text(you.damage, "point")
        raise s.refuse(seat, action, f"take damage ({owed} to take): a card from your hand, or deck")
    if not you.damage:
        end_hit(s, seat, events)
        if s.answer(seat):
            after_damage(s, events)
    return events


def end_hit(s: FighterState, seat: int, events: list[Event]) -> None:
    """The hit is taken. If it emptied the deck, the Staggering Card shows now: the
    rest of the hit came from the hand, and only the next hit knocks out."""
    if not s.fighters[seat].deck:
        stagger(s, seat, events)


def after_damage(s: FighterState, events: list[Event]) -> None:
    """Every hit is taken: the fight is over, or the round ends (2 vs 2: after catching breath)."""
    if knocked_out(s):
        end_fight(s, events)
    else:
        s.game.mode_rules.before_end_round(s, events)


__all__ = ["after_damage", "check_knockout", "deal", "end_hit", "knock_out", "knocked_out", "take"]
