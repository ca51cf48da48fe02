"""A round up to the Win Circle's verdict (rulebook: "Gameplay", "Power Tokens").

"In each round, both players play one Action Card face down from their hand into
their play area. Players then reveal the cards played and consult the Win Circle
to find the winner of the round." The winner may combo (:mod:`.combos`); on a tie
both deal their Opening Damage and neither combos.

Retroactive Power Token effects ("e.g. by adding Speed to your card") "must be
applied before your opponent starts playing more cards": after the reveal, a
fighter whose attack lost or tied against an attack is offered its token's
retroactive power before the winner plays on.

Changes: ``round``, ``round_winner``, ``phase`` and ``window``; each fighter's
``play``, ``set_aside``, ``drawn``, ``face_down``, ``retro`` and ``speed_bonus``
(reset each round), ``hand`` (the card played), and ``deck`` and ``discard``
(a retroactive power's cost).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comboarena.core import Action, Event, Window

from .actions import PASS, POWER, CardAction
from .content import ATTACK, Retro
from .damage import deal, knock_out
from .fields import DECLINED, NO_CARD, NO_WINNER, NOT_OFFERED, OFFERED, TIE, USED
from .hand import take_from_hand
from .match import end_fight
from .rules import win_circle
from .staggering import stagger
from .view import DamageHow, Ev, KoWhy, Phase

if TYPE_CHECKING:
    from .state import FighterState

#: Rounds a fight may last: a safety net, so that any content terminates (never
#: reached with the shipped fighters).
MAX_ROUNDS = 400
_PLAY, _RETRO = Phase.PLAY, Phase.RETRO


# -- face down, then reveal ---------------------------------------------------------------


def start_round(s: FighterState, events: list[Event]) -> None:
    """A new round: the play areas are empty and both fighters in the ring play face down."""
    s.round += 1
    s.round_winner = NO_WINNER
    fighters = s.fighters
    for f in fighters:
        f.play = []
        f.set_aside = []
        f.drawn = []
        f.face_down = NO_CARD
        f.retro = NOT_OFFERED
        f.speed_bonus = 0
    # A fighter with no card left to play has lost their last card: knocked out.
    rules = s.game.mode_rules
    knocked = False
    for seat in s.ring:
        if not fighters[seat].hand and rules.out_of_cards(s, seat):
            knock_out(s, seat, events, KoWhy.NO_CARD)
            knocked = True
    if knocked or s.round > MAX_ROUNDS:
        end_fight(s, events)
        return
    s.phase = _PLAY
    a, b = s.ring
    s.window = s.game.play_windows[a][b]


def commit(s: FighterState, seat: int, action: Action) -> list[Event]:
    """Play one card face down (rulebook: "Gameplay")."""
    if action.__class__ is not CardAction:
        raise s.refuse(seat, action, "play a card from your hand face down (its code)")
    s.fighters[seat].face_down = take_from_hand(s, seat, action)
    events = [Event(Ev.CHOOSE, seat, {}, ((seat,), {"card": action.text}))]
    if s.answer(seat):
        reveal(s, events)
    return events


def reveal(s: FighterState, events: list[Event]) -> None:
    """Reveal both cards and consult the Win Circle."""
    g = s.game
    rules = g.mode_rules
    for seat in s.ring:
        f = s.fighters[seat]
        down = f.face_down
        f.play = [down if down >= 0 else rules.face_down(s, seat, events)]
        f.face_down = NO_CARD
    why = judge(s)
    a, b = s.ring
    winner = s.round_winner
    events.append(
        Event(
            Ev.REVEAL,
            None,
            {
                "round": s.round,
                "seats": [a, b],
                "cards": [g.codes[a][s.fighters[a].play[0]], g.codes[b][s.fighters[b].play[0]]],
                "winner": winner if winner >= 0 else None,
                "why": why,
            },
        )
    )
    open_retro(s, events)


def judge(s: FighterState) -> str:
    """The Win Circle on the cards in play (with any Speed added this round); sets
    ``round_winner`` and returns why."""
    a, b = s.ring
    ta, tb = s.fighters[a].play[0], s.fighters[b].play[0]
    ca, cb = s.fighters[a].sheet.cards[ta], s.fighters[b].sheet.cards[tb]
    w, why = win_circle(ca.kind, s.speed(a, ta), ca.priority, cb.kind, s.speed(b, tb), cb.priority)
    s.round_winner = TIE if w < 0 else s.ring[w]
    return why


# -- retroactive powers -------------------------------------------------------------------


def open_retro(s: FighterState, events: list[Event]) -> None:
    """Offer retroactive powers to fighters whose attack lost or tied against an attack,
    before the winner plays on (rulebook: "Power tokens"); the result is judged again
    after each decision, and a fighter who now loses is offered theirs."""
    rules = s.game.mode_rules
    while True:
        offered = retro_offers(s)
        if not offered:
            verdict(s, events)
            return
        ask = rules.retro_by_rule(s, offered, events)
        if ask:
            s.phase = _RETRO
            s.window = Window.open(ask)
            return
        judge_again(s, events)


def retro_offers(s: FighterState) -> tuple[int, ...]:
    """The fighters offered their retroactive power now (each at most once a round)."""
    g = s.game
    a, b = s.ring
    fa, fb = s.fighters[a], s.fighters[b]
    if fa.sheet.cards[fa.play[0]].kind != ATTACK or fb.sheet.cards[fb.play[0]].kind != ATTACK:
        return ()
    offered = []
    for seat, f in ((a, fa), (b, fb)):
        if seat == s.round_winner or f.retro != NOT_OFFERED:
            continue
        retro = g.powers[seat].retro(f.side)
        if retro is not None and len(f.deck) >= retro.cost:
            f.retro = OFFERED
            offered.append(seat)
    return tuple(offered)


def judge_again(s: FighterState, events: list[Event]) -> None:
    before = s.round_winner
    why = judge(s)
    if s.round_winner != before:
        winner = s.round_winner if s.round_winner >= 0 else None
        events.append(Event(Ev.OUTCOME, None, {"winner": winner, "why": why}))


def use_retro(s: FighterState, seat: int, retro: Retro, events: list[Event]) -> None:
    """Pay the power's cost from the top of the deck (not damage) and add its Speed."""
    g = s.game
    f = s.fighters[seat]
    paid = []
    for _ in range(retro.cost):
        t = f.deck.pop()
        f.discard.append(t)
        paid.append(g.codes[seat][t])
    if not f.deck:
        stagger(s, seat, events)
    f.speed_bonus += retro.speed
    f.retro = USED
    power = g.powers[seat].sides[f.side].name
    events.append(Event(Ev.POWER, seat, {"power": power, "speed": retro.speed, "paid": paid}))


