"""Combo Fighter's actions and their notation.

One notation per decision, each short and typed as shown:

- ``hf``: a card by its code (2-4 letters, printed on the menu). What it does
  depends on the moment: play it face down, continue the combo with it, discard
  it for a point of damage, throw it away before refilling, or (2 vs 2) shuffle
  it from your discard pile back into your deck;
- ``aside:nd``: play that card in the combo to set it aside (Junior's Needles);
- ``end``: end the combo and deal its damage; ``call``: call the Signature Combo
  your cards form and deal its damage instead;
- ``deck``: take one point of damage from the top of your deck; ``rest``: take
  all the damage still to take from the deck;
- ``power`` / ``pass``: use or decline a retroactive power (``pass`` also
  declines the 2 vs 2 catch-your-breath card);
- ``done``: stop discarding and refill your hand;
- ``tag`` / ``stay``: (2 vs 2) tag out after winning a round, or stay in;
- a fighter's id (``boris``...): (2 vs 2) the fighter your team sends into the ring.
"""

from __future__ import annotations

from functools import cache

from comboarena.core import Action, NotationError

from .content import fighters


class CardAction(Action):
    """A card of the acting fighter, by code."""

    __slots__ = ("code",)

    code: str

    def __init__(self, code: str) -> None:
        super().__init__(code)
        object.__setattr__(self, "code", code)


class AsideAction(Action):
    """Play a card in the combo to set it aside instead of dealing its damage."""

    __slots__ = ("code",)

    code: str

    def __init__(self, code: str) -> None:
        super().__init__(f"aside:{code}")
        object.__setattr__(self, "code", code)


class Word(Action):
    """A one-word decision: ``end``, ``call``, ``deck``, ``rest``, ``power``, ``pass``,
    ``done``, ``tag``, ``stay``."""

    __slots__ = ()


class Pick(Action):
    """2 vs 2: the fighter (by id) a team sends into the ring at the start of a fight."""

    __slots__ = ("fighter",)

    fighter: str

    def __init__(self, fighter: str) -> None:
        super().__init__(fighter)
        object.__setattr__(self, "fighter", fighter)


END, CALL, DECK, REST = Word("end"), Word("call"), Word("deck"), Word("rest")
POWER, PASS, DONE, TAG, STAY = Word("power"), Word("pass"), Word("done"), Word("tag"), Word("stay")
WORDS: dict[str, Action] = {str(w): w for w in (END, CALL, DECK, REST, POWER, PASS, DONE, TAG, STAY)}


@cache
def action_table() -> dict[str, Action]:
    """Every action of the fighters in ``fighters/*.toml``, interned by notation (card
    codes are shared between fighters); built once, from the files."""
    table: dict[str, Action] = dict(WORDS)
    for f in fighters().values():
        table[f.id] = Pick(f.id)
        for c in f.cards:
            table.setdefault(c.code, CardAction(c.code))
            table.setdefault(f"aside:{c.code}", AsideAction(c.code))
    return table


def notation_help() -> str:
    """What a move may be, naming the fighters of the roster."""
    return (
        "a card code (e.g. hf), aside:<code>, end, call, deck, rest, power, pass, done, tag, stay, "
        f"or a fighter ({', '.join(fighters())})"
    )


def parse(text: str) -> Action:
    """Read an action's notation (case and spaces do not matter).

    >>> parse(" HF "), parse("Aside: nd"), parse("end")
    (CardAction('hf'), AsideAction('aside:nd'), Word('end'))
    """
    if not isinstance(text, str):
        raise NotationError(f"expected notation text, got {type(text).__name__}")
    key = "".join(text.split()).lower()
    action = action_table().get(key)
    if action is not None:
        return action
    if key.startswith("aside:"):
        raise NotationError(f"{text.strip()!r}: no fighter has a card {key[6:]!r} to set aside")
    raise NotationError(f"{text.strip()!r} is not a Combo Fighter move; write {notation_help()}")
