"""c-c-c-COMBO's actions and their notation.

========================  ============================================================
``7H>2``                  play the seven of hearts on seat 2's pile: a COMBO if it is
                          the pile's suit, a COUNTER if it is the top card's value
``discard 7H``            DISCARD the seven of hearts (your turn)
``pass``                  let a COMBO stand (in a reaction window)
``burn 7H``               BURN the seven of hearts (one card per decision)
``draw`` / ``heal``       a Big Player's draw: take the cards, or HEAL (the partner draws)
``bp 2``                  the team names seat 2 its Big Player (before the deal)
========================  ============================================================
"""

from __future__ import annotations

from comboarena.core import Action, NotationError
from comboarena.core.cards import DECK, parse_card

PLAYERS = 4


class Play(Action):
    """Play ``card`` on ``pile`` (a seat's combo pile): a COMBO or a COUNTER.

    >>> str(Play("7H", 2)), Play("7H", 2).pile
    ('7H>2', 2)
    """

    __slots__ = ("card", "pile")

    card: str
    pile: int

    def __init__(self, card: str, pile: int) -> None:
        super().__init__(f"{card}>{pile}")
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "pile", pile)


class Discard(Action):
    """DISCARD ``card`` face up to the discard pile (a turn's play)."""

    __slots__ = ("card",)

    card: str

    def __init__(self, card: str) -> None:
        super().__init__(f"discard {card}")
        object.__setattr__(self, "card", card)


class Burn(Action):
    """BURN ``card``: one of the cards a COMBO on your pile makes you lose."""

    __slots__ = ("card",)

    card: str

    def __init__(self, card: str) -> None:
        super().__init__(f"burn {card}")
        object.__setattr__(self, "card", card)


class ChooseBig(Action):
    """Name ``seat`` the team's Big Player (BP)."""

    __slots__ = ("seat",)

    seat: int

    def __init__(self, seat: int) -> None:
        super().__init__(f"bp {seat}")
        object.__setattr__(self, "seat", seat)


class Pass(Action):
    """Let the COMBO stand: no COUNTER from this seat in this reaction window."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("pass")


class Draw(Action):
    """The Big Player draws the cards themself."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("draw")


class Heal(Action):
    """HEAL: the Big Player lets their partner draw the cards instead."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("heal")


PASS = Pass()
DRAW = Draw()
HEAL = Heal()
#: Interned actions: ``PLAY[card][pile]``, ``DISCARD[card]``, ``BURN[card]``, ``CHOOSE[seat]``.
PLAY: dict[str, tuple[Play, ...]] = {c: tuple(Play(c, p) for p in range(PLAYERS)) for c in DECK}
DISCARD: dict[str, Discard] = {c: Discard(c) for c in DECK}
BURN: dict[str, Burn] = {c: Burn(c) for c in DECK}
CHOOSE: tuple[ChooseBig, ...] = tuple(ChooseBig(s) for s in range(PLAYERS))

#: Every action by its notation, and by its notation in capitals (what ``parse`` looks up).
ACTIONS: dict[str, Action] = {
    str(a): a
    for a in (
        PASS,
        DRAW,
        HEAL,
        *CHOOSE,
        *(p for plays in PLAY.values() for p in plays),
        *DISCARD.values(),
        *BURN.values(),
    )
}
_UPPER: dict[str, Action] = {text.upper(): a for text, a in ACTIONS.items()}

NOTATION_HELP = (
    "<card>><seat> to play a card on a seat's pile (7H>2: a COMBO if it is the pile's suit, "
    "a COUNTER if it is the top card's value), discard <card>, pass, burn <card>, "
    "draw or heal (Big Player), bp <seat>"
)


def parse(text: str) -> Action:
    """Read an action's notation; case and spaces do not matter, ``10`` may stand for ``T``.

    >>> parse(" 10h > 2 "), parse("Discard 7s")
    (Play('TH>2'), Discard('discard 7S'))
    """
    if not isinstance(text, str):
        raise NotationError(f"expected notation text, got {type(text).__name__}")
    action = ACTIONS.get(text)  # the exact notation: records and str(action)
    if action is not None:
        return action
    key = " ".join(text.upper().split())
    action = _UPPER.get(key)
    if action is not None:
        return action
    return _parse_slowly(text.strip(), key)


def _parse_slowly(shown: str, key: str) -> Action:
    """Spelled-out forms (``10H > 2``, ``discard10h``) and errors that say what is wrong."""
    if ">" in key:
        card_text, _, seat_text = key.partition(">")
        card = _card(card_text, shown)
        return PLAY[card][_seat(seat_text, shown)]
    for word, table in (("DISCARD", DISCARD), ("BURN", BURN)):
        if key.startswith(word):
            rest = key[len(word) :].split()
            if len(rest) > 1 and word == "BURN":
                raise NotationError(
                    f"{shown!r}: burn one card per decision, e.g. 'burn {rest[0]}', then 'burn {rest[1]}'"
                )
            if len(rest) != 1:
                raise NotationError(f"{shown!r}: write {word.lower()} and one card, e.g. {word.lower()} 7H")
            return table[_card(rest[0], shown)]
    if key.startswith("BP"):
        return CHOOSE[_seat(key[2:], shown)]
    if key in ("COUNTER", "COMBO", "PLAY"):
        raise NotationError(f"{shown!r}: name the card and the pile, e.g. 7H>2 (seven of hearts on seat 2's pile)")
    raise NotationError(f"{shown!r} is not a c-c-c-COMBO move; write {NOTATION_HELP}")


def _card(text: str, shown: str) -> str:
    try:
        return parse_card(text)
    except NotationError as exc:
        raise NotationError(f"{shown!r}: {exc}") from None


def _seat(text: str, shown: str) -> int:
    text = text.strip()
    if not text.isdigit() or int(text) >= PLAYERS:
        raise NotationError(f"{shown!r}: seats are 0-{PLAYERS - 1}, e.g. 7H>2 plays on seat 2's pile")
    return int(text)


__all__ = [
    "BURN",
    "CHOOSE",
    "DISCARD",
    "DRAW",
    "HEAL",
    "NOTATION_HELP",
    "PASS",
    "PLAY",
    "Burn",
    "ChooseBig",
    "Discard",
    "Draw",
    "Heal",
    "Pass",
    "Play",
    "parse",
]
