"""Everything a game of 16 Combos is, declared once in the rulebook's words.

:data:`FIELDS` is the state's one declaration: ``ComboState``'s slots,
``build``, ``clone``, equality and positions all follow from it
(``comboarena/core/slots.py``). A pair's fields and a character's fields are
declared once too, as the columns of :class:`Pairs` and :class:`Characters`
(``s.pairs.value[p]``, ``s.characters.rows[c]``: see :mod:`.records`), and the
action in progress as the record :class:`Act`. Each field says how a
position's value of it is read and checked on its own; the checks between
fields (every card in one place, a pair with the character it names) are in
:mod:`.position`.

**Cards** have ids (``cards.py``): the deal deck 0-51 (the id is the card's
place in the deal pile, its face is hidden information: ``faces``), the draw
deck 54-107. **Knowledge**: ``known[card]`` is a bit mask of the seats that
know which card that is, with ``PUBLIC`` when the whole table does (it was
face up at some point; people remember). **Ledgers**: a pair whose value is
not known to everyone keeps the public history of that value, which
``knowledge.py`` replays to tell which hidden cards are still possible.

>>> FIELDS.saved[:6]
('faces', 'known', 'pairs', 'characters', 'draw', 'discard')
>>> field_names(Pairs)
('type_id', 'value_ids', 'type', 'value', 'owner', 'tokens', 'ledger')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from comboarena.core import Fields, PositionError, TurnQueue
from comboarena.core.slots import LIST, RECORD, TUPLE, VALUE, Kind, Slot, Slots

from .cards import CARD_IDS, DEAL_SIZE, DRAW0, FACE_INDEX, FACE_TYPE, FACES
from .records import CARDS, FIXED, LISTS, NESTED, NUMBERS, Columns, Record, column, columns, field_names, record
from .view import EFFECTS, PHASE_NAMES

if TYPE_CHECKING:
    from .game import SixteenCombos

#: Row entries besides pair ids: a column whose pair is gone, a pair held out of play by a Grapple.
EMPTY, HELD = -1, -2
#: The knowledge bit of the whole table (seats are bits 0..7).
PUBLIC = 1 << 15
#: Character flags: Scavenge's two draws are due, shoved (Shove), its reaction is used this round, out.
SCAVENGE, SHOVED, REACTED, OUT = 1, 2, 4, 8
#: One of Each Type: ``defense_mark`` of a character whose defense pair is still to be chosen.
UNCHOSEN = -2
#: The kinds of turn (``Act.extra``): a regular turn, Hire Assassin's (any pair), Grapple's (the next pair).
REGULAR, ANY_PAIR, NEXT_PAIR = 0, 1, 2

#: Ledger entries (tuples of ints, the code first): the base cards; a Check (action value, the
#: outcome's range of differences); damage by a Check (``2V - A``); an increase (amount, limited);
#: a decrease; the value announced; a swap (the new base cards); damage by another pair's
#: difference (Snipe: that pair, its ledger's length then, the action value); Drop Lowest
#: Dealt's "at least" (low, card); the value set outright (a public value the ledger goes on from).
L_BASE, L_CHK, L_DMG, L_ADD, L_SUB, L_EQ, L_REBASE, L_DMGBY, L_LO, L_SET = range(10)
#: Bounds of an open-ended outcome range in a ledger's check.
FAR = 99
#: A public fact about hidden types: ``(cards, masks, least, most)`` says that between
#: ``least`` and ``most`` of ``cards`` have a type in their mask (bit t: type t).
Fact = tuple[tuple[int, ...], tuple[int, ...], int, int]

#: Faces and types of the card ids after the deal deck's (two unused ids, then the draw deck).
DRAW_FACES = (0, 0, *range(CARD_IDS - DRAW0))


def all_faces(deal_faces: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """The face of every card id: the deal deck's as dealt, then the draw deck's."""
    return (*deal_faces, *DRAW_FACES)


def card_types(faces: tuple[int, ...]) -> tuple[int, ...]:
    """The type of every card id (-1 for a joker): read on the rules' hot paths."""
    return itemgetter(*faces)(FACE_TYPE)  # one C call: the deal and every determinization come here


