"""The end of the game: play-out after the draw pile, the ignored last pile, the winner."""

import random

import comboarena as ca
from comboarena.games.sixteen.cards import deck

from .helpers import play


def _first_legal_until(state, stop):
    while not stop(state):
        (seat,) = state.to_act
        state.apply(seat, state.legal_actions(seat)[0])


def _full_deck(seed):
    cards = deck()
    random.Random(seed).shuffle(cards)
    return cards


def test_after_the_draw_pile_is_exhausted_players_play_out_their_cards_without_drawing():
    state = ca.make("sixteen").new_state(seed=0, deck=_full_deck(11))
    _first_legal_until(state, lambda s: s.view(None)["draw_pile"] == 0)
    sizes = state.view(None)["hand_sizes"]
    assert sum(sizes) > 0
    remaining = sum(sizes)
    _first_legal_until(state, lambda s: s.is_over)
    assert state.view(None)["hand_sizes"] == [0, 0]
    assert len(state.history) == 54 and remaining > 0


def test_when_one_player_runs_out_the_other_plays_all_remaining_cards():
    # Find a deck where the play-out leaves one player alone with cards.
    for seed in range(200):
        state = ca.make("sixteen").new_state(seed=0, deck=_full_deck(seed))
        _first_legal_until(state, lambda s: s.view(None)["draw_pile"] == 0)
        lone = []
        while not state.is_over:
            sizes = state.view(None)["hand_sizes"]
            (seat,) = state.to_act
            if sizes[1 - seat] == 0:
                lone.append(seat)
            state.apply(seat, state.legal_actions(seat)[0])
        if len(lone) >= 2:
            assert len(set(lone)) == 1  # the same player keeps playing, turn after turn
            return
    raise AssertionError("no deck in 200 left one player alone at the end")


def test_a_last_pile_that_forms_no_set_is_ignored_and_sets_formed_in_the_play_out_count():
    for seed in range(200):
        state = ca.make("sixteen").new_state(seed=0, deck=_full_deck(seed))
        _first_legal_until(state, lambda s: s.view(None)["draw_pile"] == 0)
        before = sum(state.view(None)["sets"])
        events = []
        while not state.is_over:
            (seat,) = state.to_act
            events += state.apply(seat, state.legal_actions(seat)[0])
        v = state.view(None)
        played_out = [e for e in events if e.kind == "set"]
        if v["ignored"] and played_out:
            assert sum(v["sets"]) == before + len(played_out)  # play-out sets are awarded
            assert v["pile"] == [] and sum(int(c[-2]) for c in v["ignored"]) < 16
            assert [e.data["cards"] for e in events if e.kind == "ignored"] == [v["ignored"]]
            cards = sum(len(p) for piles in v["set_piles"] for p in piles) + len(v["ignored"])
            assert cards == 54
            return
    raise AssertionError("no deck in 200 ended with an ignored pile after a play-out set")


def test_most_sets_wins_and_equal_sets_is_a_draw():
    seen = set()
    game = ca.make("sixteen")
    for seed in range(300):
        state = game.new_state(seed=seed)
        _first_legal_until(state, lambda s: s.is_over)
        sets = state.view(None)["sets"]
        r = state.result()
        assert r.scores == tuple(sets)
        if sets[0] == sets[1]:
            assert r.winners == (0, 1) and r.returns == (0, 0)
            seen.add("draw")
        else:
            w = 0 if sets[0] > sets[1] else 1
            assert r.winners == (w,) and r.returns[w] == 1 and r.returns[1 - w] == -1
            seen.add("win")
    assert seen == {"draw", "win"}


def test_four_players_team_with_most_sets_wins_and_scores_are_team_totals():
    game = ca.make("sixteen", players=4)
    state = game.new_state(seed=4)
    _first_legal_until(state, lambda s: s.is_over)
    sets = state.view(None)["sets"]
    team_a, team_b = sets[0] + sets[2], sets[1] + sets[3]
    r = state.result()
    assert r.scores == (team_a, team_b, team_a, team_b)
    if team_a != team_b:
        assert r.winners == ((0, 2) if team_a > team_b else (1, 3))


def test_result_before_the_end_is_an_error():
    state = ca.make("sixteen").new_state(seed=1)
    try:
        state.result()
    except ca.GameNotOver as exc:
        assert "not over" in str(exc)
    else:
        raise AssertionError("result() before the end must raise")
    play(state)  # nothing applied: still the same state
    assert not state.is_over
