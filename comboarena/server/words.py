"""Events and results in words, for the browser's game log.

The words come from the game's plain-text narration (``game.narration()``:
``describe`` and ``result_line``), the same the terminal and ``replay`` use,
so every registered game has a readable log in the browser without writing
it twice; a game without one gets the generic wording. Nothing here needs rich.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from comboarena.core import Event, Game, Result
from comboarena.core.narration import Narration

log = logging.getLogger("comboarena.server")


class Words:
    """Turns one table's events into sentences for a given viewer."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.ui = _narration(game)

    @property
    def follows_table(self) -> bool:
        """Whether :meth:`follow` wants the spectator's view before events are described."""
        return self.ui.follows_table

    def follow(self, view: dict[str, Any]) -> None:
        """The table as the events about to be described left it (names of units, ...)."""
        self.ui.follow(view)

    def event(self, event: Event, viewer: int | None, names: Sequence[str]) -> str | None:
        """A sentence for ``event`` (already filtered for ``viewer``), or ``None`` to stay silent."""
        try:
            text = self.ui.describe(event, viewer, names)
        except Exception:  # a renderer bug must not break the table; fall back to plain words
            log.exception("describe() failed for %s event %r", self.game.name, event)
            text = None
            who = names[event.seat] if event.seat is not None and 0 <= event.seat < len(names) else "The game"
            text = f"{who}: {event.kind}"
        return None if text is None else str(text)

    def step(self, sentences: Sequence[str], seat: int | None, names: Sequence[str]) -> str:
        """What one step of a replay did, in words: its events' sentences (each ended
        with a full stop), or who moved when no event says anything.

        >>> Words.__new__(Words).step(["Ada played 5R (5 red) — sum 5", " Bob drew a card. "], 0, ["Ada", "Bob"])
        'Ada played 5R (5 red) — sum 5. Bob drew a card.'
        >>> Words.__new__(Words).step([], 1, ["Ada", "Bob"])
        'Bob made a move.'
        """
        said = [s.strip() for s in sentences if s and s.strip()]
        if said:
            return " ".join(s if s.endswith((".", "!", "?", "…")) else s + "." for s in said)
        who = names[seat] if seat is not None and 0 <= seat < len(names) else "The game"
        return f"{who} made a move."

    def start(self, names: Sequence[str]) -> str:
        """The first step of a replay: who sits where.

        >>> Words.__new__(Words).start(["Ada", "Random AI"])
        'The game begins: Ada, Random AI.'
        """
        return f"The game begins: {', '.join(names)}."

    def result(self, view: dict[str, Any], result: Result, names: Sequence[str]) -> str:
        """One line saying who won and why."""
        try:
            return str(self.ui.result_line(view, result, names))
        except Exception:
            log.exception("result_line() failed for %s", self.game.name)
            if result.is_draw:
                return f"Draw: {result.reason}."
            return f"{' and '.join(names[s] for s in result.winners)} won: {result.reason}."


def _narration(game: Game) -> Narration:
    """The game's narration, or the generic one when it fails to load."""
    try:
        return game.narration()
    except Exception:
        log.exception("cannot load the narration of %s; using generic words", game.name)
        return Narration(game)
