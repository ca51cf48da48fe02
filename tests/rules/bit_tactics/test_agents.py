"""The heuristic and ISMCTS play 16 Bit Tactics and beat random play; the heuristic
uses what the rules reward (back attacks, healing the hurt, focus fire)."""

import random

import comboarena as ca
from comboarena.sim.runner import play_game

from .helpers import FLAT, scenario, unit


def _wins(game, spec, games, seed=0):
    won = 0
    for i in range(games):
        agents = [ca.make_agent(spec, game), ca.make_agent("random", game)]
        if i % 2:
            agents.reverse()
        state = play_game(game, agents, seed=seed + i, rng=random.Random(i))
        mine = 0 if i % 2 == 0 else 1
        won += state.result().returns[mine] > 0
    return won


def test_the_heuristic_beats_random_play():
    game = ca.make("16-bit-tactics")
    assert _wins(game, "16-bit-tactics.heuristic", 12) >= 11


def test_the_heuristic_beats_random_monsters_and_plays_campaign_camps():
    game = ca.make("16-bit-tactics", mode="monsters")
    assert _wins(game, "16-bit-tactics.heuristic", 6) >= 5
    camp = ca.make("16-bit-tactics", mode="campaign")
    state = play_game(camp, [ca.make_agent("16-bit-tactics.heuristic", camp)] * 2, seed=3, rng=random.Random(3))
    assert state.is_over


def test_ismcts_searches_over_determinizations_and_beats_random():
    game = ca.make("16-bit-tactics", party=("vanguard", "ranger"), foes=("vanguard", "ranger"), rounds=4)
    assert _wins(game, "ismcts:iters=30", 2) == 2


def _choose(state):
    (seat,) = state.to_act
    agent = ca.make_agent("16-bit-tactics.heuristic", state.game)
    return str(agent.choose(state.view(seat), state.legal_actions(seat), random.Random(0)))


def _plan(state):
    (seat,) = state.to_act
    return ca.make_agent("16-bit-tactics.heuristic", state.game).plan(state.view(seat))


def test_the_heuristic_heals_a_badly_hurt_ally():
    s = scenario(FLAT, [unit("mender", "c2", items={}), unit("vanguard", "c3", hp=4), unit("goblin", "c6", side=1)])
    assert "magic mend c3" in _plan(s)


def test_the_heuristic_finishes_off_the_weakest_foe_it_can_reach():
    protect = [["protect", 3, 8, -1, 0, "none"]]  # the whole goblin cannot fall to one blow
    s = scenario(
        FLAT,
        [
            unit("vanguard", "c3"),
            unit("goblin", "c4", side=1, facing="s", statuses=protect),
            unit("goblin", "b3", side=1, hp=2, facing="e"),
        ],
        mode="monsters",
        foes=("goblin", "goblin"),
    )
    assert any(step.endswith(" b3") and not step.startswith("move") for step in _plan(s))


def test_the_heuristic_strikes_from_behind_when_it_can():
    s = scenario(
        FLAT, [unit("scout", "c2"), unit("vanguard", "c4", side=1, facing="s", hp=25, reaction="")], foes=("vanguard",)
    )
    plan = _plan(s)
    assert plan[0] == "move c5" and plan[1].endswith("c4")