@columns
@dataclass(slots=True, eq=False)
class Pairs(Columns):
    """Every pair ever made, by pair id (its public handle for the whole game): a type card
    and a value stack with a current type and value."""

    #: Its type card (id).
    type_id: list[int] = field(metadata=column(NUMBERS, -1))
    #: Its value cards (ids), bottom first.
    value_ids: list[tuple[int, ...]] = field(metadata=column(CARDS, ()))
    #: Its current type, 0-3 (H D C S): a face card, Hire Guard or a joker's choice may change it.
    type: list[int] = field(metadata=column(NUMBERS, 0))
    #: Its current value (Maximum Value: at most 14 unless an Unlimited combo raised it).
    value: list[int] = field(metadata=column(NUMBERS, 0))
    #: The character it lies with (its rows, Consultation, a stolen pair, held); -1 once gone.
    owner: list[int] = field(metadata=column(NUMBERS, -1))
    #: The cards its value depends on (its value cards; under One of Each Type its type card too).
    tokens: list[tuple[int, ...]] = field(metadata=column(CARDS, ()))
    #: Its value's public history while a card it depends on is hidden (``knowledge.py``).
    ledger: list[tuple[tuple[int, ...], ...]] = field(metadata=column(NESTED, ()))


@columns
@dataclass(slots=True, eq=False)
class Characters(Columns):
    """Every character, by number (seat 0's first): its rows and what it holds."""

    #: Its columns left to right: a pair id, ``EMPTY`` or ``HELD`` (grappled out of play).
    rows: list[list[int]] = field(metadata=column(LISTS, []))
    #: One of Each Type: the chosen defense column (``UNCHOSEN`` while preparing pairs); else -1
    #: (the defense pair is the rightmost in play).
    defense_mark: list[int] = field(metadata=column(NUMBERS, -1))
    #: The pair last shown as the defense pair (Show Defense Pair Type; Stealth keeps it down).
    shown: list[int] = field(metadata=column(NUMBERS, -1))
    #: Its Consultation pair (above the defense pair), or -1.
    consultation: list[int] = field(metadata=column(NUMBERS, -1))
    #: A stolen pair held for its next action (Steal), or -1.
    stolen: list[int] = field(metadata=column(NUMBERS, -1))
    #: Its saved wild card(s) (Bribe).
    wild: list[tuple[int, ...]] = field(metadata=column(CARDS, ()))
    #: The saved wild's value.
    wild_value: list[int] = field(metadata=column(NUMBERS, 0))
    #: Its pairs held out of play by a Grapple: ``(column, pair)``, back at its next turn.
    grappled: list[tuple[tuple[int, int], ...]] = field(metadata=column(NESTED, ()))
    #: ``SCAVENGE | SHOVED | REACTED | OUT``.
    flags: list[int] = field(metadata=column(NUMBERS, 0))
    #: The round in which it was incapacitated (0: it is not).
    incapacitated: list[int] = field(metadata=column(NUMBERS, 0))
    #: Its Character Order card (a draw-deck id, face up all game; set by the deal).
    order: tuple[int, ...] = field(metadata=column(FIXED, -1))
    #: Preparing Pairs: its dealt value cards still to place.
    to_place: list[tuple[int, ...]] = field(metadata=column(CARDS, ()))
    #: Preparing Pairs: the next column to place a value card in.
    next_column: list[int] = field(metadata=column(NUMBERS, 0))


