"""Combos and Signature Combos (rulebook: "Combos", "Dealing damage", "Signature Combos").

"Winning a round gives you the right to combo, which means you may continue
playing cards from your hand as long as the Button Icon on the card you are
about to play matches an icon in the Combo Box on the previous card." The first
card deals Opening Damage, the others Combo Damage; "when you are done playing
cards, add the damage, and deal the total to your opponent."

A Signature Combo is "the exact cards in the exact order" of the Character
Sheet, called by name, with no other card before or after; it deals its
version's damage (Basic or Power) instead of the cards'. Calling is optional.

Some Power Tokens let a card of the combo be set aside (``aside:<code>``) or
played from beside the token.
"""

from __future__ import annotations

from typing import Any

from comboarena.core import Action, Event

from .actions import CALL, END, AsideAction, CardAction
from .base import FighterBase
from .rules import card_damage, signature_damage, signature_for
from .view import DamageHow, Ev
from .words import box_mismatch, cannot_set_aside, no_signature, not_held


class ComboRules(FighterBase):
    """The winner's combo: continuing it, ending it, calling a Signature Combo."""

    __slots__ = ()

    def _combo_actions(self, seat: int) -> list[Action]:
        g = self.game
        f = g.fighters[seat]
        cards = f.cards
        play = self._play[seat]
        box = cards[play[-1]].box
        acts = g.acts[seat]
        out: list[Action] = []
        last = -1
        for t in self._hand[seat]:
            if t != last and box >> cards[t].button & 1:
                out.append(acts[t])
                last = t
        power = g.powers[seat]
        side = self._side[seat]
        if power.token.aside_play:
            for t in sorted(set(self._aside[seat])):
                if box >> cards[t].button & 1 and acts[t] not in out:
                    out.append(acts[t])
        asidable = power.combo_aside(side)
        if asidable:
            for t in sorted(set(self._hand[seat])):
                if t in asidable and box >> cards[t].button & 1:
                    out.append(g.aside_acts[seat][t])
        out.append(END)
        if not self._marks[seat] and signature_for(f, tuple(play), side) is not None:
            out.append(CALL)
        return out

    def _combo(self, seat: int, action: Action) -> list[Event]:
        """Combo: the next card's button must be in the previous card's Combo Box."""
        cls = action.__class__
        if cls is not CardAction and cls is not AsideAction:
            if action in (END, CALL):
                return self._end_combo(seat, action)
            raise self._illegal(seat, action, "continue the combo with a card, or end (or call) it")
        g = self.game
        f = g.fighters[seat]
        t = f.index.get(action.code, -1)  # type: ignore[attr-defined]
        if t < 0:
            raise self._illegal(seat, action, not_held(f, action, "your hand"))
        play = self._play[seat]
        last, card = f.cards[play[-1]], f.cards[t]
        if not last.box >> card.button & 1:
            raise self._illegal(seat, action, box_mismatch(card, last))
        power = g.powers[seat]
        from_aside = cls is CardAction and power.token.aside_play and t in self._aside[seat]
        if cls is AsideAction and t not in power.combo_aside(self._side[seat]):
            raise self._illegal(seat, action, cannot_set_aside(f, card, power.combo_aside(self._side[seat])))
        if not from_aside and t not in self._hand[seat]:
            raise self._illegal(seat, action, not_held(f, action, "your hand"))
        self._log.append((seat, action))
        if from_aside:
            self._aside[seat].remove(t)
        else:
            self._hand[seat].remove(t)
        play.append(t)
        data: dict[str, Any] = {"card": card.code, "number": len(play)}
        if cls is AsideAction:
            self._marks[seat].append(len(play) - 1)
            data["aside"] = True
        elif from_aside:
            data["from_aside"] = True
        return [Event(Ev.COMBO, seat, data)]

    def _end_combo(self, seat: int, action: Action) -> list[Event]:
        """Add the damage and deal the total: the cards' (``end``) or the Signature Combo's
        version (``call``)."""
        f = self.game.fighters[seat]
        play = tuple(self._play[seat])
        x = self.x(seat)
        if action == CALL:
            hit = None if self._marks[seat] else signature_for(f, play, self._side[seat])
            if hit is None:
                raise self._illegal(seat, action, no_signature(f, play, bool(self._marks[seat])))
            self._log.append((seat, action))
            sig = f.signatures[hit[0]]
            damage = signature_damage(f, hit[0], hit[1], x)
            version = ("basic", "power")[hit[1]]
            events = [Event(Ev.SIGNATURE, seat, {"name": sig.name, "version": version, "damage": damage})]
            how = DamageHow.SIGNATURE
        else:
            self._log.append((seat, action))
            damage = card_damage(f, play, self._marks[seat], x)
            events = []
            how = DamageHow.COMBO if len(play) > 1 else DamageHow.OPENING
        self._deal([(seat, self._opponent(seat), damage, how)], events)
        return events


__all__ = ["ComboRules"]
