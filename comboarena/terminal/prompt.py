"""Asking a person for a move: notation or a number from the menu; ``?`` lists
the moves and the game's own commands (``TextUI.commands()``, e.g. ``sheet``);
a typo gets a one-line explanation and the prompt again.

Where the rules put a time limit on the decision (``State.timer()``, e.g.
c-c-c-COMBO's counter window), the prompt shows the seconds left and gives up
at the deadline (:class:`TimeUp`); the caller then applies the timer's
expiry actions. A prompt may also end because the decision went away
(:class:`~comboarena.terminal.keyboard.WindowClosed`, raised by the reader).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.markup import escape

from comboarena.core import Action, ComboArenaError, Game
from comboarena.ui.textui import MenuItem, TextUI


class Quit(Exception):
    """The person asked to leave (``quit`` or Ctrl-D)."""


class TimeUp(Exception):
    """The time limit on the decision ran out before the person answered."""


Ask = Callable[[str], str]
#: Ask with a time limit in seconds: the text typed, or ``None`` when time ran out.
AskTimed = Callable[[str, float], str | None]

QUIT_WORDS = ("quit", "exit", "q")
HELP_WORDS = ("?", "help", "h")


def show_menu(console: Console, items: list[MenuItem]) -> None:
    parts = [f"[bold]{i}[/] {escape(item.label)}" for i, item in enumerate(items, 1)]
    console.print("  ".join(parts))


def show_help(console: Console, game: Game, ui: TextUI, legal: list[Action]) -> None:
    """``?``: the legal moves, the notation, the game's commands and the prompt's own words."""
    console.print("Legal moves: " + ", ".join(escape(str(a)) for a in legal))
    console.print(escape(game.info.notation))
    words = [(name, help_line) for name, (help_line, _) in sorted(ui.commands().items())]
    words += [("?", "this help"), ("? <name>", "what an ability, card or item does"), ("quit", "leave the game")]
    console.print("Commands: " + " · ".join(f"[bold]{escape(n)}[/] {escape(h)}" for n, h in words))


def read_action(
    console: Console,
    game: Game,
    ui: TextUI,
    legal: list[Action],
    ask: Ask,
    prompt: str = "your move",
    *,
    deadline: float | None = None,
    ask_timed: AskTimed | None = None,
    clock: Callable[[], float] = time.monotonic,
    view: dict[str, Any] | None = None,
    why: Callable[[Action], str | None] | None = None,
    misdirected: Callable[[Action], str | None] | None = None,
) -> Action:
    """Prompt until the person names a legal action; raises :class:`Quit`.

    With a ``deadline`` (a ``clock()`` time) and ``ask_timed``, every question
    is asked with the seconds left, and :class:`TimeUp` is raised when they run
    out. ``view`` (the seat's view) is what the game's commands render from;
    ``why(action)`` is the rules' reason an action is refused, said with the refusal.
    ``misdirected(action)`` says why a legal action may have been meant for an earlier
    screen (:meth:`TextUI.misdirected`): it is not taken, the person is told and asked
    again, and the same action typed next is taken.
    """
    confirmed: set[Action] = set()

    def take(action: Action) -> Action | None:
        """``action``, or ``None`` after saying why it waits for the person to type it again."""
        warning = misdirected(action) if misdirected is not None and action not in confirmed else None
        if warning is None:
            return action
        confirmed.add(action)
        console.print(f"[yellow]{escape(warning)}[/]")
        return None

    def question(text: str) -> str:
        if deadline is None or ask_timed is None:
            return ask(text)
        left = deadline - clock()
        answer = ask_timed(text, left) if left > 0 else None
        if answer is None:
            raise TimeUp
        return answer

    commands = ui.commands()
    items = ui.menu(legal)
    show_menu(console, items)
    while True:
        try:
            text = question(f"{prompt} (number, notation, ? for help, quit)> ").strip()
        except (EOFError, KeyboardInterrupt):
            raise Quit from None
        low = text.lower()
        if low in QUIT_WORDS:
            raise Quit
        if low in HELP_WORDS:
            show_help(console, game, ui, legal)
            show_menu(console, items)
            continue
        word, _, topic = low.partition(" ")
        if word in HELP_WORDS and topic.strip():
            shown = ui.explain(topic.strip(), view)
            if shown is None:
                console.print(f"[yellow]No help on {escape(topic.strip())!r}; type ? for the moves and commands.[/]")
            else:
                console.print(shown)
            continue
        if low in commands:
            _, render = commands[low]
            if view is None:
                console.print(f"[yellow]{escape(low)} is not available here.[/]")
            else:
                console.print(render(view))
            continue
        if not text:
            continue
        if text.isdigit():
            index = int(text)
            if not 1 <= index <= len(items):
                console.print(f"[yellow]Pick a number from 1 to {len(items)}, or type a move.[/]")
                continue
            item = items[index - 1]
            if len(item.actions) == 1 or item.complete is None:
                taken = take(item.actions[0])
                if taken is None:
                    continue
                return taken
            try:
                detail = question(f"{item.ask}> ").strip()
            except (EOFError, KeyboardInterrupt):
                raise Quit from None
            text = item.complete(detail)
        try:
            action = game.parse_action(text)
        except ComboArenaError as exc:
            console.print(f"[yellow]{escape(str(exc))}[/]")
            continue
        if action in legal:
            taken = take(action)
            if taken is None:
                continue
            return taken
        reason = why(action) if why is not None else None
        because = f": {reason}" if reason else ""
        console.print(
            f"[yellow]{escape(str(action))} is not legal now{escape(because)}. Type ? to list the legal moves.[/]"
        )
