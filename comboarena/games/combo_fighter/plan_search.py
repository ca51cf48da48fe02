"""The heuristic's best combo plan, found in one walk and reusable whatever the knock-out.

:func:`.rules.plans` lists every plan and the heuristic then scores each one; this
walks the same plans in the same order and scores each where it is found. A plan's
score depends on the opponent's knock-out damage only through "does it knock out"
(then it scores ``KNOCKOUT`` less a hundredth per card), and that damage changes
every round while the hand often does not; so the walk keeps, per plan, both scores
(:data:`Scored`), and :func:`pick` answers for any knock-out damage: the first
best, as ``max(plans(...), key=score)`` gives (tests pin that).

The heuristic remembers thousands of walks, so a walk's answer holds no object the
cyclic garbage collector has to visit: one flat tuple of numbers, each plan's cards
and how they joined written as one int (:func:`plan_of` reads it back). The walk
itself keeps the cards still to play as counts per card type, changed and restored
in place, rather than a new tuple per step.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, NamedTuple

from .content import Fighter
from .rules import FROM_HAND, SET_ASIDE, Plan, signature_damage, signature_for

#: ``sum()`` adds floats left to right before Python 3.12 (later it compensates for
#: rounding): there a running total of the cards' keep-values is the very float that
#: summing each plan's afresh gives, and the walk keeps one instead of a tuple to sum.
RUNNING_SUM = sys.version_info < (3, 12)
#: Longest combo the walk builds (as :func:`.rules.plans`).
LIMIT = 7
#: Cards played (or set aside) that the score's terms are worked out for: a combo in
#: progress never holds more than ``LIMIT``; the rest is room.
TERMS = 16
#: Numbers per plan in :data:`Scored`.
STRIDE = 4


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


#: Every plan of one walk, in its order, flat: per plan its damage, its score if that
#: knocks out, its score if not, and its code (:func:`plan_of`); headed by two numbers
#: (:func:`with_head`). A plain tuple of numbers, which the garbage collector stops tracking.
Scored = tuple[float, ...]


#: What a walk reads besides its cards, made once per fighter, X, side and score terms
#: (:func:`walker`): the fighter, the card types that may follow each (in type order)
#: and as a bitmask, each one's Combo Damage and digit from the hand, the Signature
#: Combos by code (:func:`_tables`), the bases of the codes, the score's terms per cards
#: played and per cards set aside (:func:`_terms`), the cards' keep-values, the cards
#: played before, the card types that may be set aside and :class:`Types`.
Walker = tuple[
    Fighter,
    list[tuple[int, ...]],
    list[int],
    list[int],
    list[int],
    dict[int, tuple[int, int]],
    frozenset[int],
    int,
    int,
    list[tuple[float, float]],
    list[float],
    Sequence[float],
    int,
    frozenset[int],
    "Types",
]


def walker(f: Fighter, asidable: frozenset[int], x: int, side: int, sc: PlanScore) -> Walker:
    """What :func:`walk_plans` reads for ``f`` with X ``x`` on token side ``side``, the
    card types ``asidable`` that may be set aside and the plan score ``sc``."""
    follow, masks, combo, hand_digit, sigs, prefixes, base, sig_base, types_of = _tables(f, x, side)
    aside_before, grows, played_before, worth, knockout, aside_value, card_cost = sc
    terms, bonus_of = _terms(aside_before, grows, played_before, knockout, aside_value, card_cost)
    return (
        f,
        follow,
        masks,
        combo,
        hand_digit,
        sigs,
        prefixes,
        base,
        sig_base,
        terms,
        bonus_of,
        worth,
        played_before,
        asidable,
        types_of,
    )


def scored_plans(
    f: Fighter,
    first: int,
    pool: Sequence[int],
    aside: tuple[int, ...],
    asidable: frozenset[int],
    x: int,
    side: int,
    sc: PlanScore,
    played: tuple[int, ...] = (),
    marks: tuple[int, ...] = (),
) -> Scored:
    """Every plan of ``plans(f, first, pool, aside, asidable, x, side, played=played,
    marks=marks)``, in its order, scored both ways."""
    return walk_plans(walker(f, asidable, x, side, sc), first, pool, aside, played, marks)


def walk_plans(
    w: Walker,
    first: int,
    pool: Sequence[int],
    aside: tuple[int, ...],
    played: tuple[int, ...] = (),
    marks: tuple[int, ...] = (),
) -> Scored:
    """:func:`scored_plans` with what it reads besides the cards made already."""
    f, follow, masks, combo, hand_digit, sigs, prefixes = w[:7]
    base, sig_base, terms, bonus_of, worth, played_before, asidable, types_of = w[7:]
    out: list[float] = [0, 0.0]  # (the head: see ``with_head``)
    # The cards left to play, per type, and the types left as a bitmask: a step takes one
    # and puts it back after. Walking a type's followers in type order visits the
    # distinct cards of the sorted pool that may follow, in the order (and with the
    # duplicates skipped) that ``rules.plans`` does. A card's digit in a code is
    # ``3 * t + how + 1`` (``code_of``): ``hand_digit`` from the hand, and written out
    # below, ``+ 2`` from beside the token, ``+ 3`` set aside.
    counts = [0] * len(follow)
    present = 0
    for t in pool:
        counts[t] += 1
        present |= 1 << t

    def walk_hand(last: int, code: int, n: int, dmg: int, kept: Any, present: int) -> None:
        """``walk`` where every card comes from the hand (none beside the token, none to
        set aside, none set aside yet): the same plans, fewer things to carry. The plan
        ending with ``last`` is written already; this writes the plans that continue it,
        and walks on only from a card that some card left can follow (most plans end)."""
        nonlocal out
        grow = n >= played_before
        n += 1
        ko, cost = terms[n]
        # Only the followers still in hand: ``present`` holds exactly the types left.
        for t in types_of[masks[last] & present]:
            more: Any = ((kept + worth[t]) if RUNNING_SUM else (*kept, worth[t])) if grow else kept
            kept_score = (more if RUNNING_SUM else sum(more)) * 0.1
            next_code = code * base + hand_digit[t]
            next_dmg = dmg + combo[t]
            out += (next_dmg, ko, next_dmg + bonus - cost - kept_score, next_code)
            if next_code in prefixes:
                hit = sigs.get(next_code)
                if hit is not None:
                    sig_dmg = hit[0]
                    out += (sig_dmg, ko, sig_dmg + bonus - cost - kept_score, -(next_code * sig_base + hit[1]))
            if n < LIMIT:
                c = counts[t]
                left = present if c > 1 else present ^ (1 << t)
                if masks[t] & left:
                    counts[t] = c - 1
                    walk_hand(t, next_code, n, next_dmg, more, left)
                    counts[t] = c

    start = played or (first,)
    if marks:
        how = tuple(SET_ASIDE if i in marks else FROM_HAND for i in range(len(start)))
        dmg = _damage(f, start, marks, combo)
    else:
        how = (FROM_HAND,) * len(start)
        dmg = _damage(f, start, (), combo) if played else f.cards[first].opening
    code = code_of(f, start, how) if played else hand_digit[first]
    kept: Any = tuple(worth[t] for t in start[played_before:]) if len(start) > played_before else ()
    if RUNNING_SUM:
        kept = sum(kept)
    n = len(start)
    if not aside and not marks and asidable.isdisjoint(pool):
        bonus = bonus_of[0]
        ko, cost = terms[n]
        kept_score = (kept if RUNNING_SUM else sum(kept)) * 0.1
        out += (dmg, ko, dmg + bonus - cost - kept_score, code)
        if code in prefixes:
            hit = sigs.get(code)
            if hit is not None:
                sig_dmg = hit[0]
                out += (sig_dmg, ko, sig_dmg + bonus - cost - kept_score, -(code * sig_base + hit[1]))
        last = start[-1]
        if n < LIMIT and masks[last] & present:
            walk_hand(last, code, n, dmg, kept, present)
        # The walk reaches itself through its closure's cell: a cycle that would leave this
        # call's function and cells to the garbage collector. Cut it, and they go now.
        walk_hand = _walked
        return with_head(out)
    beside = [0] * len(follow)
    for t in aside:
        beside[t] += 1

    def walk(last: int, code: int, cards_code: int, n: int, dmg: int, set_aside: int, kept: Any) -> None:
        """``cards_code``: the code of the cards as if all came from the hand (Signature
        Combos are found by their cards alone)."""
        nonlocal out
        ko, cost = terms[n]
        rest_score = bonus_of[set_aside]
        kept_score = (kept if RUNNING_SUM else sum(kept)) * 0.1
        out += (dmg, ko, dmg + rest_score - cost - kept_score, code)
        if not set_aside and cards_code in prefixes:
            hit = sigs.get(cards_code)
            if hit is not None:
                sig_dmg = hit[0]
                out += (sig_dmg, ko, sig_dmg + rest_score - cost - kept_score, -(code * sig_base + hit[1]))
        if n >= LIMIT:
            return
        grow = n >= played_before
        followers = follow[last]
        for t in followers:
            if counts[t]:
                counts[t] -= 1
                more = ((kept + worth[t]) if RUNNING_SUM else (*kept, worth[t])) if grow else kept
                hand_code = cards_code * base + 3 * t + 1
                walk(t, code * base + 3 * t + 1, hand_code, n + 1, dmg + combo[t], set_aside, more)
                if t in asidable:
                    walk(t, code * base + 3 * t + 3, hand_code, n + 1, dmg, set_aside + 1, more)
                counts[t] += 1
        for t in followers:
            if beside[t]:
                beside[t] -= 1
                more = ((kept + worth[t]) if RUNNING_SUM else (*kept, worth[t])) if grow else kept
                hand_code = cards_code * base + 3 * t + 1
                walk(t, code * base + 3 * t + 2, hand_code, n + 1, dmg + combo[t], set_aside, more)
                beside[t] += 1

    cards_code = code_of(f, start, (FROM_HAND,) * len(start))
    walk(start[-1], code, cards_code, n, dmg, how.count(SET_ASIDE), kept)
    walk = walk_hand = _walked  # (the cycles, as above)
    return with_head(out)


def _walked(*args: Any, **kwargs: Any) -> None:
    """What a walk's name is left bound to once it is done (see :func:`walk_plans`)."""


