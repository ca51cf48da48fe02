"""The adapters observe through ``Encoder.observe_state``, which a game may compute straight
from the state: it must give exactly the numbers ``observe(view)`` gives, for every seat and
the spectator, on every step (so it shows nothing the view hides)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import comboarena as ca
from comboarena.envs.table import Table

#: Option sets that change what a view holds (players, teams, modes, rules that show more).
OPTION_SETS = [
    ("sixteen", {}),
    ("sixteen", {"players": 4}),
    ("sixteen", {"players": 2, "draw": "strict", "bonus": True, "wilds": False}),
    ("sixteen", {"players": 4, "matches": False, "draw": "loose"}),
    ("ccc-combo", {}),
    ("ccc-combo", {"big_players": (0, 3)}),
    ("combo-fighter", {}),
    ("combo-fighter", {"mode": "tag"}),
    ("combo-fighter", {"mode": "solo"}),
    ("combo-fighter", {"best_of": 1}),
    ("16-combos", {}),
    ("16-combos", {"players": 4, "teams": True, "columns": 6}),
    ("16-combos", {"characters": 2, "columns": 5, "placement": "dealt"}),
    ("16-bit-tactics", {}),
    ("16-bit-tactics", {"mode": "monsters"}),
]


def _differences(encoder: ca.Encoder, a: list[float], b: list[float]) -> list[str]:
    return [
        f"{f.name}[{i}]: {a[f.start + i]} != {b[f.start + i]}"
        for f in encoder.features
        for i in range(f.size)
        if a[f.start + i] != b[f.start + i]
    ]


@pytest.mark.parametrize(("name", "options"), OPTION_SETS, ids=[f"{n}-{o}" for n, o in OPTION_SETS])
def test_observe_state_gives_the_numbers_observe_gives_on_the_view(name: str, options: dict) -> None:
    game = ca.make(name, **options)
    encoder = game.encoder()
    rng = random.Random(7)
    compared = 0
    for seed in range(4):
        state = game.new_state(seed=seed)
        for _step in range(400):
            for seat in [*range(game.players), None]:
                fast = list(encoder.observe_state(state, seat))
                slow = encoder.observe(state.view(seat))
                assert fast == slow, (seed, seat, _differences(encoder, fast, slow)[:5])
                compared += 1
            if state.is_over:
                break
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert compared > 100


def test_observe_state_refuses_a_seat_the_game_has_not() -> None:
    for name in ("sixteen", "ccc-combo", "combo-fighter", "16-combos", "16-bit-tactics"):
        game = ca.make(name)
        with pytest.raises(ValueError, match="seat"):
            game.encoder().observe_state(game.new_state(seed=0), game.players)


def test_the_table_packs_the_observation_as_fresh_float32_it_may_keep() -> None:
    game = ca.make("combo-fighter")
    table = Table(game)
    table.reset(seed=3)
    seat = table.state.to_act[0]
    obs = table.observation(seat)
    assert obs.dtype == np.float32 and obs.shape == game.encoder().observation_shape
    expected = np.array(game.encoder().observe(table.state.view(seat)), dtype=np.float32)
    assert np.array_equal(obs, expected)
    # A caller may write into what it was given; a new one is untouched by it.
    obs[:] = 9.0
    assert np.array_equal(table.observe_anew(seat), expected)
