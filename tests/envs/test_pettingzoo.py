"""Every game through PettingZoo: its own API and seed tests, and the conventions we promise."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

import comboarena as ca
from comboarena.envs.pettingzoo import env, parallel_env, raw_env

from .cases import CASES, IDS, until, window
from .toy import Raise

# PettingZoo's api_test warns about any dict observation outside its own classic games;
# ours is the classic {"observation", "action_mask"} dict on purpose.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
]


@pytest.mark.parametrize(("name", "options", "cycles"), CASES, ids=IDS)
def test_pettingzoo_api_and_seed_tests_pass(name, options, cycles):
    api_test(env(name, **options), num_cycles=cycles)
    parallel_api_test(parallel_env(name, **options), num_cycles=cycles)
    seed_test(lambda: env(name, **options), num_cycles=cycles)
    parallel_seed_test(lambda: parallel_env(name, **options), num_cycles=cycles)


def _random_aec(table, rng):
    """Play an AEC env to the end at random; each agent's (reward, terminated) when it steps out."""
    out = {}
    for agent in table.agent_iter():
        obs, reward, terminated, truncated, info = table.last()
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        if terminated or truncated:
            assert agent not in out, f"{agent} stepped out twice"
            out[agent] = (reward, terminated)
            table.step(None)
        else:
            table.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    return out


@pytest.mark.parametrize(("name", "options"), [("sixteen", {"players": 4}), ("combo-fighter", {})])
def test_the_returns_are_the_rewards_and_every_agent_steps_out_once_with_none(name, options):
    table = raw_env(name, **options)
    table.reset(seed=3)
    out = _random_aec(table, random.Random(3))
    returns = table.table.state.result().returns
    assert out == {f"player_{s}": (float(returns[s]), True) for s in range(len(returns))}
    assert table.agents == [] and set(returns) <= {-1, 0, 1}


def test_reset_with_a_seed_plays_the_game_of_that_seed_and_reset_without_one_its_sequence():
    game = ca.make("sixteen")
    table = raw_env(game)
    table.reset(seed=11)
    first = game.new_state(seed=11)
    expected = np.array(game.encoder().observe(first.view(0)), np.float32)
    assert np.array_equal(table.observe("player_0")["observation"], expected)
    assert table.table.state == first
    table.reset()
    following = table.table.state.position()
    table.reset(seed=11)
    table.reset()
    assert table.table.state.position() == following
    table.reset()
    assert table.table.state.position() != following


def test_only_the_agent_to_act_has_ones_in_its_mask_and_they_are_its_legal_actions():
    game = ca.make("combo-fighter")
    state = until(game, window)  # both fighters owe a face-down card; the first is selected
    table = raw_env(game)
    table.reset(options={"state": state})
    first = state.to_act[0]
    for agent in table.agents:
        mask = table.observe(agent)["action_mask"]
        assert mask.dtype == np.int8 and np.array_equal(mask, table.infos[agent]["action_mask"])
        if agent == f"player_{first}":
            assert np.flatnonzero(mask).tolist() == game.encoder().legal_indices(state, first)
        else:
            assert not mask.any()


def test_an_illegal_action_ends_the_game_with_minus_one_for_whoever_took_it():
    for make in (env, raw_env):
        table = make("ccc-combo")
        table.reset(seed=4)
        agent = table.agent_selection
        mask = table.observe(agent)["action_mask"]
        table.step(int(np.flatnonzero(mask == 0)[0]))
        rewards = {}
        for a in table.agent_iter():
            _obs, reward, terminated, _truncated, _info = table.last()
            assert terminated or _truncated
            rewards[a] = reward
            table.step(None)
        assert rewards == {a: (-1.0 if a == agent else 0.0) for a in rewards} and len(rewards) == 4


def test_illegal_raise_refuses_and_changes_nothing():
    table = env("sixteen", illegal="raise")
    table.reset(seed=5)
    before = table.unwrapped.table.state.position()
    mask = table.observe(table.agent_selection)["action_mask"]
    with pytest.raises(ca.IllegalAction, match="not legal for player_0.*legal now: "):
        table.step(int(np.flatnonzero(mask == 0)[0]))
    assert table.unwrapped.table.state.position() == before
    table.step(int(np.flatnonzero(mask)[0]))
    par = parallel_env("sixteen", illegal="raise")
    observations, _ = par.reset(seed=5)
    with pytest.raises(ca.IllegalAction):
        par.step({"player_0": int(np.flatnonzero(observations["player_0"]["action_mask"] == 0)[0])})
    assert par.table.state.position() == before


