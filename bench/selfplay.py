"""Random self-play speed through the public protocol, on one core.

    python bench/selfplay.py sixteen [-o players=4] [--seconds 5] [--vs-openspiel]

Each step is what an agent loop does: read ``to_act``, get the seat's
``legal_actions``, pick one at random and ``apply`` it (validated and
recorded). Also times ``clone`` on mid-game states and, with ``--ismcts``, an
ISMCTS move (or any agent's decision: ``--ismcts 16-bit-tactics.heuristic
--moves 2000`` times the heuristic over whole games; ``--skip-phase 'preparing pairs'``
leaves 16 Combos' placements, which its searches play unsearched, out of the mean).
``--vs-openspiel`` runs OpenSpiel's ``crazy_eights`` through the same kind of loop in
this process (``pip install -e '.[bench]'``).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
import timeit

import comboarena as ca
import comboarena.core
from comboarena.core import parse_option_texts


def pin_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def selfplay(game: ca.Game, seconds: float) -> tuple[float, float]:
    """Steps per second and games per second of random self-play."""
    rng = random.Random(0)
    choice = rng.choice
    steps = games = 0
    start = time.perf_counter()
    end = start + seconds
    seed = 0
    while time.perf_counter() < end:
        state = game.new_state(seed=seed)
        seed += 1
        while not state.is_over:
            to_act = state.to_act
            seat = to_act[0] if len(to_act) == 1 else choice(to_act)
            state.apply(seat, choice(state.legal_actions(seat)))
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed


def clone_time(game: ca.Game, samples: int = 200) -> float:
    """Median microseconds per ``clone`` over states taken from random games."""
    rng = random.Random(1)
    states = []
    for seed in range(samples):
        state = game.new_state(seed=seed)
        for _ in range(rng.randrange(1, 40)):
            if state.is_over:
                break
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        states.append(state)
    per = [timeit.timeit(s.clone, number=200) / 200 * 1e6 for s in states]
    return statistics.median(per)


def ismcts_time(game: ca.Game, spec: str, moves: int = 30, skip: frozenset[str] = frozenset()) -> tuple[float, float]:
    """Mean and worst seconds per move of the agent ``spec`` (ISMCTS, or any agent: a
    heuristic's decision time) over the first ``moves`` decisions of games it plays
    against itself; decisions in a view ``phase`` named in ``skip`` are played, not timed."""
    agent = ca.make_agent(spec, game)
    rng = random.Random(2)
    times = []
    seed = 0
    while len(times) < moves:
        state = game.new_state(seed=seed)
        seed += 1
        while not state.is_over and len(times) < moves:
            seat = rng.choice(state.to_act)
            view, legal = state.view(seat), state.legal_actions(seat)
            t = time.perf_counter()
            action = agent.choose(view, legal, rng)
            if view.get("phase") not in skip:
                times.append(time.perf_counter() - t)
            state.apply(seat, action)
    return statistics.mean(times), max(times)


def openspiel_selfplay(seconds: float) -> float:
    """Steps per second of OpenSpiel's C++ crazy_eights through a Python loop."""
    import pyspiel

    game = pyspiel.load_game("crazy_eights")
    rng = random.Random(0)
    steps = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("-o", "--option", action="append", default=[], help="game option name=value")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--ismcts", default="ismcts:iters=200", help="agent spec to time ('' to skip)")
    parser.add_argument("--moves", type=int, default=30, help="decisions of the --ismcts agent to time")
    parser.add_argument(
        "--skip-phase",
        action="append",
        default=[],
        help="a view phase whose decisions are played but not timed (16 Combos' searches play "
        "'preparing pairs' unsearched)",
    )
    parser.add_argument("--vs-openspiel", action="store_true")
    args = parser.parse_args()
    pin_one_core()
    cls = ca.core.game_class(args.game)
    game = ca.make(args.game, **parse_option_texts(args.game, cls.info.options, args.option))
    print(f"{game!r} on one core, Python {sys.version.split()[0]}")
    steps, games = selfplay(game, args.seconds)
    print(f"random self-play: {steps:,.0f} steps/s, {games:,.1f} games/s")
    print(f"clone: {clone_time(game):.2f} us (median)")
    if args.ismcts:
        mean, worst = ismcts_time(game, args.ismcts, args.moves, frozenset(args.skip_phase))
        print(f"{args.ismcts}: {mean * 1000:.1f} ms per move (mean), {worst * 1000:.1f} ms (worst)")
    if args.vs_openspiel:
        try:
            os_steps = openspiel_selfplay(args.seconds)
        except ImportError:
            print("open_spiel is not installed: pip install -e '.[bench]'")
            return
        print(f"OpenSpiel crazy_eights (C++ through Python): {os_steps:,.0f} steps/s")
        print(f"ratio comboarena/{args.game} : OpenSpiel crazy_eights = {steps / os_steps:.2f}")


if __name__ == "__main__":
    main()
