"""A table's feed: who is connected, what each connection is sent, and the
recent events kept for reconnect catch-up.

Cost is what matters here: a busy table has hundreds of spectators. So an
update is rendered once per seat (spectators share one text), a spectator's
catch-up is built once per version, and presence (someone connected, left,
took or gave up a seat) reaches watchers *coalesced*: at most one ``table``
message per ``presence_interval`` seconds per table, carrying the current
table and every notice since the last one, instead of one message to every
socket for every connection.
"""

from __future__ import annotations

import asyncio
import json
from collections import deque
from typing import TYPE_CHECKING, Any, Protocol

from comboarena.core import Event

if TYPE_CHECKING:
    from .live import LiveTable


class Subscriber(Protocol):
    """A live connection watching a table (see :mod:`comboarena.server.ws`)."""

    seat: int | None

    def deliver(self, text: str) -> None:
        """Queue ``text`` for sending; never blocks."""


class Batch:
    """The events of action number ``version`` (1-based), unfiltered; filtered per viewer when sent."""

    __slots__ = ("events", "version")

    def __init__(self, version: int, events: list[Event]) -> None:
        self.version = version
        self.events = events


#: A batch kept for catch-up: ``(version, events as JSON text)``. Text holds no
#: references, so hundreds of tables' recent events add nothing to the garbage
#: collector's passes (which pause the event loop).
Kept = tuple[int, str]


def keep(batch: Batch) -> Kept:
    packed = [
        [e.kind, e.seat, e.data, list(e.private[0]) if e.private else None, e.private[1] if e.private else None]
        for e in batch.events
    ]
    # default=str: a game whose event data is not pure JSON must not break the table.
    return (batch.version, json.dumps(packed, separators=(",", ":"), default=str))


def unkeep(kept: Kept) -> Batch:
    version, text = kept
    events = [
        Event(kind, seat, data, None if seats is None else (tuple(seats), extra))
        for kind, seat, data, seats, extra in json.loads(text)
    ]
    return Batch(version, events)


def dump(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


class Feed:
    """The connections of one table, grouped by seat (``None``: spectators)."""

    def __init__(self, table: LiveTable, catchup: int, presence_interval: float) -> None:
        self.table = table
        self.groups: dict[int | None, set[Subscriber]] = {}
        self.batches: deque[Kept] = deque(maxlen=max(1, catchup))
        self.presence_interval = presence_interval
        self._notices: list[str] = []
        self._presence: asyncio.TimerHandle | None = None
        self._last_presence = float("-inf")
        self._spectator_catchup: tuple[int, list[dict[str, Any]]] | None = None

    # -- who is here -------------------------------------------------------------

    def __contains__(self, sub: Subscriber) -> bool:
        return sub in self.groups.get(sub.seat, ())

    def __len__(self) -> int:
        return sum(len(g) for g in self.groups.values())

    @property
    def spectators(self) -> int:
        return len(self.groups.get(None, ()))

    def connected(self, seat: int) -> bool:
        return bool(self.groups.get(seat))

    def add(self, sub: Subscriber) -> None:
        self.groups.setdefault(sub.seat, set()).add(sub)

    def remove(self, sub: Subscriber) -> bool:
        """Forget ``sub``; returns whether it was here."""
        group = self.groups.get(sub.seat)
        if not group or sub not in group:
            return False
        group.discard(sub)
        if not group:
            del self.groups[sub.seat]
        return True

    def everyone(self) -> list[Subscriber]:
        return [s for g in self.groups.values() for s in g]

    # -- catch-up ----------------------------------------------------------------

    def kept(self, batch: Batch) -> None:
        self.batches.append(keep(batch))

    def welcome(self, seat: int | None, since: int | None) -> dict[str, Any]:
        """The first message after ``hello``: catch-up from ``since`` when every
        missed action is still in memory, else ``full`` (the view is always current)."""
        table = self.table
        version = table.version
        oldest = self.batches[0][0] if self.batches else version + 1
        full = since is None or since > version or since + 1 < oldest
        start = oldest if full else since + 1  # type: ignore[operator]
        if seat is None and full:
            events = self._spectators_full()
        else:
            events = []
            for kept in self.batches:
                if kept[0] >= start:
                    events.extend(table.events_payload(unkeep(kept), seat))
        return {
            "type": "welcome",
            "seat": seat,
            "full": full,
            "since": since,
            "table": table.meta(),
            "events": events,
            "chat": table.chat_log.latest(),
            **table.snapshot(seat),
        }

    def _spectators_full(self) -> list[dict[str, Any]]:
        """A spectator's whole catch-up, rendered once per version (many spectators arrive together)."""
        version = self.table.version
        if self._spectator_catchup is None or self._spectator_catchup[0] != version:
            events: list[dict[str, Any]] = []
            for kept in self.batches:
                events.extend(self.table.events_payload(unkeep(kept), None))
            self._spectator_catchup = (version, events)
        return self._spectator_catchup[1]

    # -- sending -----------------------------------------------------------------

    def update(self, batch: Batch) -> None:
        """After an action: each seat its own events, view and legal moves."""
        for seat, subs in list(self.groups.items()):
            msg = {"type": "update", "events": self.table.events_payload(batch, seat), **self.table.snapshot(seat)}
            text = dump(msg)
            for sub in list(subs):
                sub.deliver(text)

    def sync(self) -> None:
        """A fresh picture for everyone after seats changed (the game began, a seat was
        replaced): what each seat may do has changed without an action."""
        meta = self.table.meta()
        for seat, subs in list(self.groups.items()):
            text = dump({"type": "sync", "table": meta, **self.table.snapshot(seat)})
            for sub in list(subs):
                sub.deliver(text)

    def timers(self) -> None:
        for seat, subs in list(self.groups.items()):
            text = dump({"type": "timers", "version": self.table.version, "timers": self.table.timers_for(seat)})
            for sub in list(subs):
                sub.deliver(text)

    def broadcast(self, message: dict[str, Any]) -> None:
        text = dump(message)
        for sub in self.everyone():
            sub.deliver(text)

    def presence(self, notice: str | None = None) -> None:
        """Seats or connections changed: a ``table`` message reaches everyone soon,
        coalesced with any other change in the same ``presence_interval``."""
        if notice:
            self._notices.append(notice)
        if self._presence is not None or self.table.closed:
            return
        loop = asyncio.get_running_loop()
        wait = max(0.0, self._last_presence + self.presence_interval - loop.time())
        self._presence = loop.call_later(wait, self._send_presence)

    def _send_presence(self) -> None:
        self._presence = None
        self._last_presence = asyncio.get_running_loop().time()
        notices, self._notices = self._notices, []
        if not self.groups:
            return
        msg: dict[str, Any] = {"type": "table", "table": self.table.meta()}
        if notices:
            msg["notice"] = " ".join(notices)
            msg["notices"] = notices
        self.broadcast(msg)

    def close(self) -> None:
        if self._presence is not None:
            self._presence.cancel()
            self._presence = None
