"""The heuristic reads how far each foe moves and strikes once per decision; weighing a
square with the unit placed there gives what reading it afresh gives."""

import random

import comboarena as ca
from comboarena.core import Chance
from comboarena.games.bit_tactics import heuristic as h
from comboarena.games.bit_tactics.determinize import state_from_view
from comboarena.games.bit_tactics.movement import reachable


def _fresh_danger_share(planner, v):
    b = planner.b
    near = [f for f in planner.foes if b.board.distance(b.sq[f], b.sq[v]) <= b.mov(f) + h._reach(b, f)]
    return sum(planner.threat[f] for f in near) / max(1, b.hp[v])


def test_the_reach_read_once_is_the_reach_at_every_square():
    game = ca.make("16-bit-tactics")
    agent = h.TacticsHeuristic(game)
    rng = random.Random(2)
    checked = 0
    for seed in range(2):
        state = game.new_state(seed=seed)
        for _ in range(60):
            if state.is_over:
                break
            (seat,) = state.to_act[:1]
            view, legal = state.view(seat), state.legal_actions(seat)
            if view["phase"] != "camp" and len(legal) > 1:
                planner = h._Planner(agent, state_from_view(game, view, Chance(1)))
                b, u = planner.b, planner.u
                start = b.sq[u]
                for d in [start, *reachable(b, u)]:
                    b.occ[start], b.sq[u], b.occ[d] = -1, d, u  # placed as best_command places it
                    try:
                        assert planner.reach == {v: b.mov(v) + h._reach(b, v) for v in planner.foes}
                        assert planner.my_reach == h._reach(b, u)
                        for v in planner.allies:
                            assert planner._danger_share(v) == _fresh_danger_share(planner, v)
                    finally:
                        b.occ[d], b.sq[u], b.occ[start] = -1, start, u
                    checked += 1
            state.apply(seat, agent.choose(view, legal, rng))
    assert checked > 50