def _damage(f: Fighter, cards: tuple[int, ...], set_aside: tuple[int, ...], combo: list[int]) -> int:
    """:func:`.rules.card_damage`, with each card's Combo Damage at this X read from ``combo``."""
    total = f.cards[cards[0]].opening
    for i in range(1, len(cards)):
        if i not in set_aside:
            total += combo[cards[i]]
    return total


def code_of(f: Fighter, cards: Sequence[int], how: Sequence[int], signature: int = -1, version: int = -1) -> int:
    """The code of a plan of ``f`` in :data:`Scored` (:func:`plan_of` reads it back)."""
    base, sig_base = _bases(f)
    code = 0
    for t, joined in zip(cards, how, strict=True):
        code = code * base + 3 * t + joined + 1
    return -(code * sig_base + 2 * signature + version) if signature >= 0 else code


def plan_of(f: Fighter, damage: int, code: int) -> Plan:
    """The plan a :data:`Scored` code stands for: its cards and how each joined, written
    as digits ``3 * card + how + 1`` in base ``3 * card types + 1`` (first card first);
    a Signature Combo call is the negated code times ``2 * signatures + 2`` plus
    ``2 * signature + version``."""
    base, sig_base = _bases(f)
    signature = version = -1
    if code < 0:
        code, called = divmod(-code, sig_base)
        signature, version = divmod(called, 2)
    cards: list[int] = []
    how: list[int] = []
    while code:
        code, digit = divmod(code, base)
        card, joined = divmod(digit - 1, 3)
        cards.append(card)
        how.append(joined)
    cards.reverse()
    how.reverse()
    return Plan(damage, tuple(cards), tuple(how), signature, version)


