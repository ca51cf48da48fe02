"""``comboarena sim GAME``: self-play between agents with a progress bar and a report."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.markup import escape
from rich.table import Table

from comboarena.core import ComboArenaError, OptionError

from .common import GAME_HELP, OptionArg, app, build_game, check_output, console, fail, progress_bar


@app.command("sim")
def sim_cmd(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    agents: Annotated[
        str, typer.Option("--agents", "-a", help="comma-separated agents, e.g. sixteen.heuristic,random")
    ],
    n: Annotated[int, typer.Option("-n", help="number of games")] = 1000,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="worker processes")] = 1,
    seed: Annotated[int, typer.Option(help="seed of the whole run")] = 0,
    rotate: Annotated[bool, typer.Option(help="rotate seats between games")] = True,
    option: OptionArg = None,
    out: Annotated[Path | None, typer.Option(help="write the JSON report here")] = None,
    matchups: Annotated[
        bool,
        typer.Option(
            "--matchups",
            help="play every ordered pair of fighters (N games each) and print the win-rate matrix",
        ),
    ] = False,
    plot: Annotated[
        Path | None, typer.Option(help="with --matchups: draw the matrix as a heatmap image (PNG)")
    ] = None,
) -> None:
    """Play N games between agents and report win rates with 95% intervals."""
    from comboarena.sim import SimReport, run

    specs = [a.strip() for a in agents.split(",") if a.strip()]
    if plot is not None and not matchups:
        raise fail("--plot draws the --matchups matrix; add --matchups")
    try:
        # Found now, not after the whole run.
        if out is not None:
            check_output(out, "--out")
        if plot is not None:
            check_plot(plot)
    except ComboArenaError as exc:
        raise fail(str(exc)) from None
    if matchups:
        _matchups(game, specs, n, jobs, seed, option, out, plot)
        return
    try:
        g = build_game(game, option)
        if n < 1 or jobs < 1:
            raise OptionError("-n and --jobs must be at least 1")
        report = SimReport.start(game, g.options, specs, g.players, seed, jobs, rotate)
        outcomes = run(game, g.options, specs, n, seed=seed, jobs=jobs, rotate=rotate)
        start = time.perf_counter()
        with progress_bar() as progress:
            task = progress.add_task(f"{game}: {' vs '.join(specs)}", total=n)
            for outcome in outcomes:
                report.add(outcome)
                progress.advance(task)
        report.seconds = time.perf_counter() - start
    except ComboArenaError as exc:
        raise fail(str(exc)) from None
    _print_report(report)
    if out:
        _write_report(out, report.to_dict())


def _write_report(path: Path, data: dict[str, Any]) -> None:
    try:
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        raise fail(f"--out {path}: cannot write the report ({exc.strerror or exc})") from None
    console.print(f"Report written to {escape(str(path))}")


def check_plot(path: Path) -> None:
    """Refuse an image path matplotlib cannot write (or no matplotlib) before the run."""
    try:
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError:
        raise OptionError("--plot needs matplotlib and numpy: pip install -e '.[plot]'") from None
    kinds = FigureCanvasBase.get_supported_filetypes()
    suffix = path.suffix.lower().lstrip(".")
    if suffix not in kinds:
        raise OptionError(
            f"--plot {path}: the file name must end in an image type matplotlib writes: "
            f"{', '.join('.' + k for k in sorted(kinds))}"
        )
    check_output(path, "--plot")


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


def _matchups(
    game: str, specs: list[str], n: int, jobs: int, seed: int, option: list[str] | None, out: Path | None,
    plot: Path | None,
) -> None:
    """``sim --matchups``: every ordered pair of fighters, the win-rate matrix with 95% intervals."""
    from comboarena.sim.matchups import MatchupReport, roster_of, run_matchups

    try:
        g = build_game(game, option)
        if n < 1 or jobs < 1:
            raise OptionError("-n and --jobs must be at least 1")
        if len(specs) > 2:
            raise OptionError("--matchups takes one agent (both seats) or two (seat 0, seat 1)")
        roster = roster_of(g)
        report = MatchupReport(game, g.options, specs, roster, n, seed, jobs)
        start = time.perf_counter()
        with progress_bar() as progress:
            task = progress.add_task(f"{game} matchups: {' vs '.join(specs)}", total=n * len(roster) ** 2)
            for pair, outcome in run_matchups(game, g.options, specs, n, seed=seed, jobs=jobs, roster=roster):
                report.add(pair, outcome)
                progress.advance(task)
        report.seconds = time.perf_counter() - start
        if plot is not None:
            from comboarena.sim.plots import matchup_heatmap

            matchup_heatmap(report, plot)
    except ComboArenaError as exc:
        raise fail(str(exc)) from None
    except OSError as exc:
        raise fail(f"--plot {plot}: cannot write it ({exc.strerror or exc})") from None
    _print_matchups(report)
    if out:
        _write_report(out, report.to_dict())
    if plot is not None:
        console.print(f"Heatmap written to {escape(str(plot))}")


def _print_matchups(report: Any) -> None:
    roster = report.roster
    title = f"{report.game} · win rate of the row fighter (seat 0) · {report.games_per_pair} games per cell"
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("fighter \\ vs", style="bold")
    for b in roster:
        table.add_column(b, justify="center", no_wrap=True)
    for a in roster:
        cells = []
        for b in roster:
            t = report.cells[(a, b)]
            lo, hi = t.interval
            cells.append(f"{t.win_rate:.0%} ({lo:.0%}–{hi:.0%})")
        table.add_row(a, *cells)
    console.print(table)
    overall = Table(title="overall (mirror matches left out)", box=box.SIMPLE_HEAD, pad_edge=False)
    for col in ("fighter", "games", "wins", "draws", "win %", "95% CI", ""):
        overall.add_column(col, justify="right" if col not in ("fighter", "") else "left")
    for f in roster:
        t = report.overall(f)
        lo, hi = t.interval
        flag = "[bold red]outside 35–65%[/]" if f in report.unbalanced() else ""
        overall.add_row(f, str(t.games), str(t.wins), str(t.draws), f"{t.win_rate:.1%}", f"{lo:.1%}–{hi:.1%}", flag)
    console.print(overall)
    rate = report.games / report.seconds if report.seconds else 0.0
    console.print(
        f"{report.games} games · mean length {report.steps / max(report.games, 1):.1f} actions · "
        f"{rate:.1f} games/s · {report.jobs} job(s) · seats fixed (row fighter at seat 0)"
    )
