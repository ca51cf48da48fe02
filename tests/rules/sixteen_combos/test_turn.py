"""Steps on Your Turn: targets, Available Actions, drawing a value, passing, rounds,
extra turns and the turn order."""

import pytest

import comboarena as ca

from .helpers import TYPES, VALUES, attack, legal, new, of, play


def test_the_target_is_the_defense_pair_of_an_enemy_character():
    state = new(TYPES, VALUES, ["9C"])
    assert legal(state) == ["H>1", "pass"]  # only vitality is available; character 0 is no target
    events = play(state, "H>1")
    assert of(events, "announce")[0].data["column"] == "c" and of(events, "announce")[0].data["pair"] == 5
    with pytest.raises(ca.IllegalAction, match="legal now for seat 1: pass"):
        state.apply(1, "change C")


def test_available_actions_need_two_of_the_type_in_the_value_row():
    state = new(TYPES, [["5H", "6D", "7C"], ["5C", "6C", "8S"]], ["9C"])
    assert legal(state) == ["pass"]  # one card of each type: nothing is available
    with pytest.raises(ca.IllegalAction, match="H>1 is not allowed"):
        state.apply(0, "H>1")
    state = new(TYPES, [["5H", "6H", "7H"], ["5C", "6C", "8S"]], ["9C"])
    assert legal(state) == ["H>1", "pass"]


def test_the_action_value_is_drawn_after_the_announcement():
    state = new(TYPES, VALUES, ["9C", "2C"])
    events = play(state, "H>1")
    assert not of(events, "draw") and state.view(None)["draw_pile"] == 54 - 2  # 52 + 2 jokers, less the order cards
    events = play(state, "pass")  # the predictive reaction; then the draw
    assert of(events, "draw")[0].data["cards"] == ["9C'"]
    assert of(events, "value")[0].data == {"actor": 0, "value": 9, "type": "H", "cards": ["9C'"]}


def test_passing_ends_the_turn_and_characters_act_by_order_card_every_round():
    state = new(TYPES, VALUES, ["9C"], order=["2S", "KS"])  # character 1 holds the higher order card
    v = state.view(None)
    assert v["active"] == 1 and v["queue"]["order"] == [1, 0]
    play(state, "pass")
    assert state.view(None)["active"] == 0
    play(state, "pass")
    assert state.view(None)["active"] == 1 and state.view(None)["round"] == 2


def test_extra_turns_chain_and_are_taken_before_the_next_character():
    # Hire Assassin twice: wealth on vitality defeats, then again on the extra turn.
    state = new([["2H", "3H", "4C"], ["2D", "8H", "9H"]], [["5D", "6D", "7C"], ["TD", "2S", "3S"]], ["TC", "TH"])
    attack(state, "D>1")
    assert state.view(None)["queue"]["extra_turn"] and state.view(None)["active"] == 0
    events = attack(state, "D>1b")  # any pair: column b (3H/2S): 10 - 2 = 8, Hire Assassin again
    assert of(events, "extra turn") and state.view(None)["active"] == 0
    play(state, "pass")
    assert state.view(None)["active"] == 1 and not state.view(None)["queue"]["extra_turn"]


def test_every_decision_is_the_right_seats_and_errors_say_what_is_legal():
    state = new(TYPES, VALUES, ["9C"])
    with pytest.raises(ca.IllegalAction, match="not seat 1's decision"):
        state.apply(1, "pass")
    with pytest.raises(ca.IllegalAction, match="no seat 7"):
        state.apply(7, "pass")
    before = state.position()
    with pytest.raises(ca.NotationError):
        state.apply(0, "fly away")
    assert state.position() == before
