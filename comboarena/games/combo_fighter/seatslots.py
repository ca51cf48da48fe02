"""The fields of one fighter at the table, declared once (core's ``Slots``, for a record
inside the state).

A match keeps one :class:`~.fields.FighterSeat` per seat (its hand, deck, discard
pile, Power Token's side...), and a position writes each as an object under
``fighters``. Cards are kept as card types and written as the fighter's codes, so a
field is written knowing its fighter: core's ``Kind.out`` takes the value alone,
hence this small counterpart. :meth:`SeatSlots.install` derives the record's
``copy`` (what the state's ``clone`` calls), ``key`` (equality) and ``to_json`` from
the declaration, compiled once as core does for states.

>>> from comboarena.games.combo_fighter.content import fighters
>>> BAG = SeatSlots(
...     SeatSlot("hand", SeatKind("{}[:]", "tuple({})", lambda v, f: [f.code(t) for t in v]), "cards held"),
...     SeatSlot("ko", SeatKind("{}", "{}", lambda v, f: v), "knocked out"),
... )
>>> class Bag:
...     __slots__ = ("sheet", *BAG.names)
>>> BAG.install(Bag)
>>> bag = BAG.build(Bag, fighters()["boris"], {"hand": [0, 1], "ko": False})
>>> other = bag.copy()
>>> other.hand.append(0)
>>> bag.to_json(), bag.key() == other.key()
({'hand': ['hf', 'bk'], 'ko': False}, False)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from comboarena.core import Fields, PositionError

if TYPE_CHECKING:
    from .content import Fighter


class SeatKind(NamedTuple):
    """How a fighter's field is copied (``copy``, an expression with ``{}`` for the
    value), compared (``key``) and written in a position (``out(value, sheet)``,
    knowing the fighter's Character Sheet)."""

    copy: str
    key: str
    out: Callable[[Any, Fighter], Any]


class SeatSlot(NamedTuple):
    """One field of a fighter at the table: its name (the position's), kind and comment;
    ``read(fields, name, sheet)`` reads and checks a position's value of it."""

    name: str
    kind: SeatKind
    doc: str
    read: Callable[[Fields, str, Fighter], Any] | None = None


class SeatSlots:
    """A fighter's fields, in order (see the module docstring). The record also holds
    ``sheet``, its fighter's Character Sheet (content, shared by every copy)."""

    def __init__(self, *slots: SeatSlot) -> None:
        self.slots = slots
        self.names: tuple[str, ...] = tuple(s.name for s in slots)
        if len(set(self.names)) != len(self.names):
            raise ValueError(f"a field is declared twice: {self.names}")
        #: each installed class's constructor (compiled by :meth:`install`)
        self.makers: dict[type, Callable[[Fighter, dict[str, Any]], Any]] = {}

    def __add__(self, more: SeatSlots) -> SeatSlots:
        """These fields and then ``more`` (a mode that adds fields to its fighters)."""
        return SeatSlots(*self.slots, *more.slots)

    def install(self, cls: type) -> None:
        """Give ``cls`` (whose ``__slots__`` are ``sheet`` and :attr:`names`) its ``copy``,
        ``key`` and ``to_json``, and compile its constructor (:meth:`build`)."""
        declared = {n for k in cls.__mro__ for n in getattr(k, "__slots__", ())}
        missing = [n for n in ("sheet", *self.names) if n not in declared]
        if missing:
            raise TypeError(f"{cls.__name__} must have __slots__ for {', '.join(missing)}")
        copy_lines = ["def copy(self):", "    new = _new(_cls)", "    new.sheet = self.sheet"]
        copy_lines += [f"    new.{s.name} = {s.kind.copy.format('self.' + s.name)}" for s in self.slots]
        copy_lines.append("    return new")
        key = ", ".join(s.kind.key.format("self." + s.name) for s in self.slots)
        key_lines = ["def key(self):", f"    return (self.sheet.id, {key})"]
        make_lines = ["def make(sheet, values):", "    new = _new(_cls)", "    new.sheet = sheet"]
        make_lines += [f"    new.{s.name} = values[{s.name!r}]" for s in self.slots]
        make_lines.append("    return new")
        namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
        # Compiled once per class, like dataclasses' methods: clones copy records millions of
        # times, and every fight builds its fighters afresh.
        exec("\n".join(copy_lines + key_lines + make_lines), namespace)
        namespace["copy"].__doc__ = "An independent copy (every declared field, copied by its kind)."
        namespace["key"].__doc__ = "Every field, for equality."
        self.makers[cls] = namespace["make"]
        outs = tuple((s.name, s.kind.out) for s in self.slots)

        def to_json(record: Any) -> dict[str, Any]:
            """Every field as JSON data (an entry of a position's ``fighters``)."""
            sheet = record.sheet
            return {name: out(getattr(record, name), sheet) for name, out in outs}

        cls.copy = namespace["copy"]  # type: ignore[attr-defined]
        cls.key = namespace["key"]  # type: ignore[attr-defined]
        cls.to_json = to_json  # type: ignore[attr-defined]

    def build(self, cls: type, sheet: Fighter, values: dict[str, Any]) -> Any:
        """A ``cls`` (installed) for the fighter of ``sheet`` with every declared field set from
        ``values`` (each one must be given, and nothing else)."""
        if len(values) == len(self.names):
            try:
                return self.makers[cls](sheet, values)
            except KeyError:
                pass
        unknown = set(values) - set(self.names)
        missing = [n for n in self.names if n not in values]
        raise TypeError(f"build: unknown fields {sorted(unknown)}, missing fields {missing}")

    def read(self, fields: Fields, sheet: Fighter) -> dict[str, Any]:
        """Every field of one fighter's position entry, read and checked by its slot's ``read``;
        fields that were never read (unknown, misspelt) are refused."""
        out: dict[str, Any] = {}
        for s in self.slots:
            try:
                out[s.name] = s.read(fields, s.name, sheet) if s.read is not None else fields.get(s.name)
            except PositionError:
                raise
            except (TypeError, ValueError) as exc:
                raise fields.error(s.name, f"cannot be read: {exc}") from None
        fields.done()
        return out


__all__ = ["SeatKind", "SeatSlot", "SeatSlots"]
