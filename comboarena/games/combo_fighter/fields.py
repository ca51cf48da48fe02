"""Everything a match of Combo Fighter is, declared once in the rulebook's words.

:data:`FIELDS` declares the match (``FighterState``): its phase, fights, the ring...
and ``fighters``, one :class:`FighterSeat` per seat, whose own fields :data:`SEAT`
declares (hand, deck, discard pile, Power Token...). The state's and the record's
slots, ``build``, ``clone``, equality and positions all follow from these two
declarations (``comboarena/core/slots.py``, :mod:`.seatslots`). Each field says how
a position's value of it is read and checked on its own; the checks between fields
are in :mod:`.position`.

Cards are kept as card *types* (small ints indexing the fighter's tables) and
written in positions as their codes; a deck is a list whose top is the last item
(positions list it top first).

>>> FIELDS.saved
('phase', 'window', 'fight', 'round', 'wins', 'fights', 'ring', 'picks', 'round_winner', 'stacked', 'fighters')
>>> SEAT.names[:6]
('hand', 'deck', 'discard', 'aside', 'play', 'set_aside')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from comboarena.core import Fields, OptionError, PositionError, Window
from comboarena.core.slots import LIST, RECORD, VALUE, Kind, Slot, Slots

from .seatslots import SeatKind, SeatSlot, SeatSlots
from .stacks import check_deck
from .view import PHASES, RETRO_STATES, SIDES, Phase

if TYPE_CHECKING:
    from .content import Fighter
    from .game import ComboFighter

#: ``round_winner`` before the reveal, and on a tie.
NO_WINNER, TIE = -2, -1
#: ``retro``: a fighter's retroactive power this round (indexes into ``RETRO_STATES``).
NOT_OFFERED, OFFERED, USED, DECLINED = range(4)
#: ``face_down`` when no card lies face down.
NO_CARD = -1
#: ``window`` once the match is over: nobody owes a decision.
CLOSED = Window((), ())


# -- the match ------------------------------------------------------------------------------


def read_phase(f: Fields, name: str, game: ComboFighter) -> Phase:
    return Phase(f.text(name, [str(p) for p in PHASES]))


def read_window(f: Fields, name: str, game: ComboFighter) -> Window:
    return Window.from_json(f.get(name), f.path(name), game.players)


def read_fight(f: Fields, name: str, game: ComboFighter) -> int:
    return f.number(name, 1)


def read_round(f: Fields, name: str, game: ComboFighter) -> int:
    return f.number(name, 0)


def read_wins(f: Fields, name: str, game: ComboFighter) -> list[int]:
    return f.items(name, _count, length=2)


def read_fights(f: Fields, name: str, game: ComboFighter) -> list[int]:
    return f.items(name, _fight_result)


def read_ring(f: Fields, name: str, game: ComboFighter) -> list[int]:
    n = game.players
    return f.items(name, lambda v, where: _seat(v, where, n), length=2)


def read_picks(f: Fields, name: str, game: ComboFighter) -> list[str | None]:
    return [_pick(game, p, f"{f.path(name)}[{team}]", team) for team, p in enumerate(f.seq(name, length=2))]


def read_round_winner(f: Fields, name: str, game: ComboFighter) -> int:
    value = f.get(name)
    if value is None:
        return NO_WINNER
    if value == "tie":
        return TIE
    return _seat(value, f.path(name), game.players)


def read_stacked(f: Fields, name: str, game: ComboFighter) -> dict[str, Any] | None:
    stacked = f.get(name)
    if stacked is None:
        return None
    try:
        return check_deck(game, stacked)
    except OptionError as exc:
        raise PositionError(f"position is not valid: {exc}") from None


def read_fighters(f: Fields, name: str, game: ComboFighter) -> list[FighterSeat]:
    """Each seat's fighter, read field by field (the checks between its fields are
    :func:`.position.check_fighter`'s)."""
    out = []
    for s, entry in enumerate(f.seq(name, length=game.players)):
        sheet = game.fighters[s]
        values = SEAT.read(Fields(entry, f"{f.path(name)}[{s}]"), sheet)
        out.append(SEAT.build(FighterSeat, sheet, values))
    return out


def _round_winner_out(winner: int) -> int | str | None:
    return winner if winner >= 0 else ("tie" if winner == TIE else None)


def _fighters_out(fighters: list[FighterSeat]) -> list[dict[str, Any]]:
    return [f.to_json() for f in fighters]


def _same(value: Any) -> Any:
    return value


#: A :class:`~.view.Phase`, written as its text.
PHASE = Kind("{}", "{}", str, Phase)
#: The round's winner: a seat, ``TIE`` or ``NO_WINNER``; written as the seat, ``"tie"`` or null.
ROUND_WINNER = Kind("{}", "{}", _round_winner_out, _same)
#: One :class:`FighterSeat` per seat: each copied by its own ``copy``.
FIGHTERS = Kind("[f.copy() for f in {}]", "tuple([f.key() for f in {}])", _fighters_out, _same)

