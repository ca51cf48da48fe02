"""``comboarena ladder GAME``: a round robin between agents, rated with OpenSkill."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.markup import escape
from rich.table import Table

from comboarena.core import ComboArenaError, Game, OptionError
from comboarena.server.presets import presets
from comboarena.server.settings import THINK_LIMIT
from comboarena.sim import BACKENDS, BackendError, check_backend
from comboarena.sim.ladder import Entrant, LadderReport, entrants_of, groups_of, play_ladder, sides_of
from comboarena.sim.ladder_plot import ladder_plot
from comboarena.sim.ratings import INTERVAL_SIGMAS, PROVISIONAL_GAMES

from .common import GAME_HELP, OptionArg, app, build_game, check_output, console, fail, progress_bar
from .sim import check_plot


def lobby_entrants(game: Game, names: list[str] | None = None) -> list[Entrant]:
    """The presets the server's lobby offers (those in ``names``, if given), named as the
    lobby names them. A search preset plays without its time budget (iterations only), so
    a game depends on the seed alone and not on how busy the machine is."""
    found = presets(game, THINK_LIMIT)
    known = [p.name for p in found]
    unknown = [n for n in names or () if n not in known]
    if unknown:
        raise OptionError(f"with --presets, --agents names presets: {', '.join(known)}; not {', '.join(unknown)}")
    out = []
    for p in found:
        if names is None or p.name in names:
            spec = ":".join(part for part in p.spec.split(":") if not part.startswith("time="))
            out.append(Entrant(p.name, spec))
    return out


@app.command("ladder")
def ladder_cmd(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    agents: Annotated[
        str | None,
        typer.Option("--agents", "-a", help="comma-separated agents, at least two, e.g. random,sixteen.heuristic"),
    ] = None,
    lobby: Annotated[
        bool,
        typer.Option("--presets", help="rate the lobby's presets (--agents then picks some by name)"),
    ] = False,
    n: Annotated[int, typer.Option("-n", help="games per pairing (per group of agents in games of more sides)")] = 20,
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", "-j", help="workers (default: 1 process; Ray: every CPU of the machine or cluster)"),
    ] = None,
    seed: Annotated[int, typer.Option(help="seed of the whole ladder")] = 0,
    option: OptionArg = None,
    provisional: Annotated[
        int, typer.Option(help="a rating is marked provisional until its agent has played this many games")
    ] = PROVISIONAL_GAMES,
    out: Annotated[Path | None, typer.Option(help="write the JSON ladder here")] = None,
    plot: Annotated[Path | None, typer.Option(help="draw the ratings with their intervals (PNG)")] = None,
    backend: Annotated[str, typer.Option(help=f"where games are played: {' or '.join(BACKENDS)}")] = "processes",
    address: Annotated[
        str | None, typer.Option(help="with --backend ray: a running cluster's address (default: RAY_ADDRESS)")
    ] = None,
) -> None:
    """A round robin: every pair of agents (every group, in games of more sides) plays N
    games, seats rotated; OpenSkill ratings with intervals, provisional until enough games."""
    try:
        if agents is None and not lobby:
            raise OptionError("name the agents with --agents A,B,... or rate the lobby's with --presets")
        if provisional < 0:
            raise OptionError("--provisional is a number of games, 0 or more")
        check_backend(backend, jobs, address)
        if out is not None:
            check_output(out, "--out")
        if plot is not None:
            check_plot(plot)
        g = build_game(game, option)
        named = [a.strip() for a in (agents or "").split(",") if a.strip()]
        entrants = lobby_entrants(g, named if agents is not None else None) if lobby else entrants_of(named)
        sides = sides_of(g)
        total = n * len(groups_of(len(entrants), sides)) if n > 0 else 0
        with progress_bar() as progress:
            task = progress.add_task(f"{game} ladder: {len(entrants)} agents", total=total)
            report = play_ladder(
                game,
                g.options,
                entrants,
                n,
                seed,
                threshold=provisional,
                jobs=jobs,
                backend=backend,
                address=address,
                on_progress=lambda games: progress.advance(task, games),
            )
        if plot is not None:
            ladder_plot(report, plot)
    except (ComboArenaError, BackendError) as exc:
        raise fail(str(exc)) from None
    except OSError as exc:
        raise fail(f"--plot {plot}: cannot write it ({exc.strerror or exc})") from None
    print_ladder(report)
    if out is not None:
        try:
            out.write_text(json.dumps(report.to_dict(), indent=1) + "\n", encoding="utf-8")
        except OSError as exc:
            raise fail(f"--out {out}: cannot write the ladder ({exc.strerror or exc})") from None
        console.print(f"Ladder written to {escape(str(out))}")
    if plot is not None:
        console.print(f"Plot written to {escape(str(plot))}")


def print_ladder(report: LadderReport) -> None:
    title = f"{report.game} ladder · {report.games} games · {report.games_per_group} per pairing · seed {report.seed}"
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False)
    for col in ("#", "agent", "rating", f"±{INTERVAL_SIGMAS:g}σ interval", "ordinal", "games", "W-D-L", ""):
        table.add_column(col, justify="left" if col in ("agent", "") else "right", no_wrap=True)
    for place, r in enumerate(report.ratings, 1):
        table.add_row(
            str(place),
            escape(r.label),
            f"{r.mu:.1f}",
            f"{r.low:.1f}–{r.high:.1f}",
            f"{r.ordinal:.1f}",
            str(r.games),
            f"{r.wins}-{r.draws}-{r.losses}",
            "[yellow]provisional[/]" if r.provisional else "",
        )
    console.print(table)
    pairs = Table(title="results by pairing (wins-draws-losses of the first agent)", box=box.SIMPLE_HEAD)
    pairs.add_column("agents", no_wrap=True)
    pairs.add_column("W-D-L", justify="right")
    for group, records in zip(report.groups, report.records, strict=True):
        names = " vs ".join(report.entrants[i].label for i in group)
        pairs.add_row(escape(names), "-".join(map(str, records[0])))
    console.print(pairs)
    workers = f"{report.jobs} job(s)" if report.backend == "processes" else f"{report.backend}, {report.jobs} worker(s)"
    rate = report.games / report.seconds if report.seconds else 0.0
    console.print(
        f"openskill Plackett-Luce · rating mu, interval mu ± {INTERVAL_SIGMAS:g}σ, ordered by mu − 3σ · "
        f"provisional below {report.threshold} games · {rate:.1f} games/s · {workers} · sides rotated",
        style="dim",
    )
