"""Steps per second through each learning adapter against the raw protocol loop.

    python bench/envs.py [GAME ...] [--rounds 5] [--scale 1.0] [-o key=value ...]

Every loop plays the same kind of random game: each decision is a uniformly
random legal action (Python's ``random``, seeded), over the same seeds; a
*step* is one action applied to the game, whoever takes it. Loops:

- ``bare``: the raw protocol loop of ``bench/selfplay.py``: ``to_act``,
  ``legal_actions``, a random pick, ``apply``;
- ``agents``: the loop ``sim`` runs (``play_game``): the same plus the acting
  seat's ``view``, which every agent is handed;
- ``encode``: the bare loop plus what every adapter must make of each step, with no
  library around it: the observation (``encoder.observe_state``, as a numpy array)
  and the mask of legal action numbers: the floor under any adapter;
- ``pz raw``: PettingZoo's ``raw_env`` (AEC): ``last()`` (the observation and
  mask of the agent to act, encoded), a pick among the mask's ones, ``step``;
- ``pz env``: the same through PettingZoo's wrappers (``env()``);
- ``pz par``: ``parallel_env``: every owing seat acts each step; steps counted
  as actions applied;
- ``gym``: ``SeatEnv`` (seat 0, ``random`` opponents): the learner's steps
  (observation and mask encoded) and the opponents' (their view), all counted;
- ``spiel``: the OpenSpiel python state: ``legal_actions``, ``apply_action``
  (no observation);
- ``spiel rl``: OpenSpiel's ``rl_environment``, which encodes every player's
  information-state tensor at each step.

The columns after ``agents`` show steps/s and, in brackets, the share of
``bare``. Times are this process's CPU time (``time.process_time``), so the
other work of a shared machine is not counted; loops run in turn,
``--rounds`` times, and each keeps its best round. Single process, one core.
"""

from __future__ import annotations

import argparse
import os
import random
import struct
import sys
import time
from collections.abc import Callable

import numpy as np

import comboarena as ca
import comboarena.core
from comboarena.core import parse_option_texts

#: Games per round for each game at --scale 1 (about a second of the bare loop on a quiet core).
GAMES = {"sixteen": 1500, "ccc-combo": 300, "combo-fighter": 100, "16-combos": 100, "16-bit-tactics": 20}


def bare(game: ca.Game, seeds: range) -> int:
    rng = random.Random(0)
    steps = 0
    for seed in seeds:
        state = game.new_state(seed=seed)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
    return steps


def agents(game: ca.Game, seeds: range) -> int:
    rng = random.Random(0)
    steps = 0
    for seed in seeds:
        state = game.new_state(seed=seed)
        while not state.is_over:
            seat = state.to_act[0]
            state.view(seat)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
    return steps


def encode(game: ca.Game, seeds: range) -> int:
    """The bare loop plus what every adapter must make of each step, with no library: the
    acting seat's observation (``encoder.observe_state``, as numpy the way the adapters make
    it) and its mask of legal action numbers."""
    rng = random.Random(0)
    encoder = game.encoder()
    size, actions = len(encoder.blank()), encoder.num_actions
    float32s = struct.Struct(f"={size}f")
    steps = 0
    for seed in seeds:
        state = game.new_state(seed=seed)
        while not state.is_over:
            seat = state.to_act[0]
            np.frombuffer(bytearray(float32s.pack(*encoder.observe_state(state, seat))), np.float32)
            legal = encoder.legal_indices(state, seat)
            mask = bytearray(actions)
            for i in legal:
                mask[i] = 1
            np.frombuffer(mask, np.int8)
            state.apply(seat, encoder.action(rng.choice(legal)))
            steps += 1
    return steps


