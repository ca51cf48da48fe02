"""A table's seats: who sits where, seat tokens, and the seat changes a table
makes (join, fill, leave, replace, time-out strikes).

Each change is *planned* here as new :class:`SeatRow` values, stored by the
table, and only then *applied* with :meth:`Seats.put`, so a change that
cannot be stored changes nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from .catalog import agent_label
from .errors import TableError
from .kinds import SeatKind
from .store import SeatRow
from .tokens import clean_name, new_token, same_hash, token_hash, unique_name


class Seats:
    """The seats of one table, in seat order."""

    def __init__(self, rows: list[SeatRow], fallback: str) -> None:
        self.rows = rows
        self.fallback = fallback
        #: Token hashes of people who left before the game began (their seat reopened):
        #: leaving again is answered as done, not as a bad token.
        self._left: set[str] = set()

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, seat: int) -> SeatRow:
        return self.rows[seat]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.rows]

    def kind(self, seat: int) -> SeatKind:
        return self.rows[seat].kind

    def is_person(self, seat: int) -> bool:
        return self.rows[seat].kind == SeatKind.PERSON

    def is_agent(self, seat: int) -> bool:
        return self.rows[seat].kind == SeatKind.AGENT

    def of(self, kind: SeatKind) -> list[int]:
        return [s.seat for s in self.rows if s.kind == kind]

    def put(self, row: SeatRow) -> None:
        self.rows[row.seat] = row

    # -- tokens ------------------------------------------------------------------

    def for_token(self, token: str | None) -> int | None:
        """The seat whose token this is (person or replaced person), or ``None``."""
        if not token:
            return None
        h = token_hash(token)
        for s in self.rows:
            if same_hash(s.token_hash, h):
                return s.seat
        return None

    def has_left(self, token: str | None) -> bool:
        return bool(token) and token_hash(token) in self._left  # type: ignore[arg-type]

    # -- planned changes -----------------------------------------------------------

    def joining(self, seat: object, claim: str | None, name: object) -> tuple[SeatRow, str]:
        """The seat a person takes (an open one, the one asked for, or the rematch
        seat their ``claim`` token keeps), and its new secret token."""
        target = self._seat_to_join(seat, claim)
        row = self.rows[target]
        token = new_token()
        wanted = clean_name(name, row.name if row.kind == SeatKind.RESERVED else f"Player {target + 1}")
        updated = SeatRow(
            seat=target,
            kind=SeatKind.PERSON,
            name=unique_name(wanted, [s.name for s in self.rows if s.seat != target], target),
            token_hash=token_hash(token),
        )
        return updated, token

    def full_without(self, seat: int) -> bool:
        """Whether every other seat is taken (by a person or an agent)."""
        return all(s.kind in (SeatKind.PERSON, SeatKind.AGENT) for s in self.rows if s.seat != seat)

    def _seat_to_join(self, seat: object, claim: str | None) -> int:
        rows = self.rows
        if claim:
            h = token_hash(claim)
            for s in rows:
                if s.kind == SeatKind.RESERVED and same_hash(s.claim_hash, h):
                    return s.seat
            if seat is None:
                raise TableError("bad_token", "no seat here is kept for you")
        if seat is None:
            for s in rows:
                if s.kind == SeatKind.OPEN:
                    return s.seat
            raise TableError("seat_taken", "no open seat is left at this table")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(rows):
            raise TableError("bad_request", f"no seat {seat!r}; seats are the numbers 0..{len(rows) - 1}")
        kind = rows[seat].kind
        if kind == SeatKind.RESERVED:
            raise TableError("reserved", "that seat is kept for the player of the previous game (rematch)")
        if kind != SeatKind.OPEN:
            raise TableError("seat_taken", f"seat {seat} is taken")
        return seat

    def filling(self) -> list[SeatRow]:
        """The fallback agent in every open or kept seat (a seated person starts the game now)."""
        taken = [s.name for s in self.rows if s.kind in (SeatKind.PERSON, SeatKind.AGENT)]
        changed = []
        for s in self.rows:
            if s.kind in (SeatKind.OPEN, SeatKind.RESERVED):
                name = unique_name(agent_label(self.fallback), taken, s.seat)
                taken.append(name)
                changed.append(SeatRow(seat=s.seat, kind=SeatKind.AGENT, name=name, agent=self.fallback))
        return changed

    def opening(self, seat: int) -> SeatRow:
        """A person left before the game began: their seat opens again."""
        old = self.rows[seat]
        if old.token_hash:
            self._left.add(old.token_hash)
        return SeatRow(seat=seat, kind=SeatKind.OPEN, name="Open seat")

    def replacing(self, seat: int) -> SeatRow:
        """The zombie rule: the fallback agent plays a person's seat from now on (the name stays)."""
        old = self.rows[seat]
        return SeatRow(**{**old.values(), "kind": SeatKind.AGENT, "agent": self.fallback, "replaced": True})

    def striking(self, seat: int) -> SeatRow:
        """One more time-out for a person."""
        old = self.rows[seat]
        return SeatRow(**{**old.values(), "kind": old.kind, "strikes": old.strikes + 1})

    # -- what clients see ----------------------------------------------------------

    def public(self, connected: Callable[[int], bool]) -> list[dict[str, Any]]:
        """The seats as anyone may see them (no tokens)."""
        return [
            {
                "seat": s.seat,
                "kind": str(s.kind),
                "name": s.name,
                "agent": s.agent,
                "connected": s.kind == SeatKind.AGENT or connected(s.seat),
                "strikes": s.strikes,
                "replaced": s.replaced,
            }
            for s in self.rows
        ]


class Grace:
    """Grace periods: a person disconnected from a game in progress gets
    ``seconds`` to come back before ``expire(seat)`` runs."""

    def __init__(self, seconds: float, expire: Callable[[int], None]) -> None:
        self.seconds = seconds
        self.expire = expire
        self._handles: dict[int, asyncio.TimerHandle] = {}

    def start(self, seat: int) -> None:
        if seat in self._handles:
            return
        loop = asyncio.get_running_loop()
        self._handles[seat] = loop.call_later(self.seconds, self._over, seat)

    def _over(self, seat: int) -> None:
        self._handles.pop(seat, None)
        self.expire(seat)

    def cancel(self, seat: int) -> None:
        handle = self._handles.pop(seat, None)
        if handle:
            handle.cancel()

    def clear(self) -> None:
        for handle in self._handles.values():
            handle.cancel()
        self._handles.clear()
