"""Everything a game of Sixteen is, declared once in the rulebook's words.

:data:`FIELDS` is the state's one declaration: ``SixteenState``'s slots,
``build``, ``clone``, equality and positions all follow from it
(``comboarena/core/slots.py``). Each field says how a position's value of it
is read and checked on its own; the checks between fields (every card once,
hand limits) are in :mod:`.position`.

>>> FIELDS.saved
('hands', 'draw_pile', 'pile', 'sets', 'set_piles', 'ignored', 'turn', 'drawn')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from comboarena.core import Fields, PositionError
from comboarena.core.slots import LIST, LISTS, TUPLE, VALUE, Kind, Slot, Slots

from .cards import NUMBER, WILD

if TYPE_CHECKING:
    from .game import Sixteen

SIXTEEN = 16
#: The hand you play from: three held plus the one drawn.
FULL_HAND = 4
#: Bonus rules: a card that makes two Match and/or Sixteen sets at once "counts as two sets".
BONUS_SETS = 2


def read_hands(f: Fields, name: str, game: Sixteen) -> list[list[str]]:
    physical = set(game.counts)
    hands: list[list[str]] = f.items(name, lambda v, where: _cards(v, where, physical), length=game.players)
    return hands


def read_draw_pile(f: Fields, name: str, game: Sixteen) -> list[str]:
    return _cards(f.get(name), f.path(name), set(game.counts))[::-1]


def read_pile(f: Fields, name: str, game: Sixteen) -> list[str]:
    return _cards(f.get(name), f.path(name), set(NUMBER))


def read_sets(f: Fields, name: str, game: Sixteen) -> list[int]:
    sets: list[int] = f.items(name, _count, length=game.players)
    return sets


def read_set_piles(f: Fields, name: str, game: Sixteen) -> tuple[tuple[tuple[str, ...], ...], ...]:
    piles: list[list[list[str]]] = f.items(name, _piles, length=game.players)
    return tuple(tuple(tuple(p) for p in ps) for ps in piles)


def read_ignored(f: Fields, name: str, game: Sixteen) -> tuple[str, ...]:
    return tuple(_cards(f.get(name), f.path(name), set(NUMBER)))


def read_turn(f: Fields, name: str, game: Sixteen) -> int | None:
    return None if f.get(name) is None else f.number(name, 0, game.players - 1)


def read_drawn(f: Fields, name: str, game: Sixteen) -> int:
    return f.number(name, 0, FULL_HAND)


def _draw_out(pile: list[str]) -> list[str]:
    return pile[::-1]


#: The draw pile: kept with its top last (drawing pops it), written top first.
DRAW_PILE = Kind("{}[:]", "tuple({})", _draw_out, _draw_out)

FIELDS = Slots(
    Slot("hands", LISTS, "each seat's hand, kept sorted", read=read_hands),
    Slot(
        "draw_pile",
        DRAW_PILE,
        "the draw pile; its top is the last card (positions list it top first)",
        read=read_draw_pile,
    ),
    Slot("pile", LIST, "the play pile, its first card at the bottom; wilds as declared (W=5G)", read=read_pile),
    Slot("pile_sum", VALUE, "the sum of the play pile's numbers (worked out by build)", saved=False),
    Slot("sets", LIST, "sets won, per seat", read=read_sets),
    Slot("set_piles", TUPLE, "the cards of each set won, per seat", read=read_set_piles),
    Slot("ignored", TUPLE, "the last pile, when it formed no set as the cards ran out", read=read_ignored),
    Slot("turn", VALUE, "the seat to play; None once the game is over", read=read_turn),
    Slot("drawn", VALUE, "cards drawn by choice this turn (draw=strict or loose)", read=read_drawn),
)


def _cards(value: object, where: str, allowed: set[str]) -> list[str]:
    if not isinstance(value, list):
        raise PositionError(f"{where} must be a list of cards")
    for i, card in enumerate(value):
        if card not in allowed:
            hint = "a declared wild is written W=5G" if card == WILD else "cards are 0-6 with R G B O, or W"
            raise PositionError(f"{where}[{i}] = {card!r} is not a card here; {hint}")
    return list(value)


def _count(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise PositionError(f"{where} must be a whole number >= 0, got {value!r}")
    return value


def _piles(value: object, where: str) -> list[list[str]]:
    if not isinstance(value, list):
        raise PositionError(f"{where} must be a list of set piles")
    return [_cards(p, f"{where}[{i}]", set(NUMBER)) for i, p in enumerate(value)]


__all__ = ["BONUS_SETS", "FIELDS", "FULL_HAND", "SIXTEEN"]
