"""Sweep ``check_game`` over every game and every option set its conformance tests use,
counting the determinizations checked (issue 17, section 2).

    python bench/determinize.py                      # 300 games per option set
    python bench/determinize.py -n 50 --game 16-combos

The option sets are read from the tests (tests/test_conformance.py and each game's
tests/rules/<game>/test_conformance.py), so the sweep follows them. Every game is its
own ``check_game`` run (seeded by its number), so a failure is counted and the sweep
goes on; the first few failures are printed with their seed and step.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import comboarena as ca
from comboarena.core.rng import derive


def option_sets() -> dict[str, list[dict[str, Any]]]:
    """Per game: the default options, then every option set the conformance tests run."""
    from tests import test_conformance
    from tests.rules.bit_tactics.test_conformance import MODES
    from tests.rules.sixteen_combos.test_conformance import VARIANTS as COMBOS

    out: dict[str, list[dict[str, Any]]] = {name: [{}] for name in ca.games()}
    for name, sets in test_conformance.VARIANTS.items():
        out.setdefault(name, [{}]).extend(sets)
    out["16-combos"].extend(COMBOS)
    out["16-bit-tactics"].extend(MODES)
    return out


def sweep(name: str, options: dict[str, Any], games: int, seed: int) -> tuple[int, int, int, list[str]]:
    """Games, steps, determinizations checked and the failures' messages."""
    game = ca.make(name, **options)
    steps = dets = played = 0
    failures: list[str] = []
    for g in range(games):
        try:
            report = ca.testing.check_game(game, games=1, seed=derive(seed, g))
        except AssertionError as exc:
            failures.append(str(exc).splitlines()[0])
            continue
        played += report.games
        steps += report.steps
        dets += report.determinizations
    return played, steps, dets, failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", "--games", type=int, default=300, help="games per option set")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--show", type=int, default=3, help="failures printed per option set")
    args = parser.parse_args()
    sets = option_sets()
    names = args.game or list(sets)
    print("| game | option set | games | steps | determinizations checked | failures | seconds |")
    print("|---|---|---:|---:|---:|---:|---:|")
    totals: dict[str, list[int]] = {}
    shown: list[str] = []
    for name in names:
        for options in sets[name]:
            start = time.perf_counter()
            played, steps, dets, failures = sweep(name, options, args.games, args.seed)
            label = ", ".join(f"{k}={v}" for k, v in options.items()) or "(defaults)"
            took = time.perf_counter() - start
            print(f"| {name} | {label} | {played + len(failures)} | {steps} | {dets} | {len(failures)} | {took:.0f} |",
                  flush=True)
            t = totals.setdefault(name, [0, 0, 0, 0])
            for i, x in enumerate((played + len(failures), steps, dets, len(failures))):
                t[i] += x
            shown += failures[: args.show]
    print()
    print("| game | games | steps | determinizations checked | failures |")
    print("|---|---:|---:|---:|---:|")
    for name, (g, s, d, f) in totals.items():
        print(f"| {name} | {g} | {s} | {d} | {f} |")
    if shown:
        print("\nFailures (the first of each option set):")
        for line in shown:
            print(" ", line)


if __name__ == "__main__":
    main()
