"""The names 16 Combos' views, events and phases use, declared once.

The state writes them; the text UI, the heuristic, the encoder, the
determinization and the browser page read them. ``docs/games/16-combos.md``
documents each key. A view is a plain JSON dict; the ``TypedDict`` lets mypy
check every key that is read.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from typing import TypedDict

#: The ruleset the engine plays, as the author asks programs to show it.
RULESET = "16 Combos, Poikilos 1.0 RC1"
RULES_VERSION = "Poikilos 1.0 RC1"


class Phase(IntEnum):
    """The step of the turn that is waiting for a decision (``view["phase"]`` is its name)."""

    PLACE = 0
    TURN = 1
    CONSULT = 2
    PREDICT = 3
    SCAVENGE = 4
    FACE = 5
    INFORM = 6
    RECOVER = 7
    COUNTER = 8
    EFFECT = 9
    STANCE = 10
    OVER = 11


#: The phases as plain ints, for the rules' hot paths (``Phase`` names them).
(P_PLACE, P_TURN, P_CONSULT, P_PREDICT, P_SCAVENGE, P_FACE, P_INFORM, P_RECOVER, P_COUNTER, P_EFFECT, P_STANCE,
 P_OVER) = range(12)  # fmt: skip

#: ``view["phase"]`` of each :class:`Phase`.
PHASE_NAMES = (
    "preparing pairs",
    "turn",
    "consultation",
    "predictive reaction",
    "scavenge",
    "face card",
    "informed reaction",
    "recovery",
    "counter",
    "effect",
    "change stance",
    "over",
)


class Outcome(IntEnum):
    """The four outcomes of a Check."""

    DEFEATED = 0
    DAMAGED = 1
    MISSED = 2
    CRITICAL = 3


OUTCOME_NAMES = ("defeated", "damaged", "missed", "critical failure")
#: The outcomes as plain ints, for the rules' hot paths.
O_DEFEATED, O_DAMAGED, O_MISSED, O_CRITICAL = range(4)


class Source(IntEnum):
    """Where an action's value comes from."""

    DRAW = 0
    SCAVENGE = 1  # two drawn, added
    WASTE = 2  # Scavenge: the waste value
    WILD = 3  # a saved wild card (Bribe)
    STOLEN = 4  # a held stolen pair (Steal)
    SHOVE = 5  # the shoved character's defense pair
    COUNTER = 6  # the counterer's defense pair
    SWAP = 7  # a value-row card swapped for a drawn face card


SOURCE_NAMES = ("drawn", "scavenged", "waste", "wild", "stolen", "shoved", "counter", "swapped")
#: The sources as plain ints, for the rules' hot paths.
S_DRAW, S_SCAVENGE, S_WASTE, S_WILD, S_STOLEN, S_SHOVE, S_COUNTER, S_SWAP = range(8)


class EventKind(StrEnum):
    """``Event.kind`` of 16 Combos' events (data keys in ``docs/games/16-combos.md``)."""

    DEAL = "deal"
    ORDER = "order"
    PLACE = "place"
    PLACED = "placed"
    ROUND = "round"
    TURN = "turn"
    SKIP = "skip"
    PASS = "pass"
    ANNOUNCE = "announce"
    CONSULT = "consult"
    REACT = "react"
    DRAW = "draw"
    VALUE = "value"
    CHECK = "check"
    DAMAGE = "damage"
    DEFEAT = "defeat"
    COMBO = "combo"
    EFFECT = "effect"
    REVEAL = "reveal"
    INCAPACITATED = "incapacitated"
    EXTRA_TURN = "extra turn"
    COUNTER = "counter"
    RECOVER = "recover"
    EXPIRE = "expire"
    RETURN = "return"
    RESHUFFLE = "reshuffle"
    STANCE = "stance"
    OUT = "out"
    END = "end"


