"""What the heuristic, the views and determinization keep between calls gives what working
it out afresh gives: the battle read back from a view, a search's samples cloned from one
reading, the odds kept by what they follow from, strike values kept across squares."""

import copy
import random

import pytest

import comboarena as ca
from comboarena.core import Chance
from comboarena.games.bit_tactics import heuristic as h
from comboarena.games.bit_tactics import odds
from comboarena.games.bit_tactics.determinize import battle_from_view, sample, state_from_view
from comboarena.games.bit_tactics.movement import reachable


def _positions(options, seeds=2, steps=80):
    """(state, seat) of heuristic games, at every decision with a choice."""
    game = ca.make("16-bit-tactics", **options)
    agent = h.TacticsHeuristic(game)
    rng = random.Random(3)
    for seed in range(seeds):
        state = game.new_state(seed=seed)
        for _ in range(steps):
            if state.is_over:
                break
            (seat,) = state.to_act[:1]
            legal = state.legal_actions(seat)
            if len(legal) > 1:
                yield game, state, seat
            state.apply(seat, agent.choose(state.view(seat), legal, rng))


@pytest.mark.parametrize("options", [{}, {"mode": "monsters"}, {"map": "cliffside", "counters": "always"}])
def test_the_battle_read_back_plans_as_the_state_read_back(options):
    checked = 0
    for game, state, seat in _positions(options):
        view = state.view(seat)
        if view["phase"] != "battle":
            continue
        agent = h.TacticsHeuristic(game)
        fresh = h._Planner(agent, state_from_view(game, view, Chance(1))).plan()
        assert h._Planner(agent, battle_from_view(game, view)).plan() == fresh
        checked += 1
    assert checked > 40


def test_a_sample_is_the_state_the_view_shows_with_the_dice_given():
    for game, state, seat in _positions({}, seeds=1, steps=40):
        view = state.view(seat)
        first = sample(game, view, Chance(7))
        again = sample(game, view, Chance(7))  # cloned from the reading kept
        fresh = state_from_view(game, view, Chance(7))
        assert first == fresh and again == fresh
        assert first.units is not again.units
        # Each sample is a state of its own: playing one leaves the next one as the view shows.
        action = fresh.legal_actions(seat)[0]
        first.apply(seat, action)
        fresh.apply(seat, action)
        assert first == fresh and first.chance.draws == fresh.chance.draws
        assert again == state_from_view(game, view, Chance(7))
        assert sample(game, view, Chance(7)) == again


def test_a_view_edited_after_sampling_is_read_again():
    game, state, seat = next(_positions({}, seeds=1, steps=5))
    view = state.view(seat)
    sample(game, view, Chance(1))
    unit = view["units"][0]
    unit["hp"] = unit["hp"] - 1
    assert sample(game, view, Chance(1)).units.hp[0] == unit["hp"]


def test_odds_kept_are_the_odds_worked_out_and_never_shared():
    checked = 0
    for _, state, _ in _positions({}, seeds=1):
        b, u = state.units, state.current
        for row in state.odds():
            for v, s in odds.strikes(b, u, *_command(row["action"], b)):
                odds._OUTCOMES.clear()
                fresh = odds.outcome(b, u, v, s)
                kept = odds.outcome(b, u, v, s)
                assert kept == fresh
                kept.bands.clear()  # the caller's own copy
                assert odds.outcome(b, u, v, s) == fresh
                assert odds.expected(b, u, v, s) == (fresh.damage, fresh.ko, fresh.effect)
                checked += 1
    assert checked > 20


def _command(text, b):
    words = text.split()
    off = words[-1] == "off"
    square = words[-2] if off else words[-1]
    what = words[1] if len(words) >= 3 and not (len(words) == 3 and off) else ""
    return words[0], what, b.board.index[square], off


def test_strike_values_kept_across_squares_are_the_values_worked_out_there():
    checked = 0
    for game, state, seat in _positions({"counters": "always"}, seeds=2, steps=60):
        view = state.view(seat)
        if view["phase"] != "battle":
            continue
        agent = h.TacticsHeuristic(game)
        planner = h._Planner(agent, battle_from_view(game, view))
        b, u = planner.b, planner.u
        start = b.sq[u]
        for d in [start, *reachable(b, u)]:
            kept = planner.best_command(d)
            alone = h._Planner(agent, battle_from_view(game, view))
            assert alone.best_command(d) == kept
            checked += 1
    assert checked > 100


def test_a_plan_kept_is_the_plan_made_afresh():
    checked = 0
    for game, state, seat in _positions({}, seeds=1, steps=60):
        view = state.view(seat)
        if view["phase"] != "battle":
            continue
        agent = h.TacticsHeuristic(game)
        first = agent.plan(view)
        assert agent.plan(view) == first == h.TacticsHeuristic(game).plan(view)
        # The same squares and HP, but no MP left: another position, planned afresh.
        edited = copy.deepcopy(view)
        edited["units"][view["queue"]["current"]]["mp"] = 0
        assert agent.plan(edited) == h.TacticsHeuristic(game).plan(edited)
        checked += 1
    assert checked > 20
