"""The heuristic's one-walk plan search (``plan_search``) gives the plan and score that
scoring every plan of ``rules.plans`` gives, for any knock-out damage (its plans are
remembered without it), and its Win Circle shortcut agrees with ``win_circle``."""

import itertools
import random

import pytest

import comboarena as ca
from comboarena.agents.spec import make_agent
from comboarena.games.combo_fighter import heuristic as h
from comboarena.games.combo_fighter.content import ATTACK, DEFENSE, FOOTWORK, Retro
from comboarena.games.combo_fighter.plan_search import best_score, pick
from comboarena.games.combo_fighter.powers import power_of
from comboarena.games.combo_fighter.rules import plans, win_circle
from comboarena.games.combo_fighter.view import Phase


def _reference(agent, view, me, first, rest, their_ko, played=(), marks=()):
    """The plan search as the heuristic first wrote it: every plan, the first best kept."""
    f = agent.fighters[me]
    mine = view["fighters"][me]
    power = power_of(f)
    side = "AB".index(mine["side"])
    aside = tuple(f.index[c] for c in mine["aside"]) if power.token.aside_play else ()
    score = agent._plan_scorer(view, me, their_ko)
    pool = tuple(sorted(rest))
    every = plans(f, first, pool, aside, power.combo_aside(side), mine["x"], side, played=played, marks=marks)
    best = max(every, key=score)
    return best, score(best)


def _decisions(options, games):
    """Views of a heuristic agent at opening and combo decisions of seeded games."""
    game = ca.make("combo-fighter", **options)
    agents = [make_agent("combo-fighter.heuristic", game) for _ in range(game.players)]
    rng = random.Random(5)
    for seed in range(games):
        state = game.new_state(seed=seed)
        for s, a in enumerate(agents):
            a.reset(s)
        while not state.is_over:
            to_act = state.to_act
            seat = to_act[0] if len(to_act) == 1 else rng.choice(to_act)
            view = state.view(seat)
            if view["phase"] in (Phase.PLAY, Phase.COMBO):
                yield agents[seat], view
            state.apply(seat, agents[seat].choose(view, state.legal_actions(seat), rng))


@pytest.mark.parametrize("options", [{}, {"mode": "tag"}])
def test_the_remembered_plans_answer_as_a_fresh_search_for_every_knockout(options):
    checked = 0
    for agent, view in _decisions(options, 4):
        me = view["seat"]
        f = agent.fighters[me]
        mine = view["fighters"][me]
        hand = [f.index[c] for c in view["hand"]]
        if view["phase"] == Phase.COMBO:
            played = tuple(f.index[c] for c in mine["play"])
            cases = [(played[0], hand, played, tuple(mine["set_aside"]))]
        else:
            cases = [(t, [u for j, u in enumerate(hand) if j != i], (), ()) for i, t in enumerate(hand)]
        for first, rest, played, marks in cases:
            # Every knock-out damage from "any hit" to "none can", asked of the same memory
            # in turn: a remembered answer for one must never leak into another.
            for ko in (1, 2, 3, 5, 8, 13, 21, 40, 61, 99):
                got = agent._best(view, me, first, rest, ko, played, marks)
                assert got == _reference(agent, view, me, first, rest, ko, played, marks)
                assert best_score(agent._plans(view, me, first, rest, played, marks), ko) == got[1]
                checked += 1
    assert checked > 300


def test_pick_takes_the_first_of_equal_plans():
    a = (3, 59.98, 1.0, (0, 1), (0, 0), -1, -1)
    b = (5, 59.98, 1.0, (0, 2), (0, 0), -1, -1)
    assert pick([a, b], 99)[0].cards == (0, 1)  # equal scores without a knock-out
    assert pick([a, b], 3)[0].cards == (0, 1)  # equal knock-out scores
    assert pick([a, b], 4)[0].cards == (0, 2)  # only b knocks out


def _reference_fare(kind, sa, prio, foes, my_retro, their_retro):
    """The opening's loop over the opponent's cards as first written, with ``win_circle``."""
    win = tie = lose = tie_taken = 0.0
    for other_kind, sb, other_prio, w, other_opening in foes:
        result, _ = win_circle(kind, sa, prio, other_kind, sb, other_prio)
        if kind == ATTACK == other_kind:
            if result != 0 and my_retro is not None and sa + my_retro.speed > sb:
                result = 0
            elif result == 0 and their_retro is not None and sb + their_retro.speed > sa:
                result = 1
        if result == 0:
            win += w
        elif result == 1:
            lose += w
        else:
            tie += w
            tie_taken += w * other_opening
    return win, tie, lose, tie_taken


def test_the_written_out_win_circle_fares_as_win_circle():
    kinds, speeds, prios = (ATTACK, DEFENSE, FOOTWORK), range(0, 7), (False, True)
    foes = [(k, s, p, 0.5 + i / 7, i % 5) for i, (k, s, p) in enumerate(itertools.product(kinds, speeds, prios))]
    retros = [None, Retro(1, 1), Retro(3, 1)]
    for kind, sa, prio in itertools.product(kinds, speeds, prios):
        for mine, theirs in itertools.product(retros, retros):
            got = h._fare(kind, sa, prio, foes, mine, theirs)
            assert got == _reference_fare(kind, sa, prio, foes, mine, theirs)
