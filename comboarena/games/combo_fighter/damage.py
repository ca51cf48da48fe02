"""Taking damage, knock-outs and Staggering (rulebook: "Taking damage", "Staggering").

"For each point of damage you take, you must discard a card - one at a time -
from your hand or deck and place it face up in your discard pile. If by taking
damage you are forced to discard your last and 50th card, your fighter is
knocked out." The last card is the last card whatever order the damage is taken
in, so a knock-out is decided when the hit is dealt.

"It may happen that you draw the last card from your Action Deck [...]: shuffle
your discard pile to form a new Action Deck [...]. While Staggering [...] the
next time you take any damage, your fighter is knocked out."
"""

from __future__ import annotations

from comboarena.core import Action, Event

from .actions import DECK, REST, CardAction
from .base import DAMAGE, FighterBase, open_window
from .view import DamageHow, Ev, KoWhy
from .words import count_text, not_held


class DamageRules(FighterBase):
    """Dealing a hit, taking it card by card, knocking out, and Staggering."""

    __slots__ = ()

    def _take_by_rule(self, s: int, events: list[Event]) -> None:
        """Mode hook: damage a fighter takes without a decision (the solo AI's)."""

    # -- a hit --------------------------------------------------------------------------

    def _deal(self, hits: list[tuple[int, int, int, DamageHow]], events: list[Event]) -> None:
        """Deal each ``(dealer, taker, amount, how)``; the takers then take it card by card."""
        n = self.game.players
        for dealer, taker, amount, how in hits:
            if amount > 0:
                events.append(Event(Ev.DAMAGE, dealer, {"to": taker, "amount": amount, "how": how}))
                self._dmg[taker] += amount
        for taker in range(n):
            if self._dmg[taker]:
                self._check_knockout(taker, events)
        if True in self._ko:
            # The fight is decided: damage still owed (a tie's other half) changes nothing,
            # since a hit that could knock out has done so when dealt.
            self._dmg = [0] * n
            self._end_fight(events)
            return
        for taker in range(n):
            if self._dmg[taker]:
                self._take_by_rule(taker, events)
        pending = tuple(s for s in range(n) if self._dmg[s])
        if pending:
            self._phase = DAMAGE
            self._window = open_window(pending)
        else:
            self._after_damage(events)

    def _check_knockout(self, s: int, events: list[Event]) -> None:
        """Knocked out: any damage while Staggering; or damage that reaches the last card of
        hand and deck, whatever order it is taken in ("forced to discard your last card")."""
        dmg = self._dmg[s]
        if self._stag[s]:
            self._knock_out(s, events, KoWhy.STAGGERING)
        elif dmg >= len(self._hand[s]) + len(self._draw[s]):
            self._knock_out(s, events, KoWhy.LAST_CARD)

    def _knock_out(self, s: int, events: list[Event], why: KoWhy) -> None:
        self._ko[s] = True
        self._dmg[s] = 0
        events.append(Event(Ev.KO, s, {"why": why}))

    # -- taking it ----------------------------------------------------------------------

    def _take(self, seat: int, action: Action) -> list[Event]:
        """Taking damage: one card per point, from the hand or the deck (the taker's choice)."""
        f = self.game.fighters[seat]
        events: list[Event] = []
        deck = self._draw[seat]
        if action.__class__ is CardAction:
            t = f.index.get(action.code, -1)  # type: ignore[attr-defined]
            hand = self._hand[seat]
            if t not in hand:
                raise self._illegal(seat, action, not_held(f, action, "your hand"))
            self._log.append((seat, action))
            hand.remove(t)
            self._disc[seat].append(t)
            self._dmg[seat] -= 1
            data = {"cards": [action.text], "from": Ev.HAND, "left": self._dmg[seat]}
            events.append(Event(Ev.TAKE, seat, data))
        elif action in (DECK, REST):
            if not deck:
                raise self._illegal(
                    seat, action, "your deck is empty (the Staggering Card shows): take the rest from your hand"
                )
            if action == REST and self._dmg[seat] < 2:
                raise self._illegal(seat, action, "you have 1 point to take: deck, or a card from your hand")
            self._log.append((seat, action))
            points = min(self._dmg[seat], len(deck)) if action == REST else 1
            codes = self.game.codes[seat]
            disc = self._disc[seat]
            taken = []
            for _ in range(points):
                t = deck.pop()
                disc.append(t)
                taken.append(codes[t])
            self._dmg[seat] -= points
            events.append(Event(Ev.TAKE, seat, {"cards": taken, "from": Ev.DECK, "left": self._dmg[seat]}))
        else:
            owed = count_text(self._dmg[seat], "point")
            raise self._illegal(seat, action, f"take damage ({owed} to take): a card from your hand, or deck")
        if not self._dmg[seat]:
            self._end_hit(seat, events)
            if self._answer(seat):
                self._after_damage(events)
        return events

    def _end_hit(self, s: int, events: list[Event]) -> None:
        """The hit is taken. If it emptied the deck, the Staggering Card shows now: the
        rest of the hit came from the hand, and only the next hit knocks out."""
        if not self._draw[s]:
            self._stagger(s, events)

    def _after_damage(self, events: list[Event]) -> None:
        if True in self._ko:
            self._end_fight(events)
        else:
            self._before_end_round(events)

    # -- the deck and the Staggering Card -----------------------------------------------

    def _draw_one(self, s: int, events: list[Event]) -> int:
        """The top card of ``s``'s deck (-1 if there is none); the last one makes them Stagger."""
        deck = self._draw[s]
        if not deck:
            self._stagger(s, events)
            deck = self._draw[s]
            if not deck:
                return -1
        t = deck.pop()
        if not deck:
            self._stagger(s, events)
        return t

    def _stagger(self, s: int, events: list[Event]) -> None:
        """Staggering: the Staggering Card shows; the discard pile is shuffled into a new deck."""
        deck = self._disc[s]
        self._disc[s] = []
        self._chance.shuffle(deck)
        self._draw[s] = deck
        again = self._stag[s]
        self._stag[s] = True
        events.append(Event(Ev.STAGGER, s, {"deck": len(deck), "again": again}))


__all__ = ["DamageRules"]