FIELDS = Slots(
    Slot("phase", PHASE, "what is being decided now", read=read_phase),
    Slot("window", RECORD, "the seats asked to decide now, and those still to answer", read=read_window),
    Slot("fight", VALUE, "the fight being played, from 1 (more than best_of after drawn fights)", read=read_fight),
    Slot("round", VALUE, "the fight's round, from 1 (0 before its first)", read=read_round),
    Slot("wins", LIST, "fights won per team", read=read_wins),
    Slot("fights", LIST, "each fight so far: the team that won it, or -1 for a draw (a double knock-out)",
         read=read_fights),
    Slot("ring", LIST, "the seat 'in the ring' for each team", read=read_ring),
    Slot("picks", LIST, "2 vs 2: the fighter (id) each team sends into the ring first, None until named",
         read=read_picks),
    Slot("round_winner", ROUND_WINNER, "the round's winner: a seat, TIE, or NO_WINNER before the reveal",
         read=read_round_winner),
    Slot("stacked", VALUE, "the stacked deck for the fights to come (new_state's deck=, normal form) or None; "
         "the record's deck", read=read_stacked),
    Slot("fighters", FIGHTERS, "each seat's fighter at the table: its zones and marks (a FighterSeat)",
         read=read_fighters),
)  # fmt: skip


# -- one sheet at the table ---------------------------------------------------------------


def read_cards(f: Fields, name: str, sheet: Fighter) -> list[int]:
    return sheet.types(_codes(sheet, f, name, f.seq(name)))


def read_deck(f: Fields, name: str, sheet: Fighter) -> list[int]:
    return read_cards(f, name, sheet)[::-1]


def read_set_aside(f: Fields, name: str, sheet: Fighter) -> list[int]:
    return f.items(name, _count)


def read_face_down(f: Fields, name: str, sheet: Fighter) -> int:
    down = f.get(name)
    return NO_CARD if down is None else sheet.types(_codes(sheet, f, name, [down]))[0]


def read_side(f: Fields, name: str, sheet: Fighter) -> int:
    return SIDES.index(f.text(name, SIDES))


def read_flag(f: Fields, name: str, sheet: Fighter) -> bool:
    return f.flag(name)


def read_damage(f: Fields, name: str, sheet: Fighter) -> int:
    return f.number(name, 0, 200)


def read_retro(f: Fields, name: str, sheet: Fighter) -> int:
    return RETRO_STATES.index(f.text(name, [str(r) for r in RETRO_STATES]))  # type: ignore[arg-type]


def read_speed_bonus(f: Fields, name: str, sheet: Fighter) -> int:
    return f.number(name, 0, 50)


def _codes_out(cards: list[int], sheet: Fighter) -> list[str]:
    return [sheet.code(t) for t in cards]


def _deck_out(deck: list[int], sheet: Fighter) -> list[str]:
    return [sheet.code(t) for t in reversed(deck)]


def _card_out(card: int, sheet: Fighter) -> str | None:
    return None if card < 0 else sheet.code(card)


def _side_out(side: int, sheet: Fighter) -> str:
    return SIDES[side]


def _retro_out(retro: int, sheet: Fighter) -> str:
    return RETRO_STATES[retro]


def _plain_out(value: Any, sheet: Fighter) -> Any:
    return value


def _list_out(value: list[int], sheet: Fighter) -> list[int]:
    return list(value)


#: Card types, written as the fighter's codes.
CARDS = SeatKind("{}[:]", "tuple({})", _codes_out)
#: The Action Deck: its top is the last card; written top first.
DECK = SeatKind("{}[:]", "tuple({})", _deck_out)
#: One card type, or ``NO_CARD``; written as its code or null.
CARD = SeatKind("{}", "{}", _card_out)
#: A list of small numbers.
NUMBERS = SeatKind("{}[:]", "tuple({})", _list_out)
#: An immutable value (int, bool).
PLAIN = SeatKind("{}", "{}", _plain_out)
#: The Power Token's side facing up: 0 (A) or 1 (B); written ``"A"``/``"B"``.
SIDE = SeatKind("{}", "{}", _side_out)
#: ``NOT_OFFERED``, ``OFFERED``, ``USED`` or ``DECLINED``; written as a :class:`~.view.RetroState`.
RETRO = SeatKind("{}", "{}", _retro_out)

