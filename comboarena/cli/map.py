"""``comboarena map show FILE``: draw a 16 Bit Tactics map (a shipped one by name, or a map file)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape

from comboarena.games.bit_tactics.content import ContentError
from comboarena.games.bit_tactics.maps import find_map
from comboarena.games.bit_tactics.text import draw_map, map_legend

from .common import app, console, fail

map_app = typer.Typer(help="16 Bit Tactics maps: draw one, check a map file.", no_args_is_help=True)
app.add_typer(map_app, name="map")


@map_app.command("show")
def show_cmd(
    file: Annotated[
        str, typer.Argument(help="a map file (.txt) or a shipped map: crossing, keep, cliffside, marsh, chasm")
    ],
) -> None:
    """Draw a map: height and terrain of each square, deployment zones, features, objective.
    A map file with a mistake gets the file, line and what is allowed."""
    try:
        m = find_map(file)
    except ContentError as exc:
        raise fail(str(exc)) from None
    objective = {
        "rout": "rout: defeat every foe",
        "reach": f"reach {m.square_name(m.objective_arg)} (side 1)",
        "survive": f"survive {m.objective_arg} rounds (side 1)",
    }[m.objective]
    console.print(f"[bold]{escape(m.title)}[/] — {m.width}x{m.height}, objective: {objective}")
    if m.text:
        console.print(escape(m.text))
    console.print(draw_map(m, zones=True))
    console.print(map_legend(m, zones=True))
