"""``comboarena games`` and ``comboarena rules GAME``."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from comboarena.agents import describe_agents
from comboarena.core import ComboArenaError, game_class, games

from .common import GAME_HELP, app, console, fail, players_text, show


@app.command("games")
def games_cmd() -> None:
    """List the games and their options."""
    table = Table(title="Games")
    table.add_column("name", style="bold")
    table.add_column("title")
    table.add_column("players")
    table.add_column("options (default)")
    for name in games():
        info = game_class(name).info
        players = players_text(name)
        opts = ", ".join(f"{o.name}={show(o.default)}" for o in info.options)
        table.add_row(name, info.title, players, opts)
    console.print(table)


@app.command("rules")
def rules_cmd(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    fighter: Annotated[
        str | None,
        typer.Option("--fighter", help="show this fighter's Character Sheet and Power Token (e.g. combo-fighter)"),
    ] = None,
) -> None:
    """Rules summary, options, move notation and agents of GAME."""
    try:
        cls = game_class(game)
        g = cls()
    except ComboArenaError as exc:
        raise fail(str(exc)) from None
    if fighter is not None:
        _fighter_sheet(g, game, fighter)
        return
    info = cls.info
    console.print(Panel(info.summary, title=f"[bold]{info.title}[/]", expand=False))
    table = Table(title="Options (comboarena play/sim ... -o name=value)")
    for col in ("option", "default", "allowed", "meaning"):
        table.add_column(col)
    for o in info.options:
        table.add_row(o.name, show(o.default), o.allowed(), o.help)
    console.print(table)
    console.print(Panel(escape(info.notation), title="Move notation", expand=False))
    console.print("Agents (name:option=default...; --vs/--agents take e.g. ismcts:iters=200):")
    for line in describe_agents(g):
        console.print("  " + escape(line), soft_wrap=True)
    console.print(
        f"Rulebook: ../shared/rules/{info.rulebook} · rule-by-rule notes: docs/rules/{info.name}.md"
    )


def _fighter_sheet(g: Any, game: str, fighter: str) -> None:
    """``rules GAME --fighter ID``: the game's text UI renders the sheet (games with fighters)."""
    sheet = getattr(g.text_ui(), "fighter_sheet", None)
    if sheet is None:
        raise fail(f"{game} has no fighters; --fighter is for games with Character Sheets (combo-fighter)")
    try:
        console.print(sheet(fighter))
    except ComboArenaError as exc:
        raise fail(str(exc)) from None
