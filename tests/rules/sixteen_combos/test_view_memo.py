"""What views and determinizations remember between calls gives what working it out
afresh gives: the facts a seat's views still show (``open_facts``), kept across a game
and its clones, and a view's world sampled again and again (``knowledge._template``)."""

import random

import pytest

import comboarena as ca
from comboarena.games.sixteen_combos import knowledge

OPTIONS = [{}, {"players": 3, "columns": 8}, {"one_of_each": True, "consultation": "shield"}]


def _afresh(state, seat):
    copy = state.clone()
    copy.open_facts = None  # nothing remembered
    return copy.view(seat)


@pytest.mark.parametrize("options", OPTIONS)
def test_views_that_remember_settled_facts_are_the_views_worked_out_afresh(options):
    game = ca.make("16-combos", **options)
    seats = [None, *range(game.players)]
    for seed in range(3):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        earlier = []
        facts = 0
        while not state.is_over:
            for seat in seats:
                view = state.view(seat)
                assert view == _afresh(state, seat)
                facts += len(view["constraints"])
            if rng.random() < 0.1:
                earlier.append(state.clone())  # shares what it remembers, then goes its own way
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        for old in earlier:
            while not old.is_over:
                seat = rng.choice(old.to_act)
                old.apply(seat, rng.choice(old.legal_actions(seat)))
                assert all(old.view(s) == _afresh(old, s) for s in seats)
        assert facts  # the games had facts to show


def test_a_view_sampled_again_builds_the_world_the_view_describes_afresh():
    game = ca.make("16-combos", players=3, columns=8)
    state = game.new_state(seed=4)
    rng = random.Random(4)
    checked = 0
    while not state.is_over:
        seat = state.to_act[0]
        if len(state._log) % 9 == 0:
            view = state.view(seat)
            game.determinize(view, seat, random.Random(0))  # the view's world is remembered now
            for k in range(2):
                again = game.determinize(view, seat, random.Random(k))
                faces = [again.faces[c] for c in range(52)]
                fresh = knowledge.world(view, faces, again.known[:], again.draw[::-1])
                assert again.position() == knowledge.build(game, again.chance, fresh).position()
                checked += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked
