"""Rules that are plain functions of cards: the Win Circle, combos and their damage.

Shared by the state (which applies them), the solo AI (which picks the combo
that deals the most damage) and the heuristic agent (which plans its combos).
"""

from __future__ import annotations

from typing import NamedTuple

from .content import ATTACK, DEFENSE, FOOTWORK, KINDS, Fighter
from .view import Risk

#: Win Circle: attack beats footwork, footwork beats defense, defense beats attack.
BEATS = {ATTACK: FOOTWORK, FOOTWORK: DEFENSE, DEFENSE: ATTACK}

#: How a card joins a combo: from the hand (or the solo AI's drawn cards), from beside
#: the Power Token (Grace's Phoenix Strike), or played to be set aside (Junior's Needles).
FROM_HAND, FROM_ASIDE, SET_ASIDE = 0, 1, 2


def win_circle(ka: int, speed_a: int, prio_a: bool, kb: int, speed_b: int, prio_b: bool) -> tuple[int, str]:
    """Who wins a round: ``0`` (the first card), ``1`` (the second) or ``-1`` (a tie), and why.

    Attack vs attack: higher Speed wins, equal Speed ties. Defense vs defense and
    footwork vs footwork: the card with Priority wins; both or neither is a tie.

    >>> win_circle(ATTACK, 4, False, FOOTWORK, 0, True)
    (0, 'attack beats footwork')
    >>> win_circle(ATTACK, 4, False, ATTACK, 6, False)
    (1, 'Speed 6 beats Speed 4')
    >>> win_circle(DEFENSE, 0, True, DEFENSE, 0, True)
    (-1, 'both defense cards have Priority')
    """
    if ka != kb:
        if BEATS[ka] == kb:
            return 0, f"{KINDS[ka]} beats {KINDS[kb]}"
        return 1, f"{KINDS[kb]} beats {KINDS[ka]}"
    if ka == ATTACK:
        if speed_a == speed_b:
            return -1, f"both attacks have Speed {speed_a}"
        return (
            (0, f"Speed {speed_a} beats Speed {speed_b}")
            if speed_a > speed_b
            else (
                1,
                f"Speed {speed_b} beats Speed {speed_a}",
            )
        )
    if prio_a != prio_b:
        return (0 if prio_a else 1), f"the {KINDS[ka]} card with Priority wins"
    return -1, f"{'both' if prio_a else 'neither'} {KINDS[ka]} card{'s have' if prio_a else ' has'} Priority"


class Plan(NamedTuple):
    """A whole round's combo: the cards in order (opening card first), how each joined
    (``FROM_HAND``/``FROM_ASIDE``/``SET_ASIDE``), its damage and the Signature Combo
    called (``signature`` index and ``version`` 0 basic / 1 power, or -1)."""

    damage: int
    cards: tuple[int, ...]
    how: tuple[int, ...]
    signature: int
    version: int

    @property
    def extra(self) -> int:
        """Cards played after the opening card."""
        return len(self.cards) - 1


def card_damage(f: Fighter, cards: tuple[int, ...] | list[int], set_aside: tuple[int, ...] | list[int], x: int) -> int:
    """Opening Damage of the first card plus Combo Damage of the rest (cards set aside deal none)."""
    table = f.cards
    total = table[cards[0]].opening
    for i in range(1, len(cards)):
        if i not in set_aside:
            total += table[cards[i]].combo.value(x)
    return total


def signature_for(f: Fighter, cards: tuple[int, ...], side: int) -> tuple[int, int] | None:
    """The ``(signature, version)`` whose exact cards are ``cards``, if it may be called on ``side``."""
    hit = f.signature_index.get(cards)
    if hit is None:
        return None
    sig, version = hit
    v = f.signatures[sig].basic if version == 0 else f.signatures[sig].power
    if v is None or (v.requires == 1 and side != 1):
        return None
    return hit


def signature_damage(f: Fighter, sig: int, version: int, x: int) -> int:
    s = f.signatures[sig]
    v = s.basic if version == 0 or s.power is None else s.power
    return v.damage.value(x)


