"""The end: a player with no cards at the end of any turn loses, with their
team; both teams at once is a draw; the turn limit is a draw."""

import pytest

import comboarena as ca

from .helpers import act, new, of, passes, with_hand

BASES = ["KD", "5H", "9D", "3H"]  # seat 0 starts (king); BPs are seats 0 and 1


def test_a_player_with_no_cards_at_the_end_of_the_turn_loses_with_their_team():
    state = new(BASES, [["7H"], [], [], []])
    state = with_hand(state, 1, ["2C"])
    act(state, (0, "7H>1"))
    passes(state)  # seat 1 burns its only card
    assert state.view(None)["hand_sizes"][1] == 0 and not state.is_over  # the turn is still taking place
    events = act(state, (0, "draw"))
    assert state.is_over and state.to_act == () and of(events, "end")
    r = state.result()
    assert r.winners == (0, 2) and r.returns == (1, -1, 1, -1) and r.reason == "a player ran out of cards"
    assert state.legal_actions(0) == []
    with pytest.raises(ca.IllegalAction, match="the game is over"):
        state.apply(1, "pass")


def test_a_player_who_plays_their_last_card_draws_and_stays_in():
    state = new(BASES, [["7C"], [], [], []])
    state = with_hand(state, 0, ["7C"])
    act(state, (0, "discard 7C"))
    assert state.view(None)["hand_sizes"][0] == 0 and not state.is_over
    act(state, (0, "draw"))
    assert state.view(None)["hand_sizes"][0] == 1 and state.to_act == (1,)


def test_a_counter_with_the_last_card_is_replaced_after_the_turn_players_draw():
    state = new(BASES, [["7H"], [], [], ["7D"]])
    state = with_hand(state, 3, ["7D"])
    act(state, (0, "7H>1"), (3, "7D>1"))
    assert state.view(None)["hand_sizes"][3] == 0
    act(state, (0, "draw"))
    assert state.view(None)["hand_sizes"][3] == 1 and not state.is_over


def test_a_big_player_who_heals_away_their_own_last_draw_loses():
    state = new(BASES, [["7C"], [], [], []])
    state = with_hand(state, 0, ["7C"])
    act(state, (0, "discard 7C"), (0, "heal"))
    r = state.result()
    assert r.winners == (1, 3) and r.returns == (-1, 1, -1, 1)


def test_both_teams_out_of_cards_at_the_end_of_a_turn_is_a_draw():
    state = new(BASES, [["7H"], [], [], []])
    state = with_hand(state, 0, ["7H"])
    state = with_hand(state, 1, ["2C"])
    act(state, (0, "7H>1"))
    passes(state)  # seat 1 burns its last card
    act(state, (0, "heal"))  # and seat 0 lets its partner draw: it ends the turn empty-handed too
    r = state.result()
    assert r.is_draw and r.winners == (0, 1, 2, 3) and r.returns == (0, 0, 0, 0)
    assert r.reason == "both teams ran out of cards"


def test_the_turn_limit_ends_the_game_as_a_draw():
    state = new(BASES, [["7C"], ["8C"], ["9C"], []], turn_limit=3)
    act(state, (0, "discard 7C"), (0, "draw"), (1, "discard 8C"), (1, "draw"))
    assert not state.is_over and state.view(None)["turns"] == 2
    act(state, (2, "discard 9C"))
    r = state.result()
    assert state.is_over and r.is_draw and r.reason == "turn limit" and state.view(None)["turns"] == 3
