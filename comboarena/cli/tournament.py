"""``comboarena tournament GAME``: a tournament between agents, under the game's rules."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.markup import escape
from rich.table import Table

from comboarena.core import ComboArenaError, make
from comboarena.sim import BACKENDS, BackendError, check_backend, open_backend
from comboarena.sim.tournament import check_tournament, rules_of, run_tournament

from .common import OptionArg, app, build_game, console, fail

ENTRANT_HELP = (
    "an entrant: [NAME=]AGENT@FIGHTER,FIGHTER, e.g. alice=combo-fighter.heuristic@boris,grace (repeatable; "
    "default: one combo-fighter.heuristic for each pair of fighters)"
)


@app.command("tournament")
def tournament_cmd(
    game: Annotated[str, typer.Argument(help="game name, e.g. combo-fighter")],
    entrant: Annotated[list[str] | None, typer.Option("--entrant", "-e", help=ENTRANT_HELP)] = None,
    seed: Annotated[int, typer.Option(help="seed of the whole tournament")] = 0,
    matrix: Annotated[
        Path | None,
        typer.Option(help="a 'sim --matchups --out' report: entrants choose characters by its win rates"),
    ] = None,
    option: OptionArg = None,
    backend: Annotated[
        str, typer.Option(help=f"where games are played: {' or '.join(BACKENDS)} (one game at a time either way)")
    ] = "processes",
    address: Annotated[
        str | None, typer.Option(help="with --backend ray: a running cluster's address (default: RAY_ADDRESS)")
    ] = None,
) -> None:
    """Double elimination (rulebook tournament rules): each entrant brings two different
    fighters; per game a random Player 1 chooses which of Player 2's fighters to face,
    then Player 2 chooses. Prints the bracket, the standings and the winner."""
    try:
        check_backend(backend, None, address)
        g = build_game(game, option)
        rules = rules_of(g)
        roster = getattr(g, "roster", ())
        specs = entrant or [f"{a}+{b}={g.name}.heuristic@{a},{b}" for a, b in combinations(roster, 2)]
        entrants = [rules.parse_entrant(text, i) for i, text in enumerate(specs)]
        table = rules.load_matrix(matrix) if matrix is not None else None
        options = {k: v for k, v in g.options.items() if k != "fighters"}
        check_tournament(make(game, **options), entrants)
        with open_backend(backend, None, address) as where:  # Ray starts (or is missing) before any output
            console.print(
                f"[bold]{escape(g.info.title)} tournament[/] · double elimination · {len(entrants)} entrants "
                f"· seed {seed}"
            )
            for e in entrants:
                console.print(f"  {escape(e.label)}: {escape(e.agent)} with {', '.join(e.roster)}")
            console.print()

            def show(m: Any) -> None:
                console.print(escape(m.line()))

            bracket = run_tournament(game, options, entrants, seed=seed, matrix=table, on_match=show, backend=where)
    except (ComboArenaError, BackendError) as exc:
        raise fail(str(exc)) from None
    standings = Table(title="Standings", box=box.SIMPLE_HEAD, pad_edge=False)
    for col in ("place", "entrant", "fighters", "games won", "games lost"):
        standings.add_column(col)
    for place, e in enumerate(bracket.standings, 1):
        won = sum(1 for m in bracket.matches if m.winner is e and m.loser is not None)
        standings.add_row(str(place), e.label, ", ".join(e.roster), str(won), str(bracket.losses(e)))
    console.print()
    console.print(standings)
    console.print(f"[bold]Winner: {escape(bracket.champion.label)}[/] ({', '.join(bracket.champion.roster)})")
