"""``comboarena play GAME``: a game in the terminal."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from comboarena.agents import Agent, make_agent
from comboarena.core import ComboArenaError, Game, OptionError
from comboarena.core.grammar import plural
from comboarena.terminal import ReactionDelay, Session

from .common import GAME_HELP, OptionArg, app, build_game, check_output, console, fail

DELAY_HELP = (
    "seconds agents take to answer a real-time reaction window (c-c-c-COMBO's COUNTERs), "
    "drawn per decision from MIN-MAX and always inside the window; 0: at once"
)


@app.command("play")
def play_cmd(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    seat: Annotated[int, typer.Option(help="your seat (0 plays first)")] = 0,
    vs: Annotated[
        list[str] | None,
        typer.Option(
            help="agent for the other seats in order (repeatable; 'human' for another person at this keyboard: "
            "the screen is cleared and handed over before each person plays)"
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="seed for the deal")] = None,
    option: OptionArg = None,
    save: Annotated[
        Path | None, typer.Option(help="save the record here at the end (or when you quit: the game so far)")
    ] = None,
    name: Annotated[
        list[str] | None,
        typer.Option(
            help="your name in the record, and at the table when several people play "
            "(repeatable: then the other people's, in seat order)"
        ),
    ] = None,
    reaction_delay: Annotated[str, typer.Option(metavar="MIN-MAX", help=DELAY_HELP)] = "0.6-2",
) -> None:
    """Play GAME in the terminal against agents (or people at the same keyboard)."""
    try:
        if save is not None:
            check_output(save, "--save")  # now, not after the game
        delay = ReactionDelay.parse(reaction_delay)
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
        people = _people(seat, agents, name or [])
    except ComboArenaError as exc:
        raise fail(str(exc)) from None
    session = Session(g, agents, console=console, seed=seed, people=people, reaction_delay=delay)
    final = session.run()
    if save is not None:
        session.save(save)
    elif final is not None:
        session.offer_save()


def _default_opponent(g: Game) -> str:
    return f"{g.name}.heuristic" if "heuristic" in g.info.agents else "random"


def _people(seat: int, agents: list[Agent | None], names: list[str]) -> dict[int, str]:
    """``--name``s by seat: yours first, then the other people's in seat order."""
    seats = [seat] + [s for s, a in enumerate(agents) if a is None and s != seat]
    if len(names) > len(seats):
        raise OptionError(f"{len(names)} --name given for {plural(len(seats), 'person', 'people')} at the table")
    cleaned = [n.strip() for n in names]
    if any(not n for n in cleaned):
        raise OptionError("--name must not be empty")
    return dict(zip(seats, cleaned, strict=False))
