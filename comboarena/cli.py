"""The ``comboarena`` command: games, rules, play, sim, replay."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from comboarena.agents import Agent, agent_names, make_agent
from comboarena.core import ComboArenaError, Game, OptionError, Record, game_class, games, make, parse_option_texts
from comboarena.core.record import replay as replay_record

app = typer.Typer(
    help="Combo Arena: play, simulate and study Sixteen, c-c-c-COMBO, Combo Fighter, 16 Combos and 16 Bit Tactics.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
err = Console(stderr=True)

OptionArg = Annotated[list[str] | None, typer.Option("--option", "-o", help="game option name=value (repeatable)")]


def _fail(message: str, code: int = 2) -> typer.Exit:
    err.print(f"[bold red]error:[/] {escape(message)}")
    return typer.Exit(code)


def _game(name: str, option_texts: list[str] | None) -> Game:
    cls = game_class(name)
    options = parse_option_texts(name, cls.info.options, option_texts or [])
    return make(name, **options)


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
        players = str(info.min_players)
        if info.max_players != info.min_players:
            players += f"-{info.max_players}"
        opts = ", ".join(f"{o.name}={_show(o.default)}" for o in info.options)
        table.add_row(name, info.title, players, opts)
    console.print(table)


@app.command("rules")
def rules_cmd(game: Annotated[str, typer.Argument(help="game name, e.g. sixteen")]) -> None:
    """Rules summary, options, move notation and agents of GAME."""
    try:
        cls = game_class(game)
        g = cls()
    except ComboArenaError as exc:
        raise _fail(str(exc)) from None
    info = cls.info
    console.print(Panel(info.summary, title=f"[bold]{info.title}[/]", expand=False))
    table = Table(title="Options (comboarena play/sim ... -o name=value)")
    for col in ("option", "default", "allowed", "meaning"):
        table.add_column(col)
    for o in info.options:
        table.add_row(o.name, _show(o.default), o.allowed(), o.help)
    console.print(table)
    console.print(Panel(escape(info.notation), title="Move notation", expand=False))
    console.print("Agents: " + ", ".join(agent_names(g)))
    console.print(
        f"Rulebook: ../shared/rules/{info.rulebook} · rule-by-rule notes: docs/rules/{info.name}.md"
    )


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
        g = _game(game, option)
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
        raise _fail(str(exc)) from None
    session = Session(g, agents, console=console, seed=seed)
    final = session.run()
    if final is not None:
        session.offer_save(str(save) if save else None)


def _default_opponent(g: Game) -> str:
    return f"{g.name}.heuristic" if "heuristic" in g.info.agents else "random"


@app.command("sim")
def sim_cmd(
    game: Annotated[str, typer.Argument(help="game name, e.g. sixteen")],
    agents: Annotated[
        str, typer.Option("--agents", "-a", help="comma-separated agents, e.g. sixteen.heuristic,random")
    ],
    n: Annotated[int, typer.Option("-n", help="number of games")] = 1000,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="worker processes")] = 1,
    seed: Annotated[int, typer.Option(help="seed of the whole run")] = 0,
    rotate: Annotated[bool, typer.Option(help="rotate seats between games")] = True,
    option: OptionArg = None,
    out: Annotated[Path | None, typer.Option(help="write the JSON report here")] = None,
) -> None:
    """Play N games between agents and report win rates with 95% intervals."""
    from comboarena.sim import SimReport, run

    specs = [a.strip() for a in agents.split(",") if a.strip()]
    try:
        g = _game(game, option)
        if n < 1 or jobs < 1:
            raise OptionError("-n and --jobs must be at least 1")
        report = SimReport.start(game, g.options, specs, g.players, seed, jobs, rotate)
        outcomes = run(game, g.options, specs, n, seed=seed, jobs=jobs, rotate=rotate)
        start = time.perf_counter()
        columns = (
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
        )
        with Progress(*columns, console=err, transient=True) as progress:
            task = progress.add_task(f"{game}: {' vs '.join(specs)}", total=n)
            for outcome in outcomes:
                report.add(outcome)
                progress.advance(task)
        report.seconds = time.perf_counter() - start
    except ComboArenaError as exc:
        raise _fail(str(exc)) from None
    _print_report(report)
    if out:
        out.write_text(json.dumps(report.to_dict(), indent=1) + "\n", encoding="utf-8")
        console.print(f"Report written to {escape(str(out))}")


def _print_report(report: Any) -> None:
    title = f"{report.game} · {report.games} games · seed {report.seed}"
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False)
    rows = report.agent_tallies if len(report.agent_tallies) > 1 else []
    width = max(len(t.label) for t in [*rows, *report.seat_tallies])
    table.add_column("agent / seat", overflow="fold", min_width=min(width, 30))
    for col in ("games", "wins", "draws", "losses", "win %", "95% CI", "score"):
        table.add_column(col, justify="right", no_wrap=True)
    for t in [*rows, *report.seat_tallies]:
        lo, hi = t.interval
        table.add_row(
            t.label, str(t.games), str(t.wins), str(t.draws), str(t.losses),
            f"{t.win_rate:.1%}", f"{lo:.1%}–{hi:.1%}", f"{t.score / max(t.games, 1):.2f}",
        )
        if rows and t is rows[-1]:
            table.add_section()
    console.print(table)
    console.print(
        f"mean game length {report.mean_length:.1f} actions · {report.games_per_second:.1f} games/s "
        f"· {report.jobs} job(s) · seats {'rotated' if report.rotate else 'fixed'}"
    )


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="a record file (JSON)")],
    as_json: Annotated[bool, typer.Option("--json", help="print the final spectator view and result as JSON")] = False,
    step: Annotated[bool, typer.Option("--step", help="show every step")] = False,
) -> None:
    """Re-play a saved record and show how it ended."""
    from comboarena.core import events_for

    try:
        record = Record.load(file)
        state = replay_record(record)
    except ComboArenaError as exc:
        raise _fail(str(exc)) from None
    if as_json:
        out = {"view": state.view(None), "result": state.result().to_dict() if state.is_over else None}
        sys.stdout.write(json.dumps(out, indent=1) + "\n")
        return
    g = state.game
    ui = g.text_ui()
    names = [f"Seat {s}" for s in range(g.players)]
    if step:
        s = g.new_state(seed=record.seed, deck=record.deck)
        for i, (seat, text) in enumerate(record.actions, 1):
            events = s.apply(seat, text)
            console.print(f"[dim]{i:>4}.[/] {escape(names[seat])}: {escape(text)}")
            for e in events_for(events, None):
                line = ui.describe(e, None, names)
                if line:
                    console.print("        " + escape(line))
    console.print(ui.render(state.view(None), names))
    if state.is_over:
        console.print("[bold]" + escape(ui.result_line(state.view(None), state.result(), names)) + "[/]")
    else:
        console.print(f"The record stops before the end ({len(record.actions)} actions).")


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
