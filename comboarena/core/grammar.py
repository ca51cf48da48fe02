"""Small helpers for the lines a game's ``text.py`` writes: the person at the
keyboard is "You" (``names[seat] == YOU`` when one person plays), which takes
the second person ("You burn", "your pile"), and counts agree with their noun
("1 card", "2 cards").

>>> verb("You", "burn"), verb("Ada", "burn"), verb("Ada", "catch"), verb("You", "are")
('You burn', 'Ada burns', 'Ada catches', 'You are')
>>> plural(1, "card"), plural(2, "card"), plural(0, "fight"), plural(2, "Big Player")
('1 card', '2 cards', '0 fights', '2 Big Players')
>>> possessive("You"), possessive("Ada"), possessive("Chris"), whom("You"), whom("Ada")
('your', "Ada's", "Chris's", 'you', 'Ada')
"""

from __future__ import annotations

#: The name the terminal gives the one person at the keyboard.
YOU = "You"

_IRREGULAR = {"are": "is", "have": "has", "do": "does", "go": "goes", "were": "was"}


def is_you(name: str) -> bool:
    """Whether ``name`` is the person at the keyboard (second person)."""
    return name == YOU


def third_person(base: str) -> str:
    """``burn`` -> ``burns``, ``catch`` -> ``catches``, ``carry`` -> ``carries``, ``are`` -> ``is``.

    Only the first word changes: ``third_person("draw up")`` is ``draws up``.
    """
    word, space, rest = base.partition(" ")
    if word in _IRREGULAR:
        word = _IRREGULAR[word]
    elif word.endswith(("s", "sh", "ch", "x", "z")):
        word += "es"
    elif word.endswith("y") and len(word) > 1 and word[-2] not in "aeiou":
        word = word[:-1] + "ies"
    else:
        word += "s"
    return word + space + rest


def verb(subject: str, base: str, third: str | None = None) -> str:
    """``subject`` and ``base`` agreeing: ``You burn``, ``Ada burns``. ``third``
    overrides the third person where it is irregular."""
    if is_you(subject):
        return f"{subject} {base}"
    return f"{subject} {third or third_person(base)}"


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``; ``many`` for an irregular plural (``plural(2, "die", "dice")``)."""
    if count == 1:
        return f"{count} {noun}"
    return f"{count} {many or noun + 's'}"


def possessive(name: str) -> str:
    """``your`` for You, else ``Ada's``."""
    return "your" if is_you(name) else f"{name}'s"


def whom(name: str) -> str:
    """``name`` as an object: ``you`` for You (``heals you``), else the name."""
    return "you" if is_you(name) else name


__all__ = ["YOU", "is_you", "plural", "possessive", "third_person", "verb", "whom"]
