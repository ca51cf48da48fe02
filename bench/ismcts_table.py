"""How strong ISMCTS is, per game: random against heuristic rollouts, each
against ``random`` and against the game's heuristic.

    python bench/ismcts_table.py -n 200 --jobs 2
    python bench/ismcts_table.py -n 2000 --jobs 16 --iters 200 --out ismcts.json
    python bench/ismcts_table.py -n 100 --only "sixteen strict" --rows heuristic --vs heuristic

Each cell is a ``comboarena sim`` run (``comboarena.sim.run``: seats rotated
every game, game ``i`` seeded by ``--seed`` and ``i`` whatever ``--jobs``)
of the ISMCTS agent of its row against the opponent of its column; it shows
ISMCTS's wins, draws and losses, its win rate and the 95% Wilson interval of
that rate, and the mean seconds per game. In the 4-player games the two agents
are two teams of partners. The rows' agent specs are printed with the table:
``random`` is ``ismcts:iters=N``, ``heuristic`` is
``ismcts:iters=N:rollout=<game>.heuristic`` with the options recommended in
``docs/agents.md`` for that game (``--rollout-options`` replaces them).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from comboarena.sim import SimReport, run

#: (label, game, game options): the variants measured, Sixteen's manual drawing included.
VARIANTS: list[tuple[str, str, dict[str, Any]]] = [
    ("sixteen", "sixteen", {}),
    ("sixteen strict", "sixteen", {"draw": "strict"}),
    ("ccc-combo", "ccc-combo", {}),
    ("combo-fighter", "combo-fighter", {}),
    ("16-combos", "16-combos", {}),
    ("16-bit-tactics", "16-bit-tactics", {}),
]

#: Options every ISMCTS row of a game takes (docs/agents.md): a battle of 16 Bit
#: Tactics played out at random is hundreds of decisions, so rollouts stop and
#: back up the game's estimate.
BASE = {"16-bit-tactics": ":cutoff=20"}

#: Rollout options recommended per game with heuristic rollouts (docs/agents.md).
RECOMMENDED = {
    "sixteen": ":horizon=4",
    "ccc-combo": "",
    "combo-fighter": ":horizon=10",
    "16-combos": ":horizon=10",
    "16-bit-tactics": ":horizon=4",
}


def spec_for(row: str, game: str, iters: int, rollout_options: str | None) -> str:
    """The agent of a row: ``plain`` (random rollouts, no guide: the textbook
    algorithm), ``random`` (random rollouts, the tree guided by the game's
    heuristic: the default), ``heuristic`` (heuristic rollouts), or a spec
    (``{game}`` and ``{iters}`` are filled in)."""
    base = BASE.get(game, "")
    if row == "plain":
        return f"ismcts:iters={iters}{base}:guide=none"
    if row == "random":
        return f"ismcts:iters={iters}{base}"
    if row == "heuristic":
        extra = RECOMMENDED.get(game, "") if rollout_options is None else rollout_options
        return f"ismcts:iters={iters}{base}:rollout={game}.heuristic{extra}"
    return row.format(game=game, iters=iters)


def cell(game: str, options: dict[str, Any], spec: str, vs: str, n: int, jobs: int, seed: int) -> dict[str, Any]:
    """ISMCTS (``spec``) against ``vs`` over ``n`` games."""
    report = SimReport.start(game, options, [spec, vs], 4 if game == "ccc-combo" else 2, seed, jobs, True)
    start = time.perf_counter()
    report.extend(run(game, options, [spec, vs], n, seed=seed, jobs=jobs))
    report.seconds = time.perf_counter() - start
    tally = report.agent_tallies[0].to_dict()
    tally["seconds_per_game"] = report.seconds / n * jobs
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=200, help="games per cell")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--iters", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", action="append", help="variant labels to run (repeatable); default all")
    parser.add_argument(
        "--rows",
        default="random,heuristic",
        help="agents to measure, ';'-separated: plain, random, heuristic or a spec like 'ismcts:iters={iters}:c=1'",
    )
    parser.add_argument("--vs", default="random,heuristic", help="opponents: random,heuristic")
    parser.add_argument("--rollout-options", help="options appended to heuristic rows, e.g. ':horizon=8'")
    parser.add_argument("--out", help="write every cell as JSON")
    args = parser.parse_args()
    if args.n < 1 or args.jobs < 1 or args.iters < 1:
        parser.error("-n, --jobs and --iters must be at least 1")
    variants = [v for v in VARIANTS if not args.only or v[0] in args.only]
    if not variants:
        parser.error(f"--only names no variant; variants: {', '.join(v[0] for v in VARIANTS)}")
    rows, columns = args.rows.split(";" if ";" in args.rows else ","), args.vs.split(",")
    cells = []
    print(f"n={args.n} per cell, iters={args.iters}, seed={args.seed}, jobs={args.jobs}", flush=True)
    print("| game | ISMCTS | vs | games | W-D-L | win rate | 95% CI | s/game |")
    print("|---|---|---|---|---|---|---|---|", flush=True)
    for label, game, options in variants:
        for row in rows:
            spec = spec_for(row, game, args.iters, args.rollout_options)
            for col in columns:
                vs = "random" if col == "random" else f"{game}.heuristic"
                t = cell(game, options, spec, vs, args.n, args.jobs, args.seed)
                lo, hi = t["ci95"]
                print(
                    f"| {label} | {row} (`{spec}`) | {vs} | {t['games']} | {t['wins']}-{t['draws']}-{t['losses']} "
                    f"| {t['win_rate']:.1%} | {lo:.1%}–{hi:.1%} | {t['seconds_per_game']:.1f} |",
                    flush=True,
                )
                cells.append({"variant": label, "game": game, "options": options, "spec": spec, "vs": vs, **t})
    if args.out:
        with open(args.out, "w") as fh:
            json.dump({"argv": sys.argv[1:], "cells": cells}, fh, indent=2)


if __name__ == "__main__":
    main()
