"""The standard 52-card deck and its notation, shared by the card games.

A card is its notation: rank ``2 3 4 5 6 7 8 9 T J Q K A`` then suit
``S H D C`` (``TH`` = ten of hearts, ``AS`` = ace of spades); the jokers are
``BJ`` and ``RJ``. Cards are plain strings so that states stay cheap to copy
and views are JSON as they stand.

>>> parse_card("10h"), rank_value("TH"), card_name("AS")
('TH', 10, 'ace of spades')
>>> sort_cards(["AS", "2H", "TS"])
['TS', 'AS', '2H']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from .errors import NotationError, OptionError

#: Ranks from lowest to highest (ace high).
RANKS: Final = "23456789TJQKA"
#: Suits in notation (and sorting) order.
SUITS: Final = "SHDC"
JOKERS: Final = ("BJ", "RJ")

RANK_NAMES: Final[dict[str, str]] = {
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "T": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}
SUIT_NAMES: Final[dict[str, str]] = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS: Final[dict[str, str]] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
#: Suits printed in red (the others are black).
RED_SUITS: Final = frozenset("HD")

#: The 52 cards in canonical order: by suit (``SUITS``), then rank (``RANKS``).
DECK: Final[tuple[str, ...]] = tuple(f"{r}{s}" for s in SUITS for r in RANKS)
#: Position of each card (jokers last) in the canonical order; a sort key.
ORDER: Final[dict[str, int]] = {c: i for i, c in enumerate((*DECK, *JOKERS))}
#: Value of each rank, ace high: 2..14.
RANK_VALUE: Final[dict[str, int]] = {r: i + 2 for i, r in enumerate(RANKS)}

_CARD_HELP = "a card is rank 2-9, T (or 10), J, Q, K, A then suit S, H, D, C, e.g. TH or 7s"


def standard_deck(jokers: bool = False) -> list[str]:
    """The 52 cards (54 with ``jokers``) in canonical order.

    >>> len(standard_deck()), len(standard_deck(jokers=True))
    (52, 54)
    """
    return [*DECK, *JOKERS] if jokers else list(DECK)


def rank(card: str) -> str:
    """The rank character of a card: ``rank("TH") == "T"``."""
    return card[0]


def suit(card: str) -> str:
    """The suit character of a card: ``suit("TH") == "H"``."""
    return card[1]


def rank_value(card: str, ace_high: bool = True) -> int:
    """The rank as a number: 2..10, J 11, Q 12, K 13, A 14 (1 when ``ace_high`` is false)."""
    value = RANK_VALUE[card[0]]
    return 1 if value == 14 and not ace_high else value


def is_card(text: str, jokers: bool = False) -> bool:
    """Whether ``text`` is a card's exact notation."""
    return text in ORDER and (jokers or text not in JOKERS)


def parse_card(text: str, jokers: bool = False) -> str:
    """A card's notation from what a person typed: case-insensitive, ``10`` for ``T``.

    Raises :class:`NotationError` saying how a card is written.
    """
    if not isinstance(text, str):
        raise NotationError(f"expected a card as text, got {type(text).__name__}")
    key = text.strip().upper()
    if key.startswith("10"):
        key = "T" + key[2:]
    if key in ORDER and (jokers or key not in JOKERS):
        return key
    extra = " (jokers BJ, RJ)" if jokers else ""
    raise NotationError(f"{text.strip()!r} is not a card; {_CARD_HELP}{extra}")


def parse_cards(text: str, jokers: bool = False) -> list[str]:
    """Cards separated by spaces or commas: ``"4s, 9D"`` -> ``['4S', '9D']``."""
    return [parse_card(part, jokers) for part in text.replace(",", " ").split()]


def card_name(card: str) -> str:
    """A card in words: ``'ten of hearts'``, ``'red joker'``."""
    if card in JOKERS:
        return "black joker" if card == "BJ" else "red joker"
    return f"{RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"


def sort_cards(cards: Iterable[str]) -> list[str]:
    """``cards`` in canonical order (by suit, then rank)."""
    return sorted(cards, key=ORDER.__getitem__)


def check_deck(
    deck: object,
    allowed: Sequence[str],
    jokers: bool = False,
    *,
    read: Callable[[str], str] | None = None,
    cards_help: str = _CARD_HELP,
    example: str = "['TH', '7S', 'AD']",
) -> list[str]:
    """A stacked deck (top first) read and checked against the cards ``allowed``.

    Each card may appear as often as it does in ``allowed``. ``read`` turns an
    entry into a card's notation (default: a standard card, :func:`parse_card`)
    or raises :class:`NotationError`; ``cards_help`` says how cards are written.
    Returns the cards in notation; raises :class:`OptionError` naming the bad entry.

    >>> check_deck(["th", "10s"], DECK)
    ['TH', 'TS']
    """
    if isinstance(deck, str) or not isinstance(deck, list | tuple):
        raise OptionError(f"deck must be a list of cards, top of the deck first, e.g. {example}")
    counts = Counter(allowed)
    parse = read or (lambda text: parse_card(text, jokers))
    seen: Counter[str] = Counter()
    cards: list[str] = []
    for i, entry in enumerate(deck):
        try:
            card = parse(entry) if isinstance(entry, str) else ""
        except NotationError:
            card = ""
        if card not in counts:
            raise OptionError(f"deck[{i}] = {entry!r} is not a card of this deck; {cards_help}")
        seen[card] += 1
        if seen[card] > counts[card]:
            raise OptionError(f"deck has {seen[card]} x {card}, but the deck holds only {counts[card]}")
        cards.append(card)
    return cards


__all__ = [
    "DECK",
    "JOKERS",
    "ORDER",
    "RANKS",
    "RANK_NAMES",
    "RANK_VALUE",
    "RED_SUITS",
    "SUITS",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "card_name",
    "check_deck",
    "is_card",
    "parse_card",
    "parse_cards",
    "rank",
    "rank_value",
    "sort_cards",
    "standard_deck",
    "suit",
]
