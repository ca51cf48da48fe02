"""Sixteen's 54-card deck: numbers 0-6 in red, green, blue and orange, and two wilds.

A card is its notation: number then colour (``3G``), or ``W`` for a wild. A
wild on the play pile is written with what it was declared as (``W=5G``).
"""

from __future__ import annotations

from collections import Counter

COLOURS = "RGBO"
COLOUR_NAMES = {"R": "red", "G": "green", "B": "blue", "O": "orange"}
NUMBERS = range(7)
WILD = "W"

#: The 28 number/colour faces, in notation order (``0B`` ... ``6R``).
FACES: tuple[str, ...] = tuple(sorted(f"{n}{c}" for n in NUMBERS for c in COLOURS))


def deck(wilds: bool = True) -> list[str]:
    """The deck: one 0 of each colour, two of each 1-6 of each colour, two wilds.

    >>> len(deck()), len(deck(wilds=False))
    (54, 52)
    """
    cards = [f"{n}{c}" for c in COLOURS for n in NUMBERS for _ in range(1 if n == 0 else 2)]
    if wilds:
        cards += [WILD, WILD]
    return sorted(cards)


def deck_counts(wilds: bool = True) -> Counter[str]:
    return Counter(deck(wilds))


#: Number and colour of every card as it lies on the pile (faces and declared wilds).
NUMBER: dict[str, int] = {}
COLOUR: dict[str, str] = {}
#: The physical card behind a pile entry (``W=5G`` -> ``W``).
PHYSICAL: dict[str, str] = {}
for _face in FACES:
    for _text in (_face, f"{WILD}={_face}"):
        NUMBER[_text] = int(_face[0])
        COLOUR[_text] = _face[1]
        PHYSICAL[_text] = WILD if _text.startswith(WILD) else _face
del _face, _text


def describe(card: str) -> str:
    """Words for a card: ``'5 green'``, ``'wild'``, ``'wild as 5 green'``."""
    if card == WILD:
        return "wild"
    words = f"{NUMBER[card]} {COLOUR_NAMES[COLOUR[card]]}"
    return f"wild as {words}" if card.startswith(WILD) else words
