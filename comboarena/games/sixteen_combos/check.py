"""The Check: action value minus target value, its four outcomes, Lost Reaction,
Recovery and the Counter.

    Defeated          6..12   the target pair is defeated and the combo happens
    Damaged           1..5    the target value drops by the difference
    Missed           -5..0    nothing happens
    Critical Failure -12..-6  the actor loses its reaction; the target may counter

The engine is the referee of "Proving the Outcome": the outcome is public, the
difference and the hidden value are told to the target's owner only.

>>> [OUTCOME_NAMES[outcome(d)] for d in (6, 1, 0, -5, -6)]
['defeated', 'damaged', 'missed', 'missed', 'critical failure']
"""

from __future__ import annotations

from comboarena.core import Action, Event

from . import actions as A
from .combos import COMBO, GRAPPLE, INCAPACITATED, NAMES, PASSIVE, SNIPE, TAGS, ComboRules
from .table import FAR, L_CHK, L_DMG, L_EQ, REACTED, Act
from .view import (
    EV_CHECK,
    O_CRITICAL,
    O_DAMAGED,
    O_DEFEATED,
    O_MISSED,
    OUTCOME_NAMES,
    P_COUNTER,
    P_EFFECT,
    P_RECOVER,
    S_COUNTER,
    EventKind,
)

#: Each outcome's range of differences, as a ledger records it.
RANGES = ((6, FAR), (1, 5), (-5, 0), (-FAR, -6))


def outcome(difference: int) -> int:
    """Outcomes of a Check, by action value minus target value."""
    if difference >= 6:
        return O_DEFEATED
    if difference >= 1:
        return O_DAMAGED
    if difference >= -5:
        return O_MISSED
    return O_CRITICAL


class CheckRules(ComboRules):
    """The Check and what follows it."""

    __slots__ = ()

    def _check(self, events: list[Event]) -> None:
        a = self._a
        p, x = a.tpair, a.tchar
        seat = self.game.char_seat
        card = self._ptc[p]
        if not self._is_public(card):  # a check needs the target's type: its type card is shown
            self._reveal(card)
            events.append(self._reveal_event(x, p, (card,), "check"))
        target_value = self._pva[p]
        d = a.value - target_value
        result = outcome(d)
        lo, hi = RANGES[result]
        self._log_value(p, (L_CHK, a.value, lo, hi))
        combo = COMBO[self._pty[p]][a.type]
        a.outcome, a.diff, a.combo = result, d, combo
        events.append(
            Event(
                EV_CHECK,
                seat[a.actor],
                {
                    "actor": a.actor,
                    "target": x,
                    "pair": p,
                    "type": "HDCS"[a.type],
                    "target_type": "HDCS"[self._pty[p]],
                    "value": a.value,
                    "outcome": OUTCOME_NAMES[result],
                    "combo": NAMES[combo],
                },
                ((seat[x],), {"difference": d, "target_value": target_value}),
            )
        )
        tags = TAGS[combo]
        if combo == GRAPPLE and result != O_CRITICAL:
            self._pair_public(p)  # "Unless there is a critical failure, the target pair both become face up."
        if result <= O_DAMAGED and INCAPACITATED in tags and self._alive(x):
            self._incap[x] = self._queue.round
            events.append(Event(EventKind.INCAPACITATED, seat[x], {"character": x, "round": self._queue.round}))
        if result == O_DEFEATED:
            self._defeated(events)
        elif result == O_DAMAGED:
            self._damaged(events)
        elif result == O_MISSED:
            self._effect_done(events)
        else:
            self._critical_failure(events)

    def _damaged(self, events: list[Event]) -> None:
        """Damaged: the action does not occur, but the target value drops by the difference
        (Passive combos do not damage; Snipe chooses the pair)."""
        a = self._a
        tags = TAGS[a.combo]
        if PASSIVE in tags:
            pass
        elif a.combo == SNIPE:
            self._discard_action()
            self._snipe(events)
            if self._phase == P_EFFECT:
                return
        else:
            self._damage(a.tpair, a.diff, (L_DMG, a.value), events)
        self._effect_done(events)

    def _critical_failure(self, events: list[Event]) -> None:
        """Critical Failure: Lost Reaction; then Recovery (option) and the Counter."""
        a = self._a
        self._flags[a.actor] |= REACTED
        if self.game.recovery and a.cards and self._alive(a.tchar) and self._in_play(a.tchar):
            self._ask(P_RECOVER, self.game.char_seat[a.tchar])
            return
        self._offer_counter(events)

    def _offer_counter(self, events: list[Event]) -> None:
        a = self._a
        x = a.tchar
        if not a.counter and self._can_react(x) and self._defense_pair(x) >= 0 and self._defense_pair(a.actor) >= 0:
            self._ask(P_COUNTER, self.game.char_seat[x])
            return
        self._effect_done(events)

    def _can_react(self, c: int) -> bool:
        return not self._flags[c] & REACTED and not self._incap[c] and self._alive(c)

    def _recover(self, action: Action, events: list[Event]) -> None:
        """Recovery: the target puts the failed action's value card on one of its pairs (max 14)."""
        a = self._a
        if isinstance(action, A.Column):
            p = self._rows[a.tchar][action.col]
            self._put_on(p, a.cards, a.value, limited=True)
            events.append(
                Event(EventKind.RECOVER, self.game.char_seat[a.tchar],
                      {"character": a.tchar, "pair": p, "cards": [self._text(c) for c in a.cards]})
            )
            a.cards = ()
        self._offer_counter(events)

    def _counter(self, events: list[Event]) -> None:
        """Counter: the target acts on the active character with its defense pair's type and value."""
        old = self._a
        x, c = old.tchar, old.actor
        self._discard_action()
        self._flags[x] |= REACTED
        dp = self._defense_pair(x)
        a = Act(x)
        a.counter = True
        a.source = S_COUNTER
        a.type = self._pty[dp]
        a.value = self._pva[dp]
        a.tchar = c
        a.tcol = self._defense(c)
        a.tpair = self._rows[c][a.tcol]
        self._a = a
        self._log_value(dp, (L_EQ, a.value))
        self._record_own_type(dp, a.type)
        events.append(
            Event(EventKind.COUNTER, self.game.char_seat[x],
                  {"character": x, "target": c, "type": "HDCS"[a.type], "value": a.value, "pair": dp})
        )
        self._targeted(events)

    def _effect_done(self, events: list[Event]) -> None:
        """The action is over: what is left of its value cards is discarded."""
        self._discard_action()
        self._action_done(events)

    def _targeted(self, events: list[Event]) -> None:  # turn.py
        raise NotImplementedError


__all__ = ["RANGES", "CheckRules", "outcome"]
