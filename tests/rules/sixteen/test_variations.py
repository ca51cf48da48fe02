"""Strict and loose drawing, automatic drawing, bonus sets."""

import pytest

import comboarena as ca

from .helpers import new, play

HANDS = [["1R", "2R", "3R"], ["4G", "5G", "6G"]]
DRAWS = ["0B", "1B", "2B", "3B", "4B", "5B", "6B", "0O"]


def test_auto_drawing_refuses_a_draw_move():
    state = new(HANDS, DRAWS)
    with pytest.raises(ca.IllegalAction, match="automatic"):
        state.apply(0, "draw")


def test_strict_draw_is_a_move_once_per_turn():
    state = new(HANDS, DRAWS, draw="strict")
    assert state.view(0)["hand"] == ["1R", "2R", "3R"]
    assert str(state.legal_actions(0)[0]) == "draw"
    state.apply(0, "draw")
    assert state.view(0)["hand"] == ["0B", "1R", "2R", "3R"]
    with pytest.raises(ca.IllegalAction, match="draw once per turn"):
        state.apply(0, "draw")


def test_strict_forgetting_to_draw_leaves_you_short_for_the_rest_of_the_game():
    state = new(HANDS, DRAWS, draw="strict")
    play(state, "1R")  # forgot to draw
    assert state.view(None)["hand_sizes"][0] == 2
    play(state, "draw", "4G")  # seat 1 draws and plays
    play(state, "draw", "2R")  # seat 0 draws this time: still one short
    assert state.view(None)["hand_sizes"][0] == 2


def test_strict_you_can_always_keep_one_card_in_your_hand():
    state = new(HANDS, DRAWS, draw="strict")
    play(state, "1R", "draw", "4G", "2R", "draw", "5G")  # seat 0 forgot twice: one card left
    assert state.view(None)["hand_sizes"][0] == 1
    events = play(state, "3R")  # a third time: it would leave no card
    assert state.view(0)["hand_sizes"][0] == 1
    (floor,) = [e for e in events if e.kind == "draw"]
    assert floor.seat == 0 and floor.data == {"reason": "keep one card"}


def test_loose_forgetting_to_draw_is_made_up_later_to_a_full_hand():
    state = new(HANDS, DRAWS, draw="loose")
    play(state, "1R")  # forgot
    assert state.view(None)["hand_sizes"][0] == 2
    play(state, "draw", "4G")
    play(state, "draw", "draw")  # remembers: back to a full hand of four
    assert state.view(None)["hand_sizes"][0] == 4
    with pytest.raises(ca.IllegalAction, match="hand is full"):
        state.apply(0, "draw")


def test_bonus_a_card_making_sixteen_and_a_match_counts_as_two_sets():
    hands = [["1R", "5B", "2G"], ["5G", "5O", "3G"]]
    draws = ["0B", "1B", "2B", "3B", "4B"]
    plain, bonus = new(hands, draws), new(hands, draws, bonus=True)
    for state in (plain, bonus):
        play(state, "1R", "5G", "5B", "5O")  # 16 and three fives
    assert plain.view(None)["sets"] == [0, 1]
    assert bonus.view(None)["sets"] == [0, 2]


def test_bonus_a_wild_making_a_number_and_a_colour_match_counts_as_two():
    hands = [["3G", "W", "2R"], ["3G", "5O", "6B"]]
    state = new(hands, ["0B", "1B", "2B", "3B"], bonus=True)
    events = play(state, "3G", "3G", "W=3G")
    (award,) = [e for e in events if e.kind == "set"]
    assert award.data["kinds"] == ["number match", "colour match"] and award.data["count"] == 2


def test_bonus_a_card_making_three_sets_at_once_still_counts_as_two():
    # "That set then counts as two sets": Sixteen and both matches at once (a wild) is no more.
    hands = [["1R", "5G", "3O"], ["5G", "2B", "W"]]
    state = new(hands, ["0B", "1B", "2B", "3B"], bonus=True)
    events = play(state, "1R", "5G", "5G", "W=5G")  # 1 + 5 + 5 + 5: three greens, three fives
    (award,) = [e for e in events if e.kind == "set"]
    assert award.data["kinds"] == ["sixteen", "number match", "colour match"]
    assert award.data["count"] == 2 and state.view(None)["sets"] == [0, 2]


def test_bonus_a_bust_never_counts_twice():
    hands = [["6R", "6G", "1B"], ["6B", "2B", "3G"]]
    state = new(hands, ["1O", "1R", "2R", "5O"], bonus=True)
    play(state, "6R", "6B", "6G")
    assert state.view(None)["sets"] == [0, 1]
