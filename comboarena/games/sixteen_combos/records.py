"""The parts of 16 Combos' state that hold many values, each declared once.

Pairs and characters have a dozen fields each. The state keeps them as
**columns**: one list per field, indexed by pair id or character number
(``s.pairs.value[p]``, ``s.characters.rows[c]``), so that a clone copies a few
short lists instead of dozens of small objects. :class:`~.fields.Pairs` and
:class:`~.fields.Characters` declare their columns once, as dataclass fields
made with ``field(metadata=column(...))`` (a kind and the value a new entry starts with);
:func:`columns` derives from that declaration ``copy``, ``key`` (equality),
``to_json`` (a row per pair or character: how positions write them),
``from_json`` and ``blank``. The action in progress is one record of plain
values: :func:`record` derives the same for it.

This is core's :mod:`comboarena.core.slots` one level down (a slot whose
value is a table of columns); core could offer it to every game.

>>> from dataclasses import dataclass, field
>>> @columns
... @dataclass(slots=True, eq=False)
... class Seats(Columns):
...     hand: list[list[int]] = field(metadata=column(LISTS, []))
...     score: list[int] = field(metadata=column(NUMBERS, 0))
>>> seats = Seats.blank(2)
>>> seats.hand[1].append(7)
>>> seats.to_json()
[{'hand': [], 'score': 0}, {'hand': [7], 'score': 0}]
>>> again = Seats.from_json(seats.to_json())
>>> again.key() == seats.key(), again.copy().hand is again.hand
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, Field, fields
from typing import Any, NamedTuple, Self, TypeVar

from comboarena.core.slots import as_lists, as_tuples


def _same(value: Any) -> Any:
    return value


class Kind(NamedTuple):
    """How a column is copied (``copy``, ``key``: expressions with ``{}`` for the column's
    list) and how one entry of it is written in a position (``out``) and read back (``into``)."""

    copy: str
    key: str
    out: Callable[[Any], Any]
    into: Callable[[Any], Any]


#: Numbers (an id, a value, a mark; -1 for none).
NUMBERS = Kind("{}[:]", "tuple({})", _same, _same)
#: A tuple of card ids per entry (a value stack, tokens, a saved wild): shared by clones.
CARDS = Kind("{}[:]", "tuple({})", list, tuple)
#: Tuples of tuples per entry (a ledger, grappled columns): shared by clones.
NESTED = Kind("{}[:]", "tuple({})", as_lists, as_tuples)
#: Numbers set once (by the deal): the column is a tuple, shared by clones.
FIXED = Kind("{}", "{}", _same, _same)
#: A list per entry that the rules change in place (a row, the cards to place): copied per entry.
LISTS = Kind("[x[:] for x in {}]", "tuple(map(tuple, {}))", list, list)


def column(kind: Kind, blank: Any) -> dict[str, Any]:
    """The metadata of a column of a :func:`columns` dataclass (``field(metadata=column(...))``):
    its kind and the value a new entry starts with."""
    return {"kind": kind, "blank": blank}


class Columns:
    """A table of columns (see the module docstring); the methods are derived by :func:`columns`."""

    __slots__ = ()

    def copy(self) -> Self:
        raise NotImplementedError

    def key(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def to_json(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    @classmethod
    def from_json(cls, rows: Sequence[Mapping[str, Any]]) -> Self:
        raise NotImplementedError

    @classmethod
    def blank(cls, n: int) -> Self:
        raise NotImplementedError


class Record:
    """One record of plain values (see the module docstring); the methods are derived by :func:`record`."""

    __slots__ = ()

    def copy(self) -> Self:
        raise NotImplementedError

    def key(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        raise NotImplementedError


C = TypeVar("C", bound=type[Columns])
R = TypeVar("R", bound=type[Record])


def columns(cls: C) -> C:
    """Derive ``copy``, ``key``, ``to_json``, ``from_json`` and ``blank`` from the
    dataclass's columns (compiled once, as ``dataclasses`` does: self-play clones a lot)."""
    cols = [(f.name, f.metadata["kind"], f.metadata["blank"]) for f in _declared(cls)]
    env: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    for i, (_, kind, blank) in enumerate(cols):
        env[f"_out{i}"], env[f"_into{i}"], env[f"_blank{i}"] = kind.out, kind.into, blank
    entries = ", ".join(f"a{i}" for i in range(len(cols)))
    row = ", ".join(f"{name!r}: {_call('_out', i, kind.out, f'a{i}')}" for i, (name, kind, _) in enumerate(cols))
    code = ["def copy(self):", "    new = _new(_cls)"]
    code += [f"    new.{name} = {kind.copy.format('self.' + name)}" for name, kind, _ in cols]
    code += ["    return new", "def key(self):"]
    code += ["    return (" + "".join(kind.key.format("self." + name) + ", " for name, kind, _ in cols) + ")"]
    code += ["def to_json(self):"]
    code += [f"    return [{{{row}}} for {entries} in zip(" + ", ".join("self." + n for n, _, _ in cols) + ")]"]
    code += ["def from_json(rows):", "    new = _new(_cls)"]
    for i, (name, kind, _) in enumerate(cols):
        entry = _call("_into", i, kind.into, f"r[{name!r}]")
        read = f"tuple({entry} for r in rows)" if kind is FIXED else f"[{entry} for r in rows]"
        code.append(f"    new.{name} = {read}")
    code += ["    return new", "def blank(n):", "    new = _new(_cls)"]
    for i, (name, kind, _) in enumerate(cols):
        made = f"[list(_blank{i}) for _ in range(n)]" if kind is LISTS else f"[_blank{i}] * n"
        code.append(f"    new.{name} = " + (f"(_blank{i},) * n" if kind is FIXED else made))
    code.append("    return new")
    exec("\n".join(code), env)
    cls.copy = env["copy"]  # type: ignore[method-assign]
    cls.key = env["key"]  # type: ignore[method-assign]
    cls.to_json = env["to_json"]  # type: ignore[method-assign]
    cls.from_json = staticmethod(env["from_json"])  # type: ignore[method-assign,assignment]
    cls.blank = staticmethod(env["blank"])  # type: ignore[method-assign,assignment]
    return cls


