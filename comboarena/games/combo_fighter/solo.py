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

Changes the AI's ``drawn``, ``play``, ``set_aside``, ``aside``, ``deck``,
``discard``, ``damage`` and ``retro`` (and, as the normal rules do, ``speed_bonus``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from comboarena.core import Event

from .damage import deal, end_hit
from .fields import DECLINED
from .powers import RoundInfo, SoloContext
from .round import use_retro
from .rules import FROM_ASIDE, SET_ASIDE, knockout_damage, plans
from .stacks import Stack
from .staggering import draw_one
from .versus import Versus
from .view import DamageHow, Ev

if TYPE_CHECKING:
    from .state import FighterState

#: The seat the rulebook's AI plays.
AI = 1


class Solo(Versus):
    """A match against the solo AI (seat 1): what changes from 1 v 1."""

    def people(self, s: FighterState) -> Sequence[int]:
        return (0,)

    def starting_hand(self, s: FighterState, seat: int, stack: Stack | None) -> list[int]:
        return [] if seat == AI else super().starting_hand(s, seat, stack)

    def starting_aside(self, s: FighterState, seat: int) -> list[int]:
        return list(s.game.powers[seat].start_aside(seat == AI, s.fight == 1))

    def out_of_cards(self, s: FighterState, seat: int) -> bool:
        """The AI has no hand: it is out of cards when its deck and discard pile are empty."""
        if seat != AI:
            return True
        f = s.fighters[seat]
        return not f.deck and not f.discard

    def face_down(self, s: FighterState, seat: int, events: list[Event]) -> int:
        """The AI plays the top card of its deck, once the player has chosen."""
        return draw_one(s, seat, events)

    def retro_by_rule(self, s: FighterState, offered: tuple[int, ...], events: list[Event]) -> tuple[int, ...]:
        """The AI uses a retroactive power of its token when it then wins the round
        (taking its perspective: a won round deals the most damage)."""
        if AI not in offered:
            return offered
        ai = s.fighters[AI]
        retro = s.game.powers[AI].retro(ai.side)
        me, foe = ai.play[0], s.fighters[0].play[0]
        if retro is not None and s.speed(AI, me) + retro.speed > s.speed(0, foe):
            use_retro(s, AI, retro, events)
        else:
            ai.retro = DECLINED
            events.append(Event(Ev.PASS, AI, {}))
        return tuple(seat for seat in offered if seat != AI)

    def winner_plays(self, s: FighterState, w: int, events: list[Event]) -> None:
        if w == AI:
            ai_combo(s, events)
        else:
            super().winner_plays(s, w, events)

    def take_by_rule(self, s: FighterState, seat: int, events: list[Event]) -> None:
        """The AI has no hand: it takes its damage from the top of its deck, no decision.
        (A hit that reaches its last card has knocked it out already.)"""
        if seat != AI:
            return
        f = s.fighters[seat]
        deck, disc, codes = f.deck, f.discard, s.game.codes[seat]
        taken = []
        for _ in range(f.damage):
            t = deck.pop()
            disc.append(t)
            taken.append(codes[t])
        f.damage = 0
        events.append(Event(Ev.TAKE, seat, {"cards": taken, "from": Ev.DECK, "left": 0}))
        end_hit(s, seat, events)

    def flips(self, s: FighterState, seat: int, info: RoundInfo) -> bool:
        if seat == AI:
            return s.game.powers[seat].solo_flips(s.fighters[seat].side, info)
        return super().flips(s, seat, info)


def ai_combo(s: FighterState, events: list[Event]) -> None:
    """The AI draws 4 cards and plays the combo dealing the most damage from its point
    of view; cards drawn but not played are discarded and deal 1 damage each."""
    g = s.game
    ai = s.fighters[AI]
    f = ai.sheet
    codes = g.codes[AI]
    power = g.powers[AI]
    side = ai.side
    drawn = []
    for _ in range(power.solo_draws(side)):
        t = draw_one(s, AI, events)
        if t < 0:
            break
        drawn.append(t)
    ai.drawn = drawn
    events.append(Event(Ev.AI_DRAW, AI, {"cards": [codes[t] for t in drawn]}))
    aside = tuple(ai.aside) if power.token.aside_play else ()
    candidates = plans(f, ai.play[0], tuple(drawn), aside, power.combo_aside(side), s.x(AI), side)
    foe = s.opponent(AI)
    them = s.fighters[foe]
    ko = knockout_damage(len(them.hand), len(them.deck), them.staggering)
    plan = power.solo_choose(candidates, SoloContext(ko, tuple(drawn), len(ai.aside)))
    left = drawn[:]
    for i in range(1, len(plan.cards)):
        t = plan.cards[i]
        if plan.how[i] == FROM_ASIDE:
            ai.aside.remove(t)
        else:
            left.remove(t)
        ai.play.append(t)
        if plan.how[i] == SET_ASIDE:
            ai.set_aside.append(i)
    ai.discard += left
    if plan.signature >= 0:
        name = f.signatures[plan.signature].name
        version = ("basic", "power")[plan.version]
        events.append(Event(Ev.SIGNATURE, AI, {"name": name, "version": version, "damage": plan.damage}))
    data = {
        "cards": [codes[t] for t in plan.cards],
        "set_aside": list(ai.set_aside),
        "damage": plan.damage,
        "unplayed": [codes[t] for t in left],
    }
    events.append(Event(Ev.AI_COMBO, AI, data))
    deal(s, [(AI, foe, plan.damage + len(left), DamageHow.SOLO)], events)


__all__ = ["AI", "Solo", "ai_combo"]
