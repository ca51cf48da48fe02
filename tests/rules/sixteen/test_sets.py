"""Sixteen, Bust and Match sets; wilds; who starts the next round."""

import pytest

import comboarena as ca
from comboarena.games.sixteen.actions import Play

from .helpers import new, play


def test_sixteen_goes_to_the_player_of_the_final_card_who_starts_the_next_round():
    state = new([["6R", "5G", "1B"], ["4O", "2B", "3G"]], ["6G", "1R", "2R", "5O"])
    events = play(state, "6R", "4O", "6G")
    v = state.view(None)
    assert v["sets"] == [1, 0]
    assert v["set_piles"] == [[["6R", "4O", "6G"]], []]
    assert v["pile"] == [] and v["pile_sum"] == 0
    assert [e.data["kind"] for e in events if e.kind == "set"] == ["sixteen"]
    assert state.to_act == (0,)  # the winner starts the next round
    assert state.view(0)["hand_sizes"][0] == 4  # ...having drawn


def test_bust_goes_to_the_player_who_did_not_play_the_final_card_and_they_start():
    state = new([["6R", "5G", "1B"], ["6B", "2B", "3G"]], ["1O", "1R", "2R", "5O"])
    play(state, "6R", "6B", "5G")  # 17
    v = state.view(None)
    assert v["sets"] == [0, 1]
    assert v["set_piles"][1] == [["6R", "6B", "5G"]]
    assert state.to_act == (1,)


def test_bust_overrides_a_match():
    state = new([["6R", "6G", "1B"], ["6B", "2B", "3G"]], ["1O", "1R", "2R", "5O"])
    events = play(state, "6R", "6B", "6G")  # three sixes, but 18
    (award,) = [e for e in events if e.kind == "set"]
    assert award.data["kinds"] == ["bust"] and award.seat == 1
    assert state.view(None)["sets"] == [0, 1]


def test_number_match_three_in_a_row_goes_to_the_player_of_the_third():
    state = new([["3R", "3B", "1B"], ["3G", "2B", "4G"]], ["1O", "1R", "2R", "5O"])
    events = play(state, "3R", "3G", "3B")
    assert [e.data["kind"] for e in events if e.kind == "set"] == ["number match"]
    assert state.view(None)["sets"] == [1, 0]


def test_colour_match_three_in_a_row():
    state = new([["1G", "4G", "1B"], ["2G", "2B", "4O"]], ["1O", "1R", "2R", "5O"])
    play(state, "1G", "2G", "4G")
    assert state.view(None)["sets"] == [1, 0]


def test_a_match_needs_three_cards_played_in_a_row():
    state = new([["3R", "5B", "1B"], ["3G", "3O", "4G"]], ["1O", "1R", "2R", "5O"])
    play(state, "3R", "3G", "5B", "3O")  # 3 3 5 3: the 5 breaks the run
    v = state.view(None)
    assert v["sets"] == [0, 0]
    assert v["pile"] == ["3R", "3G", "5B", "3O"] and v["pile_sum"] == 14


def test_without_matches_three_of_a_number_is_no_set():
    state = new([["3R", "3B", "1B"], ["3G", "2B", "4G"]], ["1O", "1R", "2R", "5O"], matches=False)
    play(state, "3R", "3G", "3B")
    assert state.view(None)["sets"] == [0, 0]
    assert state.view(None)["pile_sum"] == 9


def test_a_wild_counts_as_the_number_and_colour_declared():
    state = new([["6R", "W", "1B"], ["4O", "2B", "3G"]], ["2G", "1R", "2R", "5O"])
    play(state, "6R", "4O", "W=6G")
    v = state.view(None)
    assert v["set_piles"][0] == [["6R", "4O", "W=6G"]]
    assert v["sets"] == [1, 0]


def test_a_wild_completes_a_colour_match_by_its_declared_colour():
    state = new([["2B", "W", "1B"], ["5B", "2R", "3G"]], ["2G", "1R", "2R", "5O"])
    events = play(state, "2B", "5B", "W=0B")
    assert [e.data["kind"] for e in events if e.kind == "set"] == ["colour match"]


def test_a_wild_must_be_declared_and_held():
    state = new([["2B", "3R", "1B"], ["5B", "2R", "3G"]], ["2G", "1R", "2R", "5O"])
    with pytest.raises(ca.NotationError, match="declared"):
        state.apply(0, "W")
    before = state.clone()
    with pytest.raises(ca.IllegalAction, match="do not hold W"):
        state.apply(0, "W=5G")
    assert state == before


def test_a_play_built_by_hand_is_checked_like_notation():
    state = new([["2B", "W", "1B"], ["5B", "2R", "3G"]], ["2G", "1R", "2R", "5O"])
    before = state.clone()
    for bad in (Play("W"), Play("W", "9Z"), Play("2B", "6R")):
        with pytest.raises(ca.IllegalAction, match="a wild is played declared"):
            state.apply(0, bad)
        assert state == before
    events = state.apply(0, Play("W", "5G"))
    assert events[0].kind == "play" and state.view(None)["pile"] == ["W=5G"]


def test_four_players_sixteen_goes_to_the_team_and_the_next_player_left_starts():
    hands = [["6R", "1R", "1G"], ["4O", "2R", "2G"], ["6G", "3R", "3G"], ["5O", "4R", "4G"]]
    state = new(hands, ["0O", "0G", "0B", "0R", "5B"])
    play(state, "6R", "4O", "6G")  # seat 2 makes 16
    v = state.view(None)
    assert v["sets"] == [0, 0, 1, 0]
    assert state.to_act == (3,)  # left of the player of the set-forming card, not the team that won it


def test_four_players_bust_goes_to_the_other_team_and_the_next_player_left_starts():
    hands = [["6R", "1R", "1G"], ["6B", "2R", "2G"], ["1O", "3R", "3G"], ["5O", "4R", "4G"]]
    state = new(hands, ["0O", "0G", "0B", "6O", "5B"])
    play(state, "6R", "6B", "1O", "6O")  # seat 3 busts: 19
    v = state.view(None)
    assert v["sets"] == [1, 0, 0, 0]  # credited to the seat on its left, team (0, 2)
    assert state.to_act == (0,)
