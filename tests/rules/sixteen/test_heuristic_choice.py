"""The heuristic's decisions (one pass over the plays, each face's odds worked out once per
decision) are those of scoring every play afresh, as the rulebook's strategy reads, with
the same tie-break draws."""

import random

import pytest

import comboarena as ca
from comboarena.games.sixteen import heuristic as h
from comboarena.games.sixteen.actions import DRAW, Draw
from comboarena.games.sixteen.cards import COLOUR, NUMBER, PHYSICAL, WILD

from .test_heuristic_odds import _by_card


def _score(view, text, hand, options, sets_max):
    num = NUMBER[text]
    total = view["pile_sum"] + num
    if total > 16:
        return -1.0 - 0.01 * num
    sets = int(total == 16)
    last = view["pile"][-2:]
    if options["matches"] and len(last) == 2:
        a, b = last
        sets += NUMBER[a] == NUMBER[b] == num
        sets += COLOUR[a] == COLOUR[b] == COLOUR[text]
    if sets:
        return min(sets, sets_max) + 0.05 * num
    physical = PHYSICAL[text]
    keep = h.KEEP.get(physical[0], 0.0) if physical != WILD else h.KEEP[WILD]
    threat, gift = _by_card(view, text, hand, options)
    return h.AIM.get(total, 0.0) - keep - threat + 0.8 * gift


def _reference_choice(view, legal, rng, options):
    if any(isinstance(a, Draw) for a in legal):
        return DRAW
    n = view["players"]
    hand = view["hand_sizes"][(view["seat"] + 1) % n] + (1 if view["draw_pile"] else 0)
    sets_max = 2 if options["bonus"] else 1
    best, best_score = legal[0], -1e9
    for action in legal:
        score = _score(view, action.text, hand, options, sets_max) + rng.random() * 1e-6
        if score > best_score:
            best, best_score = action, score
    return best


@pytest.mark.parametrize(
    "options", [{}, {"players": 4}, {"wilds": False, "bonus": True}, {"matches": False, "draw": "loose"}]
)
def test_each_decision_is_the_fresh_scorings(options):
    game = ca.make("sixteen", **options)
    agent = h.SixteenHeuristic(game)
    checked = 0
    for seed in range(25):
        state = game.new_state(seed=seed)
        while not state.is_over:
            (seat,) = state.to_act
            view, legal = state.view(seat), state.legal_actions(seat)
            got = agent.choose(view, legal, random.Random(checked))
            assert got == _reference_choice(view, legal, random.Random(checked), game.options)
            checked += 1
            state.apply(seat, got)
    assert checked > 500