SEAT = SeatSlots(
    SeatSlot("hand", CARDS, "the hand, kept sorted", read=read_cards),
    SeatSlot("deck", DECK, "the Action Deck on the Staggering Card; its top is the last card", read=read_deck),
    SeatSlot("discard", CARDS, "the discard pile, face up, bottom first", read=read_cards),
    SeatSlot("aside", CARDS, "cards set aside next to the Power Token", read=read_cards),
    SeatSlot("play", CARDS, "this round's cards in the play area, in the order played", read=read_cards),
    SeatSlot("set_aside", NUMBERS, "positions in play that go next to the Power Token at the end of the round",
             read=read_set_aside),
    SeatSlot("drawn", CARDS, "solo: the cards the AI drew this round", read=read_cards),
    SeatSlot("face_down", CARD, "the card played face down this round, or NO_CARD", read=read_face_down),
    SeatSlot("side", SIDE, "the Power Token's side facing up: 0 (A) or 1 (B)", read=read_side),
    SeatSlot("staggering", PLAIN, "the Staggering Card shows: the next damage knocks out", read=read_flag),
    SeatSlot("damage", PLAIN, "damage still to take, a card per point", read=read_damage),
    SeatSlot("ko", PLAIN, "knocked out", read=read_flag),
    SeatSlot("retro", RETRO, "the retroactive power this round: NOT_OFFERED, OFFERED, USED or DECLINED",
             read=read_retro),
    SeatSlot("speed_bonus", PLAIN, "Speed added to the card in play this round by a retroactive power",
             read=read_speed_bonus),
    SeatSlot("flip", PLAIN, "the Power Token turns over at the end of this round (an end-of-round effect)",
             read=read_flag),
)  # fmt: skip


class FighterSeat:
    """One fighter at the table: its zones and marks (declared in :data:`SEAT`), and
    ``sheet``, its fighter's Character Sheet (content)."""

    __slots__ = ("sheet", *SEAT.names)

    sheet: Fighter
    hand: list[int]
    deck: list[int]
    discard: list[int]
    aside: list[int]
    play: list[int]
    set_aside: list[int]
    drawn: list[int]
    face_down: int
    side: int
    staggering: bool
    damage: int
    ko: bool
    retro: int
    speed_bonus: int
    flip: bool

    if TYPE_CHECKING:  # derived from SEAT by SEAT.install

        def copy(self) -> FighterSeat: ...
        def key(self) -> tuple[Any, ...]: ...
        def to_json(self) -> dict[str, Any]: ...


SEAT.install(FighterSeat)


def fresh_seat(
    sheet: Fighter, hand: list[int], deck: list[int], discard: list[int], aside: list[int], side: int
) -> FighterSeat:
    """A fighter as a fight sets it up (rulebook: "Setup"): these zones and Power Token
    side, and nothing played, owed or offered yet."""
    values: dict[str, Any] = {
        "hand": sorted(hand),
        "deck": deck,
        "discard": discard,
        "aside": aside,
        "play": [],
        "set_aside": [],
        "drawn": [],
        "face_down": NO_CARD,
        "side": side,
        "staggering": False,
        "damage": 0,
        "ko": False,
        "retro": NOT_OFFERED,
        "speed_bonus": 0,
        "flip": False,
    }
    seat: FighterSeat = SEAT.build(FighterSeat, sheet, values)
    return seat


# -- small readers --------------------------------------------------------------------------


def _codes(sheet: Fighter, f: Fields, key: str, cards: list[Any]) -> list[str]:
    for i, code in enumerate(cards):
        if code not in sheet.index:
            raise PositionError(
                f"{f.path(key)}[{i}] = {code!r} is not a card of {sheet.name} (codes: {', '.join(sheet.index)})"
            )
    return list(cards)


def _count(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise PositionError(f"{where} must be a whole number >= 0, got {value!r}")
    return value


def _fight_result(value: Any, where: str) -> int:
    if value not in (-1, 0, 1) or isinstance(value, bool):
        raise PositionError(f"{where} must be 0 or 1 (the team that won the fight) or -1 (drawn), got {value!r}")
    return int(value)


def _seat(value: Any, where: str, n: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
        raise PositionError(f"{where} must be a seat from 0 to {n - 1}, got {value!r}")
    return value


def _pick(game: ComboFighter, value: Any, where: str, team: int) -> str | None:
    if value is None:
        return None
    for s in game.teams[team]:
        if game.fighters[s].id == value:
            return str(value)
    names = ", ".join(game.fighters[s].id for s in game.teams[team])
    raise PositionError(f"{where} = {value!r} is not a fighter of team {team} ({names})")


__all__ = [
    "CLOSED",
    "DECLINED",
    "FIELDS",
    "NOT_OFFERED",
    "NO_CARD",
    "NO_WINNER",
    "OFFERED",
    "SEAT",
    "TIE",
    "USED",
    "FighterSeat",
    "fresh_seat",
]