@record
@dataclass(slots=True, eq=False)
class Act(Record):
    """The action in progress: who acts on which pair, with what type and value."""

    #: The active character (or the counterer).
    actor: int = -1
    #: The kind of turn: ``REGULAR``, ``ANY_PAIR`` (Hire Assassin) or ``NEXT_PAIR`` (Grapple).
    extra: int = REGULAR
    #: The target character.
    target: int = -1
    #: The target pair's column (-1: the Consultation pair as a shield).
    target_column: int = -1
    #: The target pair.
    target_pair: int = -1
    #: The action type, 0-3 (H D C S).
    type: int = -1
    #: The action value.
    value: int = 0
    #: Where the value comes from (``view.Source``).
    source: int = -1
    #: The action value's cards that are not in play (drawn, wild, stolen, swapped out).
    cards: tuple[int, ...] = ()
    #: Cards drawn for this action (Scavenge draws two).
    drawn: tuple[int, ...] = ()
    #: The action is a counter.
    counter: bool = False
    #: The Check's outcome (``view.Outcome``), -1 before it.
    outcome: int = -1
    #: The Check's difference: action value minus target value.
    difference: int = 0
    #: The combo of the Check (``combos.NAMES``), -1 before it.
    combo: int = -1
    #: The combo effect waiting for a decision (``view.EFFECTS``), "" when none.
    effect: str = ""
    #: The target chose its Consultation pair as a shield (``consultation=shield``).
    shield: bool = False


class Ending(NamedTuple):
    """How the game ended: the winning sides (none on a draw), the reason, and the pairs in
    play and their total value per side (the round limit's tiebreak)."""

    winners: tuple[int, ...]
    reason: str
    pairs: tuple[int, ...]
    values: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "reason": str(self.reason), "pairs": list(self.pairs),
                "values": list(self.values)}


def _faces_out(faces: tuple[int, ...]) -> list[str]:
    return [FACES[f] for f in faces[:DEAL_SIZE]]


def _faces_in(texts: list[str]) -> tuple[int, ...]:
    return all_faces([FACE_INDEX[t] for t in texts])


def _draw_out(pile: list[int]) -> list[int]:
    return pile[::-1]


def _ending_in(data: dict[str, Any] | None) -> Ending | None:
    if data is None:
        return None
    return Ending(tuple(data["winners"]), data["reason"], tuple(data["pairs"]), tuple(data["values"]))


#: The deal deck's faces: every card id's face in the state, the 52 deal-deck faces in a position.
FACES_KIND = Kind("{}", "{}", _faces_out, _faces_in)
#: The draw pile: kept with its top last (drawing pops it), written top first.
DRAW_PILE = Kind("{}[:]", "tuple({})", _draw_out, _draw_out)
#: A table of columns (:class:`Pairs`, :class:`Characters`) or a record (:class:`Act`).
PAIRS = Kind("{}.copy()", "{}.key()", Pairs.to_json, Pairs.from_json)
CHARACTERS = Kind("{}.copy()", "{}.key()", Characters.to_json, Characters.from_json)
ACTION = Kind("{}.copy()", "{}.key()", Act.to_json, Act.from_json)
ENDING = Kind("{}", "{}", lambda v: None if v is None else v.to_json(), _ending_in)


# -- reading a position's fields, each on its own -------------------------------------------


def read_faces(f: Fields, name: str, game: SixteenCombos) -> tuple[int, ...]:
    faces = f.seq(name, DEAL_SIZE)
    for i, text in enumerate(faces):
        if text not in FACE_INDEX or FACE_INDEX[text] >= DEAL_SIZE:
            raise PositionError(f"position.faces[{i}] = {text!r} is not a standard card (rank 2-9 T J Q K A + suit)")
    if len(set(faces)) != DEAL_SIZE:
        dup = next(t for t, k in Counter(faces).items() if k > 1)
        raise PositionError(f"position.faces holds {dup} twice; the deal deck holds each card once")
    return _faces_in(faces)


def read_known(f: Fields, name: str, game: SixteenCombos) -> list[int]:
    known = f.seq(name, CARD_IDS)
    ints(known, f.path(name), 0, (1 << 16) - 1)
    return list(known)


