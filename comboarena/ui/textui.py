"""What a game supplies to be played in a terminal: a table rendering, words
for events, a menu of moves, and its own commands.

A game subclasses :class:`TextUI` in its ``text.py`` (named by
``GameInfo.text_ui``) and overrides what it needs:

- ``render(view, names)``: the table as the seat of ``view`` sees it.
- ``describe(event, viewer, names)``: a line in words for one event.
- ``menu(legal)``: the numbered moves (an entry may fold many actions).
- ``result_line(view, result, names)``: how the game ended.
- ``commands()``: extra words a person may type at the move prompt to see
  something, e.g. Combo Fighter's ``sheet`` (the Character Sheet). Each
  maps to a help line (listed by ``?``) and a function that renders it
  from the seat's view; typing one shows it and asks for the move again
  (it never uses up a move). Names are one lower-case word that is no
  move's notation and none of ``? help h quit exit q``.

``names[seat]`` is :data:`~comboarena.core.grammar.YOU` for the one
person at the keyboard: write those lines in the second person with the
helpers of :mod:`comboarena.core.grammar` (``verb``, ``plural``,
``possessive``, ``whom``).
"""

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


#: A game command: its help line, and what it shows, rendered from the seat's view.
Command = tuple[str, Callable[[dict[str, Any]], RenderableType]]


class TextUI:
    """Default rendering: the view as key/value lines, one menu entry per action, no commands."""

    def __init__(self, game: Game) -> None:
        self.game = game
        #: The game's words for events and results (plain text, shared with the server).
        self.narration = game.narration()
        #: Whether drawing the table may save files (16 Bit Tactics' campaign file after a
        #: victory): only a person's game (``comboarena play``) without ``--save`` sets it, never
        #: ``replay``; with ``--save`` the terminal saves the record at :meth:`checkpoint` instead.
        self.saves = False

    def intro(self) -> RenderableType | None:
        """What to show before the first move (e.g. the ruleset and options in force); ``None``: nothing."""
        return None

    def render(self, view: dict[str, Any], names: Sequence[str]) -> RenderableType:
        return Text("\n".join(f"{k}: {v}" for k, v in view.items() if k != "game"))

    def describe(self, event: Event, viewer: int | None, names: Sequence[str]) -> str | None:
        """A line in words for ``event`` as ``viewer`` sees it, or ``None`` to stay silent:
        the game's narration (shared with the server)."""
        return self.narration.describe(event, viewer, names)

    def menu(self, legal: list[Action]) -> list[MenuItem]:
        return [MenuItem(str(a), [a]) for a in legal]

    def commands(self) -> dict[str, Command]:
        """The game's own commands typed at the prompt: name -> (help line, render).

        >>> from rich.text import Text
        >>> class Demo(TextUI):
        ...     def commands(self):
        ...         return {"hand": ("your cards, sorted", lambda view: Text(" ".join(sorted(view["hand"]))))}
        >>> import comboarena as ca
        >>> help_line, show = Demo(ca.make("sixteen")).commands()["hand"]
        >>> show({"hand": ["5R", "0B"]}).plain
        '0B 5R'
        """
        return {}

    def explain(self, topic: str, view: dict[str, Any] | None) -> RenderableType | None:
        """``? <topic>`` or ``help <topic>`` at the prompt: what ``topic`` (an ability,
        a card, a rule's name) is and does, or ``None`` when the game knows no such topic."""
        return None

    def checkpoint(self, view: dict[str, Any]) -> str | None:
        """A name for the point the game has reached when a person's saved game should be
        written at once (16 Bit Tactics: the camp after a campaign's battle won), else ``None``.
        The terminal saves the record to ``play --save``'s file once per point."""
        return None

    def misdirected(
        self, action: Action, view: dict[str, Any], before: dict[str, Any] | None, last: Action | None
    ) -> str | None:
        """Why ``action``, typed at a prompt drawn for ``view``, may have been meant for the
        seat's previous prompt (drawn for ``before``, answered with ``last``), or ``None``.

        The terminal then says so and asks again; the same move typed again is taken. 16 Bit
        Tactics: an ``end`` typed for a unit whose turn ended by itself would end the next
        unit's turn, one the person has not been shown yet.
        """
        return None

    def result_line(self, view: dict[str, Any], result: Any, names: Sequence[str]) -> str:
        """How the game ended: the game's narration."""
        return self.narration.result_line(view, result, names)
