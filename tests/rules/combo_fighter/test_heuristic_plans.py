"""The heuristic's one-walk plan search (``plan_search``) gives the plan and score that
scoring every plan of ``rules.plans`` gives, for any knock-out damage (its plans are
remembered without it), and its Win Circle shortcut agrees with ``win_circle``."""

import itertools
import random

import pytest

import comboarena as ca
from comboarena.agents.spec import make_agent
from comboarena.games.combo_fighter import heuristic as h
from comboarena.games.combo_fighter.content import ATTACK, DEFENSE, FOOTWORK, Retro, fighters
from comboarena.games.combo_fighter.plan_search import (
    PlanScore,
    best_score,
    code_of,
    pick,
    plan_of,
    scored_plans,
    with_head,
)
from comboarena.games.combo_fighter.powers import power_of
from comboarena.games.combo_fighter.rules import FROM_ASIDE, FROM_HAND, SET_ASIDE, Plan, plans, win_circle
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


def test_one_walk_scores_every_plan_of_random_hands_as_scoring_each_does():
    """Hands, cards beside the token and combos in progress drawn at random (beyond what
    seeded games reach): the walk's best plan and score are those of scoring every plan
    of ``rules.plans`` with the heuristic's arithmetic, for every knock-out damage."""
    rng = random.Random(11)
    table = fighters()
    checked = 0
    for _ in range(400):
        f = table[rng.choice(sorted(table))]
        worth = h._card_worth(f)
        side, x, n = rng.randrange(2), rng.randrange(5), len(f.cards)
        first = rng.randrange(n)
        pool = [rng.randrange(n) for _ in range(rng.randrange(7))]
        aside = tuple(rng.randrange(n) for _ in range(rng.choice([0, 0, 1, 2])))
        asidable = power_of(f).combo_aside(side) if rng.random() < 0.7 else frozenset()
        played: tuple[int, ...] = ()
        marks: tuple[int, ...] = ()
        if rng.random() < 0.4:
            played = (first, *(rng.randrange(n) for _ in range(rng.randrange(4))))
            marks = tuple(i for i in range(1, len(played)) if rng.random() < 0.3)
        grows = rng.random() < 0.5
        sc = PlanScore(rng.randrange(3), grows, len(played) or 1, worth, h.KNOCKOUT, h.ASIDE_VALUE, h.CARD_COST)
        scored = scored_plans(f, first, pool, aside, asidable, x, side, sc, played, marks)
        every = plans(f, first, tuple(sorted(pool)), aside, asidable, x, side, played=played, marks=marks)
        for ko in (1, 3, 6, 10, 99):
            best = max(every, key=lambda plan, ko=ko: _score(plan, ko, sc))
            assert pick(scored, ko, f) == (best, _score(best, ko, sc))
            assert best_score(scored, ko) == _score(best, ko, sc)
            checked += 1
    assert checked == 2000


def _score(plan, their_ko, sc):
    """The heuristic's plan score (``_plan_scorer``) read from a ``PlanScore``."""
    if plan.damage >= their_ko:
        return sc.knockout - 0.01 * len(plan.cards)
    set_aside = plan.how.count(SET_ASIDE) - sc.aside_before
    bonus = sc.aside_value * set_aside if set_aside and sc.grows else 0.0
    kept = sum(sc.worth[t] for t in plan.cards[sc.played_before :]) * 0.1
    return plan.damage + bonus - sc.card_cost * (len(plan.cards) - sc.played_before) - kept


def test_pick_takes_the_first_of_equal_plans():
    f = fighters()["boris"]
    a = [3, 59.98, 1.0, code_of(f, (0, 1), (0, 0))]
    b = [5, 59.98, 1.0, code_of(f, (0, 2), (0, 0))]
    c = [4, 59.97, 1.5, code_of(f, (0, 1, 3), (0, 0, 0))]
    assert pick(with_head([0, 0.0, *a, *b]), 99, f)[0].cards == (0, 1)  # equal scores without a knock-out
    assert pick(with_head([0, 0.0, *a, *b]), 3, f)[0].cards == (0, 1)  # equal knock-out scores
    assert pick(with_head([0, 0.0, *b, *a]), 3, f)[0].cards == (0, 2)
    assert pick(with_head([0, 0.0, *a, *b]), 4, f)[0].cards == (0, 2)  # only b knocks out
    # Without a knock-out, the first of the best scores (the head's shortcut).
    assert pick(with_head([0, 0.0, *a, *c, *b, *c]), 6, f) == (plan_of(f, 4, c[3]), 1.5)
    assert best_score(with_head([0, 0.0, *a, *c, *b]), 6) == 1.5
    assert best_score(with_head([0, 0.0, *a, *c, *b]), 5) == 59.98


@pytest.mark.parametrize("name", ["boris", "grace", "junior", "lucia"])
def test_a_plan_code_reads_back_as_the_plan(name):
    f = fighters()[name]
    last = len(f.cards) - 1
    for cards, how, signature, version in [
        ((0,), (FROM_HAND,), -1, -1),
        ((last, 0, last), (FROM_HAND, FROM_ASIDE, SET_ASIDE), -1, -1),
        ((1, 2, 3, 4, 5, 6, last), (SET_ASIDE,) * 7, -1, -1),
        ((2, 0), (FROM_HAND, FROM_HAND), len(f.signatures) - 1, 1),
        ((last,), (FROM_ASIDE,), 0, 0),
    ]:
        code = code_of(f, cards, how, signature, version)
        assert plan_of(f, 17, code) == Plan(17, cards, how, signature, version)


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