def test_in_aec_the_seats_of_a_window_act_one_after_another_in_to_act_order():
    game = ca.make("combo-fighter")
    state = until(game, window)
    first, second = state.to_act
    table = raw_env(game)
    table.reset(options={"position": state.position()})
    assert table.agent_selection == f"player_{first}"
    mask = table.observe(f"player_{first}")["action_mask"]
    table.step(int(np.flatnonzero(mask)[0]))
    assert table.agent_selection == f"player_{second}"
    assert table.table.state.to_act == (second,)


def test_in_parallel_a_window_is_answered_in_one_step_and_a_counter_closes_it_for_the_rest():
    fighter = ca.make("combo-fighter")
    face_down = until(fighter, window)
    par = parallel_env(fighter)
    par.reset(options={"position": face_down.position()})
    actions = {f"player_{s}": fighter.encoder().legal_indices(face_down, s)[0] for s in face_down.to_act}
    par.step(actions)
    assert [s for s, _ in par.table.state.history] == list(face_down.to_act)  # both cards, then the reveal

    ccc = ca.make("ccc-combo")
    countered = until(ccc, lambda s: len(s.to_act) == 3 and all(len(s.legal_actions(x)) > 1 for x in s.to_act[1:]))
    passer, first, second = countered.to_act
    enc = ccc.encoder()
    counter = {s: next(i for i in enc.legal_indices(countered, s) if i != enc.index("pass")) for s in (first, second)}
    par = parallel_env(ccc)
    par.reset(options={"position": countered.position()})
    actions = {f"player_{passer}": enc.index("pass"), f"player_{first}": counter[first]}
    par.step({**actions, f"player_{second}": counter[second]})
    taken = [(s, str(a)) for s, a in par.table.state.history]
    assert taken == [(passer, "pass"), (first, str(enc.action(counter[first])))]
    assert second not in par.table.state.to_act


def test_in_parallel_seats_that_owe_nothing_send_anything_and_it_is_ignored():
    par = parallel_env("sixteen")
    observations, infos = par.reset(seed=8)
    assert not infos["player_1"]["action_mask"].any()
    legal = np.flatnonzero(observations["player_0"]["action_mask"]).tolist()
    par.step({"player_0": legal[0], "player_1": None})
    par2 = parallel_env("sixteen")
    par2.reset(seed=8)
    par2.step({"player_0": legal[0], "player_1": 56})
    assert par.table.state.position() == par2.table.state.position()


def test_render_ansi_draws_the_table_as_the_spectator_sees_it():
    table = raw_env("sixteen", render_mode="ansi")
    table.reset(seed=1)
    text = table.render()
    assert isinstance(text, str) and "Sixteen" in text and "\x1b[" not in text
    hand = table.table.state.view(0)["hand"]
    assert not any(card in text for card in hand if len(card) == 2 and card not in str(table.table.state.view(None)))
    with pytest.warns(UserWarning, match="without a render_mode"):
        quiet = raw_env("sixteen")
        quiet.reset(seed=1)
        assert quiet.render() is None


def test_bad_arguments_are_refused():
    with pytest.raises(ca.OptionError, match="illegal='ignore'"):
        raw_env("sixteen", illegal="ignore")
    with pytest.raises(ca.OptionError, match="render_mode='human'"):
        parallel_env("sixteen", render_mode="human")
    with pytest.raises(ca.OptionError, match="already made"):
        raw_env(ca.make("sixteen"), players=4)
    with pytest.raises(ca.OptionError):
        raw_env("sixteen", players=3)


def test_in_parallel_an_answer_to_a_question_that_changed_meanwhile_waits_for_the_next_step():
    game = Raise()
    par = parallel_env(game)
    par.reset(seed=1)
    enc = game.encoder()
    par.step({"player_0": enc.index("raise"), "player_1": enc.index("a")})
    assert [(s, str(a)) for s, a in par.table.state.history] == [(0, "raise")]
    par.step({"player_1": enc.index("call")})
    assert [(s, str(a)) for s, a in par.table.state.history] == [(0, "raise"), (1, "call")]


def test_a_scenario_starts_from_a_position_or_a_state_and_not_from_a_finished_game():
    game = ca.make("sixteen")
    state = game.new_state(seed=3)
    state.apply(0, state.legal_actions(0)[0])
    for options in ({"position": state.position()}, {"state": state}):
        table = raw_env(game)
        table.reset(options=options)
        assert table.table.state.position() == state.position() and table.agent_selection == "player_1"
        table.step(int(np.flatnonzero(table.observe("player_1")["action_mask"])[0]))
        assert len(state.history) == 1  # a copy was played on
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    with pytest.raises(ca.OptionError, match="that game is over"):
        parallel_env(game).reset(options={"state": state})
