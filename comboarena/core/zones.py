"""Card zones shared by the card games: what a seat cannot see, dealing it at
random for a determinization, and checking that every card is in exactly one
place (in a live state: an engine bug; in a position: bad input).

>>> from collections import Counter
>>> full = Counter(["1R", "1R", "2G", "3B"])
>>> unseen(full, ["1R", "3B"])
['1R', '2G']
>>> conservation(["1R", "2G", "2G"], full)
(['2G'], ['1R', '3B'])
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .errors import InvariantError, OptionError, PositionError


def unseen(full: Counter[str], seen: Iterable[str], key: Callable[[str], Any] | None = None) -> list[str]:
    """The cards of ``full`` that are not among ``seen``, sorted (by ``key``).

    Raises :class:`OptionError` when ``seen`` holds cards ``full`` does not (a
    view that is not of this game).
    """
    left = dict(full)
    for card in seen:
        n = left.get(card, 0)
        if n <= 0:
            raise OptionError(f"view shows a card the deck does not hold (or holds fewer of): {card}")
        left[card] = n - 1
    out = [card for card, n in left.items() for _ in range(n)]
    out.sort(key=key)
    return out


def deal_hidden(
    cards: list[str], sizes: Sequence[int], rng: random.Random, key: Callable[[str], Any] | None = None
) -> tuple[list[list[str]], list[str]]:
    """Shuffle ``cards`` with ``rng`` and deal ``sizes[i]`` of them to hidden zone ``i``
    (each sorted by ``key``); returns the zones and the cards left over (in shuffled order).

    Raises :class:`OptionError` when the sizes ask for more cards than there are.
    """
    if sum(sizes) > len(cards):
        raise OptionError(f"view is inconsistent: {sum(sizes)} hidden cards in hands, but only {len(cards)} unseen")
    rest = cards[:]
    rng.shuffle(rest)
    zones: list[list[str]] = []
    at = 0
    for size in sizes:
        zones.append(sorted(rest[at : at + size], key=key))
        at += size
    return zones, rest[at:]


def conservation(found: Iterable[str], full: Counter[str]) -> tuple[list[str], list[str]]:
    """``(extra, lost)``: cards found more often than the deck holds them, and cards missing."""
    counts = Counter(found)
    return sorted((counts - full).elements()), sorted((full - counts).elements())


def check_conserved(found: Iterable[str], full: Counter[str], what: str = "cards") -> None:
    """Raise :class:`InvariantError` unless ``found`` is exactly ``full`` (every card in one place)."""
    extra, lost = conservation(found, full)
    if extra or lost:
        raise InvariantError(f"{what} not conserved: extra {extra}, lost {lost}")


def check_position_cards(
    zones: Sequence[tuple[str, Sequence[str]]], full: Counter[str], deck: str = "the deck"
) -> None:
    """Raise :class:`PositionError` unless the ``(where, cards)`` zones hold exactly ``full``.

    The message names a card that is there too often and where it lies, or the cards missing.
    """
    counts: Counter[str] = Counter()
    places: dict[str, list[str]] = {}
    for where, cards in zones:
        for card in cards:
            counts[card] += 1
            places.setdefault(card, []).append(where)
    for card, n in counts.items():
        if n > full[card]:
            held = f"holds only {full[card]}" if full[card] else "does not hold it"
            raise PositionError(
                f"card {card} is in the position {n} times (at {', '.join(places[card])}), but {deck} {held}"
            )
    lost = sorted((full - counts).elements())
    if lost:
        shown = ", ".join(lost[:12]) + (" ..." if len(lost) > 12 else "")
        raise PositionError(f"cards missing from the position: {shown} (every card of {deck} must be somewhere)")


__all__ = ["check_conserved", "check_position_cards", "conservation", "deal_hidden", "unseen"]
