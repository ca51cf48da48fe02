"""A round up to the Win Circle's verdict (rulebook: "Gameplay", "Power Tokens").

"In each round, both players play one Action Card face down from their hand
into their play area. Players then reveal the cards played and consult the Win
Circle to find the winner of the round." The winner may combo (:mod:`.combos`);
on a tie both deal their Opening Damage and neither combos.

Retroactive Power Token effects ("e.g. by adding Speed to your card") "must be
applied before your opponent starts playing more cards": after the reveal, a
fighter whose attack lost or tied against an attack is offered its token's
retroactive power before the winner plays on.
"""

from __future__ import annotations

from comboarena.core import Action, Event, Window

from .actions import PASS, POWER, CardAction
from .base import (
    COMBO,
    DECLINED,
    MAX_ROUNDS,
    NO_WINNER,
    NOT_OFFERED,
    OFFERED,
    PLAY,
    RETRO,
    TIE,
    USED,
    FighterBase,
    open_window,
)
from .content import ATTACK, Retro
from .rules import win_circle as _win_circle
from .view import DamageHow, Ev, KoWhy
from .words import not_held


class RoundRules(FighterBase):
    """Face-down plays, the reveal, the Win Circle and retroactive powers."""

    __slots__ = ()

    # -- mode hooks (versus behaviour; solo and tag override) ----------------------------

    def _out_of_cards(self, s: int) -> bool:
        """Mode hook, called for a fighter with an empty hand: no card left to play?"""
        return True

    def _face_down(self, s: int, events: list[Event]) -> int:
        """Mode hook: the card ``s`` plays this round when none lies face down (the solo AI's)."""
        return self._choice[s]

    def _rules_decide_retro(self, offered: tuple[int, ...], events: list[Event]) -> tuple[int, ...]:
        """Mode hook: retroactive powers the rules decide themselves; returns the seats still to ask."""
        return offered

    def _winner_plays(self, w: int, events: list[Event]) -> None:
        """Mode hook: the winner of the round may combo."""
        self._phase = COMBO
        self._window = Window.one(w)

    # -- face down, then reveal ---------------------------------------------------------

    def _start_round(self, events: list[Event]) -> None:
        self._round += 1
        self._winner = NO_WINNER
        for s in range(self.game.players):
            self._play[s] = []
            self._marks[s] = []
            self._drawn[s] = []
            self._choice[s] = -1
            self._retro[s] = NOT_OFFERED
            self._bonus[s] = 0
        # A fighter with no card left to play has lost their last card: knocked out.
        for s in self._ring:
            if not self._hand[s] and self._out_of_cards(s):
                self._knock_out(s, events, KoWhy.NO_CARD)
        if True in self._ko or self._round > MAX_ROUNDS:
            self._end_fight(events)
            return
        self._phase = PLAY
        self._window = self.game.play_windows[self._ring[0]][self._ring[1]]

    def _commit(self, seat: int, action: Action) -> list[Event]:
        """Play one card face down (rulebook: "Gameplay")."""
        if action.__class__ is not CardAction:
            raise self._illegal(seat, action, "play a card from your hand face down (its code)")
        f = self.game.fighters[seat]
        t = f.index.get(action.code, -1)  # type: ignore[attr-defined]
        hand = self._hand[seat]
        if t not in hand:
            raise self._illegal(seat, action, not_held(f, action, "your hand"))
        self._log.append((seat, action))
        hand.remove(t)
        self._choice[seat] = t
        events = [Event(Ev.CHOOSE, seat, {}, ((seat,), {"card": action.text}))]
        if self._answer(seat):
            self._reveal(events)
        return events

    def _reveal(self, events: list[Event]) -> None:
        """Reveal both cards and consult the Win Circle."""
        g = self.game
        for s in self._ring:
            choice = self._choice[s]
            self._play[s] = [choice if choice >= 0 else self._face_down(s, events)]
            self._choice[s] = -1
        why = self._judge()
        a, b = self._ring
        events.append(
            Event(
                Ev.REVEAL,
                None,
                {
                    "round": self._round,
                    "seats": [a, b],
                    "cards": [g.codes[a][self._play[a][0]], g.codes[b][self._play[b][0]]],
                    "winner": self._winner if self._winner >= 0 else None,
                    "why": why,
                },
            )
        )
        self._open_retro(events)

    def _judge(self) -> str:
        """The Win Circle on the cards in play (with any Speed added this round)."""
        a, b = self._ring
        fa, fb = self.game.fighters[a], self.game.fighters[b]
        ta, tb = self._play[a][0], self._play[b][0]
        ca, cb = fa.cards[ta], fb.cards[tb]
        w, why = _win_circle(ca.kind, self._speed(a, ta), ca.priority, cb.kind, self._speed(b, tb), cb.priority)
        self._winner = TIE if w < 0 else self._ring[w]
        return why

    # -- retroactive powers -------------------------------------------------------------

    def _open_retro(self, events: list[Event]) -> None:
        """Offer retroactive powers to fighters whose attack lost or tied against an attack,
        before the winner plays on (rulebook: "Power tokens"); the result is judged again
        after each decision, and a fighter who now loses is offered theirs."""
        while True:
            offered = self._retro_offers()
            if not offered:
                self._after_reveal(events)
                return
            ask = self._rules_decide_retro(offered, events)
            if ask:
                self._phase = RETRO
                self._window = open_window(ask)
                return
            self._judge_again(events)

    def _retro_offers(self) -> tuple[int, ...]:
        g = self.game
        a, b = self._ring
        fa, fb = g.fighters[a], g.fighters[b]
        if fa.cards[self._play[a][0]].kind != ATTACK or fb.cards[self._play[b][0]].kind != ATTACK:
            return ()
        offered = []
        for s in (a, b):
            if s == self._winner or self._retro[s] != NOT_OFFERED:
                continue
            retro = g.powers[s].retro(self._side[s])
            if retro is not None and len(self._draw[s]) >= retro.cost:
                self._retro[s] = OFFERED
                offered.append(s)
        return tuple(offered)

    def _judge_again(self, events: list[Event]) -> None:
        before = self._winner
        why = self._judge()
        if self._winner != before:
            winner = self._winner if self._winner >= 0 else None
            events.append(Event(Ev.OUTCOME, None, {"winner": winner, "why": why}))

    def _use_retro(self, seat: int, retro: Retro, events: list[Event]) -> None:
        """Pay the power's cost from the top of the deck (not damage) and add its Speed."""
        g = self.game
        paid = []
        for _ in range(retro.cost):
            t = self._draw[seat].pop()
            self._disc[seat].append(t)
            paid.append(g.codes[seat][t])
        if not self._draw[seat]:
            self._stagger(seat, events)
        self._bonus[seat] += retro.speed
        self._retro[seat] = USED
        power = g.powers[seat].sides[self._side[seat]].name
        events.append(Event(Ev.POWER, seat, {"power": power, "speed": retro.speed, "paid": paid}))

    def _decide_retro(self, seat: int, action: Action) -> list[Event]:
        if action != POWER and action != PASS:
            raise self._illegal(seat, action, "use your retroactive power (power) or not (pass)")
        retro = self.game.powers[seat].retro(self._side[seat])
        if retro is None:  # offered only with one; a position could say otherwise
            raise self._illegal(seat, action, "your Power Token's side facing up has no retroactive power")
        self._log.append((seat, action))
        events: list[Event] = []
        if action == POWER:
            self._use_retro(seat, retro, events)
        else:
            self._retro[seat] = DECLINED
            events.append(Event(Ev.PASS, seat, {}))
        if self._answer(seat):
            self._judge_again(events)
            self._open_retro(events)
        return events

    # -- the verdict --------------------------------------------------------------------

    def _after_reveal(self, events: list[Event]) -> None:
        w = self._winner
        if w == TIE:
            # A tie: both deal their Opening Damage, neither may combo.
            g = self.game
            a, b = self._ring
            da = g.fighters[a].cards[self._play[a][0]].opening
            db = g.fighters[b].cards[self._play[b][0]].opening
            self._deal([(a, b, da, DamageHow.OPENING), (b, a, db, DamageHow.OPENING)], events)
        else:
            self._winner_plays(w, events)


__all__ = ["RoundRules"]
