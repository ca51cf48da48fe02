"""``ComboEncoder.observe_state`` computes from the state exactly what ``observe`` computes
from the view, for every seat (a spectator too), at every step of seeded random games
under many option sets."""

from __future__ import annotations

import random
from typing import Any

import pytest

import comboarena as ca
from comboarena.core import IllegalAction

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"players": 4, "teams": True, "columns": 6},
    {"players": 3, "columns": 8},
    {"players": 4, "columns": 5},
    {"characters": 2, "columns": 5, "jokers": False, "placement": "dealt"},
    {"recovery": True, "drop_lowest": True, "order": "round-robin"},
    {"one_of_each": True, "consultation": "shield"},
    {"one_of_each": True, "multiple_values": True, "consultation": "shield"},
    {"multiple_values": True, "columns": 4, "round_limit": 3},
    {"columns": 13, "round_limit": 40},  # the most columns, and long games (steals add columns)
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_observe_state_is_observe_of_the_view(options: dict[str, Any]) -> None:
    game = ca.make("16-combos", **options)
    enc = game.encoder()
    seats: list[int | None] = [*range(game.players), None]
    steps = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        while True:
            for seat in seats:
                fast = enc.observe_state(state, seat)
                slow = enc.observe(state.view(seat))
                assert fast == slow, f"seed {seed}, step {steps}, seat {seat}, phase {state.phase}"
            if state.is_over:
                break
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
    assert steps > 100


def test_observe_state_differs_between_seats() -> None:
    """A seat sees its own face-down cards and its opponent does not: the two observations differ
    (``observe_state`` does not ignore the seat)."""
    game = ca.make("16-combos")
    enc = game.encoder()
    state = game.new_state(seed=3)
    rng = random.Random(3)
    while state.phase == "preparing pairs":
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert enc.observe_state(state, 0) != enc.observe_state(state, 1)
    assert enc.observe_state(state, 0) == enc.observe(state.view(0))


def test_observe_state_refuses_a_seat_that_is_not_at_the_table() -> None:
    game = ca.make("16-combos")
    state = game.new_state(seed=0)
    with pytest.raises(IllegalAction):
        game.encoder().observe_state(state, 5)
