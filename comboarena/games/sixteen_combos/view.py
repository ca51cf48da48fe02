"""The names 16 Combos' views, events and phases use, declared once.

The state writes them; the text UI, the heuristic, the encoder, the
determinization and the browser page read them. ``docs/games/16-combos.md``
documents each key. A view is a plain JSON dict; the ``TypedDict`` lets mypy
check every key that is read.
"""

from __future__ import annotations

from enum import Enum, StrEnum
from typing import Final, TypedDict

#: The ruleset the engine plays, as the author asks programs to show it.
RULESET = "16 Combos, Poikilos 1.0 RC1"
RULES_VERSION = "Poikilos 1.0 RC1"


class Labelled(Enum):
    """An enum whose members are each declared once with their number (what positions and
    the rules keep) and their word (what views show): ``DEFEATED = 0, "defeated"``."""

    @property
    def number(self) -> int:
        number: int = self.value[0]
        return number

    @property
    def label(self) -> str:
        label: str = self.value[1]
        return label

    @classmethod
    def labels(cls) -> tuple[str, ...]:
        """Each member's word, by number (members are declared in number order)."""
        members = list(cls)
        if [m.number for m in members] != list(range(len(members))):
            raise ValueError(f"{cls.__name__} must number its members 0, 1, 2, ... in order")
        return tuple(m.label for m in members)


class Phase(StrEnum):
    """The step of the turn that is waiting for a decision (``view["phase"]``, ``state.phase``).

    The state keeps the word itself (a plain ``str``: the ``P_*`` constants below), so a
    view and a position show it as it stands; the declaration order is the encoder's.
    """

    #: Preparing Pairs: every seat places its dealt value cards, all at once.
    PLACE = "preparing pairs"
    #: The active character announces an action (or passes).
    TURN = "turn"
    #: The target chooses which pair faces the action (its Consultation pair or its defense pair).
    CONSULT = "consultation"
    #: Predictive Reaction: the target may change or swap before the value is drawn.
    PREDICT = "predictive reaction"
    #: Scavenge: add the two drawn cards, or take the waste value.
    SCAVENGE = "scavenge"
    #: Face Card as Action Value: keep, change the type or swap.
    FACE = "face card"
    #: Informed Reaction: the target may react to the announced value.
    INFORM = "informed reaction"
    #: Recovery (optional rule A): the target may put the failed action's card on a pair.
    RECOVER = "recovery"
    #: After a critical failure the target may counter.
    COUNTER = "counter"
    #: A combo's effect waits for a decision (``view["effect"]`` says which).
    EFFECT = "effect"
    #: Change Stance (One of Each Type): the active character may move its defense pair.
    STANCE = "change stance"
    #: The game is over.
    OVER = "over"


#: ``view["phase"]`` of each :class:`Phase`, in the encoder's order.
PHASE_NAMES: tuple[str, ...] = tuple(p.value for p in Phase)
#: The phases as plain strings, for the rules' hot paths: Python 3.11 reads an Enum member
#: off its class about ten times slower than a module global, and compares a plain ``str``
#: faster than a ``StrEnum``.
P_PLACE: Final = Phase.PLACE.value
P_TURN: Final = Phase.TURN.value
P_CONSULT: Final = Phase.CONSULT.value
P_PREDICT: Final = Phase.PREDICT.value
P_SCAVENGE: Final = Phase.SCAVENGE.value
P_FACE: Final = Phase.FACE.value
P_INFORM: Final = Phase.INFORM.value
P_RECOVER: Final = Phase.RECOVER.value
P_COUNTER: Final = Phase.COUNTER.value
P_EFFECT: Final = Phase.EFFECT.value
P_STANCE: Final = Phase.STANCE.value
P_OVER: Final = Phase.OVER.value


class Outcome(Labelled):
    """The four outcomes of a Check (by the difference: action value minus target value)."""

    #: 6 to 12: the target pair is defeated and the combo happens.
    DEFEATED = 0, "defeated"
    #: 1 to 5: the action does not occur, but the target value drops by the difference.
    DAMAGED = 1, "damaged"
    #: -5 to 0: nothing happens.
    MISSED = 2, "missed"
    #: -12 to -6: the actor loses its reaction; the target may counter.
    CRITICAL = 3, "critical failure"


