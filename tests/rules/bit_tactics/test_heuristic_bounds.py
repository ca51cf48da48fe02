"""The heuristic passes over a square only where no command from it could beat the best
plan so far (its bounds are never below what they bound), and its shortcuts give what
the plain sums give: the odds from a facing given, each square's place value, the
facing read from the units listed."""

import random

import pytest

import comboarena as ca
from comboarena.games.bit_tactics import heuristic as h
from comboarena.games.bit_tactics.board import BACK, FRONT, SIDE
from comboarena.games.bit_tactics.combat import ability_strike, bands_of, weapon_strike
from comboarena.games.bit_tactics.content import PHYSICAL, pack
from comboarena.games.bit_tactics.determinize import battle_from_view, read_battle
from comboarena.games.bit_tactics.movement import reachable
from comboarena.games.bit_tactics.odds import expected, expected_facing, outcome
from comboarena.games.bit_tactics.statuses import BLIND

OPTIONS = [
    {},
    {"mode": "monsters"},
    {"map": "cliffside", "counters": "always", "turn": "move-first"},
    {"map": "marsh", "crits": "hit", "level": 6},
    {"players": 4},
]


def _views(options, seeds=2, steps=120):
    """(game, view) at every battle decision of heuristic games, a random move now and
    then (to reach positions the heuristic would not)."""
    game = ca.make("16-bit-tactics", **options)
    agent = h.TacticsHeuristic(game)
    rng = random.Random(5)
    for seed in range(seeds):
        state = game.new_state(seed=seed)
        for _ in range(steps):
            if state.is_over:
                break
            (seat,) = state.to_act[:1]
            legal = state.legal_actions(seat)
            view = state.view(seat)
            if view["phase"] == "battle" and len(legal) > 1:
                yield game, view
            action = rng.choice(legal) if rng.random() < 0.3 else agent.choose(view, legal, rng)
            state.apply(seat, action)


@pytest.mark.parametrize("options", OPTIONS)
def test_no_square_passed_over_could_beat_the_best(options):
    checked = 0
    for game, view in _views(options):
        planner = h._Planner(h.TacticsHeuristic(game), battle_from_view(game, view))
        b, u = planner.b, planner.u
        if view["turn"]["acted"] or not b.can_act(u) or planner.bounds.exact:
            continue
        for d in reachable(b, u):
            value = planner.best_command(d)[0]
            # Asked whether it may beat anything just under its value, a bound must say yes.
            assert planner.bounds.may_beat(d, value - 1e-6), (view["units"][u]["name"], d, value)
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("options", OPTIONS[:3])
def test_the_odds_from_the_facing_struck_are_the_odds_of_the_strike(options):
    p = pack()
    checked = 0
    for game, view in _views(options, seeds=1, steps=60):
        b = battle_from_view(game, view).units
        for u in b.units:
            strikes = [weapon_strike(b, u, w, None, False, False) for w in b.weapons(u)]
            strikes += [ability_strike(b, u, p.abilities[i], False) for i in b.sheets[u].actives]
            for v in b.units:
                for s in strikes:
                    rel = b.board.facing_attacked(s.origin, b.sq[v], b.face[v]) if s.attack == PHYSICAL else FRONT
                    assert expected_facing(b, u, v, s, rel) == expected(b, u, v, s)
                    if not (s.gaze and b.has(v, BLIND)):  # the bands as the attack reads its rolls
                        die = b.sheets[u].atk if s.attack == PHYSICAL else b.sheets[u].matk
                        rolls = bands_of(b, u, v, s, die)
                        weights = [
                            ((die - r) ** 2 - (die - r - 1) ** 2) / die**2 if s.blind else 1 / die for r in range(die)
                        ]
                        want = {x: sum(w for y, w in zip(rolls, weights, strict=True) if y == x) for x in set(rolls)}
                        got = outcome(b, u, v, s).bands
                        assert got.keys() == want.keys() and all(abs(got[x] - want[x]) < 1e-12 for x in got)
                    checked += 1
                    if s.attack == PHYSICAL:  # (struck from behind: never less likely to hurt)
                        back, side, front = (expected_facing(b, u, v, s, x) for x in (BACK, SIDE, FRONT))
                        assert back[0] >= side[0] >= front[0] and back[1] >= side[1] >= front[1]
    assert checked > 200


@pytest.mark.parametrize("options", OPTIONS[:3])
def test_place_values_and_the_facing_read_from_the_units_are_the_plain_ones(options):
    checked = 0
    for game, view in _views(options, seeds=1):
        read = read_battle(game, view)
        planner = h._Planner(h.TacticsHeuristic(game), battle_from_view(game, view))
        assert h._facing(read) == planner.facing()
        squares = [*reachable(planner.b, planner.u), planner.start]
        assert planner.place_values(squares) == {d: planner.place_value(d) for d in squares}
        checked += 1
    assert checked > 30
