"""Shared pieces of the command line: the app, consoles, option parsing, errors."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from comboarena.core import Game, game_class, make, parse_option_texts

app = typer.Typer(
    help="Combo Arena: play, simulate and study Sixteen, c-c-c-COMBO, Combo Fighter, 16 Combos and 16 Bit Tactics.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
err = Console(stderr=True)

OptionArg = Annotated[list[str] | None, typer.Option("--option", "-o", help="game option name=value (repeatable)")]


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print a one-line error (no traceback) and return the Exit to raise."""
    err.print(f"[bold red]error:[/] {escape(message)}")
    return typer.Exit(code)


def build_game(name: str, option_texts: list[str] | None) -> Game:
    """The game ``name`` with ``-o name=value`` options."""
    cls = game_class(name)
    options = parse_option_texts(name, cls.info.options, option_texts or [])
    return make(name, **options)


def progress_bar() -> Progress:
    """The progress bar of long runs (on stderr, gone when done)."""
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    return Progress(*columns, console=err, transient=True)


def show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