#: The event kinds of every turn as module constants: Python 3.11 reads an Enum
#: member off its class about ten times slower than a module global.
EV_ANNOUNCE, EV_CHECK, EV_DRAW, EV_PASS, EV_PLACE, EV_REACT, EV_ROUND, EV_TURN, EV_VALUE = (
    EventKind.ANNOUNCE,
    EventKind.CHECK,
    EventKind.DRAW,
    EventKind.PASS,
    EventKind.PLACE,
    EventKind.REACT,
    EventKind.ROUND,
    EventKind.TURN,
    EventKind.VALUE,
)


class PairView(TypedDict):
    """One pair as a seat sees it."""

    #: The pair's public id (stable for the whole game).
    id: int
    #: The column letter, or "" for a pair out of the rows (stolen, Consultation, being stolen).
    col: str
    #: The pair's current type (H D C S) when the seat sees its type card, else None.
    type: str | None
    #: The type card's id and face (None when hidden from this seat).
    type_id: int
    type_card: str | None
    #: The value cards, bottom first: ids and faces (None when hidden from this seat).
    value_ids: list[int]
    value_cards: list[str | None]
    #: The pair's current value when the seat knows it, else None.
    value: int | None
    #: The cards its value depends on (its value cards; under One of Each Type also its type card).
    tokens: list[int]


class CharacterView(TypedDict):
    """One character as a seat sees it."""

    id: int
    seat: int
    side: int
    order_card: str
    order_id: int
    #: Columns left to right: a pair, None (empty) or "held" (grappled out of play).
    rows: list[PairView | str | None]
    #: The column letter of the defense pair ("" when none).
    defense: str
    #: One of Each Type: the chosen defense column (-2 still to choose), else -1.
    defense_mark: int
    #: The pair last shown as the defense pair (Show Defense Pair Type; Stealth keeps it down).
    shown: int
    consultation: PairView | None
    #: Pairs held out of play by a Grapple (with their column).
    held: list[PairView]
    stolen: PairView | None
    wild: list[str]
    wild_ids: list[int]
    wild_value: int | None
    reacted: bool
    #: The round in which it was incapacitated (0: it is not).
    incapacitated: int
    scavenge: bool
    shoved: bool
    out: bool
    #: Preparing Pairs: the value cards still to place (faces to their owner only) and the next column.
    to_place_ids: list[int]
    to_place: list[str | None]
    next_column: int


class ActionView(TypedDict):
    """The action in progress."""

    #: The pair being stolen, while the thief decides (Steal), else None.
    taking: PairView | None
    actor: int
    #: 0 a regular turn, 1 Hire Assassin's (any pair), 2 Grapple's (the next pair).
    extra: int
    target: int
    column: str
    column_index: int
    pair: int
    type: str | None
    value: int
    source: str | None
    cards: list[str]
    card_ids: list[int]
    drawn: list[str]
    drawn_ids: list[int]
    counter: bool
    outcome: str | None
    outcome_index: int
    combo: str | None
    kind: int


class ComboView(TypedDict):
    """What one seat (or a spectator, ``seat`` None) may know of a game of 16 Combos."""

    game: str
    ruleset: str
    winning: str
    seat: int | None
    players: int
    phase: str
    round: int
    round_limit: int
    to_act: list[int]
    active: int | None
    characters: list[CharacterView]
    draw_pile: int
    discard_ids: list[int]
    discard: list[str | None]
    waste: list[str]
    waste_ids: list[int]
    waste_value: int | None
    unused_ids: list[int]
    queue: dict[str, object]
    extra_info: list[list[int]]
    action: ActionView | None
    effect: str | None
    defends: list[list[object]]
    constraints: list[list[object]]
    groups: list[list[int]]
    ledgers: list[list[object]]
    private: list[int]
    pair_count: int
    outcome: dict[str, object] | None
    over: bool
    result: dict[str, object] | None


__all__ = [
    "OUTCOME_NAMES",
    "PHASE_NAMES",
    "RULESET",
    "RULES_VERSION",
    "SOURCE_NAMES",
    "ActionView",
    "CharacterView",
    "ComboView",
    "EventKind",
    "Outcome",
    "PairView",
    "Phase",
    "Source",
]
