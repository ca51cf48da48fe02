"""Refusals in words: why an action is not allowed, in the second person ("your hand"),
naming cards by title and code. The state adds what is legal now (``State._illegal``).

>>> from comboarena.games.combo_fighter.content import fighters
>>> f = fighters()["boris"]
>>> box_mismatch(f.cards[f.index["iw"]], f.cards[f.index["hf"]])
"Iron Wall's button ▲ is not in Hammer Fist's Combo Box ■"
"""

from __future__ import annotations

from comboarena.core import Action

from .content import SYMBOLS, Card, Fighter
from .view import Phase

PHASE_WORDS = {
    Phase.PICK: "choosing who starts in the ring",
    Phase.PLAY: "playing a card face down",
    Phase.RETRO: "deciding on a retroactive power",
    Phase.COMBO: "playing a combo",
    Phase.DAMAGE: "taking damage",
    Phase.BREATH: "catching their breath",
    Phase.DISCARD: "discarding before the refill",
    Phase.TAG: "deciding whether to tag out",
    Phase.OVER: "the match is over",
}


def count_text(n: int, noun: str) -> str:
    """``1 point``, ``2 points``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def not_held(f: Fighter, action: Action, where: str) -> str:
    t = f.index.get(getattr(action, "code", ""), -1)
    if t < 0:
        return f"{action} is not a card of {f.name} (codes: {', '.join(f.index)})"
    return f"{f.cards[t].title} ({action}) is not in {where}"


def box_mismatch(card: Card, last: Card) -> str:
    box = "".join(SYMBOLS[b] for b in last.box_buttons)
    if not box:
        return f"{last.title}'s Combo Box is empty: the combo must end (end)"
    return f"{card.title}'s button {SYMBOLS[card.button]} is not in {last.title}'s Combo Box {box}"


def cannot_set_aside(f: Fighter, card: Card, asidable: frozenset[int]) -> str:
    if not asidable:
        return f"{f.name}'s Power Token side facing up sets no card aside"
    names = ", ".join(f.cards[t].title for t in sorted(asidable))
    return f"{card.title} cannot be set aside; the Power Token sets aside {names}"


def no_signature(f: Fighter, play: tuple[int, ...], set_aside: bool) -> str:
    """Why the cards played this round cannot be called as a Signature Combo."""
    cards = " → ".join(f.cards[t].title for t in play)
    if set_aside:
        return f"a card was set aside this round ({cards}), so no Signature Combo can be called"
    hit = f.signature_index.get(play)
    if hit is not None:
        return f"{f.signatures[hit[0]].name}'s Power version needs the Power Token on side B"
    return f"{cards} is not a Signature Combo of {f.name} (its exact cards in order, and no others)"


__all__ = ["PHASE_WORDS", "box_mismatch", "cannot_set_aside", "count_text", "no_signature", "not_held"]
