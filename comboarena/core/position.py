"""Positions: a whole state as JSON data, and reading one back strictly.

A position is to tests and tools what FEN is to chess: ``state.position()``
holds everything (hidden cards, the chance state), and
``game.from_position(data)`` rebuilds the state or raises
:class:`PositionError` saying what is wrong and where. Every position shares
one envelope::

    {"game": "sixteen", "version": 1, "options": {...}, "chance": {...}, ...the game's fields}

Games read their own fields with :class:`Fields`, which names the path of
every problem (``position.hands[1][2]``) and refuses unknown fields.

>>> f = Fields({"turn": 1, "hands": [["5R"]]}, "position")
>>> f.number("turn", 0, 3), f.seq("hands")
(1, [['5R']])
>>> f.done()
>>> Fields({"turn": 9}, "position").number("turn", 0, 3)
Traceback (most recent call last):
...
comboarena.core.errors.PositionError: position.turn must be a whole number from 0 to 3, got 9
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any, TypeVar

from .chance import Chance
from .errors import ComboArenaError, PositionError
from .options import options_json

if TYPE_CHECKING:
    from .game import Game

T = TypeVar("T")

#: The envelope's keys, shared by every game's positions.
ENVELOPE = ("game", "version", "options", "chance")


class Fields:
    """One JSON object of a position, read field by field.

    Each reader names the field's path in its error, and :meth:`done` refuses
    any field that was not read (an unknown or misspelt field).
    """

    __slots__ = ("_data", "_read", "where")

    def __init__(self, data: Any, where: str = "position") -> None:
        if not isinstance(data, dict):
            raise PositionError(f"{where} must be a JSON object, got {_kind(data)}")
        self._data: dict[str, Any] = data
        self._read: set[str] = set()
        self.where = where

    def path(self, key: str | int) -> str:
        return f"{self.where}[{key}]" if isinstance(key, int) else f"{self.where}.{key}"

    def error(self, key: str, message: str) -> PositionError:
        """A :class:`PositionError` about field ``key``."""
        return PositionError(f"{self.path(key)} {message}")

    def has(self, key: str) -> bool:
        return key in self._data

    def get(self, key: str, default: Any = ...) -> Any:
        """Field ``key`` as it stands (required unless a ``default`` is given)."""
        self._read.add(key)
        if key not in self._data:
            if default is ...:
                raise PositionError(f"{self.where} is missing the field {key!r}")
            return default
        return self._data[key]

    def number(self, key: str, low: int | None = None, high: int | None = None, default: Any = ...) -> int:
        value = self.get(key, default)
        if not _is_int(value) or (low is not None and value < low) or (high is not None and value > high):
            raise self.error(key, f"must be {_int_range(low, high)}, got {value!r}")
        return int(value)

    def flag(self, key: str, default: Any = ...) -> bool:
        value = self.get(key, default)
        if not isinstance(value, bool):
            raise self.error(key, f"must be true or false, got {value!r}")
        return value

    def text(self, key: str, choices: Collection[str] | None = None, default: Any = ...) -> str:
        value = self.get(key, default)
        if not isinstance(value, str) or (choices is not None and value not in choices):
            allowed = f"one of {', '.join(map(repr, choices))}" if choices is not None else "a text"
            raise self.error(key, f"must be {allowed}, got {value!r}")
        return value

    def seq(self, key: str, length: int | None = None, default: Any = ...) -> list[Any]:
        value = self.get(key, default)
        if not isinstance(value, list):
            raise self.error(key, f"must be a list, got {_kind(value)}")
        if length is not None and len(value) != length:
            raise self.error(key, f"must list {length} entries, got {len(value)}")
        return value

    def fields(self, key: str) -> Fields:
        """A nested object, read with its own :class:`Fields` (call its :meth:`done` too)."""
        return Fields(self.get(key), self.path(key))

    def items(self, key: str, read: Callable[[Any, str], T], length: int | None = None) -> list[T]:
        """A list whose entries are each read by ``read(entry, path)``."""
        return [read(entry, f"{self.path(key)}[{i}]") for i, entry in enumerate(self.seq(key, length))]

    def done(self) -> None:
        """Refuse fields that were never read: unknown or misspelt."""
        unknown = sorted(set(self._data) - self._read)
        if unknown:
            known = ", ".join(sorted(self._read))
            raise PositionError(f"{self.where}: unknown field {unknown[0]!r}; the fields here are {known}")


def read_envelope(game: Game, data: Any, version: int) -> tuple[Fields, Chance]:
    """Check a position's envelope against ``game`` and its position ``version``;
    returns the reader of the remaining fields and the chance state."""
    f = Fields(data)
    name = f.get("game")
    if name != game.name:
        raise PositionError(f"position.game is {name!r}, but this game is {game.name!r}")
    got = f.get("version")
    if got != version:
        raise PositionError(f"position.version {got!r} is not supported (this reads version {version})")
    options = f.get("options")
    if not isinstance(options, dict):
        raise PositionError("position.options must be an object of option values")
    want = options_json(game.options)
    if options != want:
        diff = sorted(k for k in set(want) | set(options) if want.get(k, ...) != options.get(k, ...))
        k = diff[0]
        raise PositionError(
            f"position.options.{k} is {_show(options.get(k, ...))}, but this game has {k}={_show(want.get(k, ...))}: "
            "build the game with the position's options (make(game, **options))"
        )
    return f, Chance.from_json(f.get("chance"))


def envelope(game: Game, version: int, chance: Chance) -> dict[str, Any]:
    """The shared head of a position."""
    return {"game": game.name, "version": version, "options": options_json(game.options), "chance": chance.to_json()}


def checked(read: Callable[[], T]) -> T:
    """Run a position reader, turning any other bad-input error into a :class:`PositionError`."""
    try:
        return read()
    except PositionError:
        raise
    except ComboArenaError as exc:
        raise PositionError(f"position is not valid: {exc}") from None


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _int_range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"a whole number from {low} to {high}"
    if low is not None:
        return f"a whole number >= {low}"
    if high is not None:
        return f"a whole number <= {high}"
    return "a whole number"


def _kind(value: object) -> str:
    return {dict: "an object", list: "a list", str: "a text", bool: "true/false", type(None): "null"}.get(
        type(value), type(value).__name__
    )


def _show(value: object) -> str:
    return "(missing)" if value is ... else repr(value)


__all__ = ["ENVELOPE", "Fields", "checked", "envelope", "read_envelope"]
