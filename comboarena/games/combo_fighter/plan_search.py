"""The heuristic's best combo plan, found in one walk and reusable whatever the knock-out.

:func:`.rules.plans` lists every plan and the heuristic then scores each one; this
walks the same plans in the same order and scores each where it is found. A plan's
score depends on the opponent's knock-out damage only through "does it knock out"
(then it scores ``KNOCKOUT`` less a hundredth per card), and that damage changes
every round while the hand often does not; so the walk keeps, per plan, both scores
(:class:`Scored`), and :func:`pick` answers for any knock-out damage: the first
best, as ``max(plans(...), key=score)`` gives (tests pin that).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, NamedTuple

from .content import Fighter
from .rules import FROM_ASIDE, FROM_HAND, SET_ASIDE, Plan, card_damage, signature_damage, signature_for

#: ``sum()`` adds floats left to right before Python 3.12 (later it compensates for
#: rounding): there a running total of the cards' keep-values is the very float that
#: summing each plan's afresh gives, and the walk keeps one instead of a tuple to sum.
RUNNING_SUM = sys.version_info < (3, 12)
#: Longest combo the walk builds (as :func:`.rules.plans`).
LIMIT = 7
#: Cards played (or set aside) that the score's terms are worked out for: a combo in
#: progress never holds more than ``LIMIT``; the rest is room.
TERMS = 16
#: ``how`` of a plan of ``n`` cards all from the hand, by ``n``.
ALL_HAND = [(FROM_HAND,) * n for n in range(TERMS)]


class PlanScore(NamedTuple):
    """What a plan's score reads besides the plan and the knock-out damage
    (see ``FighterHeuristic._plan_scorer``, whose arithmetic this repeats)."""

    aside_before: int
    grows: bool
    played_before: int
    worth: Sequence[float]
    knockout: float
    aside_value: float
    card_cost: float


#: One plan as walked: its damage, its score if that knocks out, its score if not, and
#: the rest of the plan (cards, how, signature, version).
Scored = tuple[int, float, float, tuple[int, ...], tuple[int, ...], int, int]


def scored_plans(
    f: Fighter,
    first: int,
    pool: tuple[int, ...],
    aside: tuple[int, ...],
    asidable: frozenset[int],
    x: int,
    side: int,
    sc: PlanScore,
    played: tuple[int, ...] = (),
    marks: tuple[int, ...] = (),
) -> list[Scored]:
    """Every plan of ``plans(f, first, pool, aside, asidable, x, side, played=played,
    marks=marks)``, in its order, scored both ways."""
    follows, combo, sig_damage, prefixes = _tables(f, x, side)
    aside_before, grows, played_before, worth, knockout, aside_value, card_cost = sc
    terms, bonus_of = _terms(aside_before, grows, played_before, knockout, aside_value, card_cost)
    out: list[Scored] = []
    add = out.append

    def walk_hand(cards: tuple[int, ...], dmg: int, pool: tuple[int, ...], kept: Any) -> None:
        """``walk`` where every card comes from the hand (none beside the token, none to
        set aside, none set aside yet): the same plans, fewer things to carry."""
        n = len(cards)
        ko, cost = terms[n]
        how = ALL_HAND[n]
        kept_score = (kept if RUNNING_SUM else sum(kept)) * 0.1
        add((dmg, ko, dmg + bonus - cost - kept_score, cards, how, -1, -1))
        if cards in prefixes:
            hit = sig_damage.get(cards)
            if hit is not None:
                sig_dmg = hit[0]
                add((sig_dmg, ko, sig_dmg + bonus - cost - kept_score, cards, how, hit[1], hit[2]))
        if n >= LIMIT:
            return
        can = follows[cards[-1]]
        if can.isdisjoint(pool):
            return
        last = -1
        for i, t in enumerate(pool):
            if t == last or t not in can:
                continue
            last = t
            more = ((kept + worth[t]) if RUNNING_SUM else (*kept, worth[t])) if n >= played_before else kept
            walk_hand((*cards, t), dmg + combo[t], pool[:i] + pool[i + 1 :], more)

    start = played or (first,)
    if marks:
        how = tuple(SET_ASIDE if i in marks else FROM_HAND for i in range(len(start)))
        dmg = card_damage(f, start, marks, x)
    else:
        how = (FROM_HAND,) * len(start)
        dmg = card_damage(f, start, (), x) if played else f.cards[first].opening
    kept: Any = tuple(worth[t] for t in start[played_before:]) if len(start) > played_before else ()
    if RUNNING_SUM:
        kept = sum(kept)
    if not aside and not marks and asidable.isdisjoint(pool):
        bonus = bonus_of[0]
        walk_hand(start, dmg, tuple(sorted(pool)), kept)
        return out

    def walk(
        cards: tuple[int, ...],
        how: tuple[int, ...],
        dmg: int,
        pool: tuple[int, ...],
        aside: tuple[int, ...],
        set_aside: int,
        kept: Any,  # the keep-values of the cards after the first: a tuple, or their sum
    ) -> None:
        n = len(cards)
        ko, cost = terms[n]
        rest_score = bonus_of[set_aside]
        kept_score = (kept if RUNNING_SUM else sum(kept)) * 0.1
        add((dmg, ko, dmg + rest_score - cost - kept_score, cards, how, -1, -1))
        if not set_aside and cards in prefixes:
            hit = sig_damage.get(cards)
            if hit is not None:
                sig_dmg = hit[0]
                add((sig_dmg, ko, sig_dmg + rest_score - cost - kept_score, cards, how, hit[1], hit[2]))
        if n >= LIMIT:
            return
        can = follows[cards[-1]]
        if can.isdisjoint(pool) and (not aside or can.isdisjoint(aside)):
            return  # nothing can follow: spare the loops (most plans end here)
        last = -1
        for i, t in enumerate(pool):
            if t == last or t not in can:
                continue
            last = t
            rest = pool[:i] + pool[i + 1 :]
            more = ((kept + worth[t]) if RUNNING_SUM else (*kept, worth[t])) if n >= played_before else kept
            walk((*cards, t), (*how, FROM_HAND), dmg + combo[t], rest, aside, set_aside, more)
            if t in asidable:
                walk((*cards, t), (*how, SET_ASIDE), dmg, rest, aside, set_aside + 1, more)
        if aside:
            last = -1
            for i, t in enumerate(aside):
                if t == last or t not in can:
                    continue
                last = t
                more = ((kept + worth[t]) if RUNNING_SUM else (*kept, worth[t])) if n >= played_before else kept
                walk((*cards, t), (*how, FROM_ASIDE), dmg + combo[t], pool, aside[:i] + aside[i + 1 :], set_aside, more)

    walk(start, how, dmg, tuple(sorted(pool)), tuple(sorted(aside)), how.count(SET_ASIDE), kept)
    return out


_Terms = tuple[list[tuple[float, float]], list[float]]
_TERMS: dict[tuple[int, bool, int, float, float, float], _Terms] = {}


def _terms(
    aside_before: int, grows: bool, played_before: int, knockout: float, aside_value: float, card_cost: float
) -> _Terms:
    """The heuristic's plan score's terms, per cards played (the knock-out score and the
    cost of the cards) and per cards set aside (the bonus): the same arithmetic in the
    same order, so equal floats."""
    key = (aside_before, grows, played_before, knockout, aside_value, card_cost)
    found = _TERMS.get(key)
    if found is None:
        ko_of = [knockout - 0.01 * n for n in range(TERMS)]
        cost_of = [card_cost * (n - played_before) for n in range(TERMS)]
        bonus_of = [aside_value * (k - aside_before) if k - aside_before and grows else 0.0 for k in range(TERMS)]
        found = _TERMS[key] = (list(zip(ko_of, cost_of, strict=True)), bonus_of)
    return found


_Tables = tuple[
    list[frozenset[int]], list[int], dict[tuple[int, ...], tuple[int, int, int]], frozenset[tuple[int, ...]]
]
#: Per fighter, X and side of the Power Token: which card types may follow each, each
#: one's Combo Damage, and the Signature Combos that may be called (damage, index, version).
_TABLES: dict[tuple[str, int, int], tuple[Fighter, _Tables]] = {}


def _tables(f: Fighter, x: int, side: int) -> _Tables:
    key = (f.id, x, side)
    found = _TABLES.get(key)
    if found is not None and found[0] is f:
        return found[1]
    table = f.cards
    follows = [frozenset(t for t, d in enumerate(table) if c.box >> d.button & 1) for c in table]
    combo = [c.combo.value(x) for c in table]
    sigs = {}
    for cards, (sig, version) in f.signature_index.items():
        if signature_for(f, cards, side) is not None:
            sigs[cards] = (signature_damage(f, sig, version, x), sig, version)
    if len(_TABLES) >= 256:
        _TABLES.clear()
    prefixes = frozenset(c[:k] for c in sigs for k in range(1, len(c) + 1))
    _TABLES[key] = (f, (follows, combo, sigs, prefixes))
    return follows, combo, sigs, prefixes


def pick(scored: list[Scored], their_ko: int) -> tuple[Plan, float]:
    """The first best plan of ``scored`` against a knock-out at ``their_ko`` damage, and its score."""
    best_score = float("-inf")
    best = scored[0]
    for plan in scored:
        score = plan[1] if plan[0] >= their_ko else plan[2]
        if score > best_score:
            best_score, best = score, plan
    dmg, _, _, cards, how, sig, version = best
    return Plan(dmg, cards, how, sig, version), best_score


def best_score(scored: list[Scored], their_ko: int) -> float:
    """:func:`pick`'s score alone (an opening weighs only that)."""
    best = float("-inf")
    for plan in scored:
        score = plan[1] if plan[0] >= their_ko else plan[2]
        if score > best:
            best = score
    return best
