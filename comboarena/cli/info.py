"""``comboarena games`` and ``comboarena rules GAME``."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from comboarena.agents import agent_names
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
def rules_cmd(game: Annotated[str, typer.Argument(help=GAME_HELP)]) -> None:
    """Rules summary, options, move notation and agents of GAME."""
    try:
        cls = game_class(game)
        g = cls()
    except ComboArenaError as exc:
        raise fail(str(exc)) from None
    info = cls.info
    console.print(Panel(info.summary, title=f"[bold]{info.title}[/]", expand=False))
    table = Table(title="Options (comboarena play/sim ... -o name=value)")
    for col in ("option", "default", "allowed", "meaning"):
        table.add_column(col)
    for o in info.options:
        table.add_row(o.name, show(o.default), o.allowed(), o.help)
    console.print(table)
    console.print(Panel(escape(info.notation), title="Move notation", expand=False))
    console.print("Agents: " + ", ".join(agent_names(g)))
    console.print(
        f"Rulebook: ../shared/rules/{info.rulebook} · rule-by-rule notes: docs/rules/{info.name}.md"
    )
