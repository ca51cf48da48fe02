"""Sixteen's actions: play a card (``5R``, a wild as ``W=5G``) or ``draw``."""

from __future__ import annotations

from comboarena.core import Action, NotationError

from .cards import COLOURS, FACES, WILD


class Play(Action):
    """Play ``card`` to the play pile; a wild also carries the ``declared`` face.

    >>> str(Play("W", "5G")), Play("5R").card
    ('W=5G', '5R')
    """

    __slots__ = ("card", "declared")

    card: str
    declared: str | None

    def __init__(self, card: str, declared: str | None = None) -> None:
        super().__init__(f"{card}={declared}" if declared else card)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "declared", declared)


class Draw(Action):
    """Draw the top card of the draw pile (only where drawing is manual)."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("draw")


DRAW = Draw()
#: Every play, interned by notation: 28 faces and 28 declared wilds.
PLAYS: dict[str, Play] = {f: Play(f) for f in FACES}
WILD_PLAYS: list[Play] = [Play(WILD, f) for f in FACES]
PLAYS.update({str(p): p for p in WILD_PLAYS})
ACTIONS: dict[str, Action] = {**PLAYS, "draw": DRAW}

NOTATION_HELP = (
    "a card from your hand as number+colour (e.g. 5R; colours R G B O), "
    "a wild as W=<number><colour> (e.g. W=5G), or draw"
)


def parse(text: str) -> Action:
    """Read ``5R``, ``W=5G`` or ``draw`` (case and spaces do not matter).

    >>> parse(" w=5g ")
    Play('W=5G')
    """
    if not isinstance(text, str):
        raise NotationError(f"expected notation text, got {type(text).__name__}")
    key = text.strip().upper().replace(" ", "")
    if key == "DRAW":
        return DRAW
    action = ACTIONS.get(key)
    if action is not None:
        return action
    if key == WILD:
        raise NotationError("a wild must be declared as a number and colour, e.g. W=5G")
    if key.startswith(WILD + "="):
        raise NotationError(f"{text.strip()!r}: a wild is declared as W=<0-6><{'/'.join(COLOURS)}>, e.g. W=5G")
    raise NotationError(f"{text.strip()!r} is not a Sixteen move; write {NOTATION_HELP}")
