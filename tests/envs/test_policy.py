"""The numpy policy agent: a saved policy loads back, plays only legal moves, and says what is wrong."""

from __future__ import annotations

import random

import numpy as np
import pytest

import comboarena as ca
from comboarena.agents import agent_names
from comboarena.agents.policy import load_policy, random_layers, save_policy, shipped
from comboarena.sim import simulate


@pytest.fixture
def sixteen_policy(tmp_path):
    game = ca.make("sixteen")
    path = tmp_path / "tiny.npz"
    layers = random_layers(game, [12, 8], seed=3)
    save_policy(str(path), game, layers, activation="relu", obs_mean=np.full(97, 0.1), obs_std=np.full(97, 2.0))
    return game, path, layers


def _scores(layers, obs, mean=0.1, std=2.0):
    """The policy's scores computed by hand: relu between layers, the normalizer first."""
    x = (np.array(obs, np.float32) - mean) / std
    for i, (w, b) in enumerate(layers):
        x = x @ w + b
        if i < len(layers) - 1:
            x = np.maximum(x, 0)
    return x


def test_a_saved_policy_loads_back_and_plays_its_best_legal_action(sixteen_policy):
    game, path, layers = sixteen_policy
    policy = load_policy(path=str(path))
    assert (policy.game, policy.activation, policy.inputs, policy.outputs) == ("sixteen", "relu", 97, 57)
    for (w, b), (w2, b2) in zip(layers, policy.layers, strict=True):
        assert np.array_equal(w, w2) and np.array_equal(b, b2)
    agent = ca.make_agent(f"policy:path={path}", game)
    encoder = game.encoder()
    state = game.new_state(seed=4)
    rng = random.Random(0)
    while not state.is_over:
        (seat,) = state.to_act
        legal = state.legal_actions(seat)
        view = state.view(seat)
        choice = agent.choose(view, legal, rng)
        scores = _scores(layers, encoder.observe(view))
        assert choice == max(legal, key=lambda a: scores[encoder.index(a)])
        state.apply(seat, choice)


@pytest.mark.parametrize("name", ca.games())
def test_a_random_policy_plays_only_legal_moves_in_every_game(name, tmp_path):
    game = ca.make(name)
    path = tmp_path / f"{name}.npz"
    save_policy(str(path), game, random_layers(game, [16], seed=1))
    agents = {"argmax": ca.make_agent(f"policy:path={path}", game)}
    agents["sample"] = ca.make_agent(f"policy:path={path}:sample=true:temperature=0.5", game)
    rng = random.Random(1)
    for which, agent in agents.items():
        state = game.new_state(seed=2)
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            choice = agent.choose(state.view(seat), legal, rng)
            assert choice in legal, f"{which} chose {choice}, not one of {legal}"
            state.apply(seat, choice)


def test_sampling_follows_the_softmax_of_the_legal_scores(tmp_path):
    game = ca.make("sixteen")
    path = tmp_path / "p.npz"
    encoder = game.encoder()
    w = np.zeros((97, 57), np.float32)
    b = np.full(57, -50.0, np.float32)
    state = game.new_state(seed=6)
    legal = state.legal_actions(0)
    favourite, second = legal[0], legal[1]
    b[encoder.index(favourite)], b[encoder.index(second)] = 1.0, 0.0
    save_policy(str(path), game, [(w, b)])
    agent = ca.make_agent(f"policy:path={path}:sample=true", game)
    rng = random.Random(2)
    picks = [agent.choose(state.view(0), legal, rng) for _ in range(2000)]
    share = picks.count(favourite) / len(picks)
    assert set(picks) <= {favourite, second} and abs(share - np.e / (np.e + 1)) < 0.04
    assert ca.make_agent(f"policy:path={path}", game).choose(state.view(0), legal, rng) == favourite


def test_a_policy_shipped_in_a_package_loads_by_package_and_file(tmp_path, monkeypatch, sixteen_policy):
    game, path, _ = sixteen_policy
    package = tmp_path / "shippedpolicies"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "learned.npz").write_bytes(path.read_bytes())
    monkeypatch.syspath_prepend(str(tmp_path))
    agent = ca.make_agent("policy:package=shippedpolicies:file=learned.npz", game)
    learned = shipped("shippedpolicies", "learned.npz")(game)
    state = game.new_state(seed=7)
    legal = state.legal_actions(0)
    view = state.view(0)
    assert agent.choose(view, legal, random.Random(0)) == learned.choose(view, legal, random.Random(0))


def test_what_is_wrong_with_a_policy_is_said(tmp_path, sixteen_policy):
    game, path, layers = sixteen_policy
    with pytest.raises(ca.OptionError, match="policy for sixteen, not ccc-combo"):
        ca.make_agent(f"policy:path={path}", ca.make("ccc-combo"))
    with pytest.raises(ca.OptionError, match="name a policy file"):
        ca.make_agent("policy", game)
    with pytest.raises(ca.OptionError, match="cannot read policy"):
        ca.make_agent(f"policy:path={tmp_path / 'missing.npz'}", game)
    junk = tmp_path / "junk.npz"
    np.savez(junk, W0=np.zeros((2, 2)))
    with pytest.raises(ca.OptionError, match="not a comboarena-policy file"):
        ca.make_agent(f"policy:path={junk}", game)
    with pytest.raises(ca.OptionError, match="do not chain"):
        save_policy(str(tmp_path / "bad.npz"), game, [layers[0], layers[2]])
    older = dict(np.load(path))
    older["encoder_version"] = np.array(game.encoder().version + 1)
    np.savez(tmp_path / "older.npz", **older)
    with pytest.raises(ca.OptionError, match="train it again"):
        ca.make_agent(f"policy:path={tmp_path / 'older.npz'}", game)
    small = tmp_path / "small.npz"
    save_policy(str(small), game, [(np.zeros((97, 20)), np.zeros(20))])
    with pytest.raises(ca.OptionError, match="maps 97 observation numbers to 20 actions"):
        ca.make_agent(f"policy:path={small}", game)
    with pytest.raises(ca.OptionError, match="temperature must be a number above 0"):
        ca.make_agent(f"policy:path={path}:sample=true:temperature=0", game)



#: The learned policies shipped in the package, and the games they play.
SHIPPED = {"sixteen": {}, "combo-fighter": {}}


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_a_shipped_policy_loads_and_plays_only_legal_moves(name):
    game = ca.make(name, **SHIPPED[name])
    assert f"{name}.learned" in agent_names(game)
    agent = ca.make_agent(f"{name}.learned", game)
    rng = random.Random(3)
    for seed in range(3):
        state = game.new_state(seed=seed)
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            choice = agent.choose(state.view(seat), legal, rng)
            assert choice in legal, f"{name}.learned chose {choice}, not one of {legal}"
            state.apply(seat, choice)


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_a_shipped_policy_beats_random(name):
    """200 games, seats rotated: the lower end of the 95% interval of its win rate (a draw
    is not a win) is above one half."""
    report = simulate(name, SHIPPED[name], [f"{name}.learned", "random"], 200, seed=19)
    learned = report.agent_tallies[0]
    low, _ = learned.interval
    assert learned.games == 200 and low > 0.5, f"{name}.learned won {learned.wins} of 200 against random"
