"""Building agents by name; random, ISMCTS and the Sixteen heuristic."""

import random

import pytest

import comboarena as ca
from comboarena.agents import parse_spec
from comboarena.sim import SimReport, run
from tests.rules.sixteen.helpers import new, play


def test_agent_specs():
    assert parse_spec("ismcts:iters=50:c=1.5") == ("ismcts", {"iters": 50, "c": 1.5})
    game = ca.make("sixteen")
    agent = ca.make_agent("ismcts:iters=50", game)
    assert agent.iters == 50 and agent.name == "ismcts:iters=50"
    with pytest.raises(ca.OptionError, match="unknown agent 'alphazero'.*sixteen.heuristic"):
        ca.make_agent("alphazero", game)
    with pytest.raises(ca.OptionError, match="no option 'depth'; its options are: iters, c, time, rollout, horizon"):
        ca.make_agent("ismcts:depth=3", game)
    with pytest.raises(ca.OptionError, match="iters must be a positive integer"):
        ca.make_agent("ismcts:iters=0", game)
    with pytest.raises(ca.OptionError, match="key=value"):
        ca.make_agent("ismcts:iters", game)


def _choose(agent, state):
    (seat,) = state.to_act
    return agent.choose(state.view(seat), state.legal_actions(seat), random.Random(0))


def test_heuristic_takes_a_sixteen_when_it_can():
    state = new([["6R", "3G", "1B"], ["4O", "2B", "3O"]], ["6G", "1R", "2R", "5O"])
    play(state, "6R", "4O")  # 10: seat 0 holds 6G
    agent = ca.make_agent("sixteen.heuristic", state.game)
    assert str(_choose(agent, state)) == "6G"


def test_heuristic_takes_a_match_when_it_can():
    state = new([["2R", "2G", "1B"], ["2B", "5O", "3O"]], ["0G", "1R", "2R", "5O"])
    play(state, "2R", "2B")
    assert str(_choose(ca.make_agent("sixteen.heuristic", state.game), state)) == "2G"


def test_heuristic_avoids_busting():
    state = new([["6R", "6G", "1B"], ["6B", "2B", "3O"]], ["5G", "1R", "6O", "5O"])
    play(state, "6R", "6B")  # 12: 6G, 5G and 6O bust, 1B does not
    assert str(_choose(ca.make_agent("sixteen.heuristic", state.game), state)) == "1B"


def test_heuristic_aims_for_nine_and_keeps_zeros_and_wilds_back():
    state = new([["3R", "W", "0B"], ["5B", "1G", "2O"]], ["1R", "5O", "2R", "5O"])
    play(state, "3R", "5B")  # 8, no set in reach: 1R makes 9; 0B and the wild should be kept
    assert str(_choose(ca.make_agent("sixteen.heuristic", state.game), state)) == "1R"


def test_heuristic_uses_a_wild_to_win_a_set():
    state = new([["6R", "W", "1B"], ["4O", "2B", "3O"]], ["2G", "1R", "2R", "5O"])
    play(state, "6R", "4O")  # 10: only the wild (as a 6) makes 16
    action = _choose(ca.make_agent("sixteen.heuristic", state.game), state)
    assert str(action).startswith("W=6")


def test_heuristic_always_draws_when_drawing_is_manual():
    state = new([["1R", "2R", "3R"], ["4G", "5G", "6G"]], ["0B", "1B"], draw="strict")
    assert str(_choose(ca.make_agent("sixteen.heuristic", state.game), state)) == "draw"


def test_heuristic_beats_random():
    report = SimReport.start("sixteen", {}, ["sixteen.heuristic", "random"], 2, 0, 1, True)
    report.extend(run("sixteen", {}, ["sixteen.heuristic", "random"], 200, seed=3))
    lo, _ = report.agent_tallies[0].interval
    assert lo > 0.5


def test_ismcts_picks_a_legal_move_and_beats_random():
    # Its speed is measured by bench/selfplay.py (tests do not time: the machine is shared).
    game = ca.make("sixteen")
    agent = ca.make_agent("ismcts:iters=200", game)
    state = game.new_state(seed=4)
    legal = state.legal_actions(0)
    action = agent.choose(state.view(0), legal, random.Random(1))
    assert action in legal
    report = SimReport.start("sixteen", {}, ["ismcts:iters=60", "random"], 2, 0, 1, True)
    report.extend(run("sixteen", {}, ["ismcts:iters=60", "random"], 16, seed=5))
    assert report.agent_tallies[0].wins >= 12


def test_ismcts_takes_an_immediate_sixteen():
    state = new([["6R", "3G", "1B"], ["4O", "2B", "3O"]], ["6G", "1R", "2R", "5O"])
    play(state, "6R", "4O")
    agent = ca.make_agent("ismcts:iters=300", state.game)
    assert str(_choose(agent, state)) == "6G"


def test_ismcts_sees_only_the_view():
    # Two states that look the same to seat 0 but differ in hidden cards get the same decision.
    game = ca.make("sixteen")
    a = new([["6R", "3G", "1B"], ["4O", "2B", "3O"]], ["6G", "1R", "2R", "5O"])
    b = new([["6R", "3G", "1B"], ["5O", "2G", "3B"]], ["6G", "1R", "2R", "4O"])
    assert a.view(0) == b.view(0)
    ismcts = ca.make_agent("ismcts:iters=100", game)
    assert ismcts.choose(a.view(0), a.legal_actions(0), random.Random(3)) == ismcts.choose(
        b.view(0), b.legal_actions(0), random.Random(3)
    )
