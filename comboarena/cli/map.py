"""``comboarena map show FILE``: draw a 16 Bit Tactics map (a shipped one by name, or a map file)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

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
    from comboarena.games.bit_tactics.content import ContentError
    from comboarena.games.bit_tactics.maps import MODIFIER_NAMES, TERRAIN_NAMES, find_map
    from comboarena.games.bit_tactics.statuses import SKILLS
    from comboarena.games.bit_tactics.text import draw_map

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
    console.print(
        "Each square: height, then . open  ~ water  = deep water  # wall  D rune door  O boulder  S slope"
        "  , broken/thick/fast ground.  Blue: side 1 starts; red: side 2 starts."
    )
    if m.features:
        table = Table(title="Puzzles", box=None, header_style="bold")
        for col in ("square", "feature", "skill", "difficulty", "damage"):
            table.add_column(col)
        for f in m.features:
            table.add_row(
                m.square_name(f.square),
                TERRAIN_NAMES[f.kind] + (f" (slides {'nesw'[f.down]})" if f.down >= 0 else ""),
                SKILLS[f.skill],
                f"beat {f.tn}",
                str(f.damage or "-"),
            )
        console.print(table)
    mods = sorted({MODIFIER_NAMES[x] for x in m.mod if x})
    if mods:
        console.print("Modifiers on this map (MC + 1): " + ", ".join(mods))
