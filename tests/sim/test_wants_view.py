"""Agents that never read the view (``wants_view = False``: random, first) are handed an
empty dict instead of a view built for nothing; everyone else still gets its seat's view,
and the games played are the same either way."""

from __future__ import annotations

import random
from typing import Any

import comboarena as ca
from comboarena.agents.base import Agent, FirstAgent, RandomAgent
from comboarena.envs.gymnasium import SeatEnv
from comboarena.sim.runner import play_game


class Spy(RandomAgent):
    """Random play that keeps every view it is handed."""

    def __init__(self, wants_view: bool) -> None:
        super().__init__()
        self.wants_view = wants_view
        self.views: list[dict[str, Any]] = []

    def choose(self, view: dict[str, Any], legal: list[ca.Action], rng: random.Random) -> ca.Action:
        self.views.append(view)
        return super().choose(view, legal, rng)


def test_random_and_first_say_they_never_read_the_view() -> None:
    assert RandomAgent.wants_view is False and FirstAgent.wants_view is False
    assert Agent.wants_view is True
    assert ca.make_agent("sixteen.heuristic", ca.make("sixteen")).wants_view is True


def test_play_game_builds_the_view_only_for_agents_that_read_it() -> None:
    game = ca.make("combo-fighter")
    blind, seeing = Spy(wants_view=False), Spy(wants_view=True)
    state = play_game(game, [blind, seeing], seed=4, rng=random.Random(1))
    assert blind.views and all(v == {} for v in blind.views)
    assert seeing.views and all(v["seat"] == 1 and "hand" in v for v in seeing.views)
    # The same choices, so the same game, as when both are handed their views.
    again = play_game(game, [Spy(wants_view=True), Spy(wants_view=True)], seed=4, rng=random.Random(1))
    assert state.record.to_dict() == again.record.to_dict()


def test_a_gymnasium_env_builds_no_view_for_random_opponents(monkeypatch: Any) -> None:
    env = SeatEnv("sixteen", seat=0, opponents="random")
    state_class = type(env.table.state)
    built: list[int | None] = []
    real_view = state_class.view

    def counting_view(self: Any, seat: int | None) -> Any:
        built.append(seat)
        return real_view(self, seat)

    monkeypatch.setattr(state_class, "view", counting_view)
    env.reset(seed=2)
    steps, done = 0, False
    while not done:
        _obs, _r, done, _t, _info = env.step(env.table.legal(0)[0])
        steps += 1
    assert steps > 5 and len(env.table.state.history) > steps  # the opponent played too
    assert built == []  # neither the opponent's view nor the learner's was built
    # A heuristic opponent reads its view, so it is built for it.
    env = SeatEnv("sixteen", seat=0, opponents="sixteen.heuristic")
    env.reset(seed=2)
    env.step(env.table.legal(0)[0])
    assert 1 in built
