"""The encoder's ``observe_state`` reads the state straight, but must give exactly the
numbers ``observe`` gives on that seat's view: compared on every step of seeded
random games, for every seat and a spectator, in each mode."""

import random

import pytest

import comboarena as ca
from comboarena.core import ComboArenaError

from .helpers import FLAT, map_file


def _compare_game(game: ca.Game, seed: int) -> int:
    """Play one random game, comparing at every step; returns the steps compared."""
    enc = game.encoder()
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    seats = [None, *range(game.players)]
    steps = 0
    while True:
        for seat in seats:
            assert enc.observe_state(state, seat) == enc.observe(state.view(seat)), (seed, steps, seat)
        if state.is_over:
            return steps
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"map": "keep"},
        {"players": 4},
        {"mode": "monsters"},
        {"mode": "monsters", "players": 3, "map": "marsh"},
        {"mode": "campaign"},
    ],
    ids=repr,
)
def test_observe_state_equals_observe_of_the_view(options):
    game = ca.make("16-bit-tactics", **options)
    steps = sum(_compare_game(game, seed) for seed in range(3))
    assert steps > 30  # whole games were compared, not just their first states


def test_observe_state_on_a_map_with_features_and_fewer_units():
    game = ca.make("16-bit-tactics", map=map_file(FLAT), party=("vanguard",), foes=("scout", "mender"))
    assert _compare_game(game, 7) > 0


def test_observe_state_refuses_a_seat_out_of_range_as_view_does():
    game = ca.make("16-bit-tactics")
    state = game.new_state(seed=1)
    with pytest.raises(ComboArenaError) as by_view:
        state.view(5)
    with pytest.raises(type(by_view.value)):
        game.encoder().observe_state(state, 5)
