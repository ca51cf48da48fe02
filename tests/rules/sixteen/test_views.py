"""What each seat may see, turn order errors, determinization."""

import json
import random

import pytest

import comboarena as ca

from .helpers import new, play


def test_a_view_holds_only_its_own_hand_and_public_zones():
    state = new([["6R", "5G", "1B"], ["4O", "2B", "3G"]], ["6G", "1R", "2R", "5O"])
    v1 = state.view(1)
    assert v1["hand"] == ["2B", "3G", "4O"]
    text = json.dumps(v1)
    for card in ("6R", "5G", "1B", "6G"):  # seat 0's hand and its drawn card
        assert card not in text
    assert v1["hand_sizes"] == [4, 3] and v1["draw_pile"] == 47
    assert set(v1) >= {"hand", "hand_sizes", "pile", "pile_sum", "sets", "draw_pile", "to_act"}


def test_the_spectator_view_is_the_same_without_a_hand():
    state = new([["6R", "5G", "1B"], ["4O", "2B", "3G"]], ["6G", "1R", "2R", "5O"])
    play(state, "6R")
    spectator, seat0 = state.view(None), state.view(0)
    assert "hand" not in spectator
    del seat0["hand"]
    seat0["seat"] = None
    assert spectator == seat0


def test_events_show_a_drawn_card_only_to_the_drawer():
    state = new([["6R", "5G", "1B"], ["4O", "2B", "3G"]], ["6G", "1R", "2R", "5O"])
    events = state.apply(0, "6R")
    (draw,) = [e for e in events if e.kind == "draw"]
    assert ca.events_for([draw], 1)[0].data == {"card": "1R"}
    assert ca.events_for([draw], 0)[0].data == {}
    assert ca.events_for([draw], None)[0].data == {}


def test_not_your_turn_and_cards_you_do_not_hold_are_refused_without_change():
    state = new([["6R", "5G", "1B"], ["4O", "2B", "3G"]], ["6G", "1R", "2R", "5O"])
    before = state.clone()
    with pytest.raises(ca.IllegalAction, match="seat 0's turn"):
        state.apply(1, "4O")
    with pytest.raises(ca.IllegalAction, match="do not hold 4O.*legal now for seat 0: 1B, 5G, 6G, 6R"):
        state.apply(0, "4O")
    with pytest.raises(ca.IllegalAction, match="no seat 7"):
        state.apply(7, "6R")
    with pytest.raises(ca.NotationError, match="not a Sixteen move"):
        state.apply(0, "sixteen!")
    assert state == before


def test_determinize_keeps_the_view_and_deals_hidden_cards_afresh():
    game = ca.make("sixteen")
    state = game.new_state(seed=8)
    play(state, str(state.legal_actions(0)[0]))
    view = state.view(1)
    real_draws = state.position()["draw_pile"]
    rng = random.Random(0)
    samples = [game.determinize(view, 1, rng) for _ in range(30)]
    assert all(s.view(1) == view for s in samples)
    assert all(s.seed != state.seed for s in samples)
    # The real draw order is not carried over: the samples disagree with it and with each other.
    draws = [s.position()["draw_pile"] for s in samples]
    assert sum(d == real_draws for d in draws) == 0
    assert len({tuple(d) for d in draws}) == 30


def test_the_text_counts_agree_with_their_nouns():
    from comboarena.games.sixteen.text import SixteenText

    ui = SixteenText(ca.make("sixteen"))
    view = {"players": 2, "sets": [1, 0]}
    result = ca.Result((0,), (1, 0), (1, -1), "most sets")
    assert ui.result_line(view, result, ["You", "Ada"]) == "You won, 1 set to 0."
    draw = ca.Result((0, 1), (1, 1), (0, 0), "equal sets")
    assert ui.result_line({"players": 2, "sets": [1, 1]}, draw, ["You", "Ada"]) == "Draw: 1 set each."
