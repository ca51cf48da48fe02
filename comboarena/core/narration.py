"""A game's events and results in plain sentences.

One narration per game (``GameInfo.narration`` names its class, e.g.
``comboarena.games.sixteen.narration:SixteenNarration``), shared by the
terminal (:class:`comboarena.ui.TextUI`), the play server's feed and replays,
and ``comboarena replay``. It is plain text: no rich, nothing the server would
not otherwise import.

``names[seat]`` is :data:`~comboarena.core.grammar.YOU` for the one person at
a keyboard: write those sentences in the second person with the helpers of
:mod:`comboarena.core.grammar` (``verb``, ``plural``, ``possessive``, ``whom``).

>>> import comboarena as ca
>>> from comboarena.core import Event
>>> Narration(ca.make("sixteen")).describe(Event("chat", 1, {"text": "gg"}), None, ["Ada", "Bob"])
'Bob: chat (text gg)'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from .events import Event
from .result import Result

if TYPE_CHECKING:
    from .game import Game


class Narration:
    """Generic words: each event as its kind and data, each result as its winners and reason.
    A game subclasses it in its ``narration.py``."""

    #: Whether :meth:`follow` wants the table (a narration that names things by what is on
    #: the table, such as 16 Bit Tactics' units); callers skip making the view otherwise.
    follows_table: ClassVar[bool] = False

    def __init__(self, game: Game) -> None:
        self.game = game

    def follow(self, view: dict[str, Any]) -> None:
        """The table as it stands after the events about to be described (the spectator's
        view): whoever narrates a game's events hands it over first where
        :attr:`follows_table` is true. The default ignores it."""

    def describe(self, event: Event, viewer: int | None, names: Sequence[str]) -> str | None:
        """A sentence for ``event`` as ``viewer`` sees it, or ``None`` to stay silent."""
        who = names[event.seat] if event.seat is not None else "The game"
        details = ", ".join(f"{k} {v}" for k, v in event.data.items())
        return f"{who}: {event.kind}" + (f" ({details})" if details else "")

    def result_line(self, view: dict[str, Any], result: Result, names: Sequence[str]) -> str:
        """How the game ended, in one line."""
        if result.is_draw:
            return f"Draw: {result.reason}."
        return f"{' and '.join(names[s] for s in result.winners)} won: {result.reason}."


__all__ = ["Narration"]
