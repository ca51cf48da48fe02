"""Every game as an OpenSpiel python game: random_sim_test, the python ISMCTS bot, rl_environment."""

from __future__ import annotations

import json
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

import comboarena as ca
from comboarena.envs.openspiel import MAX_GAME_LENGTH, register

from .cases import CASES, IDS, until, window


@pytest.mark.parametrize(("name", "options", "cycles"), CASES, ids=IDS)
def test_random_sim_test_passes(name, options, cycles):
    # OpenSpiel's own consistency checks (legal actions, clones, observations, returns), one whole game.
    pyspiel.random_sim_test(register(name, rng_seed=1, **options), num_sims=1, serialize=False, verbose=False)


def _bot(game, seed=0, simulations=8):
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    return ismcts.ISMCTSBot(game, evaluator, 1.0, simulations, random_state=np.random.RandomState(seed))


@pytest.mark.parametrize("name", ca.games())
def test_the_python_ismcts_bot_plays_every_game_from_the_start_and_inside_a_window(name):
    game = register(name, rng_seed=2)
    bot = _bot(game)
    state = game.new_initial_state()
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    table_game = ca.make(name)
    if name in ("ccc-combo", "combo-fighter", "16-combos"):
        # A later seat of a window, after an earlier one answered: the resampled roots must
        # agree with its information state (the bot asserts it on every simulation).
        position = until(table_game, window, seed=3)
        first, rng = position.to_act[0], random.Random(0)
        while position.to_act[0] == first:  # its answer (16 Combos: all its placements)
            position.apply(first, rng.choice(position.legal_actions(first)))
        state = game.new_initial_state(json.dumps(position.position()))
        assert state.current_player() == position.to_act[0] != first
        assert bot.step(state) in state.legal_actions()


@pytest.mark.parametrize("name", ca.games())
def test_rl_environment_plays_a_game_to_its_returns_with_the_encoders_numbers(name):
    game = register(name, rng_seed=4)
    env = rl_environment.Environment(game)
    rng = random.Random(4)
    step = env.reset()
    encoder = ca.make(name).encoder()
    table_state = env.get_state.table_state
    for player in range(game.num_players()):
        expected = np.array(encoder.observe(table_state.view(player)), np.float32)
        assert np.array_equal(np.array(step.observations["info_state"][player], np.float32), expected)
    while not step.last():
        player = step.observations["current_player"]
        step = env.step([rng.choice(step.observations["legal_actions"][player])])
    assert step.rewards == [float(r) for r in env.get_state.table_state.result().returns]


def test_options_are_parameters_and_the_type_says_what_the_table_is():
    game = register("combo-fighter", fighters=("junior", "lucia"), best_of=1)
    assert game.get_parameters()["fighters"] == "junior,lucia" and game.get_parameters()["best_of"] == 1
    state = game.new_initial_state()
    assert state.table_state.game.options["fighters"] == ("junior", "lucia")
    again = pyspiel.load_game("comboarena_combo_fighter", {"fighters": "grace,boris", "mode": "versus"})
    assert again.new_initial_state().table_state.game.options["fighters"] == ("grace", "boris")
    four = pyspiel.load_game("comboarena_sixteen(players=4)")
    assert four.num_players() == 4 and four.num_distinct_actions() == 57
    assert four.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    three = register("16-combos", players=3, columns=8)
    assert three.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM and three.num_players() == 3
    kind = four.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert four.max_game_length() == MAX_GAME_LENGTH and four.max_chance_outcomes() == 0
    with pytest.raises(Exception, match="Unknown parameter 'colours'"):
        pyspiel.load_game("comboarena_sixteen", {"colours": 3})
    with pytest.raises(Exception, match="players=3 is not allowed"):
        pyspiel.load_game("comboarena_sixteen", {"players": 3})


def test_the_same_rng_seed_deals_the_same_games():
    one, two = register("sixteen", rng_seed=5), register("sixteen", rng_seed=5)
    for _ in range(3):
        a, b = one.new_initial_state(), two.new_initial_state()
        a.clone()  # a clone draws no seed of its own
        assert str(a) == str(b)


def test_clones_are_independent():
    state = register("ccc-combo", rng_seed=6).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    copy = state.clone()
    assert str(copy) == str(state) and copy.history() == state.history()
    copy.apply_action(copy.legal_actions()[0])
    assert str(copy) != str(state) and len(state.history()) == 1


def test_observer_tensors_and_strings_come_from_the_players_view():
    game = register("16-combos", rng_seed=7)
    state = game.new_initial_state()
    rng = random.Random(7)
    taken: dict[int, list[int]] = {0: [], 1: []}
    for _ in range(25):
        action = rng.choice(state.legal_actions())
        taken[state.current_player()].append(action)
        state.apply_action(action)
    table_state, encoder = state.table_state, ca.make("16-combos").encoder()
    for player in range(2):
        view = table_state.view(player)
        expected = np.array(encoder.observe(view), np.float32)
        assert np.array_equal(np.array(state.observation_tensor(player), np.float32), expected)
        assert np.array_equal(np.array(state.information_state_tensor(player), np.float32), expected)
        assert json.loads(state.observation_string(player)) == view
        info = state.information_state_string(player)
        assert info == f"[{' '.join(map(str, taken[player]))}] {state.observation_string(player)}"
    public_type = pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    public = make_observation(game, public_type)
    public.set_from(state, 0)
    assert np.array_equal(public.tensor, np.array(encoder.observe(table_state.view(None)), np.float32))
    assert json.loads(public.string_from(state, 1)) == table_state.view(None)
    with pytest.raises(ValueError, match="every player's private information"):
        everyone = pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
        make_observation(game, everyone)


@pytest.mark.parametrize("name", ca.games())
def test_a_resampled_state_keeps_the_players_information_state_and_nothing_else(name):
    game = register(name, rng_seed=8)
    state = game.new_initial_state()
    rng = random.Random(8)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    sample = state.resample_from_infostate(player, sampler)
    assert sample.current_player() == player and sample.legal_actions() == state.legal_actions()
    assert sample.information_state_string(player) == state.information_state_string(player)
    assert sample.information_state_tensor(player) == state.information_state_tensor(player)
    others = [p for p in range(game.num_players()) if p != player]
    assert all(sample.acted(p) == () for p in others) and sample.acted(player) == state.acted(player)
    assert sample.table_state.seed != state.table_state.seed
    while not sample.is_terminal():
        sample.apply_action(rng.choice(sample.legal_actions()))
