"""The names c-c-c-COMBO's views, events and positions use, declared once.

The state writes them; the narration, the text UI, the heuristic, the encoder
and the position reader read them; ``docs/games/ccc-combo.md`` documents each (the
browser client ``comboarena/server/static/games/ccc-combo.js`` reads the same
JSON names). A :class:`CccView` is a plain JSON dict; the ``TypedDict`` lets
mypy check every key that is read. The enums are ``StrEnum``: a member equals
its JSON string (``Phase.PLAY == "play"``), so code compares views with the
members while views, positions and event data hold the plain values.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypedDict


class Phase(StrEnum):
    """``view["phase"]``: what kind of decision is owed now."""

    #: Each team names its Big Player (seat 0 for 0+2, seat 1 for 1+3), before the deal.
    BIG_PLAYERS = "big players"
    #: The turn player plays a card on another pile or discards one.
    PLAY = "play"
    #: The reaction window after a COMBO: the other players pass or COUNTER.
    WINDOW = "window"
    #: The owner of a pile whose COMBO stood picks the cards to burn, one per decision.
    BURN = "burn"
    #: A Big Player owed a draw decides: draw, or HEAL (the partner draws).
    HEAL = "heal"
    #: The game is over.
    OVER = "over"


#: The phases in their internal order (``CccState.phase`` indexes this).
PHASES: tuple[Phase, ...] = tuple(Phase)
#: The same as plain strings: what views and positions hold (JSON as it prints).
PHASE_VALUES: tuple[str, ...] = tuple(p.value for p in PHASES)


# Views, positions and event data hold the plain string values (``Phase.PLAY.value``),
# so that they print and serialize as plain JSON; compare them with the members.


class Effect(StrEnum):
    """What a COMBO does to the pile's owner (``combo`` events, ``view["window"]["effect"]``)."""

    #: A COMBO on an opponent: the owner BURNS one card per stacked card.
    BURN = "burn"
    #: A COMBO on an ally: the owner is FED (draws) one card per stacked card.
    FEED = "feed"


class DrawReason(StrEnum):
    """Why cards are drawn (``view["draws"]``, ``draw`` and ``heal`` events)."""

    #: The turn player's draw after playing a card.
    TURN = "turn"
    #: A COUNTER's replacement, drawn after the turn player's draw.
    COUNTER = "counter"
    #: A FEED: a COMBO on an ally that stood.
    FEED = "feed"
    #: Cards drawn by a Big Player's partner when the Big Player HEALs (``draw`` events only).
    HEAL = "heal"


class EventKind(StrEnum):
    """``Event.kind`` of c-c-c-COMBO's events (``data`` keys in the comments)."""

    #: ``{"big"}``: the acting seat named ``big`` its team's Big Player.
    BIG_PLAYER = "big player"
    #: ``{"bases", "hand_sizes", "first"}``: the deal; each seat's base and who starts.
    DEAL = "deal"
    #: ``{"count"}``, private to the seat: ``{"cards"}``, its dealt hand.
    HAND = "hand"
    #: ``{"turn"}``: the seat's turn begins (``turn`` counts from 1).
    TURN = "turn"
    #: ``{"card", "pile", "stack", "effect"}``: a COMBO.
    COMBO = "combo"
    #: ``{"card", "pile", "cleared", "out_of_turn"}``: a COUNTER and the cards it cleared.
    COUNTER = "counter"
    #: ``{"card"}``: a DISCARD.
    DISCARD = "discard"
    #: ``{}``: the seat lets the COMBO stand.
    PASS = "pass"
    #: ``{"pile", "count"}``: nobody countered; the COMBO stands (burn or feed ``count``).
    STANDS = "stands"
    #: ``{"cards", "owed"}``: cards burned, and how many are still owed.
    BURN = "burn"
    #: ``{"count", "reason", "missed"?}``, private to the drawer: ``{"cards"}``.
    DRAW = "draw"
    #: ``{"to", "count", "reason"}``: a Big Player lets the partner ``to`` draw instead.
    HEAL = "heal"
    #: ``{"cards", "reshuffles"}``: the discard pile shuffled into a new deck.
    RESHUFFLE = "reshuffle"
    #: The result (``Result.to_dict()``).
    END = "end"


class Termination(StrEnum):
    """How a game of c-c-c-COMBO ended (``Result.reason``; records keep the text)."""

    #: At the end of a turn a player held no cards: their team lost ("The game ends when
    #: a player has no more cards in their hand (that team loses)").
    OUT_OF_CARDS = "a player ran out of cards"
    #: At the end of a turn a player of each team held no cards: a draw (not in the rulebook).
    BOTH_OUT = "both teams ran out of cards"
    #: The option ``turn_limit`` was reached with every hand holding cards: a draw.
    TURN_LIMIT = "turn limit"


class WindowView(TypedDict):
    """The open reaction window (``view["window"]``)."""

    #: The pile the COMBO was played on (its owner's seat).
    pile: int
    #: The COMBO's card (the pile's top card).
    card: str
    #: The seat that played the COMBO (the turn player).
    by: int
    #: An :class:`Effect` value.
    effect: str
    #: Cards the owner burns or is fed if nobody counters (the stack).
    count: int
    #: Seats that have not answered yet, clockwise from the turn player.
    waiting: list[int]


class BurnView(TypedDict):
    """A burn in progress (``view["burn"]``)."""

    seat: int
    #: Cards still to burn.
    owed: int


class CccView(TypedDict, total=False):
    """What one seat (or a spectator, ``seat`` None) may know of a game of c-c-c-COMBO."""

    game: str
    seat: int | None
    players: int
    #: A :class:`Phase` value.
    phase: str
    #: The seat whose turn it is; None before the deal and once over.
    turn: int | None
    #: Turns completed.
    turns: int
    turn_limit: int
    to_act: list[int]
    #: ``[[0, 2], [1, 3]]``: partners sit across.
    teams: list[list[int]]
    #: Team 0's and team 1's Big Player; None until named.
    big_players: list[int | None]
    #: Your own hand, in canonical order (absent for a spectator).
    hand: list[str]
    hand_sizes: list[int]
    #: Each seat's combo pile, base first.
    piles: list[list[str]]
    #: The discard pile, face up, bottom first.
    discard: list[str]
    #: Cards left in the deck.
    deck: int
    #: Times the discard pile was shuffled into a new deck.
    reshuffles: int
    window: WindowView | None
    burn: BurnView | None
    #: Draws still owed this turn, in order: ``[seat, cards, reason]`` (a :class:`DrawReason` value).
    draws: list[list[int | str]]
    over: bool


__all__ = [
    "PHASES",
    "PHASE_VALUES",
    "BurnView",
    "CccView",
    "DrawReason",
    "Effect",
    "EventKind",
    "Phase",
    "Termination",
    "WindowView",
]
