"""Determinizing one view again and again (ISMCTS) reuses what the view says, and gives
the same worlds as working it out afresh; a view changed in place is read again."""

import random

import comboarena as ca
from comboarena.games.sixteen_combos import knowledge


def _views(game, seed, every=7):
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    out = []
    while not state.is_over:
        (seat,) = state.to_act[:1]
        if len(state._log) % every == 0:
            out.append((state.view(seat), seat))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return out


def _fresh(game, view, seat, seed):
    knowledge._LAST.clear()
    return game.determinize(view, seat, random.Random(seed))


def test_a_view_determinized_again_gives_the_worlds_of_a_fresh_start():
    game = ca.make("16-combos")
    for view, seat in _views(game, 1)[:12]:
        fresh = [_fresh(game, view, seat, k) for k in range(3)]
        game.determinize(view, seat, random.Random(99))  # the view is remembered now
        again = [game.determinize(view, seat, random.Random(k)) for k in range(3)]
        assert [s.position() for s in again] == [s.position() for s in fresh]


def test_a_view_changed_in_place_is_not_taken_for_the_one_remembered():
    game = ca.make("16-combos")
    views = _views(game, 2)
    first, seat = views[2]
    later = next(v for v, s in reversed(views) if s == seat and v != first)  # the same seat's
    expected = _fresh(game, dict(later), seat, 5).position()
    _fresh(game, first, seat, 0)  # the first view is the one remembered
    first.clear()
    first.update(later)
    assert game.determinize(first, seat, random.Random(5)).position() == expected
