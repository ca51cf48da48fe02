"""The games and option sets every adapter is checked on, and helpers to reach a position."""

from __future__ import annotations

import random

import comboarena as ca

#: (game, options, cycles): every game with its default options and a few option sets.
#: ``cycles`` bounds PettingZoo's api and seed tests (their steps: agents x cycles, or
#: cycles in Parallel): enough for whole games of most seeds.
CASES = [
    ("sixteen", {}, 200),
    ("sixteen", {"players": 4}, 200),
    ("ccc-combo", {}, 300),
    ("combo-fighter", {}, 300),
    ("combo-fighter", {"mode": "tag"}, 300),
    ("combo-fighter", {"mode": "solo"}, 400),
    ("16-combos", {}, 200),
    ("16-combos", {"players": 3, "columns": 8}, 200),
    ("16-bit-tactics", {}, 500),
    ("16-bit-tactics", {"mode": "monsters"}, 500),
]

IDS = [f"{name}{''.join(f'-{k}={v}' for k, v in options.items())}" for name, options, _ in CASES]

#: One option set per game, for the slower checks.
DEFAULTS = [(name, options) for name, options, _ in CASES if not options]


def until(game: ca.Game, found, seed: int = 0, limit: int = 200):
    """A state of a random game (seeds from ``seed`` on) where ``found(state)`` holds."""
    rng = random.Random(seed)
    for s in range(seed, seed + limit):
        state = game.new_state(seed=s)
        while not state.is_over:
            if found(state):
                return state
            seat = state.to_act[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError(f"no position of {game!r} found in {limit} games")


def window(state: ca.State) -> bool:
    """Several seats owe a decision at once (a reaction window, face-down plays)."""
    return len(state.to_act) > 1
