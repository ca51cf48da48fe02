"""``State.estimate``: the judge's reading of the battle so far (HP share left), for searches."""

import random

import pytest

import comboarena as ca


def _shares(view):
    hp, most = [0, 0], [0, 0]
    for unit in view["units"]:
        hp[unit["side"]] += unit["hp"]
        most[unit["side"]] += unit["stats"]["hp_max"]
    return hp[0] / most[0], hp[1] / most[1]


@pytest.mark.parametrize("mode", ["versus", "monsters"])
def test_the_estimate_is_the_hp_share_lead_of_each_seats_side(mode):
    game = ca.make("16-bit-tactics", mode=mode)
    rng = random.Random(5)
    state = game.new_state(seed=11)
    assert state.estimate() == (0.0, 0.0)  # both sides whole
    seen_a_lead = False
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.is_over:
            break
        a, b = _shares(state.view(None))
        estimate = state.estimate()
        assert estimate == pytest.approx((a - b, b - a))
        seen_a_lead = seen_a_lead or a != b
    assert seen_a_lead  # somebody was hurt: the estimate moved
    assert state.estimate() is None  # over: the result speaks
