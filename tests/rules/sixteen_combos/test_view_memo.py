"""What views and determinizations remember between calls gives what working it out
afresh gives: what a seat's last view worked out (``seen``: its cards' names, the facts
and ledgers it shows), kept across a game and its clones, and a view's world sampled
again and again (``knowledge._template``). A view shares nothing with the next one."""

import random

import pytest

import comboarena as ca
from comboarena.games.sixteen_combos import knowledge

OPTIONS = [{}, {"players": 3, "columns": 8}, {"one_of_each": True, "consultation": "shield"}]


def _afresh(state, seat):
    copy = state.clone()
    copy.seen = None  # nothing remembered
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


def _scribble(value):
    """Change every list and dict inside ``value`` in place."""
    if isinstance(value, dict):
        for item in value.values():
            _scribble(item)
        value["scribbled"] = True
    elif isinstance(value, list):
        for item in value:
            _scribble(item)
        value.append("scribbled")


@pytest.mark.parametrize("options", [{}, {"players": 4, "teams": True, "columns": 6}, {"multiple_values": True}])
def test_a_caller_that_changes_its_view_changes_neither_the_next_view_nor_the_game(options):
    game = ca.make("16-combos", **options)
    state = game.new_state(seed=7)
    rng = random.Random(7)
    changed = 0
    while not state.is_over:
        seat = rng.choice(state.to_act)
        mine = state.view(seat)
        spectator = state.view(None)
        _scribble(mine)
        _scribble(spectator)
        changed += 1
        assert state.view(seat) == _afresh(state, seat)
        assert state.view(None) == _afresh(state, None)
        assert "scribbled" not in state.view(seat)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert changed > 20


def test_what_a_later_view_worked_out_is_not_trusted_by_an_earlier_state():
    game = ca.make("16-combos", players=3, columns=8)
    seats = [None, *range(game.players)]
    state = game.new_state(seed=3)
    rng = random.Random(3)
    earlier = []
    while not state.is_over:
        earlier.append(state.clone())
        seat = rng.choice(state.to_act)
        state.view(seat)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for seat in seats:
        state.view(seat)
    checked = 0
    for old in earlier[::5]:
        old.seen = state.seen  # as though the game had been set back
        for seat in seats:
            assert old.view(seat) == _afresh(old, seat)
            checked += 1
    assert checked > 40
