"""The Check ("Rules for Playing" 4): action value minus target value, its four
outcomes, Lost Reaction, Recovery (optional rule A) and the Counter.

    Defeated          6..12   the target pair is defeated and the combo happens
    Damaged           1..5    the target value drops by the difference
    Missed           -5..0    nothing happens
    Critical Failure -12..-6  the actor loses its reaction; the target may counter

The engine is the referee of "Proving the Outcome": the outcome is public, the
difference and the hidden value are told to the target's owner only.

Each step returns whether the action is over (``True``) or a decision is now
open (``False``: recovery, counter, a combo's effect); the turn
(``turn.py``) goes on from there.

Fields it changes: ``action`` (outcome, difference, combo; a counter's new
action), ``pairs`` (a damaged or recovered value, the ledger), the
characters' ``flags`` (Lost Reaction, the counter's reaction) and
``incapacitated``, ``known``, ``phase`` and ``to_act``; a defeat's combo
changes what ``combos.py`` says.

>>> [OUTCOME_NAMES[outcome(d)] for d in (6, 1, 0, -5, -6)]
['defeated', 'damaged', 'missed', 'missed', 'critical failure']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comboarena.core import Action, Event

from . import actions as A
from .combos import COMBO, GRAPPLE, INCAPACITATED, NAMES, PASSIVE, SNIPE, TAGS, defeated, snipe
from .defeat import damage
from .fields import FAR, L_CHK, L_DMG, L_EQ, PUBLIC, REACTED, Act
from .table import (
    alive,
    ask,
    card_name,
    defense,
    defense_pair,
    discard_action,
    in_play,
    log_value,
    pair_public,
    put_on,
    record_own_type,
    reveal_event,
)
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

if TYPE_CHECKING:
    from .state import ComboState

_EV_INCAPACITATED = EventKind.INCAPACITATED

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


def check(s: ComboState, events: list[Event]) -> bool:
    """Check: the target's type card is shown, the outcome announced, and what it brings
    happens. Returns whether the action is over."""
    a = s.action
    p, x = a.target_pair, a.target
    pairs = s.pairs
    seat = s.game.char_seat
    card = pairs.type_id[p]
    known = s.known
    if not known[card] & PUBLIC:  # a check needs the target's type: its type card is shown
        known[card] |= PUBLIC
        events.append(reveal_event(s, x, p, (card,), "check"))
    target_value = pairs.value[p]
    d = a.value - target_value
    result = O_DEFEATED if d >= 6 else O_DAMAGED if d >= 1 else O_MISSED if d >= -5 else O_CRITICAL  # outcome(d)
    if pairs.ledger[p]:
        lo, hi = RANGES[result]
        log_value(s, p, (L_CHK, a.value, lo, hi))
    combo = COMBO[pairs.type[p]][a.type]
    a.outcome, a.difference, a.combo = result, d, combo
    events.append(
        Event(
            EV_CHECK,
            seat[a.actor],
            {
                "actor": a.actor,
                "target": x,
                "pair": p,
                "type": "HDCS"[a.type],
                "target_type": "HDCS"[pairs.type[p]],
                "value": a.value,
                "outcome": OUTCOME_NAMES[result],
                "combo": NAMES[combo],
            },
            ((seat[x],), {"difference": d, "target_value": target_value}),
        )
    )
    tags = TAGS[combo]
    if combo == GRAPPLE and result != O_CRITICAL:
        pair_public(s, p)  # "Unless there is a critical failure, the target pair both become face up."
    if result <= O_DAMAGED and INCAPACITATED in tags and alive(s, x):
        s.characters.incapacitated[x] = s.queue.round
        events.append(Event(_EV_INCAPACITATED, seat[x], {"character": x, "round": s.queue.round}))
    if result == O_DEFEATED:
        return defeated(s, events)
    if result == O_DAMAGED:
        return damaged(s, events)
    if result == O_MISSED:
        return True
    return critical_failure(s, events)


def damaged(s: ComboState, events: list[Event]) -> bool:
    """Damaged: the action does not occur, but the target value drops by the difference
    (Passive combos do not damage; Snipe chooses the pair)."""
    a = s.action
    tags = TAGS[a.combo]
    if PASSIVE in tags:
        pass
    elif a.combo == SNIPE:
        discard_action(s)
        snipe(s, events)
        if s.phase == P_EFFECT:
            return False
    else:
        damage(s, a.target_pair, a.difference, (L_DMG, a.value), events)
    return True


def critical_failure(s: ComboState, events: list[Event]) -> bool:
    """Critical Failure: Lost Reaction; then Recovery (option) and the Counter."""
    a = s.action
    s.characters.flags[a.actor] |= REACTED
    if s.game.recovery and a.cards and alive(s, a.target) and in_play(s, a.target):
        ask(s, P_RECOVER, s.game.char_seat[a.target])
        return False
    return offer_counter(s)


def offer_counter(s: ComboState) -> bool:
    """The target may counter, if it has its reaction and both sides a defense pair."""
    a = s.action
    x = a.target
    if not a.counter and can_react(s, x) and defense_pair(s, x) >= 0 and defense_pair(s, a.actor) >= 0:
        ask(s, P_COUNTER, s.game.char_seat[x])
        return False
    return True


def can_react(s: ComboState, c: int) -> bool:
    return not s.characters.flags[c] & REACTED and not s.characters.incapacitated[c] and alive(s, c)


def recover(s: ComboState, action: Action, events: list[Event]) -> bool:
    """Recovery: the target puts the failed action's value card on one of its pairs (max 14)."""
    a = s.action
    if isinstance(action, A.Column):
        p = s.characters.rows[a.target][action.col]
        put_on(s, p, a.cards, a.value, limited=True)
        events.append(
            Event(EventKind.RECOVER, s.game.char_seat[a.target],
                  {"character": a.target, "pair": p, "cards": [card_name(s, c) for c in a.cards]})
        )
        a.cards = ()
    return offer_counter(s)


def counter(s: ComboState, events: list[Event]) -> None:
    """Counter: the target acts on the active character with its defense pair's type and
    value (the turn then targets it as any action)."""
    old = s.action
    x, c = old.target, old.actor
    discard_action(s)
    s.characters.flags[x] |= REACTED
    dp = defense_pair(s, x)
    a = Act(x)
    a.counter = True
    a.source = S_COUNTER
    a.type = s.pairs.type[dp]
    a.value = s.pairs.value[dp]
    a.target = c
    a.target_column = defense(s, c)
    a.target_pair = s.characters.rows[c][a.target_column]
    s.action = a
    log_value(s, dp, (L_EQ, a.value))
    record_own_type(s, dp, a.type)
    events.append(
        Event(EventKind.COUNTER, s.game.char_seat[x],
              {"character": x, "target": c, "type": "HDCS"[a.type], "value": a.value, "pair": dp})
    )


__all__ = ["RANGES", "can_react", "check", "counter", "outcome", "recover"]