def _aec(make: Callable[[], object]) -> Callable[[ca.Game, range], int]:
    def loop(game: ca.Game, seeds: range) -> int:
        env = make()
        rng = random.Random(0)
        steps = 0
        for seed in seeds:
            env.reset(seed=seed)  # type: ignore[attr-defined]
            for _agent in env.agent_iter():  # type: ignore[attr-defined]
                obs, _reward, terminated, truncated, _info = env.last()  # type: ignore[attr-defined]
                if terminated or truncated:
                    env.step(None)  # type: ignore[attr-defined]
                    continue
                env.step(rng.choice(obs["action_mask"].nonzero()[0].tolist()))  # type: ignore[attr-defined]
                steps += 1
        return steps

    return loop


def parallel(game: ca.Game, seeds: range) -> int:
    from comboarena.envs.pettingzoo import parallel_env

    env = parallel_env(game)
    rng = random.Random(0)
    steps = 0
    for seed in seeds:
        obs, _infos = env.reset(seed=seed)
        while env.agents:
            actions = {}
            for agent, o in obs.items():
                legal = o["action_mask"].nonzero()[0].tolist()
                if legal:
                    actions[agent] = rng.choice(legal)
            before = len(env.table.state.history)
            obs, *_ = env.step(actions)
            steps += len(env.table.state.history) - before
    return steps


def gym(game: ca.Game, seeds: range) -> int:
    from comboarena.envs.gymnasium import SeatEnv

    env = SeatEnv(game, opponents="random")
    rng = random.Random(0)
    steps = 0
    for seed in seeds:
        _obs, info = env.reset(seed=seed)
        terminated = False
        while not terminated:
            _obs, _r, terminated, _t, info = env.step(rng.choice(info["action_mask"].nonzero()[0].tolist()))
        steps += len(env.table.state.history)
    return steps


def spiel(game: ca.Game, seeds: range) -> int:
    from comboarena.envs.openspiel import register

    sgame = register(game.name, rng_seed=seeds.start, **game.options)
    rng = random.Random(0)
    steps = 0
    for _ in seeds:
        state = sgame.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps


def spiel_rl(game: ca.Game, seeds: range) -> int:
    from open_spiel.python import rl_environment

    from comboarena.envs.openspiel import register

    env = rl_environment.Environment(register(game.name, rng_seed=seeds.start, **game.options))
    rng = random.Random(0)
    steps = 0
    for _ in seeds:
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            step = env.step([rng.choice(step.observations["legal_actions"][player])])
            steps += 1
    return steps


def loops() -> dict[str, Callable[[ca.Game, range], int]]:
    from comboarena.envs.pettingzoo import env, raw_env

    return {
        "bare": bare,
        "agents": agents,
        "encode": encode,
        "pz raw": lambda g, s: _aec(lambda: raw_env(g))(g, s),
        "pz env": lambda g, s: _aec(lambda: env(g))(g, s),
        "pz par": parallel,
        "gym": gym,
        "spiel": spiel,
        "spiel rl": spiel_rl,
    }


def measure(game: ca.Game, games: int, rounds: int) -> dict[str, float]:
    """Best steps/s of each loop over ``rounds`` interleaved rounds."""
    best: dict[str, float] = {}
    seeds = range(1000, 1000 + games)
    for _ in range(rounds):
        for name, loop in loops().items():
            start = time.process_time()
            steps = loop(game, seeds)
            rate = steps / (time.process_time() - start)
            best[name] = max(best.get(name, 0.0), rate)
    return best


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--scale", type=float, default=1.0, help="games per round, relative to the defaults")
    parser.add_argument("-o", dest="options", action="append", default=[], help="a game option, key=value")
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    names = list(loops())
    print("| game | " + " | ".join(names) + " |")
    print("|---|" + "---:|" * len(names))
    for name in args.games:
        game = ca.make(name, **parse_option_texts(name, ca.core.game_class(name).info.options, args.options))
        best = measure(game, max(1, round(GAMES.get(name, 50) * args.scale)), args.rounds)
        cells = [f"{best['bare']:,.0f}", f"{best['agents']:,.0f}"]
        cells += [f"{best[n]:,.0f} ({best[n] / best['bare']:.2f})" for n in names[2:]]
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
