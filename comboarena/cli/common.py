"""Shared pieces of the command line: the app, consoles, option parsing, errors."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from typer.core import TyperGroup

from comboarena.core import ComboArenaError, Game, OptionError, game_class, games, make, parse_option_texts
from comboarena.core.options import typed


def _and(words: list[str], last: str = "and") -> str:
    """``a, b and c``."""
    return words[0] if len(words) < 2 else f"{', '.join(words[:-1])} {last} {words[-1]}"


class _GamesGroup(TyperGroup):
    """The top command; its help names the games registered now (it is written
    when help is shown, so that listing games does not import them on every run)."""

    @property  # type: ignore[override]
    def help(self) -> str:
        titles = [game_class(name).info.title for name in games()]
        return f"Combo Arena: play, simulate and study {_and(titles)}."

    @help.setter
    def help(self, value: str | None) -> None:
        pass  # the text above is always the one shown


app = typer.Typer(
    cls=_GamesGroup,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
err = Console(stderr=True)

OptionArg = Annotated[list[str] | None, typer.Option("--option", "-o", help="game option name=value (repeatable)")]
GAME_HELP = f"game name: {_and(games(), 'or')}"


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print a one-line error (no traceback) and return the Exit to raise."""
    err.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    return typer.Exit(code)


def build_game(name: str, option_texts: list[str] | None) -> Game:
    """The game ``name`` with ``-o name=value`` options."""
    cls = game_class(name)
    options = parse_option_texts(name, cls.info.options, option_texts or [])
    return make(name, **options)


def check_output(path: Path, flag: str) -> None:
    """Refuse, before any work starts, a path that a file cannot be written to:
    a folder, a folder that does not exist, no permission. Raises :class:`OptionError`.

    The check opens the file for appending (which changes nothing in it) and
    removes it again if it did not exist, so whatever would stop the final
    write (read-only disk, permissions, a name too long) is found now.
    """
    if path.is_dir():
        raise OptionError(f"{flag} {path} is a folder; give a file name, e.g. {path / 'out.json'}")
    parent = path.parent
    if not parent.is_dir():
        what = "is not a folder" if parent.exists() else "does not exist"
        raise OptionError(f"{flag} {path}: the folder {parent} {what}")
    existed = path.exists()
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise OptionError(f"{flag} {path}: cannot write there ({exc.strerror or exc})") from None
    if not existed:
        path.unlink(missing_ok=True)


def player_counts(name: str) -> list[int]:
    """The numbers of players ``name`` can be played with: its ``players`` option's
    values where it has one (Sixteen: ``[2, 4]``; 16 Combos: ``[2, 3, 4]``), else
    every combination of its options that have a list of values (Combo Fighter's
    modes: ``[2, 4]``)."""
    cls = game_class(name)
    info = cls.info
    players = next((o for o in info.options if o.name == "players"), None)
    if players is not None and players.choices:
        return sorted(players.choices)
    if players is not None and players.minimum is not None and players.maximum is not None:
        return list(range(int(players.minimum), int(players.maximum) + 1))
    listed = [o for o in info.options if o.choices]
    combos = list(itertools.islice(itertools.product(*(o.choices or () for o in listed)), 256))
    counts = set()
    for values in combos:
        try:
            counts.add(cls(**{o.name: v for o, v in zip(listed, values, strict=True)}).players)
        except ComboArenaError:
            continue  # a combination the game refuses (it says why when chosen)
    return sorted(counts) or list(range(info.min_players, info.max_players + 1))


def players_text(name: str) -> str:
    """``2``, ``2 or 4``, ``2-5``: how many players ``name`` takes."""
    counts = player_counts(name)
    if len(counts) > 2 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return _and([str(c) for c in counts], "or")


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
    """An option value as it is typed after ``-o name=``."""
    return typed(value)
