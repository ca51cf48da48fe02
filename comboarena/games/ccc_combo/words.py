"""Small words shared by the refusals and the text UI: counts and card values.

>>> cards(1), cards(3), more_cards(1), a_value("8H"), a_value("7S")
('1 card', '3 cards', '1 more card', 'an eight', 'a seven')
"""

from __future__ import annotations

from comboarena.core.cards import RANK_NAMES


def cards(n: int) -> str:
    """``1 card``, ``2 cards``."""
    return f"{n} card" if n == 1 else f"{n} cards"


def more_cards(n: int) -> str:
    """``1 more card``, ``2 more cards``."""
    return f"{n} more card" if n == 1 else f"{n} more cards"


def a_value(card: str) -> str:
    """The card's value with its article: ``a seven``, ``an ace``, ``an eight``."""
    name = RANK_NAMES[card[0]]
    return f"an {name}" if name[0] in "aeiou" else f"a {name}"


__all__ = ["a_value", "cards", "more_cards"]