def _call(prefix: str, i: int, convert: Callable[[Any], Any], value: str) -> str:
    """``value`` converted by the column's ``out`` or ``into`` (left as it is where that is the identity)."""
    return value if convert is _same else f"{prefix}{i}({value})"


def record(cls: R) -> R:
    """Derive ``copy``, ``key``, ``to_json`` and ``from_json`` from the dataclass's fields
    (tuple fields are lists in JSON)."""
    fs = _declared(cls)
    if any(f.default is MISSING for f in fs):
        raise TypeError(f"{cls.__name__}: every field of a record needs a default")
    tuples = {f.name for f in fs if isinstance(f.default, tuple)}
    env: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    code = ["def copy(self):", "    new = _new(_cls)"]
    code += [f"    new.{f.name} = self.{f.name}" for f in fs]
    code += ["    return new", "def key(self):", "    return (" + "".join(f"self.{f.name}, " for f in fs) + ")"]
    code += ["def to_json(self):", "    return {" + ", ".join(
        f"{f.name!r}: " + (f"list(self.{f.name})" if f.name in tuples else f"self.{f.name}") for f in fs) + "}"]
    code += ["def from_json(data):", "    new = _new(_cls)"]
    code += [f"    new.{f.name} = " + (f"tuple(data[{f.name!r}])" if f.name in tuples else f"data[{f.name!r}]")
             for f in fs]
    code.append("    return new")
    exec("\n".join(code), env)
    cls.copy = env["copy"]  # type: ignore[method-assign]
    cls.key = env["key"]  # type: ignore[method-assign]
    cls.to_json = env["to_json"]  # type: ignore[method-assign]
    cls.from_json = staticmethod(env["from_json"])  # type: ignore[method-assign,assignment]
    return cls


def field_names(cls: type) -> tuple[str, ...]:
    """The declared fields of a :func:`columns` or :func:`record` dataclass, in order."""
    return tuple(f.name for f in _declared(cls))


def _declared(cls: Any) -> tuple[Field[Any], ...]:
    """The dataclass's fields (a decorated class is a dataclass: ``@dataclass`` runs first)."""
    return fields(cls)


__all__ = [
    "CARDS",
    "FIXED",
    "LISTS",
    "NESTED",
    "NUMBERS",
    "Columns",
    "Kind",
    "Record",
    "column",
    "columns",
    "field_names",
    "record",
]
