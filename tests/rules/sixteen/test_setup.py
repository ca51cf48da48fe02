"""Deck, deal, first player, teams and stacked decks."""

from collections import Counter

import pytest

import comboarena as ca
from comboarena.games.sixteen.cards import deck

from .helpers import new, stack


def test_deck_has_54_cards_one_zero_and_two_of_each_other_number_per_colour_and_two_wilds():
    cards = Counter(deck())
    assert sum(cards.values()) == 54
    for colour in "RGBO":
        assert cards[f"0{colour}"] == 1
        for n in range(1, 7):
            assert cards[f"{n}{colour}"] == 2
    assert cards["W"] == 2


def test_deal_is_three_cards_each_one_at_a_time_from_seat_0_and_seat_0_draws_then_plays_first():
    hands = [["1R", "2R", "3R"], ["1G", "2G", "3G"]]
    state = new(hands, ["4B", "5B"])
    assert state.to_act == (0,)
    assert state.view(0)["hand"] == ["1R", "2R", "3R", "4B"]  # dealt three, drew the top card
    assert state.view(1)["hand"] == ["1G", "2G", "3G"]
    assert state.view(None)["hand_sizes"] == [4, 3]


def test_four_players_deal_round_the_table_and_teams_sit_alternately():
    hands = [["1R", "1R", "1G"], ["2R", "2R", "2G"], ["3R", "3R", "3G"], ["4R", "4R", "4G"]]
    game = ca.make("sixteen", players=4)
    state = game.new_state(seed=3, deck=stack(hands, ["5O"]))
    assert game.teams == ((0, 2), (1, 3))
    assert state.to_act == (0,)
    for seat in (1, 2, 3):
        assert state.view(seat)["hand"] == sorted(hands[seat])
    assert state.view(0)["hand"] == sorted([*hands[0], "5O"])


def test_unlisted_cards_follow_in_seeded_order():
    game = ca.make("sixteen")
    a = game.new_state(seed=5, deck=["6R"]).view(None)
    b = game.new_state(seed=5, deck=["6R"])
    assert game.new_state(seed=5, deck=["6R"]).view(0)["hand"][0:4] == b.view(0)["hand"][0:4]
    assert "6R" in b.view(0)["hand"]
    assert a == b.view(None)


@pytest.mark.parametrize(
    ("deck_", "message"),
    [
        (["9R"], "not a card"),
        (["0R", "0R"], "holds only 1"),
        (["W", "W", "W"], "holds only 2"),
        ("5R", "list of cards"),
    ],
)
def test_bad_stacked_deck_is_an_option_error(deck_, message):
    with pytest.raises(ca.OptionError, match=message):
        ca.make("sixteen").new_state(seed=1, deck=deck_)


def test_without_wilds_the_deck_has_52_cards_and_a_stacked_wild_is_refused():
    assert len(deck(wilds=False)) == 52
    with pytest.raises(ca.OptionError, match="no wilds"):
        ca.make("sixteen", wilds=False).new_state(seed=1, deck=["W"])
    pos = ca.make("sixteen", wilds=False).new_state(seed=9).position()
    cards = [c for h in pos["hands"] for c in h] + pos["draw_pile"]
    assert len(cards) == 52 and "W" not in cards


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 3}, "option 'players': allowed one of 2, 4"),
        ({"draw": "lazy"}, "option 'draw'"),
        ({"wilds": "no"}, "option 'wilds': allowed true or false"),
        ({"colour": 1}, "unknown option 'colour' for sixteen"),
    ],
)
def test_bad_options_name_the_option_and_what_is_allowed(options, message):
    with pytest.raises(ca.OptionError, match=message):
        ca.make("sixteen", **options)
