"""Every game through Gymnasium: check_env, make_vec, masks, opponents, illegal actions, seeding."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import comboarena as ca
from comboarena.envs import gymnasium as gym_envs
from comboarena.envs.gymnasium import SeatEnv

from .cases import CASES, IDS, until, window

# The encoders scale their numbers but promise no bounds, so the Box is unbounded on purpose.
pytestmark = pytest.mark.filterwarnings("ignore:.*Box observation space (minimum|maximum) value is")


@pytest.mark.parametrize(("name", "options", "cycles"), CASES, ids=IDS)
def test_check_env_passes(name, options, cycles):
    check_env(gymnasium.make(gym_envs.IDS[name], **options).unwrapped)


def test_every_game_is_registered_and_makes_a_vector_env():
    assert sorted(gym_envs.IDS) == sorted(ca.games())
    vec = gymnasium.make_vec("comboarena/ComboFighter-v0", num_envs=3, vectorization_mode="sync")
    obs, info = vec.reset(seed=1)
    assert obs.shape == (3, *vec.single_observation_space.shape) and info["action_mask"].shape == (3, 28)
    ends = 0
    for _ in range(1500):
        actions = np.array([vec.single_action_space.sample(mask) for mask in info["action_mask"]])
        obs, rewards, terminated, truncated, info = vec.step(actions)
        assert not truncated.any() and set(rewards[terminated]) <= {-1.0, 0.0, 1.0}
        assert not rewards[~terminated].any()
        ends += int(terminated.sum())
    assert ends > 0
    vec.close()


def _play(env, seed, pick=lambda info: int(np.flatnonzero(info["action_mask"])[0])):
    _obs, info = env.reset(seed=seed)
    steps, terminated = 0, False
    while not terminated:
        assert np.array_equal(env.unwrapped.action_masks(), info["action_mask"].astype(bool))
        _obs, reward, terminated, _truncated, info = env.step(pick(info))
        steps += 1
    return reward, steps


def test_the_reward_is_the_learners_return_at_the_end_and_seats_take_turns_with_the_opponents():
    env = SeatEnv("sixteen", seat=1, opponents="sixteen.heuristic")
    reward, _ = _play(env, seed=4)
    state = env.table.state
    assert reward == state.result().returns[1]
    seats = [s for s, _ in state.history]
    assert 0 in seats and 1 in seats


def test_reset_with_a_seed_plays_the_game_of_that_seed_the_same_way_each_time():
    env = SeatEnv("combo-fighter", opponents="combo-fighter.heuristic")
    env.reset(seed=9)
    assert env.table.state.seed == 9
    first = _play(env, seed=9), env.table.state.record.to_json()
    assert (_play(env, seed=9), env.table.state.record.to_json()) == first
    env.reset(seed=9)
    env.reset()
    following = env.table.state.position()
    env.reset(seed=9)
    env.reset()
    assert env.table.state.position() == following


def test_a_random_seat_varies_and_a_seat_that_never_plays_is_refused():
    env = SeatEnv("combo-fighter", seat="random", mode="solo")
    seats = {env.reset(seed=s)[1]["seat"] for s in range(12)}
    assert seats == {0}  # seat 1 is the rulebook's AI: redrawn until the learner plays
    env = SeatEnv("sixteen", seat="random")
    assert {env.reset(seed=s)[1]["seat"] for s in range(12)} == {0, 1}
    with pytest.raises(ca.OptionError, match="never got a decision"):
        SeatEnv("combo-fighter", seat=1, mode="solo").reset(seed=1)


def test_opponents_are_one_spec_or_one_per_other_seat():
    env = SeatEnv("sixteen", players=4, opponents=["random", "sixteen.heuristic", "first"])
    env.reset(seed=2)
    assert [a.name for a in env.opponent_agents.values()] == ["random", "sixteen.heuristic", "first"]
    with pytest.raises(ca.OptionError, match="one agent spec, or 3"):
        SeatEnv("sixteen", players=4, opponents=["random", "random"])
    with pytest.raises(ca.OptionError, match="unknown agent"):
        SeatEnv("sixteen", opponents="alphazero")


def test_illegal_actions_are_penalized_terminate_or_raise():
    env = SeatEnv("sixteen")
    obs, info = env.reset(seed=3)
    before = env.table.state.position()
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    again, reward, terminated, truncated, info2 = env.step(bad)
    assert (reward, terminated, truncated, info2["illegal"]) == (-1.0, False, False, True)
    assert np.array_equal(again, obs) and again is not obs and env.table.state.position() == before
    env = SeatEnv("sixteen", illegal="terminate", illegal_reward=-5)
    env.reset(seed=3)
    assert env.step(bad)[1:3] == (-5.0, True)
    env = SeatEnv("sixteen", illegal="raise")
    env.reset(seed=3)
    with pytest.raises(ca.IllegalAction, match="not legal for player_0"):
        env.step(bad)
    assert env.table.state.position() == before
    for wrong in (None, 1.5, True, -1, 57, np.array([1, 2])):
        with pytest.raises(ca.IllegalAction):
            env.step(wrong)


def test_in_a_window_the_opponents_before_the_learner_in_to_act_order_answer_first():
    game = ca.make("combo-fighter")
    state = until(game, window)
    first, second = state.to_act
    env = SeatEnv(game, seat=second, opponents="first")
    env.reset(options={"position": state.position()})
    assert [s for s, _ in env.table.state.history] == [first]
    env = SeatEnv(game, seat=first, opponents="first")
    env.reset(options={"position": state.position()})
    assert env.table.state.history == []


def test_render_ansi_draws_the_table():
    env = gymnasium.make("comboarena/CccCombo-v0", render_mode="ansi")
    env.reset(seed=1)
    assert "c-c-c-COMBO" in env.render()
