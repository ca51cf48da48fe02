"""Combos and Signature Combos (rulebook: "Combos", "Dealing damage", "Signature Combos").

"Winning a round gives you the right to combo, which means you may continue
playing cards from your hand as long as the Button Icon on the card you are
about to play matches an icon in the Combo Box on the previous card." The first
card deals Opening Damage, the others Combo Damage; "when you are done playing
cards, add the damage, and deal the total to your opponent" (:mod:`.damage`).

A Signature Combo is "the exact cards in the exact order" of the Character
Sheet, called by name, with no other card before or after; it deals its
version's damage (Basic or Power) instead of the cards'. Calling is optional.

Some Power Tokens let a card of the combo be set aside (``aside:<code>``) or
played from beside the token.

Changes the winner's ``hand``, ``aside``, ``play`` and ``set_aside``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from comboarena.core import Action, Event

from .actions import CALL, END, AsideAction, CardAction
from .damage import deal
from .rules import card_damage, signature_damage, signature_for
from .view import DamageHow, Ev
from .words import box_mismatch, cannot_set_aside, no_signature, not_held

if TYPE_CHECKING:
    from .state import FighterState


def combo_actions(s: FighterState, seat: int) -> list[Action]:
    """The winner's legal actions: a card whose button is in the last card's Combo Box
    (from the hand, beside the token, or to set aside), ``end``, and ``call``."""
    g = s.game
    you = s.fighters[seat]
    cards = you.sheet.cards
    play = you.play
    box = cards[play[-1]].box
    acts = g.acts[seat]
    out: list[Action] = []
    last = -1
    for t in you.hand:
        if t != last and box >> cards[t].button & 1:
            out.append(acts[t])
            last = t
    power = g.powers[seat]
    side = you.side
    if power.token.aside_play:
        for t in sorted(set(you.aside)):
            if box >> cards[t].button & 1 and acts[t] not in out:
                out.append(acts[t])
    asidable = power.combo_aside(side)
    if asidable:
        for t in sorted(set(you.hand)):
            if t in asidable and box >> cards[t].button & 1:
                out.append(g.aside_acts[seat][t])
    out.append(END)
    if not you.set_aside and signature_for(you.sheet, tuple(play), side) is not None:
        out.append(CALL)
    return out


def combo(s: FighterState, seat: int, action: Action) -> list[Event]:
    """Combo: the next card's button must be in the previous card's Combo Box."""
    cls = action.__class__
    if cls is not CardAction and cls is not AsideAction:
        if action in (END, CALL):
            return end_combo(s, seat, action)
        raise s.refuse(seat, action, "continue the combo with a card, or end (or call) it")
    you = s.fighters[seat]
    f = you.sheet
    t = f.index.get(action.code, -1)  # type: ignore[attr-defined]
    if t < 0:
        raise s.refuse(seat, action, not_held(f, action, "your hand"))
    play = you.play
    last, card = f.cards[play[-1]], f.cards[t]
    if not last.box >> card.button & 1:
        raise s.refuse(seat, action, box_mismatch(card, last))
    power = s.game.powers[seat]
    from_aside = cls is CardAction and power.token.aside_play and t in you.aside
    if cls is AsideAction and t not in power.combo_aside(you.side):
        raise s.refuse(seat, action, cannot_set_aside(f, card, power.combo_aside(you.side)))
    if not from_aside and t not in you.hand:
        raise s.refuse(seat, action, not_held(f, action, "your hand"))
    if from_aside:
        you.aside.remove(t)
    else:
        you.hand.remove(t)
    play.append(t)
    data: dict[str, Any] = {"card": card.code, "number": len(play)}
    if cls is AsideAction:
        you.set_aside.append(len(play) - 1)
        data["aside"] = True
    elif from_aside:
        data["from_aside"] = True
    return [Event(Ev.COMBO, seat, data)]


def end_combo(s: FighterState, seat: int, action: Action) -> list[Event]:
    """Add the damage and deal the total: the cards' (``end``) or the Signature Combo's
    version (``call``)."""
    you = s.fighters[seat]
    f = you.sheet
    play = tuple(you.play)
    x = s.x(seat)
    if action == CALL:
        hit = None if you.set_aside else signature_for(f, play, you.side)
        if hit is None:
            raise s.refuse(seat, action, no_signature(f, play, bool(you.set_aside)))
        sig = f.signatures[hit[0]]
        damage = signature_damage(f, hit[0], hit[1], x)
        version = ("basic", "power")[hit[1]]
        events = [Event(Ev.SIGNATURE, seat, {"name": sig.name, "version": version, "damage": damage})]
        how = DamageHow.SIGNATURE
    else:
        damage = card_damage(f, play, you.set_aside, x)
        events = []
        how = DamageHow.COMBO if len(play) > 1 else DamageHow.OPENING
    deal(s, [(seat, s.opponent(seat), damage, how)], events)
    return events


__all__ = ["combo", "combo_actions", "end_combo"]