def _bases(f: Fighter) -> tuple[int, int]:
    """The bases of a plan's code for ``f``: of its digits, and of a Signature Combo call."""
    return 3 * len(f.cards) + 1, 2 * len(f.signatures) + 2


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
        if len(_TERMS) >= 256:
            _TERMS.clear()
        found = _TERMS[key] = (list(zip(ko_of, cost_of, strict=True)), bonus_of)
    return found


class Types(dict[int, tuple[int, ...]]):
    """The card types in a bitmask of them, in type order, worked out when first asked:
    at most one entry per set of a fighter's card types."""

    def __missing__(self, mask: int) -> tuple[int, ...]:
        found = self[mask] = tuple(t for t in range(mask.bit_length()) if mask >> t & 1)
        return found


_Tables = tuple[
    list[tuple[int, ...]], list[int], list[int], list[int], dict[int, tuple[int, int]], frozenset[int], int, int, Types
]
#: Per fighter, X and side of the Power Token: which card types may follow each (in
#: type order, and as a bitmask), each one's Combo Damage and digit from the hand, and
#: the Signature Combos that may be called, by the code of their cards (damage, and
#: ``2 * signature + version``), with the codes of their beginnings; the bases of
#: the codes, and the types in each bitmask of types (:class:`Types`).
_TABLES: dict[tuple[str, int, int], tuple[Fighter, _Tables]] = {}


