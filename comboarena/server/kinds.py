"""Named values the server stores and sends: seat kinds, table states and
where an action came from. Each is a ``StrEnum``, so it is stored and sent as
its plain text (``"open"``, ``"playing"``) and compares equal to it."""

from __future__ import annotations

from enum import StrEnum


class SeatKind(StrEnum):
    """Who sits in a seat."""

    #: Anyone may take it (a person joins).
    OPEN = "open"
    #: Kept for the person of the previous game (rematch); claimed with their old token.
    RESERVED = "reserved"
    #: A person holds it (with a secret seat token).
    PERSON = "person"
    #: An agent plays it (chosen at creation, filling, or replacing a person).
    AGENT = "agent"


class TableStatus(StrEnum):
    """A table's life, as stored."""

    #: Seats are still open.
    WAITING = "waiting"
    #: The game is on.
    PLAYING = "playing"
    #: The game is finished (its record and replay are available).
    OVER = "over"


class Source(StrEnum):
    """Where a stored action came from."""

    #: A person's own move.
    PERSON = "person"
    #: An agent seat's move.
    AGENT = "agent"
    #: A rules timer ran out (a reaction window): the rules' default answer.
    TIMER = "timer"
    #: A person's per-move clock ran out: the table's fallback agent moved for them.
    CLOCK = "clock"
