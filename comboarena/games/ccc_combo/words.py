"""Small words shared by the rules' refusals, the narration and the text UI: counts,
card values, and seats named for a viewer.

>>> cards(1), cards(3), more_cards(1), a_value("8H"), a_value("7S")
('1 card', '3 cards', '1 more card', 'an eight', 'a seven')
>>> seat_name(1, 1, ["Ann", "Bob"]), whose(1, 1, ["Ann", "Bob"]), whose(0, 1, ["Ann", "Bob"])
('You', 'your', "Ann's")
"""

from __future__ import annotations

from collections.abc import Sequence

from comboarena.core.cards import RANK_NAMES
from comboarena.core.grammar import YOU, possessive


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


def seat_name(seat: int, viewer: int | None, names: Sequence[str]) -> str:
    """``You`` for the viewer (the second person: the terminal names its one person
    ``You``, and the browser's log reads the same lines to each seat), else the name."""
    return YOU if seat == viewer else names[seat]


def whose(seat: int, viewer: int | None, names: Sequence[str]) -> str:
    """``your`` for the viewer, else ``Ann's``."""
    return possessive(seat_name(seat, viewer, names))


__all__ = ["a_value", "cards", "more_cards", "seat_name", "whose"]
