"""A game that breaks in a run (a bug in a game or an agent) says which game it was, with
what it takes to play it again alone, also from a worker process."""

import pytest

import comboarena.sim.runner as runner
from comboarena.sim import simulate

REAL = runner.play_game


def _broken(game, agents, deal, rng, **kwargs):
    if deal == runner.game_seed(9, 2):  # game 2 breaks; the others are played as usual
        raise IndexError("tuple index out of range")
    return REAL(game, agents, deal, rng, **kwargs)


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_error_names_the_game_its_deal_and_its_agents(monkeypatch, jobs):
    monkeypatch.setattr(runner, "play_game", _broken)
    with pytest.raises(IndexError) as caught:
        simulate("sixteen", {}, ["random", "sixteen.heuristic"], 4, 9, jobs=jobs)
    (note,) = caught.value.__notes__
    assert note.startswith("in game 2 of the run with seed 9: sixteen ")
    assert f"deal seed {runner.game_seed(9, 2)}" in note
    assert note.endswith("agents by seat: random, sixteen.heuristic")  # seats rotate: game 2 seats them as game 0