def read_pairs(f: Fields, name: str, game: SixteenCombos) -> Pairs:
    return Pairs.from_json(f.items(name, _read_pair))


def read_characters(f: Fields, name: str, game: SixteenCombos) -> Characters:
    npairs = len(f.get("pairs"))  # read (and checked) already: it is declared first
    return Characters.from_json(f.items(name, lambda v, w: _read_char(v, w, npairs), length=game.n_chars))


def read_draw(f: Fields, name: str, game: SixteenCombos) -> list[int]:
    return read_ids(f, name, game)[::-1]


def read_ids(f: Fields, name: str, game: SixteenCombos) -> list[int]:
    ids = f.seq(name)
    ints(ids, f.path(name), 0, CARD_IDS - 1)
    return list(ids)


def read_waste(f: Fields, name: str, game: SixteenCombos) -> tuple[int, ...]:
    return tuple(read_ids(f, name, game))


def read_unused(f: Fields, name: str, game: SixteenCombos) -> tuple[int, ...]:
    return tuple(read_ids(f, name, game))


def read_waste_value(f: Fields, name: str, game: SixteenCombos) -> int:
    return f.number(name, -99, 99)


def read_queue(f: Fields, name: str, game: SixteenCombos) -> TurnQueue:
    return TurnQueue.from_json(f.get(name), f.path(name), game.n_chars)


def read_extra_turn_info(f: Fields, name: str, game: SixteenCombos) -> tuple[tuple[int, int, int], ...]:
    out = []
    for i, x in enumerate(f.seq(name)):
        where = f"{f.path(name)}[{i}]"
        ints(x, where, -1, 99)
        if len(x) != 3:
            raise PositionError(f"{where} must be [kind, target, 0]")
        out.append((x[0], x[1], x[2]))
    return tuple(out)


def read_phase(f: Fields, name: str, game: SixteenCombos) -> str:
    return PHASE_NAMES[PHASE_NAMES.index(f.text(name, PHASE_NAMES))]  # the declared string itself


def read_to_act(f: Fields, name: str, game: SixteenCombos) -> tuple[int, ...]:
    to_act = f.seq(name)
    ints(to_act, f.path(name), 0, game.players - 1)
    return tuple(to_act)


def read_action(f: Fields, name: str, game: SixteenCombos) -> Act:
    action = f.fields(name)
    data = {key: action.get(key) for key in field_names(Act)}
    action.done()
    for key, value in data.items():
        where = action.path(key)
        if key in ("cards", "drawn"):
            ints(value, where, 0, CARD_IDS - 1)
        elif key in ("counter", "shield"):
            if not isinstance(value, bool):
                raise PositionError(f"{where} must be true or false, got {value!r}")
        elif key == "effect":
            if value not in ("", *EFFECTS):
                raise PositionError(f"{where} must be one of {', '.join(EFFECTS)} or empty")
        elif type(value) is not int:
            raise PositionError(f"{where} must be a whole number, got {value!r}")
    return Act.from_json(data)


def read_defends(f: Fields, name: str, game: SixteenCombos) -> tuple[tuple[int, int, tuple[int, ...], int], ...]:
    return tuple((d[0], d[1], tuple(d[2]), d[3]) for d in f.seq(name))


def read_constraints(f: Fields, name: str, game: SixteenCombos) -> tuple[Fact, ...]:
    facts = f.seq(name)
    for i, fact in enumerate(facts):
        _read_fact(fact, f"{f.path(name)}[{i}]")
    return tuple((tuple(ids), tuple(masks), least, most) for ids, masks, least, most in facts)


def read_groups(f: Fields, name: str, game: SixteenCombos) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(g) for g in f.seq(name))


