"""``comboarena play GAME``: a game in the terminal."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from comboarena.agents import Agent, make_agent
from comboarena.core import ComboArenaError, Game, OptionError, Record, RecordError, State, game_class
from comboarena.core.grammar import plural
from comboarena.core.replay import replay
from comboarena.terminal import ReactionDelay, Session

from .common import GAME_HELP, OptionArg, app, build_game, check_output, console, fail

DELAY_HELP = (
    "seconds agents take to answer a real-time reaction window (c-c-c-COMBO's COUNTERs), "
    "drawn per decision from MIN-MAX and always inside the window; 0: at once"
)

RESUME_HELP = (
    "go on with a game saved with --save (its record, JSON): a 16 Bit Tactics campaign saved at camp "
    "or left mid-battle, or any game left before its end; it is saved back to that file (or to --save)"
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
        Path | None,
        typer.Option(
            help="save the record here at the end (or when you quit: the game so far; a 16 Bit Tactics "
            "campaign also at each camp); go on with it later with --resume"
        ),
    ] = None,
    name: Annotated[
        list[str] | None,
        typer.Option(
            help="your name in the record, and at the table when several people play "
            "(repeatable: then the other people's, in seat order)"
        ),
    ] = None,
    reaction_delay: Annotated[str, typer.Option(metavar="MIN-MAX", help=DELAY_HELP)] = "0.6-2",
    resume: Annotated[Path | None, typer.Option(help=RESUME_HELP)] = None,
) -> None:
    """Play GAME in the terminal against agents (or people at the same keyboard)."""
    start: State | None = None
    try:
        if resume is not None:
            start = _resumed(game, resume, option, seed)
            save = save if save is not None else resume
        if save is not None:
            check_output(save, "--save")  # now, not after the game
        delay = ReactionDelay.parse(reaction_delay)
        g = start.game if start is not None else build_game(game, option)
        if save is not None and save != resume and save.exists() and getattr(g, "campaign", None) is not None:
            _may_overwrite(save, g)
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
    session = Session(
        g, agents, console=console, seed=seed, people=people, reaction_delay=delay, state=start, save_path=save
    )
    if start is not None:
        console.print(f"Going on with {escape(str(resume))}: {plural(len(start.history), 'move')} so far.")
    final = session.run()
    if save is not None:
        session.save(save)
    elif final is not None or getattr(g, "campaign", None) is not None:
        session.offer_save()  # a campaign left at camp or mid-battle: what was decided is kept if saved


def _resumed(game: str, path: Path, option: list[str] | None, seed: int | None) -> State:
    """The game a saved record (``--save``) reached, to go on from; raises :class:`ComboArenaError`."""
    if option:
        raise OptionError("--resume goes on with the options in the record; leave out -o")
    if seed is not None:
        raise OptionError("--resume goes on with the dice of the record; leave out --seed")
    record = Record.load(path)
    name = game_class(game).info.name
    if record.game != name:
        raise RecordError(f"{path} is a record of {record.game}, not of {name}")
    state = replay(record)
    if state.is_over:
        raise RecordError(f"{path}: that game is over; see how it ended with: comboarena replay {path}")
    return state


def _may_overwrite(save: Path, g: Game) -> None:
    """Ask before a new campaign overwrites a saved game; without a person to ask, refuse."""
    again = f"go on with it (comboarena play {g.name} --resume {save}) or give another --save file"
    if not sys.stdin.isatty():
        raise OptionError(f"--save {save} already exists (a saved game?); {again}")
    try:
        answer = console.input(f"{save} already exists (a saved game?). Overwrite it? [y/N] ", markup=False)
    except (EOFError, KeyboardInterrupt):
        answer = ""
    if answer.strip().lower() not in ("y", "yes"):
        raise OptionError(f"not overwritten: {save}; {again}")


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
