"""``comboarena play GAME``: a game in the terminal."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from comboarena.agents import Agent, make_agent
from comboarena.core import ComboArenaError, Game, OptionError

from .common import OptionArg, app, build_game, console, fail


@app.command("play")
def play_cmd(
    game: Annotated[str, typer.Argument(help="game name, e.g. sixteen")],
    seat: Annotated[int, typer.Option(help="your seat (0 plays first)")] = 0,
    vs: Annotated[
        list[str] | None,
        typer.Option(help="agent for the other seats in order (repeatable; 'human' for another person)"),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="seed for the deal")] = None,
    option: OptionArg = None,
    save: Annotated[Path | None, typer.Option(help="save the record here at the end")] = None,
) -> None:
    """Play GAME in the terminal against agents (or people at the same keyboard)."""
    from comboarena.terminal import Session

    try:
        g = build_game(game, option)
        if not 0 <= seat < g.players:
            raise OptionError(f"--seat must be 0..{g.players - 1} for {g.players} players")
        specs = list(vs or [_default_opponent(g)])
        others = [s for s in range(g.players) if s != seat]
        while len(specs) < len(others):
            specs.append(specs[-1])
        if len(specs) > len(others):
            raise OptionError(f"{len(specs)} --vs agents given for {len(others)} other seats")
        agents: list[Agent | None] = [None] * g.players
        for s, spec in zip(others, specs, strict=True):
            agents[s] = None if spec.strip() == "human" else make_agent(spec, g)
    except ComboArenaError as exc:
        raise fail(str(exc)) from None
    session = Session(g, agents, console=console, seed=seed)
    final = session.run()
    if final is not None:
        session.offer_save(str(save) if save else None)


def _default_opponent(g: Game) -> str:
    return f"{g.name}.heuristic" if "heuristic" in g.info.agents else "random"