def plans(
    f: Fighter,
    first: int,
    pool: tuple[int, ...],
    aside: tuple[int, ...],
    asidable: frozenset[int],
    x: int,
    side: int,
    limit: int = 7,
    played: tuple[int, ...] = (),
    marks: tuple[int, ...] = (),
) -> list[Plan]:
    """Every combo the rules allow after winning with ``first``.

    ``pool`` holds the cards that may follow (the hand, or the solo AI's drawn
    cards), ``aside`` the set-aside cards that may be brought into a combo, and
    ``asidable`` the card types that may be played to be set aside instead of
    dealing damage. Each next card's button must be in the previous card's Combo
    Box. Stopping after any card is a plan; where the cards are exactly a Signature
    Combo that may be called (and none was set aside), calling it is a plan too.
    ``played`` (with ``marks``, the positions set aside) continues a combo in
    progress instead of starting from ``first``.
    """
    table = f.cards
    out: list[Plan] = []

    def walk(
        cards: tuple[int, ...], how: tuple[int, ...], dmg: int, pool: tuple[int, ...], aside: tuple[int, ...]
    ) -> None:
        out.append(Plan(dmg, cards, how, -1, -1))
        if SET_ASIDE not in how:
            hit = signature_for(f, cards, side)
            if hit is not None:
                out.append(Plan(signature_damage(f, hit[0], hit[1], x), cards, how, hit[0], hit[1]))
        if len(cards) >= limit:
            return
        box = table[cards[-1]].box
        last = -1
        for i, t in enumerate(pool):
            if t == last or not box >> table[t].button & 1:
                continue
            last = t
            rest = pool[:i] + pool[i + 1 :]
            walk((*cards, t), (*how, FROM_HAND), dmg + table[t].combo.value(x), rest, aside)
            if t in asidable:
                walk((*cards, t), (*how, SET_ASIDE), dmg, rest, aside)
        last = -1
        for i, t in enumerate(aside):
            if t == last or not box >> table[t].button & 1:
                continue
            last = t
            walk((*cards, t), (*how, FROM_ASIDE), dmg + table[t].combo.value(x), pool, aside[:i] + aside[i + 1 :])

    start = played or (first,)
    how = tuple(SET_ASIDE if i in marks else FROM_HAND for i in range(len(start)))
    walk(start, how, card_damage(f, start, marks, x), tuple(sorted(pool)), tuple(sorted(aside)))
    return out


def best_plan(candidates: list[Plan]) -> Plan:
    """The plan dealing the most damage; ties go to fewer cards, then the first found."""
    best = candidates[0]
    for p in candidates:
        if p.damage > best.damage or (p.damage == best.damage and len(p.cards) < len(best.cards)):
            best = p
    return best


def knockout_damage(hand: int, deck: int, staggering: bool) -> int:
    """The least damage that knocks a fighter out (rulebook: "Taking damage", "Staggering").

    Any damage while Staggering; otherwise as many points as the cards in hand and
    deck, whatever order they are taken in: the last point discards the last card.

    >>> knockout_damage(5, 2, False), knockout_damage(5, 2, True)
    (7, 1)
    """
    return 1 if staggering else hand + deck


#: The damage choices :func:`damage_risks` judges: a card from the hand, ``deck``, ``rest``.
HAND, DECK, REST = "hand", "deck", "rest"


def damage_risks(hand: int, deck: int, damage: int, staggering: bool) -> dict[str, Risk]:
    """For ``damage`` points still to take, the choices that cost a risk another choice avoids.

    A hit that reaches the last card knocks out whatever the order (it is resolved
    when dealt), so no choice knocks out by itself; what a choice can cost is the
    deck: emptying it during the hit leaves the fighter Staggering afterwards (the
    next hit knocks them out), which taking cards from the hand instead avoids
    whenever the hand can absorb the rest of the hit.

    >>> damage_risks(hand=5, deck=2, damage=4, staggering=False)
    {'rest': <Risk.STAGGER: 'stagger'>}
    >>> damage_risks(hand=5, deck=1, damage=2, staggering=False)
    {'deck': <Risk.STAGGER: 'stagger'>, 'rest': <Risk.STAGGER: 'stagger'>}
    >>> damage_risks(hand=0, deck=9, damage=4, staggering=False)
    {}
    """
    if not damage or not deck or staggering or damage >= hand + deck:
        return {}  # nothing to choose between: the outcome is the same whatever is taken
    out: dict[str, Risk] = {}
    if deck == 1:
        out[DECK] = Risk.STAGGER
    if damage > 1 and damage >= deck:
        out[REST] = Risk.STAGGER
    return out