def _tables(f: Fighter, x: int, side: int) -> _Tables:
    key = (f.id, x, side)
    found = _TABLES.get(key)
    if found is not None and found[0] is f:
        return found[1]
    table = f.cards
    base, sig_base = _bases(f)
    follow = [tuple(t for t, d in enumerate(table) if c.box >> d.button & 1) for c in table]
    masks = [sum(1 << t for t in types) for types in follow]
    combo = [c.combo.value(x) for c in table]
    hand_digit = [3 * t + FROM_HAND + 1 for t in range(len(table))]
    sigs: dict[int, tuple[int, int]] = {}
    prefixes: set[int] = set()
    for cards, (sig, version) in f.signature_index.items():
        if signature_for(f, cards, side) is not None:
            code = 0
            for t in cards:
                code = code * base + hand_digit[t]
                prefixes.add(code)
            sigs[code] = (signature_damage(f, sig, version, x), 2 * sig + version)
    if len(_TABLES) >= 256:
        _TABLES.clear()
    tables = (follow, masks, combo, hand_digit, sigs, frozenset(prefixes), base, sig_base, Types())
    _TABLES[key] = (f, tables)
    return tables


def with_head(out: list[float]) -> Scored:
    """The walk's plans, headed by the most damage any deals and the best score of one
    that does not knock out: against a knock-out damage above that most (the usual
    case: combos deal a few points, a fighter holds many cards), no plan knocks out and
    the best score is that one, first found where it first appears."""
    out[0] = max(out[2::STRIDE])
    out[1] = max(out[4::STRIDE])
    return tuple(out)


def pick(scored: Scored, their_ko: int, f: Fighter) -> tuple[Plan, float]:
    """The first best plan of ``scored`` (plans of ``f``) against a knock-out at
    ``their_ko`` damage, and its score."""
    if their_ko > scored[0]:
        best_score = scored[1]
        best = 2 + STRIDE * scored[4::STRIDE].index(best_score)
    else:
        best_score = float("-inf")
        best = i = 2
        it = iter(scored)
        next(it)
        next(it)
        for dmg, ko, other, _ in zip(it, it, it, it, strict=True):
            score = ko if dmg >= their_ko else other
            if score > best_score:
                best_score, best = score, i
            i += STRIDE
    return plan_of(f, int(scored[best]), int(scored[best + 3])), best_score


def best_score(scored: Scored, their_ko: int) -> float:
    """:func:`pick`'s score alone (an opening weighs only that)."""
    if their_ko > scored[0]:
        return scored[1]
    best = float("-inf")
    it = iter(scored)
    next(it)
    next(it)
    for dmg, ko, other, _ in zip(it, it, it, it, strict=True):
        score = ko if dmg >= their_ko else other
        if score > best:
            best = score
    return best
