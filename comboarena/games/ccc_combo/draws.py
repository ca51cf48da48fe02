"""The rest of a turn once its card is played: burns owed, then draws owed, then the end.

Rulebook: *What is a COMBO?* (the owner "must immediately BURN"), *The
Gameplay* ("After a player plays a card they must draw a card ... Drawing the
card signifies the end of their turn"), *What is a COUNTER?* ("you must draw a
card to replace the one you played, but only after the player whose turn it
is draws their card(s)"), *What is the Big Player?* (HEAL: "Instead of the BP
drawing their card, they can instead allow their partner to draw") and *What
if there are no more cards in the deck?* ("Shuffle up the discard pile,
silly!").

Changes ``hands``, ``deck``, ``discard``, ``burn``, ``draws``, ``phase`` and
``owes`` (then :func:`.end.end_turn` ends the turn); a reshuffle is the state's
chance's next draw.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any

from comboarena.core import Action, Event

from .actions import Heal
from .cards import KEY
from .end import end_turn
from .fields import BURNING, HEALING
from .seats import ONE, PLAYERS, partner
from .view import DrawReason, EventKind

if TYPE_CHECKING:
    from .state import CccState

HEALED = DrawReason.HEAL.value
#: The turn player's draw after their card: ``TURN_DRAW[seat]``, an entry of ``draws``.
TURN_DRAW = tuple((seat, 1, DrawReason.TURN.value) for seat in range(PLAYERS))
# Read at every step of self-play: globals are cheaper than an enum's attributes.
_BURN_EVENT = EventKind.BURN
_DRAW_EVENT = EventKind.DRAW
_HEAL_EVENT = EventKind.HEAL


def carry_on(s: CccState, events: list[Event]) -> None:
    """Carry the turn on until a decision is owed: burns first ("immediately"), then
    the draws in order (the turn player's before a COUNTER's replacement), then the
    turn's end. A Big Player owed a draw decides to draw or HEAL, while there is
    something to draw."""
    burn = s.burn
    if burn is not None:
        seat, owed = burn
        hand = s.hands[seat]
        if len(hand) > owed:
            s.phase = BURNING
            s.owes = ONE[seat]
            return
        # No choice left: every card burns.
        s.discard += hand
        events.append(Event(_BURN_EVENT, seat, {"cards": hand[:], "owed": 0}))
        s.hands[seat] = []
        s.burn = None
    draws = s.draws
    bigs = s.big_players
    while draws:
        seat, count, reason = draws[0]
        if seat == bigs[seat % 2] and (s.deck or s.discard):
            s.phase = HEALING
            s.owes = ONE[seat]
            s.draws = draws
            return
        draws = draws[1:]
        draw_cards(s, seat, count, reason, events)
    s.draws = ()
    end_turn(s, events)


def to_discard_pile(s: CccState, seat: int, action: Action, card: str) -> None:
    """``card`` leaves ``seat``'s hand face up onto the discard pile (a DISCARD, a BURN:
    "players are required to reveal what cards are burned/discarded")."""
    hand = s.hands[seat]
    if card not in hand:
        raise s.refusal(seat, action, f"you do not hold {card}")
    hand.remove(card)
    s.discard.append(card)


def draw_or_heal(s: CccState, seat: int, action: Action) -> list[Event]:
    """The Big Player takes the draw owed (``draw``), or HEALs: the partner draws it."""
    (_, count, reason), s.draws = s.draws[0], s.draws[1:]
    events: list[Event] = []
    if action.__class__ is Heal:
        mate = partner(seat)
        events.append(Event(_HEAL_EVENT, seat, {"to": mate, "count": count, "reason": reason}))
        draw_cards(s, mate, count, HEALED, events)
    else:
        draw_cards(s, seat, count, reason, events)
    carry_on(s, events)
    return events


def draw_cards(s: CccState, seat: int, count: int, reason: str, events: list[Event]) -> None:
    """Draw ``count`` cards; an empty deck is the discard pile shuffled. With both
    empty the draw is lost (the event says how many were ``missed``)."""
    hand = s.hands[seat]
    deck = s.deck
    if count == 1 and deck:  # the usual draw: one card from a deck that has one
        card = deck.pop()
        insort(hand, card, key=KEY)
        events.append(Event(_DRAW_EVENT, seat, {"count": 1, "reason": reason}, ((seat,), {"cards": [card]})))
        return
    got: list[str] = []
    for _ in range(count):
        if not deck:
            if not s.discard:
                break
            deck = reshuffle(s, events)
        card = deck.pop()
        got.append(card)
        insort(hand, card, key=KEY)
    data: dict[str, Any] = {"count": len(got), "reason": reason}
    if len(got) < count:
        data["missed"] = count - len(got)
    events.append(Event(_DRAW_EVENT, seat, data, ((seat,), {"cards": got})))


def reshuffle(s: CccState, events: list[Event]) -> list[str]:
    """The discard pile becomes the deck, shuffled by the state's chance (the n-th
    reshuffle is the chance's draw n, the deal being draw 0: reproducible, and a
    determinized state with a fresh seed cannot foresee it)."""
    cards = s.discard
    s.discard = []
    s.chance.shuffle(cards)
    s.deck = cards
    events.append(Event(EventKind.RESHUFFLE, None, {"cards": len(cards), "reshuffles": s.chance.draws - 1}))
    return cards


__all__ = ["TURN_DRAW", "carry_on", "draw_cards", "draw_or_heal", "reshuffle", "to_discard_pile"]
