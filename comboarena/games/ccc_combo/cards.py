"""c-c-c-COMBO's cards: the standard 52-card deck (``comboarena.core.cards``),
the order that decides who goes first, and what may be played on what.

A COMBO is a card of the pile's suit; a COUNTER is a card of the same value
as the pile's top card. With one deck no card is both (the same suit and
value is the same card).
"""

from __future__ import annotations

from comboarena.core.cards import DECK, ORDER, RANK_VALUE, RANKS

#: "Highest card goes first (tie goes to suit: Heart is trump > 2nd is Diamond > Club > Spade)".
SUIT_RANK = {"H": 3, "D": 2, "C": 1, "S": 0}
#: A base's strength for the first player: rank (2 low .. ace high), then suit.
STRENGTH: dict[str, tuple[int, int]] = {c: (RANK_VALUE[c[0]], SUIT_RANK[c[1]]) for c in DECK}

#: The cards a COMBO may be played with on a pile whose top card is the key (same suit).
COMBO_ON: dict[str, frozenset[str]] = {t: frozenset(c for c in DECK if c[1] == t[1] and c != t) for t in DECK}
#: The cards a COUNTER may be played with on a pile whose top card is the key (same value).
COUNTER_ON: dict[str, frozenset[str]] = {t: frozenset(c for c in DECK if c[0] == t[0] and c != t) for t in DECK}
#: Either: every card that may be played on a pile with this top card.
PLAYABLE_ON: dict[str, frozenset[str]] = {t: COMBO_ON[t] | COUNTER_ON[t] for t in DECK}

#: Hands are kept in the canonical order (by suit, then rank) with this key.
KEY = ORDER.__getitem__


def first_player(bases: list[str]) -> int:
    """The seat whose base is highest: rank first, then hearts > diamonds > clubs > spades.

    >>> first_player(["KS", "KH", "2D", "QC"])
    1
    """
    return max(range(len(bases)), key=lambda s: STRENGTH[bases[s]])


__all__ = ["COMBO_ON", "COUNTER_ON", "DECK", "KEY", "PLAYABLE_ON", "RANKS", "STRENGTH", "SUIT_RANK", "first_player"]
