"""Views never leak through an adapter: what a seat observes depends on its view alone.

For positions of random games, each seat's view is determinized (its hidden
information resampled) and both states go on the adapters' tables: every
observation, mask and string the seat gets must be the same.
"""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest

import comboarena as ca
from comboarena.envs.gymnasium import SeatEnv
from comboarena.envs.openspiel import register
from comboarena.envs.pettingzoo import parallel_env, raw_env

from .cases import CASES, IDS


def _positions(game, seed, count=6):
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    steps = []
    while not state.is_over:
        steps.append(state.clone())
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return rng.sample(steps, min(count, len(steps)))


def _seen(game, state, seat):
    """Everything ``seat`` gets from the PettingZoo and Gymnasium adapters with ``state`` on the table."""
    aec = raw_env(game)
    aec.reset(options={"state": state})
    par = parallel_env(game)
    observations, _ = par.reset(options={"state": state})
    agent = f"player_{seat}"
    seen = {"aec": aec.observe(agent), "aec info": aec.infos[agent], "parallel": observations[agent]}
    if state.to_act[:1] == (seat,):
        # (Were another seat first, its opponent agent would answer from its own hand first.)
        gym = SeatEnv(game, seat=seat)
        seen["gym"] = gym.reset(seed=0, options={"state": state})
    return seen


def _spiel(state, seat):
    """Everything ``seat`` gets from OpenSpiel's observers."""
    return (
        np.array(state.observation_tensor(seat)),
        np.array(state.information_state_tensor(seat)),
        state.observation_string(seat),
        state.information_state_string(seat),
    )


def _same(a, b):
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, np.ndarray):
        return a.dtype == b.dtype and np.array_equal(a, b)
    return a == b


@pytest.mark.parametrize(("name", "options", "cycles"), CASES, ids=IDS)
def test_what_a_seat_observes_depends_only_on_its_view(name, options, cycles):
    game = ca.make(name, **options)
    spiel = register(name, **options)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    rng = random.Random(1)
    resampled = 0
    for state in _positions(game, seed=1):
        real = spiel.new_initial_state(state.position())
        for seat in range(game.players):
            sample = game.determinize(state.view(seat), seat, random.Random(rng.getrandbits(32)))
            resampled += sample.position() != state.position()
            assert _same(_seen(game, state, seat), _seen(game, sample, seat)), f"seat {seat} sees hidden information"
            if not state.is_over and seat == state.to_act[0]:
                other = real.resample_from_infostate(seat, sampler)
                assert _same(_spiel(real, seat), _spiel(other, seat)), f"seat {seat} sees hidden information"
    assert resampled  # the hidden parts did differ, so the check could fail
