"""The end of a round (rulebook: "End of a round", "Power Tokens").

"After damage has been resolved, all cards played by either player this round
are discarded. The players then refill their hands by drawing cards from their
decks up to their hand limit of 5 cards. Before refilling your hand this way,
you may discard any number of cards from your hand. Finally, all end-of-round
effects are resolved." Cards a power set aside this round go beside the Power
Token instead of the discard pile; the end-of-round effects are token flips,
decided from the round just ended and applied after the refill.
"""

from __future__ import annotations

from collections.abc import Sequence

from comboarena.core import Action, Event

from .actions import DONE, CardAction
from .base import DISCARD, FighterBase, open_window
from .powers import RoundInfo
from .view import SIDES, Ev
from .words import not_held


class EndOfRound(FighterBase):
    """Played cards discarded, optional discards, refill, token flips."""

    __slots__ = ()

    # -- mode hooks (versus behaviour; solo and tag override) ----------------------------

    def _people(self) -> Sequence[int]:
        """Mode hook: the seats in the ring that decide for themselves (the solo AI does not)."""
        return self._ring

    def _flips(self, s: int, info: RoundInfo) -> bool:
        """Mode hook: whether ``s``'s Power Token flips at the end of the round ``info`` describes."""
        return self.game.powers[s].flips(self._side[s], info)

    def _before_end_round(self, events: list[Event]) -> None:
        """Mode hook: what happens after the damage is taken (versus: the end of the round)."""
        self._end_round(events)

    def _after_refill(self, events: list[Event]) -> None:
        """Mode hook: what happens after the end-of-round effects (versus: the next round)."""
        self._start_round(events)

    # -- the end of the round -----------------------------------------------------------

    def _end_round(self, events: list[Event]) -> None:
        """Discard the played cards (set-aside ones go beside the token), then the optional
        discards before refilling."""
        g = self.game
        w = self._winner
        for s in self._ring:
            play = self._play[s]
            marks = self._marks[s]
            for i, t in enumerate(play):
                (self._aside[s] if i in marks else self._disc[s]).append(t)
            info = RoundInfo(
                won=w == s,
                lost=w >= 0 and w != s,
                opening_kind=g.fighters[s].cards[play[0]].kind if play else -1,
                played=tuple(play),
                aside=len(self._aside[s]),
                asided=len(marks),
                drawn=tuple(self._drawn[s]),
            )
            self._flip[s] = self._flips(s, info)
            self._play[s] = []
            self._marks[s] = []
        discarding = tuple(s for s in self._people() if self._hand[s])
        if discarding:
            self._phase = DISCARD
            self._window = open_window(discarding)
        else:
            self._refill(events)

    def _discard(self, seat: int, action: Action) -> list[Event]:
        """Before refilling, you may discard any number of cards from your hand."""
        events: list[Event] = []
        if action.__class__ is CardAction:
            f = self.game.fighters[seat]
            t = f.index.get(action.code, -1)  # type: ignore[attr-defined]
            hand = self._hand[seat]
            if t not in hand:
                raise self._illegal(seat, action, not_held(f, action, "your hand"))
            self._log.append((seat, action))
            hand.remove(t)
            self._disc[seat].append(t)
            events.append(Event(Ev.DISCARD, seat, {"card": action.text}))
            if hand:
                return events
        elif action == DONE:
            self._log.append((seat, action))
        else:
            raise self._illegal(seat, action, "discard a card from your hand, or done to refill")
        if self._answer(seat):
            self._refill(events)
        return events

    def _refill(self, events: list[Event]) -> None:
        """Refill to the hand limit, then resolve end-of-round effects (Power Token flips)."""
        g = self.game
        for s in self._people():
            hand = self._hand[s]
            need = g.powers[s].hand_limits[self._side[s]] - len(hand)
            if need <= 0:
                continue
            drawn: list[int] = []
            while need > 0:
                deck = self._draw[s]
                if not deck:
                    self._stagger(s, events)
                    deck = self._draw[s]
                    if not deck:
                        break
                top = deck[: -need - 1 : -1]  # the top cards, in the order drawn
                del deck[len(deck) - len(top) :]
                drawn += top
                need -= len(top)
                if not deck:  # the last card drawn: the Staggering Card shows
                    self._stagger(s, events)
            if drawn:
                hand += drawn
                hand.sort()
                codes = [g.codes[s][t] for t in drawn]
                events.append(Event(Ev.REFILL, s, {"count": len(drawn)}, ((s,), {"cards": codes})))
        for s in self._ring:
            if self._flip[s]:
                self._flip[s] = False
                self._side[s] ^= 1
                power = g.powers[s].sides[self._side[s]].name
                events.append(Event(Ev.FLIP, s, {"side": SIDES[self._side[s]], "power": power}))
        self._after_refill(events)


__all__ = ["EndOfRound"]
