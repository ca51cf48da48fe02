"""A game's state, declared once.

Each field of a state is declared once, in one place, with the rulebook's
name, a comment and its *kind* (how it is copied, compared and written in a
position). Everything that used to list the fields again by hand is derived
from that declaration: the class's ``__slots__``, ``build`` (the one
constructor that serves the deal, positions and determinization), ``clone``,
``_key`` (equality), ``_position`` and the reading of a position. A field
added to the declaration appears in all of them.

>>> from comboarena.core.slots import LISTS, VALUE, Slot, Slots
>>> FIELDS = Slots(
...     Slot("hands", LISTS, "each seat's cards"),
...     Slot("turn", VALUE, "whose turn it is"),
...     Slot("total", VALUE, "a running sum, worked out again by build()", saved=False),
... )
>>> FIELDS.names
('hands', 'turn', 'total')
>>> FIELDS.saved
('hands', 'turn')

``clone`` and ``_key`` are compiled from the declaration (as ``dataclasses``
does), so they cost what a hand-written one would: self-play clones states
millions of times.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from .chance import Chance
from .errors import PositionError

if TYPE_CHECKING:
    from .game import Game, State
    from .position import Fields


def _same(value: Any) -> Any:
    return value


def as_lists(value: Any) -> Any:
    """Tuples (nested) as lists, for JSON.

    >>> as_lists(((1, 2), (3,)))
    [[1, 2], [3]]
    """
    if isinstance(value, tuple | list):
        return [as_lists(v) for v in value]
    return value


def as_tuples(value: Any) -> Any:
    """Lists (nested) as tuples, from JSON.

    >>> as_tuples([[1, 2], [3]])
    ((1, 2), (3,))
    """
    if isinstance(value, list | tuple):
        return tuple(as_tuples(v) for v in value)
    return value


class Kind(NamedTuple):
    """How a field is copied by ``clone``, compared by ``_key`` and written in a position.

    ``copy`` and ``key`` are expressions with ``{}`` for the field's value
    (compiled into ``clone`` and ``_key``); ``out`` turns the value into JSON
    data and ``into`` turns JSON data (already checked) back into the value.
    """

    copy: str
    key: str
    out: Callable[[Any], Any]
    into: Callable[[Any], Any]


#: An immutable value (int, str, bool, None, an immutable record): shared by clones.
VALUE = Kind("{}", "{}", _same, _same)
#: Tuples, nested or not: shared by clones; lists in a position.
TUPLE = Kind("{}", "{}", as_lists, as_tuples)
#: A list of immutable items: copied by clones.
LIST = Kind("{}[:]", "tuple({})", list, list)
def _lists(value: Any) -> list[list[Any]]:
    return [list(x) for x in value]


#: A list of lists of immutable items (per-seat hands): copied one level down.
LISTS = Kind("[x[:] for x in {}]", "tuple(map(tuple, {}))", _lists, _lists)
#: A record with ``to_json`` (a :class:`~comboarena.core.Window`, a
#: :class:`~comboarena.core.TurnQueue`) or ``None``; its reader is the slot's own.
RECORD = Kind("{}", "{}", lambda v: None if v is None else v.to_json(), _same)


class Slot(NamedTuple):
    """One field of a state: its name (the rulebook's), kind and comment.

    ``saved``: written in positions (and in the state's key). A field that is
    not saved is worked out again by the game's ``build`` from the others (a
    cache, a running total); clones copy it all the same. ``read``: how a
    position's value is read and checked, ``read(fields, name, game)``
    (default: taken as it stands, then ``kind.into``).
    """

    name: str
    kind: Kind
    doc: str
    saved: bool = True
    read: Callable[[Fields, str, Any], Any] | None = None


class Slots:
    """A state's fields, in order (see the module docstring)."""

    def __init__(self, *slots: Slot) -> None:
        names = [s.name for s in slots]
        if len(set(names)) != len(names):
            raise ValueError(f"a field is declared twice: {names}")
        self.slots = slots
        self.by_name = {s.name: s for s in slots}
        #: Every field's name: the state class's ``__slots__``.
        self.names: tuple[str, ...] = tuple(names)
        #: The fields a position holds, in order.
        self.saved: tuple[str, ...] = tuple(s.name for s in slots if s.saved)
        self._fill = self._compile_fill()

    def __iter__(self) -> Iterator[Slot]:
        return iter(self.slots)

    def __add__(self, more: Slots) -> Slots:
        """These fields and then ``more`` (a mode that adds fields to a game's state)."""
        return Slots(*self.slots, *more.slots)

    # -- what a state class gets -----------------------------------------------

    def install(self, cls: type[State]) -> None:
        """Give ``cls`` (whose ``__slots__`` are :attr:`names`) its ``clone``, ``_key``
        and ``_position`` derived from the declaration."""
        missing = [n for n in self.names if not _declares(cls, n)]
        if missing:
            raise TypeError(f"{cls.__name__} must have __slots__ for {', '.join(missing)} (FIELDS.names)")
        cls.clone = self._compile_clone(cls)  # type: ignore[method-assign,assignment]
        cls._key = self._compile_key()  # type: ignore[method-assign,assignment]
        cls._position = self._compile_position()  # type: ignore[method-assign,assignment]
        cls.FIELDS = self  # type: ignore[attr-defined]

    def _compile_clone(self, cls: type) -> Callable[[Any], Any]:
        lines = ["def clone(self, chance=None):", "    new = self.copy_base(chance)"]
        lines += [f"    new.{s.name} = {s.kind.copy.format('self.' + s.name)}" for s in self.slots]
        lines.append("    return new")
        namespace: dict[str, Any] = {}
        exec("\n".join(lines), namespace)  # compiled once per class, like dataclasses' methods
        clone: Callable[[Any], Any] = namespace["clone"]
        clone.__qualname__ = f"{cls.__name__}.clone"
        clone.__doc__ = "An independent copy (every declared field, copied by its kind)."
        return clone

    def _compile_key(self) -> Callable[[Any], Any]:
        parts = [s.kind.key.format("self." + s.name) for s in self.slots if s.saved]
        lines = [
            "def _key(self):",
            "    return (self.game, self._chance.seed, self._chance.draws, "
            + "".join(p + ", " for p in parts)
            + "tuple((s, str(a)) for s, a in self._log))",
        ]
        namespace: dict[str, Any] = {}
        exec("\n".join(lines), namespace)
        key: Callable[[Any], Any] = namespace["_key"]
        key.__doc__ = "Every saved field (and the chance and history), for equality."
        return key

    def _compile_position(self) -> Callable[[Any], dict[str, Any]]:
        saved = tuple((s.name, s.kind.out) for s in self.slots if s.saved)

        def _position(state: Any) -> dict[str, Any]:
            """Every saved field, as JSON data (the game's own part of ``position()``)."""
            return {name: out(getattr(state, name)) for name, out in saved}

        return _position

    # -- building --------------------------------------------------------------

    def build(
        self,
        cls: type[State],
        game: Game,
        chance: Chance,
        values: dict[str, Any],
        deck: Any = None,
    ) -> Any:
        """A ``cls`` with every declared field set from ``values`` (each one must be
        given, and nothing else), no history, and ``chance`` as its one source of chance."""
        s = cls.blank(game, chance, deck)
        if len(values) != len(self.names):
            self._refuse(values)
        try:
            self._fill(s, values)
        except KeyError:
            self._refuse(values)
        return s

    def _refuse(self, values: dict[str, Any]) -> None:
        unknown = set(values) - set(self.names)
        missing = [n for n in self.names if n not in values]
        raise TypeError(f"build: unknown fields {sorted(unknown)}, missing fields {missing}")

    def _compile_fill(self) -> Callable[[Any, dict[str, Any]], None]:
        lines = ["def fill(s, v):"] + [f"    s.{n} = v[{n!r}]" for n in self.names] + ["    return None"]
        namespace: dict[str, Any] = {}
        exec("\n".join(lines), namespace)  # a state is built for every game dealt: no setattr loop
        fill: Callable[[Any, dict[str, Any]], None] = namespace["fill"]
        return fill

    def read(self, fields: Fields, game: Any) -> dict[str, Any]:
        """Every saved field of a position, read and checked by its slot's ``read``
        (default: as it stands, then ``kind.into``)."""
        out: dict[str, Any] = {}
        for s in self.slots:
            if not s.saved:
                continue
            try:
                out[s.name] = s.read(fields, s.name, game) if s.read is not None else s.kind.into(fields.get(s.name))
            except PositionError:
                raise
            except (TypeError, ValueError) as exc:
                raise fields.error(s.name, f"cannot be read: {exc}") from None
        return out


def _declares(cls: type, name: str) -> bool:
    return any(name in getattr(k, "__slots__", ()) for k in cls.__mro__)


__all__ = ["LIST", "LISTS", "RECORD", "TUPLE", "VALUE", "Kind", "Slot", "Slots", "as_lists", "as_tuples"]
