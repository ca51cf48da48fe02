"""``comboarena sim GAME``: self-play between agents with a progress bar and a report."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from comboarena.core import ComboArenaError, OptionError

from .common import OptionArg, app, build_game, console, err, fail


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
        g = build_game(game, option)
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
        raise fail(str(exc)) from None
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