def read_outcome(f: Fields, name: str, game: SixteenCombos) -> Ending | None:
    out = f.get(name)
    if out is None:
        return None
    if not isinstance(out, dict) or set(out) != {"winners", "reason", "pairs", "values"}:
        raise PositionError(f"{f.path(name)} must be null or an object with winners, reason, pairs and values")
    return _ending_in(out)


FIELDS = Slots(
    Slot("faces", FACES_KIND, "the face of every card id; a position lists the deal deck's 52 (top first)",
         read=read_faces),
    Slot("card_type", VALUE, "the type of every card id, -1 for a joker (worked out by build)", saved=False),
    Slot("known", LIST, "per card id, the seats that know its face (bit s), PUBLIC once face up", read=read_known),
    Slot("pairs", PAIRS, "every pair ever made, by id (Pairs)", read=read_pairs),
    Slot("characters", CHARACTERS, "every character, by number (Characters)", read=read_characters),
    Slot("draw", DRAW_PILE, "the draw pile; its top is the last card (positions list it top first)", read=read_draw),
    Slot("discard", LIST, "the discard pile (face down)", read=read_ids),
    Slot("waste", TUPLE, "the waste: the last value card(s) discarded, face up", read=read_waste),
    Slot("waste_value", VALUE, "the waste's value", read=read_waste_value),
    Slot("unused", TUPLE, "deal-deck cards never dealt (set by the deal)", read=read_unused),
    Slot("queue", RECORD, "Character Order: whose turn it is, round by round, extra turns inserted",
         read=read_queue),
    Slot("extra_turn_info", TUPLE, "per extra turn queued: (kind, target, 0)", read=read_extra_turn_info),
    Slot("phase", VALUE, "the step of the turn waiting for a decision (a view.Phase word)", read=read_phase),
    Slot("to_act", TUPLE, "the seats that owe it (several while preparing pairs)", read=read_to_act),
    Slot("action", ACTION, "the action in progress (Act)", read=read_action),
    Slot("defends", TUPLE, "Defend cards in force: (defender, pair, cards, amount)", read=read_defends),
    Slot("constraints", TUPLE, "public facts about hidden types (Fact)", read=read_constraints),
    Slot("groups", TUPLE, "One of Each Type: each character's dealt type cards", read=read_groups),
    Slot("outcome", ENDING, "how the game ended (Ending), None before the end", read=read_outcome),
    Slot("legal_cache", VALUE, "the legal actions last listed: (actions applied, seat, actions)", saved=False),
    Slot("seen", VALUE, "per seat (a spectator first), what its last view worked out (sight.Seen)", saved=False),
)


# -- checks of one field's parts ---------------------------------------------------------------

_PAIR_KEYS = frozenset(field_names(Pairs))


def _read_pair(value: Any, where: str) -> dict[str, Any]:
    if (
        type(value) is dict
        and value.keys() == _PAIR_KEYS
        and _small(value["type_id"], -1, CARD_IDS - 1)
        and _small(value["type"], 0, 3)
        and _small(value["value"], -99, 99)
        and _small(value["owner"], -1, 11)
        and _id_list(value["value_ids"])
        and _id_list(value["tokens"])
        and type(value["ledger"]) is list
        and all(type(op) is list and op and all(_small(x, -999, 999) for x in op) for op in value["ledger"])
    ):
        return value  # the common case, checked in one pass; anything else gets the exact message below
    f = Fields(value, where)
    out: dict[str, Any] = {
        "type_id": f.number("type_id", -1, CARD_IDS - 1),
        "value_ids": f.seq("value_ids"),
        "type": f.number("type", 0, 3),
        "value": f.number("value", -99, 99),
        "owner": f.number("owner", -1, 11),
        "tokens": f.seq("tokens"),
        "ledger": f.seq("ledger"),
    }
    f.done()
    ints(out["value_ids"], f.path("value_ids"), 0, CARD_IDS - 1)
    ints(out["tokens"], f.path("tokens"), 0, CARD_IDS - 1)
    for i, op in enumerate(out["ledger"]):
        if not isinstance(op, list) or not op:
            raise PositionError(f"{f.path('ledger')}[{i}] must be a list of numbers (an entry)")
        ints(op, f"{f.path('ledger')}[{i}]", -999, 999)
    return out


