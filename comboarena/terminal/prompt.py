"""Asking a person for a move: notation or a number from the menu; ``?`` lists
the moves; a typo gets a one-line explanation and the prompt again."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

from comboarena.core import Action, ComboArenaError, Game

from .textui import MenuItem, TextUI


class Quit(Exception):
    """The person asked to leave (``quit`` or Ctrl-D)."""


Ask = Callable[[str], str]


def show_menu(console: Console, items: list[MenuItem]) -> None:
    parts = [f"[bold]{i}[/] {escape(item.label)}" for i, item in enumerate(items, 1)]
    console.print("  ".join(parts))


def read_action(
    console: Console, game: Game, ui: TextUI, legal: list[Action], ask: Ask, prompt: str = "your move"
) -> Action:
    """Prompt until the person names a legal action; raises :class:`Quit`."""
    items = ui.menu(legal)
    show_menu(console, items)
    while True:
        try:
            text = ask(f"{prompt} (number, notation, ? for help, quit)> ").strip()
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
                detail = ask(f"{item.ask}> ").strip()
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
