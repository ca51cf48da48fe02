"""Everything a game of c-c-c-COMBO is, declared once in the rulebook's words.

:data:`FIELDS` is the state's one declaration: ``CccState``'s slots, ``build``,
``clone``, equality and positions all follow from it
(``comboarena/core/slots.py``). Each saved field says how a position's value
of it is read and checked on its own; the checks between fields (every card
once, a window only in phase ``window``, draws in an order a turn makes) are
in :mod:`.position`. The one field that is not saved, ``owes``, follows from
the others; ``build`` works it out.

>>> FIELDS.saved
('phase', 'big_players', 'turn', 'turns', 'hands', 'piles', 'discard', 'deck', 'window', 'burn', 'draws')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from comboarena.core import Fields, PositionError, Window
from comboarena.core.cards import DECK
from comboarena.core.slots import LIST, TUPLE, VALUE, Kind, Slot, Slots

from .seats import PLAYERS
from .view import PHASE_VALUES, PHASES, DrawReason, Phase

if TYPE_CHECKING:
    from .game import CccCombo

#: ``phase``: indexes of :data:`~.view.PHASES` (ints compare fastest on every step).
CHOOSE_BIG, PLAY_CARD, WINDOW, BURNING, HEALING, OVER = range(len(PHASES))

#: ``window``: the COMBO's pile, and who was asked to answer it and has not yet.
Reaction = tuple[int, Window]
#: ``burn``: the seat burning, and how many cards it still owes.
Burning = tuple[int, int]
#: One entry of ``draws``: the seat, how many cards, the :class:`~.view.DrawReason` value.
Owed = tuple[int, int, str]

_CARDS = frozenset(DECK)
#: The reasons a draw is owed during a turn (a HEAL's draw is never owed: it is made at once).
OWED_REASONS = (DrawReason.TURN, DrawReason.COUNTER, DrawReason.FEED)


# -- how each field is copied, compared and written -------------------------------------


def _lists(value: list[list[str]]) -> list[list[str]]:
    return [list(x) for x in value]


def _flipped(deck: list[str]) -> list[str]:
    return deck[::-1]


def _reaction_out(window: Reaction | None) -> dict[str, Any] | None:
    return None if window is None else {"pile": window[0], "waiting": list(window[1].waiting)}


def _burn_out(burn: Burning | None) -> dict[str, int] | None:
    return None if burn is None else {"seat": burn[0], "owed": burn[1]}


def _same(value: Any) -> Any:
    return value


#: The phase: an index of :data:`~.view.PHASES` in the state, its name in positions.
PHASE = Kind("{}", "{}", PHASE_VALUES.__getitem__, PHASES.index)
#: Four seats' lists of cards: each copied by its index, the field read once (cheaper
#: than a comprehension; clones are the search's most frequent step).
FOUR_LISTS = Kind("[(h := {0})[0][:], h[1][:], h[2][:], h[3][:]]", "tuple(map(tuple, {}))", _lists, _lists)
#: The deck: kept with its top last (drawing pops it), written top first.
DECK_ORDER = Kind("{}[:]", "tuple({})", _flipped, _flipped)
#: The open reaction window, or None: shared by clones; ``{"pile", "waiting"}`` in positions.
REACTION = Kind("{}", "{}", _reaction_out, _same)
#: A burn in progress, or None: shared by clones; ``{"seat", "owed"}`` in positions.
BURN = Kind("{}", "{}", _burn_out, _same)


# -- reading each field of a position on its own ----------------------------------------


def read_phase(f: Fields, name: str, game: CccCombo) -> int:
    return PHASES.index(Phase(f.text(name, PHASE_VALUES)))


def read_big_players(f: Fields, name: str, game: CccCombo) -> tuple[int | None, int | None]:
    team0, team1 = f.items(name, _big_player, length=2)
    return team0, team1


def read_turn(f: Fields, name: str, game: CccCombo) -> int | None:
    return None if f.get(name) is None else f.number(name, 0, PLAYERS - 1)


def read_turns(f: Fields, name: str, game: CccCombo) -> int:
    return f.number(name, 0, game.turn_limit)


def read_seat_cards(f: Fields, name: str, game: CccCombo) -> list[list[str]]:
    return f.items(name, _cards, length=PLAYERS)


def read_discard(f: Fields, name: str, game: CccCombo) -> list[str]:
    return _cards(f.get(name), f.path(name))


def read_deck(f: Fields, name: str, game: CccCombo) -> list[str]:
    return _cards(f.get(name), f.path(name))[::-1]


def read_window(f: Fields, name: str, game: CccCombo) -> tuple[int, tuple[int, ...]] | None:
    """``{"pile", "waiting"}`` or null; ``build`` makes it a :data:`Reaction` (who was asked
    follows from the turn and the hands)."""
    if f.get(name) is None:
        return None
    w = f.fields(name)
    pile = w.number("pile", 0, PLAYERS - 1)
    waiting = w.items("waiting", _seat)
    w.done()
    return pile, tuple(waiting)


def read_burn(f: Fields, name: str, game: CccCombo) -> Burning | None:
    if f.get(name) is None:
        return None
    b = f.fields(name)
    burning = b.number("seat", 0, PLAYERS - 1)
    owed = b.number("owed", 1)
    b.done()
    return burning, owed


def read_draws(f: Fields, name: str, game: CccCombo) -> tuple[Owed, ...]:
    return tuple(f.items(name, _owed))


FIELDS = Slots(
    Slot("phase", PHASE, "what kind of decision is owed now (Phase)", read=read_phase),
    Slot(
        "big_players",
        TUPLE,
        "The Setup's Big Player (BP) of team 0 (seats 0, 2) and of team 1 (seats 1, 3); None until named",
        read=read_big_players,
    ),
    Slot("turn", VALUE, "the seat whose turn it is; None before the deal and once over", read=read_turn),
    Slot("turns", VALUE, "turns completed", read=read_turns),
    Slot("hands", FOUR_LISTS, "each seat's hand, in canonical card order", read=read_seat_cards),
    Slot("piles", FOUR_LISTS, "each seat's combo pile, base first (its STACK is the rest)", read=read_seat_cards),
    Slot("discard", LIST, "the discard pile, face up, bottom first", read=read_discard),
    Slot("deck", DECK_ORDER, "the deck; its top is the last card (positions list it top first)", read=read_deck),
    Slot(
        "window",
        REACTION,
        "in phase window: the COMBO's pile, and the other players asked to COUNTER it (a core Window)",
        read=read_window,
    ),
    Slot("burn", BURN, "in phase burn: the seat BURNing the COMBO's STACK and the cards it still owes", read=read_burn),
    Slot(
        "draws",
        TUPLE,
        "draws still owed this turn, in order: (seat, cards, reason); the turn player's before a COUNTER's",
        read=read_draws,
    ),
    Slot(
        "owes",
        VALUE,
        "who owes a decision now: to_act is its waiting (worked out by build; in phase window, window's Window)",
        saved=False,
    ),
)


# -- the values inside fields ---------------------------------------------------------------


def _cards(value: Any, where: str) -> list[str]:
    if not isinstance(value, list):
        raise PositionError(f"{where} must be a list of cards, e.g. ['7H', 'TS']")
    for i, card in enumerate(value):
        if card not in _CARDS:
            raise PositionError(
                f"{where}[{i}] = {card!r} is not a card; a card is rank 2-9, T, J, Q, K, A then suit S, H, D, C (TH)"
            )
    return list(value)


def _seat(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < PLAYERS:
        raise PositionError(f"{where} must be a seat from 0 to {PLAYERS - 1}, got {value!r}")
    return value


def _big_player(value: Any, where: str) -> int | None:
    return None if value is None else _seat(value, where)


def _owed(value: Any, where: str) -> Owed:
    if not isinstance(value, list) or len(value) != 3:
        raise PositionError(f"{where} must be [seat, cards, reason], e.g. [0, 1, 'turn']")
    drawer = _seat(value[0], f"{where}[0]")
    count, reason = value[1], value[2]
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= len(DECK):
        raise PositionError(f"{where}[1] must be a number of cards from 1 to {len(DECK)}, got {count!r}")
    if reason not in OWED_REASONS:
        raise PositionError(f"{where}[2] must be one of {', '.join(map(repr, map(str, OWED_REASONS)))}, got {reason!r}")
    return drawer, count, str(reason)


__all__ = [
    "BURNING",
    "CHOOSE_BIG",
    "FIELDS",
    "HEALING",
    "OVER",
    "OWED_REASONS",
    "PLAY_CARD",
    "WINDOW",
    "Burning",
    "Owed",
    "Reaction",
]
