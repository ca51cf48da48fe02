"""The two decks of 16 Combos, their types and values.

Every physical card has an id. The **draw deck** (deck B) is ids 54-107, the
card ``DRAW0 + i`` being canonical card ``i`` (52 standard cards, then
``BJ``, ``RJ``); all its cards are seen by everyone as soon as they leave the
draw pile. The **deal deck** (deck A) is ids 0-51, the id being the card's
*position in the deal pile*: which card lies there (its face) is hidden
information, kept apart in the state (``_face``). So ids are public handles
("the 7th card dealt"), and a view can name a face-down card without saying
what it is.

Types are the suits, in the Combo Table's order: ``H`` vitality, ``D``
wealth, ``C`` strength, ``S`` finesse.

>>> face_text(FACES.index("TH")), face_value(FACES.index("KD")), FACE_TYPES[FACES.index("JS")]
('TH', 12, (2,))
>>> card_text(DRAW0 + FACES.index("TH"), FACES.index("TH"))
"TH'"
"""

from __future__ import annotations

from typing import Final

from comboarena.core.cards import DECK, JOKERS, RANK_NAMES

#: Types in Combo Table order (also their index): H vitality, D wealth, C strength, S finesse.
TYPES: Final = "HDCS"
VITALITY, WEALTH, STRENGTH, FINESSE = range(4)
TYPE_NAMES: Final = ("vitality", "wealth", "strength", "finesse")
TYPE_SYMBOLS: Final = ("♥", "♦", "♣", "♠")
TYPE_INDEX: Final[dict[str, int]] = {t: i for i, t in enumerate(TYPES)}

#: The 54 faces: the standard 52 in canonical order, then the jokers.
FACES: Final[tuple[str, ...]] = (*DECK, *JOKERS)
FACE_INDEX: Final[dict[str, int]] = {f: i for i, f in enumerate(FACES)}
JOKER_FACES: Final = (52, 53)
#: Ids: the deal deck 0..51 (positions in the deal pile), the draw deck 54..107.
DEAL_SIZE: Final = 52
DRAW0: Final = 54
CARD_IDS: Final = 108

#: Highest value a pair may hold (Maximum Value); a value this high behaves as a Joker.
MAX_VALUE: Final = 14

_VALUES = {"J": 11, "Q": 12, "K": 12, "A": 13}
#: Value of each face: 2-10, J 11, Q 12, K 12, A 13, joker 14.
FACE_VALUE: Final[tuple[int, ...]] = tuple(
    14 if f in JOKERS else _VALUES.get(f[0], 10 if f[0] == "T" else int(f[0]) if f[0].isdigit() else 0)
    for f in FACES
)
#: Type of each face (its suit); jokers have none (-1).
FACE_TYPE: Final[tuple[int, ...]] = tuple(-1 if f in JOKERS else TYPE_INDEX[f[1]] for f in FACES)
#: Types a face card can change a pair (or an action) to: J strength, Q/K wealth,
#: A finesse, joker finesse or vitality; () for the other cards.
FACE_TYPES: Final[tuple[tuple[int, ...], ...]] = tuple(
    (FINESSE, VITALITY)
    if f in JOKERS
    else (STRENGTH,)
    if f[0] == "J"
    else (WEALTH,)
    if f[0] in "QK"
    else (FINESSE,)
    if f[0] == "A"
    else ()
    for f in FACES
)
#: Types a value of 14 or more may change to: it "behaves as a Joker".
JOKER_TYPES: Final = (FINESSE, VITALITY)
#: Rank order for Character Order ties (K above Q): 2..A, jokers above.
_RANK_ORDER = "23456789TJQKA"
ORDER_KEY: Final[tuple[tuple[int, int, int], ...]] = tuple(
    (
        FACE_VALUE[i],
        13 + i - 51 if f in JOKERS else _RANK_ORDER.index(f[0]),
        3 - FACE_TYPE[i] if FACE_TYPE[i] >= 0 else 4,
    )
    for i, f in enumerate(FACES)
)


#: How a view writes each face: deal deck as is, draw deck with a prime.
DEAL_TEXT: Final[tuple[str, ...]] = FACES
DRAW_TEXT: Final[tuple[str, ...]] = tuple(f + "'" for f in FACES)


def face_value(face: int) -> int:
    return FACE_VALUE[face]


def face_text(face: int) -> str:
    """The notation of a face: ``TH``, ``BJ``."""
    return FACES[face]


def card_text(card: int, face: int) -> str:
    """How a view writes a card: its face, with a prime for the draw deck (``TH'``)."""
    return FACES[face] + ("'" if card >= DRAW0 else "")


def is_draw_card(card: int) -> bool:
    return card >= DRAW0


def draw_face(card: int) -> int:
    """The face of a draw-deck card (its id tells it)."""
    return card - DRAW0


def face_words(face: int) -> str:
    """A face in words: ``'king of diamonds'``, ``'red joker'``."""
    f = FACES[face]
    if f in JOKERS:
        return "black joker" if f == "BJ" else "red joker"
    return f"{RANK_NAMES[f[0]]} of {('spades', 'hearts', 'diamonds', 'clubs')['SHDC'.index(f[1])]}"


def read_face(text: str, jokers: bool = True) -> int:
    """A face from text (``th``, ``10h``, ``TH'``); raises ``KeyError`` if it is not one."""
    key = text.strip().upper().rstrip("'")
    if key.startswith("10"):
        key = "T" + key[2:]
    face = FACE_INDEX[key]
    if face in JOKER_FACES and not jokers:
        raise KeyError(key)
    return face


def draw_deck(jokers: bool) -> list[int]:
    """The draw deck's ids in canonical order (52, or 54 with the two jokers)."""
    return [DRAW0 + i for i in range(54 if jokers else 52)]


def capped_add(value: int, amount: int, over: int = 0) -> int:
    """``value`` raised by ``amount`` under Maximum Value, ``over`` of it an Unlimited bonus
    (never lowered: an increase cannot take a value down to the cap).

    >>> capped_add(8, 10), capped_add(18, 2, 10), capped_add(13, 3)
    (14, 20, 14)
    """
    return min(value + amount, max(MAX_VALUE + over, value))


__all__ = [
    "CARD_IDS",
    "DEAL_SIZE",
    "DEAL_TEXT",
    "DRAW0",
    "DRAW_TEXT",
    "FACES",
    "FACE_INDEX",
    "FACE_TYPE",
    "FACE_TYPES",
    "FACE_VALUE",
    "FINESSE",
    "JOKER_FACES",
    "JOKER_TYPES",
    "MAX_VALUE",
    "ORDER_KEY",
    "STRENGTH",
    "TYPES",
    "TYPE_INDEX",
    "TYPE_NAMES",
    "TYPE_SYMBOLS",
    "VITALITY",
    "WEALTH",
    "capped_add",
    "card_text",
    "draw_deck",
    "draw_face",
    "face_text",
    "face_value",
    "face_words",
    "is_draw_card",
    "read_face",
]
