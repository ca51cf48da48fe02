"""The names Sixteen's views and events use, declared once.

The state writes them, and the text UI, the heuristic and the encoder read
them; ``docs/games/sixteen.md`` documents each. A :class:`SixteenView` is a
plain JSON dict; the ``TypedDict`` lets mypy check every key that is read.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypedDict


class SixteenView(TypedDict, total=False):
    """What one seat (or a spectator, ``seat`` None) may know of a game of Sixteen."""

    game: str
    seat: int | None
    players: int
    #: The seat whose turn it is; None once the game is over.
    turn: int | None
    to_act: list[int]
    #: Your own hand, sorted (absent for a spectator).
    hand: list[str]
    hand_sizes: list[int]
    #: The play pile, bottom first; a wild shows what it was declared as (``W=5G``).
    pile: list[str]
    pile_sum: int
    #: Sets won per seat (bonus sets counted twice).
    sets: list[int]
    #: The cards of each set won, per seat.
    set_piles: list[list[list[str]]]
    #: Cards left in the draw pile.
    draw_pile: int
    #: Cards drawn by choice this turn (``draw=strict``/``loose``; 0 with ``draw=auto``).
    drawn: int
    #: The last pile, which formed no set, once the game is over.
    ignored: list[str]
    over: bool


class EventKind(StrEnum):
    """``Event.kind`` of Sixteen's events."""

    #: ``{"reason"?}``, private to the drawer: ``{"card"}``.
    DRAW = "draw"
    #: ``{"card", "sum"}``: a card played to the pile (a wild as declared).
    PLAY = "play"
    #: ``{"kind", "kinds", "count", "by", "cards"}``: a set won (``seat``: who took it).
    SET = "set"
    #: ``{"cards"}``: the last pile, which formed no set, at the end.
    IGNORED = "ignored"
    #: The result (``Result.to_dict()``).
    END = "end"


class SetKind(StrEnum):
    """How a set was formed (``set`` events' ``kind`` and ``kinds``)."""

    SIXTEEN = "sixteen"
    NUMBER_MATCH = "number match"
    COLOUR_MATCH = "colour match"
    BUST = "bust"


class Termination(StrEnum):
    """How a game of Sixteen ended (``Result.reason``; records keep the text)."""

    #: Every card was played and one side holds more sets.
    MOST_SETS = "most sets"
    #: Every card was played and the sides hold as many sets: a draw.
    EQUAL_SETS = "equal sets"


__all__ = ["EventKind", "SetKind", "SixteenView", "Termination"]