#: ``view["action"]["outcome"]`` of each :class:`Outcome`, by number.
OUTCOME_NAMES = Outcome.labels()
#: The outcomes as plain ints, for the rules' hot paths (the rules compare them: Defeated < Damaged).
O_DEFEATED: Final = Outcome.DEFEATED.number
O_DAMAGED: Final = Outcome.DAMAGED.number
O_MISSED: Final = Outcome.MISSED.number
O_CRITICAL: Final = Outcome.CRITICAL.number


class Source(Labelled):
    """Where an action's value comes from (``view["action"]["source"]`` is its word)."""

    #: One card drawn from the draw pile.
    DRAW = 0, "drawn"
    #: Scavenge: two drawn and added.
    SCAVENGE = 1, "scavenged"
    #: Scavenge: the waste value taken instead.
    WASTE = 2, "waste"
    #: A saved wild card (Bribe).
    WILD = 3, "wild"
    #: A held stolen pair (Steal).
    STOLEN = 4, "stolen"
    #: The shoved character's own defense pair (Shove).
    SHOVE = 5, "shoved"
    #: The counterer's defense pair.
    COUNTER = 6, "counter"
    #: A value-row card swapped for a drawn face card.
    SWAP = 7, "swapped"


#: ``view["action"]["source"]`` of each :class:`Source`, by number.
SOURCE_NAMES = Source.labels()
#: The sources as plain ints, for the rules' hot paths.
S_DRAW: Final = Source.DRAW.number
S_SCAVENGE: Final = Source.SCAVENGE.number
S_WASTE: Final = Source.WASTE.number
S_WILD: Final = Source.WILD.number
S_STOLEN: Final = Source.STOLEN.number
S_SHOVE: Final = Source.SHOVE.number
S_COUNTER: Final = Source.COUNTER.number
S_SWAP: Final = Source.SWAP.number


#: The combo effects that wait for a decision (``view["effect"]``; ``combos.py`` opens them).
EFFECTS = ("throw", "insight", "bribe", "steal", "snipe", "defend", "hire guard", "stealth", "dodge", "joker type")


class Termination(StrEnum):
    """How a game of 16 Combos ended (``Result.reason``; records keep the text). The
    rulebook has no winning rule: this is the reading in ``docs/rules/16-combos.md``."""

    #: One side still has a character with a pair; every other side lost all of theirs.
    LAST_SIDE = "last side standing"
    #: The last characters went out together (a Poison, a Snipe): a draw.
    NO_SIDE = "no side left standing, a draw"
    #: At the round limit one side has the most pairs in play.
    MOST_PAIRS = "round limit: most pairs in play"
    #: At the round limit the leaders have as many pairs in play; one has the higher total value.
    MOST_VALUE = "round limit: pairs in play level, higher total value"
    #: At the round limit the leaders have as many pairs and the same total value: a draw.
    LEVEL = "round limit: pairs in play and total value level, a draw"


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
EV_ANNOUNCE: Final = EventKind.ANNOUNCE
EV_CHECK: Final = EventKind.CHECK
EV_DRAW: Final = EventKind.DRAW
EV_PASS: Final = EventKind.PASS
EV_PLACE: Final = EventKind.PLACE
EV_REACT: Final = EventKind.REACT
EV_ROUND: Final = EventKind.ROUND
EV_TURN: Final = EventKind.TURN
EV_VALUE: Final = EventKind.VALUE


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
    "EFFECTS",
    "OUTCOME_NAMES",
    "PHASE_NAMES",
    "RULESET",
    "RULES_VERSION",
    "SOURCE_NAMES",
    "ActionView",
    "CharacterView",
    "ComboView",
    "EventKind",
    "Labelled",
    "Outcome",
    "PairView",
    "Phase",
    "Source",
    "Termination",
]
