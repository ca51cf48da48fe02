"""What a game supplies to be played in a terminal: a table rendering, words
for events, and a menu of moves."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from comboarena.core import Action, Event, Game


@dataclass
class MenuItem:
    """One numbered entry of the move menu.

    An entry may stand for several actions (a wild's 28 declarations); picking
    it then asks ``ask`` and builds the notation with ``complete``.
    """

    label: str
    actions: list[Action]
    ask: str = ""
    complete: Callable[[str], str] | None = field(default=None, repr=False)


class TextUI:
    """Default rendering: the view as key/value lines, one menu entry per action."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def intro(self) -> RenderableType | None:
        """What to show before the first move (e.g. the ruleset and options in force); ``None``: nothing."""
        return None

    def render(self, view: dict[str, Any], names: Sequence[str]) -> RenderableType:
        return Text("\n".join(f"{k}: {v}" for k, v in view.items() if k != "game"))

    def describe(self, event: Event, viewer: int | None, names: Sequence[str]) -> str | None:
        """A line in words for ``event`` as ``viewer`` sees it, or ``None`` to stay silent."""
        who = names[event.seat] if event.seat is not None else "The game"
        details = ", ".join(f"{k} {v}" for k, v in event.data.items())
        return f"{who}: {event.kind}" + (f" ({details})" if details else "")

    def menu(self, legal: list[Action]) -> list[MenuItem]:
        return [MenuItem(str(a), [a]) for a in legal]

    def result_line(self, view: dict[str, Any], result: Any, names: Sequence[str]) -> str:
        if result.is_draw:
            return f"Draw: {result.reason}."
        return f"{' and '.join(names[s] for s in result.winners)} won: {result.reason}."
