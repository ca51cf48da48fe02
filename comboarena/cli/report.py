"""``comboarena report GAME --html report.html``: the balance report a designer reads."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from comboarena.core import ComboArenaError
from comboarena.sim.balance import collect, compare, load_report, render, write_samples
from comboarena.sim.balance.data import plan_cells

from .common import GAME_HELP, OptionArg, app, build_game, check_output, console, fail, progress_bar

DEFAULT_SERVER = "http://localhost:8000"


@app.command("report")
def report_cmd(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    html: Annotated[Path, typer.Option("--html", help="write the report page here (one self-contained file)")],
    agents: Annotated[
        str, typer.Option("--agents", "-a", help="comma-separated agents, e.g. sixteen.heuristic,random")
    ] = "random",
    n: Annotated[int, typer.Option("-n", help="games (with --matchups: per matrix cell)")] = 200,
    jobs: Annotated[int, typer.Option("--jobs", "--workers", "-j", help="worker processes")] = 1,
    seed: Annotated[int, typer.Option(help="seed of the whole report")] = 0,
    option: OptionArg = None,
    matchups: Annotated[
        bool,
        typer.Option("--matchups", help="the matrix: every ordered pair of fighters (or of the agents), N games each"),
    ] = False,
    json_out: Annotated[
        Path | None, typer.Option("--json", help="write the report's data here (default: next to the page)")
    ] = None,
    compare_with: Annotated[
        Path | None, typer.Option("--compare", help="an earlier report's JSON: show what changed since")
    ] = None,
    samples: Annotated[int, typer.Option(help="sample games kept per matrix cell (or for the run)")] = 2,
    ablation_games: Annotated[int, typer.Option(help="games per ablation run (0: no ablation)")] = 0,
    ablation_top: Annotated[int, typer.Option(help="ablate the K most played removable cards")] = 5,
    server: Annotated[str, typer.Option(help="the play server the replay links point at")] = DEFAULT_SERVER,
) -> None:
    """Play self-play games and write a balance report: matrix, seats, game lengths,
    per-card play and win rates, card importance by ablation, sample games."""
    specs = [a.strip() for a in agents.split(",") if a.strip()]
    if not specs:
        raise fail("--agents names no agent")
    if jobs < 1:
        raise fail("--jobs must be at least 1")
    if html.suffix.lower() not in (".html", ".htm"):
        raise fail(f"--html {html}: the page's name must end in .html")
    data_path = json_out or html.with_suffix(".json")
    folder = html.with_name(html.stem + "-games")
    try:
        check_output(html, "--html")
        check_output(data_path, "--json")
        old = load_report(compare_with) if compare_with is not None else None
        g = build_game(game, option)
        _, _, cells = plan_cells(game, g.options, specs, matchups)
        with progress_bar() as progress:
            task = progress.add_task(f"{game}: {' vs '.join(specs)}", total=n * len(cells))
            data, records = collect(
                game,
                g.options,
                specs,
                n,
                seed,
                jobs=jobs,
                matchups=matchups,
                samples=samples,
                ablation_games=ablation_games,
                ablation_top=ablation_top,
                on_progress=lambda games: progress.advance(task, games),
                on_ablation=lambda card: progress.update(task, description=f"{game}: ablation without {card}"),
            )
        changes = compare(old, data) if old is not None else None
        if changes is not None:
            data["changes"] = {"compared_with": str(compare_with), **changes}
        note = write_samples(records, folder) if records else ""
    except ComboArenaError as exc:
        raise fail(str(exc)) from None
    command = "comboarena " + shlex.join(sys.argv[1:]) if sys.argv[1:] else ""
    page = render(data, changes, server if records and not note else "", folder.name if records else "", command)
    _write(html, page, "--html")
    _write(data_path, json.dumps(data, indent=1) + "\n", "--json")
    console.print(f"Report written to {escape(str(html))} (data: {escape(str(data_path))})")
    if records:
        if note:
            console.print(f"Sample games in {escape(str(folder))}: {escape(note)}", soft_wrap=True)
        else:
            db = (folder / "games.sqlite3").resolve()
            console.print(
                f"Sample games in {escape(str(folder))}; to open them in the replay viewer, serve them with\n"
                f"  comboarena serve --db sqlite:///{escape(str(db))}",
                soft_wrap=True,
            )
    if changes is not None:
        _print_changes(changes)


def _write(path: Path, text: str, flag: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise fail(f"{flag} {path}: cannot write it ({exc.strerror or exc})") from None


def _print_changes(changes: dict[str, Any]) -> None:
    shown = [r for key in ("cells", "seats", "cards", "play_rates") for r in changes[key] if r["outside"]]
    if not shown:
        console.print("No change since the compared report is outside its 95% interval.")
        return
    console.print("Changes outside their 95% interval:")
    for r in shown:
        console.print(f"  {escape(r['key'])}: {r['old']:.1%} -> {r['new']:.1%} ({r['delta']:+.1%})")
