"""Applying and storing moves: the authoritative game of one table.

A move is checked by the engine on a clone of the state, stored, and only
then swapped in, so a refused move, a bug in a game or a storage failure
leaves the table exactly as it was.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from comboarena.core import ComboArenaError, Event, Game, State

from .errors import TableError
from .feed import Batch
from .kinds import Source
from .store import ActionRow, SeatRow, Store, Write

log = logging.getLogger("comboarena.server")


@dataclass
class Move:
    """A checked move, not yet stored."""

    seat: int
    notation: str
    state: State
    events: list[Event]
    result: dict[str, Any] | None


class Play:
    """The game of one table: its state, version (actions so far), and who last moved when."""

    def __init__(self, table_id: str, game: Game, state: State, write: Callable[[Write], Awaitable[None]]) -> None:
        self.table_id = table_id
        self.game = game
        self.state = state
        self.version = 0
        self.write = write
        #: seat -> the version its own last action made (to refuse a repeated click).
        self.acted: dict[int, int] = {}

    def replayed(self, seat: int, notation: str) -> list[Event]:
        """Re-apply a stored action (restoring a table)."""
        events = self.state.apply(seat, notation)
        self.version += 1
        self.acted[seat] = self.version
        return events

    def check(self, seat: int, text: str, version: int | None) -> Move:
        """The engine's verdict on ``text`` by ``seat``; raises :class:`TableError` saying why not."""
        if self.state.is_over:
            raise TableError("over", "the game is over")
        if version is not None and (version > self.version or version < self.acted.get(seat, 0)):
            # The client had not yet seen its own last move: this is a repeat (a double
            # click, a resend). Moves by others in between are fine: the engine judges.
            raise TableError(
                "stale",
                f"you already moved since the table you saw (now at move {self.version}, you saw {version}); "
                "nothing was played",
            )
        try:
            action = self.game.parse_action(text)
            new = self.state.clone()
            events = new.apply(seat, action)
        except ComboArenaError as exc:
            raise TableError("illegal", str(exc)) from None
        except Exception:
            log.exception("table %s: the engine failed on seat %s playing %r", self.table_id, seat, text)
            raise TableError("internal", "the game engine could not handle that move; nothing was played") from None
        result = new.result().to_dict() if new.is_over else None
        return Move(seat, str(action), new, events, result)

    async def store(self, move: Move, source: Source, seat_row: SeatRow | None = None) -> Batch:
        """Store ``move`` (with a seat change, e.g. a time-out strike), then make it the table's state.

        Raises :class:`TableError` ``storage`` when it cannot be stored: then nothing happened.
        """
        row = ActionRow(self.table_id, self.version, move.seat, move.notation, str(source), move.result, seat_row)
        await self.write(Store.op_append_action(row))
        # Stored: from here on the move has happened.
        self.state = move.state
        self.version += 1
        self.acted[move.seat] = self.version
        return Batch(self.version, move.events)
