"""Actions: small immutable values whose text is their notation.

A game's actions subclass :class:`Action`. Two actions are equal when they are
of the same class and have the same notation, so an action parsed from text
equals the one a game listed as legal.
"""

from __future__ import annotations

from typing import Any


class Action:
    """Base of every game's actions; ``str(action)`` is its notation.

    Subclasses set ``text`` once in ``__init__`` and never change it.

    >>> a = Action("pass")
    >>> str(a), a == Action("pass")
    ('pass', True)
    """

    __slots__ = ("text",)

    text: str

    def __init__(self, text: str) -> None:
        object.__setattr__(self, "text", text)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return self is other or (type(other) is type(self) and other.text == self.text)  # type: ignore[attr-defined]

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash(self.text)

    def __reduce__(self) -> tuple[Any, ...]:
        state = {name: getattr(self, name) for name in _slots(type(self))}
        return (_rebuild, (type(self), state))


def _slots(cls: type) -> list[str]:
    names: list[str] = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    return names


def _rebuild(cls: type[Action], state: dict[str, Any]) -> Action:
    inst = object.__new__(cls)
    for name, value in state.items():
        object.__setattr__(inst, name, value)
    return inst
