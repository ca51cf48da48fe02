"""Events: what happened, with per-seat visibility.

An event is public; its optional ``private`` part is seen only by the seats
it names (a drawn card is seen by the drawer, the draw itself by everyone).

>>> e = Event("draw", 0, {}, ((0,), {"card": "3G"}))
>>> [x.data for x in events_for([e], 0)], [x.data for x in events_for([e], 1)]
([{'card': '3G'}], [{}])
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


class Event:
    """One thing that happened: ``kind``, the acting ``seat`` and JSON-safe ``data``.

    ``private`` is ``None`` or ``(seats, extra)``: ``extra`` is merged into
    ``data`` only for those seats.
    """

    __slots__ = ("data", "kind", "private", "seat")

    def __init__(
        self,
        kind: str,
        seat: int | None,
        data: dict[str, Any],
        private: tuple[tuple[int, ...], dict[str, Any]] | None = None,
    ) -> None:
        self.kind = kind
        self.seat = seat
        self.data = data
        self.private = private

    def for_seat(self, seat: int | None) -> Event:
        """This event as ``seat`` sees it (``None``: a spectator)."""
        if self.private is None:
            return self
        seats, extra = self.private
        if seat is not None and seat in seats:
            return Event(self.kind, self.seat, {**self.data, **extra})
        return Event(self.kind, self.seat, self.data)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form, public part only unless already filtered."""
        return {"kind": self.kind, "seat": self.seat, **self.data}

    def __repr__(self) -> str:
        private = f", private={self.private!r}" if self.private else ""
        return f"Event({self.kind!r}, {self.seat!r}, {self.data!r}{private})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and (self.kind, self.seat, self.data, self.private) == (
            other.kind,
            other.seat,
            other.data,
            other.private,
        )

    __hash__ = None  # type: ignore[assignment]


def events_for(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events as ``seat`` may see them; ``seat=None`` is a spectator."""
    return [e if e.private is None else e.for_seat(seat) for e in events]
