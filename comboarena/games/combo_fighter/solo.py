"""Solo mode: seat 1 is the rulebook's AI fighter, played by the rules themselves.

Rulebook, "Solo mode": set up as usual, except that the AI draws no starting
hand (its whole Action Deck is shuffled on the Staggering Card). "Play
according to the normal rules, except that": each round the AI plays the top
card of its deck; if it wins, it draws 4 cards and plays the combo that deals
the most damage from its perspective; cards it drew but did not play are
discarded and deal 1 damage each; drawing its last card makes it Stagger. The
AI keeps its Power Token's rules, and its own solo rules (``[solo]`` in its
file, :meth:`Power.solo_flips` ...) are added to them.

The AI is never in ``to_act``: the engine plays it, and everything it does is
public (events ``ai_draw``, ``ai_combo``, ``take``, ``power``).
"""

from __future__ import annotations

from collections.abc import Sequence

from comboarena.core import Event

from .base import DECLINED
from .powers import RoundInfo, SoloContext
from .rules import FROM_ASIDE, SET_ASIDE, knockout_damage, plans
from .state import FighterState
from .view import DamageHow, Ev

#: The seat the rulebook's AI plays.
AI = 1


class SoloState(FighterState):
    """A match against the solo AI (seat 1)."""

    __slots__ = ()

    def _people(self) -> Sequence[int]:
        return (0,)

    def _starting_hand(self, s: int, stack: object) -> list[int]:
        return [] if s == AI else super()._starting_hand(s, stack)

    def _starting_aside(self, s: int) -> list[int]:
        return list(self.game.powers[s].start_aside(s == AI))

    def _out_of_cards(self, s: int) -> bool:
        """The AI has no hand: it is out of cards when its deck and discard pile are empty."""
        return not self._draw[s] and not self._disc[s] if s == AI else True

    def _face_down(self, s: int, events: list[Event]) -> int:
        """The AI plays the top card of its deck, once the player has chosen."""
        return self._draw_one(s, events)

    def _rules_decide_retro(self, offered: tuple[int, ...], events: list[Event]) -> tuple[int, ...]:
        """The AI uses a retroactive power of its token when it then wins the round
        (taking its perspective: a won round deals the most damage)."""
        if AI not in offered:
            return offered
        g = self.game
        retro = g.powers[AI].retro(self._side[AI])
        me, foe = self._play[AI][0], self._play[0][0]
        if retro is not None and self._speed(AI, me) + retro.speed > self._speed(0, foe):
            self._use_retro(AI, retro, events)
        else:
            self._retro[AI] = DECLINED
            events.append(Event(Ev.PASS, AI, {}))
        return tuple(s for s in offered if s != AI)

    def _winner_plays(self, w: int, events: list[Event]) -> None:
        if w == AI:
            self._ai_combo(events)
        else:
            super()._winner_plays(w, events)

    def _ai_combo(self, events: list[Event]) -> None:
        """The AI draws 4 cards and plays the combo dealing the most damage from its point
        of view; cards drawn but not played are discarded and deal 1 damage each."""
        g = self.game
        f = g.fighters[AI]
        codes = g.codes[AI]
        power = g.powers[AI]
        side = self._side[AI]
        drawn = []
        for _ in range(power.solo_draws(side)):
            t = self._draw_one(AI, events)
            if t < 0:
                break
            drawn.append(t)
        self._drawn[AI] = drawn
        events.append(Event(Ev.AI_DRAW, AI, {"cards": [codes[t] for t in drawn]}))
        aside = tuple(self._aside[AI]) if power.token.aside_play else ()
        candidates = plans(f, self._play[AI][0], tuple(drawn), aside, power.combo_aside(side), self.x(AI), side)
        foe = self._opponent(AI)
        ko = knockout_damage(len(self._hand[foe]), len(self._draw[foe]), self._stag[foe])
        plan = power.solo_choose(candidates, SoloContext(ko, tuple(drawn), len(self._aside[AI])))
        left = drawn[:]
        for i in range(1, len(plan.cards)):
            t = plan.cards[i]
            if plan.how[i] == FROM_ASIDE:
                self._aside[AI].remove(t)
            else:
                left.remove(t)
            self._play[AI].append(t)
            if plan.how[i] == SET_ASIDE:
                self._marks[AI].append(i)
        self._disc[AI] += left
        if plan.signature >= 0:
            name = f.signatures[plan.signature].name
            version = ("basic", "power")[plan.version]
            events.append(Event(Ev.SIGNATURE, AI, {"name": name, "version": version, "damage": plan.damage}))
        data = {
            "cards": [codes[t] for t in plan.cards],
            "set_aside": list(self._marks[AI]),
            "damage": plan.damage,
            "unplayed": [codes[t] for t in left],
        }
        events.append(Event(Ev.AI_COMBO, AI, data))
        self._deal([(AI, foe, plan.damage + len(left), DamageHow.SOLO)], events)

    def _take_by_rule(self, s: int, events: list[Event]) -> None:
        """The AI has no hand: it takes its damage from the top of its deck, no decision.
        (A hit that reaches its last card has knocked it out already.)"""
        if s != AI:
            return
        deck, disc, codes = self._draw[s], self._disc[s], self.game.codes[s]
        taken = []
        for _ in range(self._dmg[s]):
            t = deck.pop()
            disc.append(t)
            taken.append(codes[t])
        self._dmg[s] = 0
        events.append(Event(Ev.TAKE, s, {"cards": taken, "from": Ev.DECK, "left": 0}))
        self._end_hit(s, events)

    def _flips(self, s: int, info: RoundInfo) -> bool:
        if s == AI:
            return self.game.powers[s].solo_flips(self._side[s], info)
        return super()._flips(s, info)


__all__ = ["AI", "SoloState"]
