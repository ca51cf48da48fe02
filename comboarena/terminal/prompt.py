"""Asking a person for a move: notation or a number from the menu; ``?`` lists
the moves; a typo gets a one-line explanation and the prompt again.

Where the rules put a time limit on the decision (``State.timer()``, e.g.
c-c-c-COMBO's counter window), the prompt shows the seconds left and gives up
at the deadline (:class:`TimeUp`); the caller then applies the timer's
expiry actions.
"""

from __future__ import annotations

import math
import os
import select
import sys
import time
from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

from comboarena.core import Action, ComboArenaError, Game

from .textui import MenuItem, TextUI


class Quit(Exception):
    """The person asked to leave (``quit`` or Ctrl-D)."""


class TimeUp(Exception):
    """The time limit on the decision ran out before the person answered."""


Ask = Callable[[str], str]
#: Ask with a time limit in seconds: the text typed, or ``None`` when time ran out.
AskTimed = Callable[[str, float], str | None]


def show_menu(console: Console, items: list[MenuItem]) -> None:
    parts = [f"[bold]{i}[/] {escape(item.label)}" for i, item in enumerate(items, 1)]
    console.print("  ".join(parts))


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
) -> Action:
    """Prompt until the person names a legal action; raises :class:`Quit`.

    With a ``deadline`` (a ``clock()`` time) and ``ask_timed``, every question
    is asked with the seconds left, and :class:`TimeUp` is raised when they run
    out.
    """

    def question(text: str) -> str:
        if deadline is None or ask_timed is None:
            return ask(text)
        left = deadline - clock()
        answer = ask_timed(text, left) if left > 0 else None
        if answer is None:
            raise TimeUp
        return answer

    items = ui.menu(legal)
    show_menu(console, items)
    while True:
        try:
            text = question(f"{prompt} (number, notation, ? for help, quit)> ").strip()
        except (EOFError, KeyboardInterrupt):
            raise Quit from None
        low = text.lower()
        if low in ("quit", "exit", "q"):
            raise Quit
        if low in ("?", "help", "h"):
            console.print("Legal moves: " + ", ".join(escape(str(a)) for a in legal))
            console.print(escape(game.info.notation))
            show_menu(console, items)
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
                return item.actions[0]
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
            return action
        console.print(f"[yellow]{escape(str(action))} is not legal now. Type ? to list the legal moves.[/]")


def countdown_input(console: Console) -> AskTimed | None:
    """A timed reader for a real terminal: the prompt shows the whole seconds
    left, counting down as the person types, and ``None`` comes back when they
    run out. ``None`` where standard input is not a POSIX terminal (pipes,
    tests): there the prompt waits without a limit."""
    try:
        import termios
        import tty

        fd = sys.stdin.fileno()
    except (ImportError, AttributeError, OSError, ValueError):
        return None
    if not os.isatty(fd):
        return None

    def ask(prompt: str, seconds: float) -> str | None:
        out = console.file
        end = time.monotonic() + seconds
        typed: list[str] = []
        shown = -1
        old = termios.tcgetattr(fd)
        try:
            tty.setcbreak(fd)  # one key at a time, no echo; Ctrl-C still interrupts
            while True:
                left = end - time.monotonic()
                if left <= 0:
                    out.write("\n")
                    return None
                if math.ceil(left) != shown:
                    shown = math.ceil(left)
                    out.write(f"\r\x1b[K[{shown}s] {prompt}{''.join(typed)}")
                    out.flush()
                ready, _, _ = select.select([fd], [], [], min(left, 0.1))
                if not ready:
                    continue
                key = os.read(fd, 1).decode(errors="ignore")
                if key in ("\n", "\r"):
                    out.write("\n")
                    return "".join(typed)
                if key == "\x04":
                    raise EOFError
                if key in ("\x7f", "\b"):
                    if typed:
                        typed.pop()
                        out.write("\b \b")
                elif key.isprintable():
                    typed.append(key)
                    out.write(key)
                out.flush()
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, old)

    return ask