def decide_retro(s: FighterState, seat: int, action: Action) -> list[Event]:
    """Use your retroactive power (``power``) or not (``pass``)."""
    if action != POWER and action != PASS:
        raise s.refuse(seat, action, "use your retroactive power (power) or not (pass)")
    f = s.fighters[seat]
    retro = s.game.powers[seat].retro(f.side)
    if retro is None:  # offered only with one; a position could say otherwise
        raise s.refuse(seat, action, "your Power Token's side facing up has no retroactive power")
    events: list[Event] = []
    if action == POWER:
        use_retro(s, seat, retro, events)
    else:
        f.retro = DECLINED
        events.append(Event(Ev.PASS, seat, {}))
    if s.answer(seat):
        judge_again(s, events)
        open_retro(s, events)
    return events


# -- the verdict --------------------------------------------------------------------------


def verdict(s: FighterState, events: list[Event]) -> None:
    """A tie: both deal their Opening Damage, neither may combo; otherwise the winner plays on."""
    w = s.round_winner
    if w == TIE:
        a, b = s.ring
        fa, fb = s.fighters[a], s.fighters[b]
        da = fa.sheet.cards[fa.play[0]].opening
        db = fb.sheet.cards[fb.play[0]].opening
        deal(s, [(a, b, da, DamageHow.OPENING), (b, a, db, DamageHow.OPENING)], events)
    else:
        s.game.mode_rules.winner_plays(s, w, events)


__all__ = [
    "MAX_ROUNDS",
    "commit",
    "decide_retro",
    "judge",
    "judge_again",
    "open_retro",
    "retro_offers",
    "reveal",
    "start_round",
    "use_retro",
    "verdict",
]