def _read_char(value: Any, where: str, npairs: int) -> dict[str, Any]:
    f = Fields(value, where)
    out: dict[str, Any] = {
        "rows": f.seq("rows"),
        "defense_mark": f.number("defense_mark", -2, 25),
        "shown": f.number("shown", -1, npairs - 1),
        "consultation": f.number("consultation", -1, npairs - 1),
        "stolen": f.number("stolen", -1, npairs - 1),
        "wild": f.seq("wild"),
        "wild_value": f.number("wild_value", 0, 99),
        "grappled": f.seq("grappled"),
        "flags": f.number("flags", 0, 15),
        "incapacitated": f.number("incapacitated", 0, 999),
        "order": f.number("order", DRAW0, CARD_IDS - 1),
        "to_place": f.seq("to_place"),
        "next_column": f.number("next_column", 0, 26),
    }
    f.done()
    ints(out["rows"], f.path("rows"), -2, npairs - 1)
    if len(out["rows"]) > 26:
        raise PositionError(f"{f.path('rows')} has more than 26 columns")
    ints(out["wild"], f.path("wild"), 0, CARD_IDS - 1)
    ints(out["to_place"], f.path("to_place"), 0, DEAL_SIZE - 1)
    for i, h in enumerate(out["grappled"]):
        where_h = f"{f.path('grappled')}[{i}]"
        ints(h, where_h, 0, max(npairs - 1, 25))
        if len(h) != 2:
            raise PositionError(f"{where_h} must be [column, pair]")
    return out


def _read_fact(fact: Any, where: str) -> None:
    """A public fact about hidden types: ``[card ids, type masks (one each, 0-15), least, most]``."""
    if not (isinstance(fact, list) and len(fact) == 4 and isinstance(fact[0], list) and isinstance(fact[1], list)
            and len(fact[0]) == len(fact[1])):
        raise PositionError(f"{where} must be [card ids, a type mask for each, least, most]")
    ints(fact[0], f"{where}[0]", 0, CARD_IDS - 1)
    ints(fact[1], f"{where}[1]", 0, 15)
    ints(fact[2:], f"{where}[2:]", 0, len(fact[0]))


def _small(x: Any, low: int, high: int) -> bool:
    return type(x) is int and low <= x <= high


def _id_list(values: Any) -> bool:
    return type(values) is list and all(type(x) is int and 0 <= x < CARD_IDS for x in values)


def ints(values: Any, where: str, low: int, high: int) -> None:
    """Refuse anything but a list of whole numbers from ``low`` to ``high``, naming the entry."""
    if not isinstance(values, list):
        raise PositionError(f"{where} must be a list of whole numbers")
    if all(type(x) is int and low <= x <= high for x in values):
        return
    for i, x in enumerate(values):
        if not isinstance(x, int) or isinstance(x, bool) or not low <= x <= high:
            raise PositionError(f"{where}[{i}] must be a whole number from {low} to {high}, got {x!r}")


__all__ = [
    "ANY_PAIR",
    "DRAW_FACES",
    "EMPTY",
    "FAR",
    "FIELDS",
    "HELD",
    "L_ADD",
    "L_BASE",
    "L_CHK",
    "L_DMG",
    "L_DMGBY",
    "L_EQ",
    "L_LO",
    "L_REBASE",
    "L_SET",
    "L_SUB",
    "NEXT_PAIR",
    "OUT",
    "PUBLIC",
    "REACTED",
    "REGULAR",
    "SCAVENGE",
    "SHOVED",
    "UNCHOSEN",
    "Act",
    "Characters",
    "Ending",
    "Fact",
    "Pairs",
    "all_faces",
    "card_types",
    "ints",
]
