"""The shipped conformance check (``ca.testing.check_game``) for every option set of 16 Combos:
each value of every option appears in at least one run (the default options are run by
``tests/test_conformance.py``)."""

import pytest

import comboarena as ca

VARIANTS = [
    {"placement": "dealt", "jokers": False, "round_limit": 8},
    {"recovery": True, "consultation": "shield", "columns": 6, "round_limit": 10},
    {"drop_lowest": True, "order": "round-robin", "players": 3, "columns": 5, "round_limit": 6},
    {"one_of_each": True, "round_limit": 10},
    {"one_of_each": True, "multiple_values": True, "placement": "dealt", "round_limit": 10},
    {"multiple_values": True, "columns": 6, "round_limit": 10},
    {"players": 4, "teams": True, "columns": 3, "round_limit": 5},
    {"players": 2, "characters": 2, "columns": 5, "round_limit": 6},
    {"players": 4, "characters": 3, "columns": 1, "placement": "dealt", "round_limit": 3},
]


@pytest.mark.parametrize("options", VARIANTS, ids=[",".join(f"{k}={v}" for k, v in o.items()) for o in VARIANTS])
def test_check_game_for_every_option_set(options):
    report = ca.testing.check_game(ca.make("16-combos", **options), games=6, seed=2)
    assert report.games == 6 and report.steps > 0


def test_every_option_value_is_covered():
    game = ca.make("16-combos")
    for option in game.info.options:
        values = {o.get(option.name, option.default) for o in VARIANTS}
        if option.choices:
            assert set(option.choices) <= values | {option.default}, option.name
        elif option.type is bool:
            assert values == {True, False}, option.name
