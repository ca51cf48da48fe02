"""``comboarena sim GAME``: self-play between agents with a progress bar and a report."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.markup import escape
from rich.table import Table

from comboarena.core import ComboArenaError, OptionError, game_class
from comboarena.sim import BACKENDS, BackendError, check_backend, simulate
from comboarena.sim.matchups import play_matchups, roster_of

from .common import GAME_HELP, OptionArg, app, build_game, check_output, console, fail, progress_bar


@app.command("sim")
def sim_cmd(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    agents: Annotated[
        str, typer.Option("--agents", "-a", help="comma-separated agents, e.g. sixteen.heuristic,random")
    ],
    n: Annotated[int, typer.Option("-n", help="number of games (with --target-ci: at most)")] = 1000,
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", "-j", help="workers (default: 1 process; Ray: every CPU of the machine or cluster)"),
    ] = None,
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
    backend: Annotated[str, typer.Option(help=f"where games are played: {' or '.join(BACKENDS)}")] = "processes",
    address: Annotated[
        str | None, typer.Option(help="with --backend ray: a running cluster's address (default: RAY_ADDRESS)")
    ] = None,
    paired: Annotated[
        bool, typer.Option("--paired", help="play each deal from every seat assignment, so its luck cancels out")
    ] = False,
    target_ci: Annotated[
        float | None,
        typer.Option(help="stop once every agent's 95% interval is narrower than this (-n is then the maximum)"),
    ] = None,
    chunk: Annotated[
        int | None, typer.Option(help="games per chunk sent to a worker (default: about n/32, at most 100)")
    ] = None,
) -> None:
    """Play N games between agents and report win rates with 95% intervals."""
    specs = [a.strip() for a in agents.split(",") if a.strip()]
    if plot is not None and not matchups:
        raise fail("--plot draws the --matchups matrix; add --matchups")
    if matchups and (paired or target_ci is not None):
        raise fail("--paired and --target-ci are for plain runs; --matchups already plays each pair from both seats")
    if chunk is not None and chunk < 1:
        raise fail("--chunk must be at least 1")
    try:
        # Found now, not after the whole run.
        check_backend(backend, jobs, address)
        if out is not None:
            check_output(out, "--out")
        if plot is not None:
            check_plot(plot)
    except ComboArenaError as exc:
        raise fail(str(exc)) from None
    where: dict[str, Any] = {"backend": backend, "address": address, "jobs": jobs, "chunk": chunk}
    if matchups:
        _matchups(game, specs, n, seed, option, out, plot, where)
        return
    try:
        g = build_game(game, option)
        with progress_bar() as progress:
            task = progress.add_task(f"{game}: {' vs '.join(specs)}", total=n)
            report = simulate(
                game, g.options, specs, n, seed, rotate=rotate, paired=paired, target_ci=target_ci,
                on_progress=lambda games: progress.advance(task, games), **where,
            )
    except (ComboArenaError, BackendError) as exc:
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
    # A paired run shows one more column; collapsed gaps keep the table within 80 columns.
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=report.paired)
    rows = report.agent_tallies if len(report.agent_tallies) > 1 else []
    width = max(len(t.label) for t in [*rows, *report.seat_tallies])
    table.add_column("agent / seat", overflow="fold", min_width=min(width, 30))
    columns = ["games", "wins", "draws", "losses", "win %", "95% CI", "score"]
    if report.paired:
        columns.insert(1, "worth")  # the independent games the paired ones are worth
    for col in columns:
        table.add_column(col, justify="right", no_wrap=True)
    for t in [*rows, *report.seat_tallies]:
        lo, hi = t.interval
        cells = [
            str(t.games), str(t.wins), str(t.draws), str(t.losses),
            f"{t.win_rate:.1%}", f"{lo:.1%}–{hi:.1%}", f"{t.score / max(t.games, 1):.2f}",
        ]
        if report.paired:
            cells.insert(1, f"{t.effective_games:.0f}")
        table.add_row(t.label, *cells)
        if rows and t is rows[-1]:
            table.add_section()
    console.print(table)
    workers = f"{report.jobs} job(s)" if report.backend == "processes" else f"{report.backend}, {report.jobs} worker(s)"
    console.print(
        f"mean game length {report.mean_length:.1f} actions · {report.games_per_second:.1f} games/s "
        f"· {workers} · seats {'rotated' if report.rotate else 'fixed'}"
    )
    if report.paired:
        console.print(
            f"paired: each of {report.deals} deals played from all {len(report.agents)} seat assignments; "
            "intervals from the spread between deals ('worth': as many independent games)"
        )
    if report.stopped:
        console.print(f"stopped: {escape(report.stopped)}")
    console.print(f"score: the mean per game of {escape(game_class(report.game).info.score)}", style="dim")


def _matchups(
    game: str, specs: list[str], n: int, seed: int, option: list[str] | None, out: Path | None,
    plot: Path | None, where: dict[str, Any],
) -> None:
    """``sim --matchups``: every ordered pair of fighters, the win-rate matrix with 95% intervals."""
    try:
        g = build_game(game, option)
        if len(specs) > 2:
            raise OptionError("--matchups takes one agent (both seats) or two (seat 0, seat 1)")
        roster = roster_of(g)
        with progress_bar() as progress:
            task = progress.add_task(f"{game} matchups: {' vs '.join(specs)}", total=n * len(roster) ** 2)
            report = play_matchups(
                game, g.options, specs, n, seed, roster=roster,
                on_progress=lambda games: progress.advance(task, games), **where,
            )
        if plot is not None:
            from comboarena.sim.plots import matchup_heatmap

            matchup_heatmap(report, plot)
    except (ComboArenaError, BackendError) as exc:
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
    # Each cell on two lines (the win rate, then its interval) and the row labels kept whole,
    # so that eight fighters fit in 100 columns without losing which row is which.
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False, show_lines=False)
    table.add_column("fighter \\ vs", style="bold", no_wrap=True, min_width=max(map(len, roster)))
    for b in roster:
        table.add_column(b, justify="center", no_wrap=True)
    for a in roster:
        cells = []
        for b in roster:
            t = report.cells[(a, b)]
            lo, hi = t.interval
            cells.append(f"{t.win_rate:.0%}\n[dim]{lo:.0%}–{hi:.0%}[/]")
        table.add_row(a, *cells, end_section=True)
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
    workers = f"{report.jobs} job(s)" if report.backend == "processes" else f"{report.backend}, {report.jobs} worker(s)"
    console.print(
        f"{report.games} games · mean length {report.steps / max(report.games, 1):.1f} actions · "
        f"{rate:.1f} games/s · {workers} · seats fixed (row fighter at seat 0)"
    )
