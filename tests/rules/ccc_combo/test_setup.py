"""The Setup: teams, Big Players, the deal, bases, the first player, options, stacked decks."""

import pytest

import comboarena as ca
from comboarena.core import parse_option_texts

from .helpers import act, new, stack


def test_deal_is_seven_each_and_nine_to_the_big_players_and_the_last_card_dealt_is_the_base():
    deck = stack(["KD", "5H", "9D", "3H"], [[], [], [], []], bigs=(2, 1))
    state = ca.make("ccc-combo", big_players=(2, 1)).new_state(seed=1, deck=deck)
    v = state.view(None)
    assert v["hand_sizes"] == [6, 8, 8, 6]  # 7 and 9 dealt, less the base
    assert v["deck"] == 52 - 32 and v["discard"] == []
    assert v["big_players"] == [2, 1] and v["teams"] == [[0, 2], [1, 3]]
    # One card at a time from seat 0: seven rounds, then two rounds to the BPs (seats 1, 2).
    # Each player's last card dealt is the top of the face-down hand: the base.
    assert v["piles"] == [[deck[24]], [deck[30]], [deck[31]], [deck[27]]] == [["KD"], ["5H"], ["9D"], ["3H"]]
    assert deck[0] in state.view(0)["hand"] and deck[1] in state.view(1)["hand"]
    assert deck[28] in state.view(1)["hand"] and deck[29] in state.view(2)["hand"]


@pytest.mark.parametrize(
    ("bases", "first"),
    [
        (["KD", "5H", "9D", "3H"], 0),
        (["2H", "AS", "KH", "QD"], 1),  # ace high
        (["KS", "KC", "KD", "KH"], 3),  # ties by suit: hearts are trump
        (["7S", "7D", "7C", "2H"], 1),  # diamonds beat clubs
        (["QS", "2H", "QC", "3C"], 2),  # clubs beat spades
    ],
)
def test_highest_base_goes_first_ace_high_then_hearts_diamonds_clubs_spades(bases, first):
    state = new(bases)
    assert state.to_act == (first,)
    assert state.view(None)["turn"] == first and state.view(None)["phase"] == "play"


def test_play_goes_clockwise():
    state = new(["KD", "5H", "9D", "3H"], [["7C"], ["8C"], ["9C"], ["TC"]], bigs=(0, 3))
    act(state, (0, "discard 7C"), (0, "draw"), (1, "discard 8C"), (2, "discard 9C"))
    assert state.to_act == (3,) and state.view(None)["turns"] == 3


def test_each_team_names_its_big_player_first_and_then_the_cards_are_dealt():
    state = ca.make("ccc-combo").new_state(seed=5)
    assert state.to_act == (0, 1) and state.view(None)["phase"] == "big players"
    assert [str(a) for a in state.legal_actions(0)] == ["bp 0", "bp 2"]
    assert [str(a) for a in state.legal_actions(1)] == ["bp 1", "bp 3"]
    assert state.legal_actions(2) == [] and state.view(None)["deck"] == 52
    with pytest.raises(ca.IllegalAction, match="seat 1 is not on your team"):
        state.apply(0, "bp 1")
    with pytest.raises(ca.IllegalAction, match="named by seats 0 and 1"):
        state.apply(2, "bp 2")
    act(state, (1, "bp 3"))
    assert state.to_act == (0,) and state.view(None)["big_players"] == [None, 3]
    assert state.view(None)["hand_sizes"] == [0, 0, 0, 0]
    with pytest.raises(ca.IllegalAction, match="your team has named"):
        state.apply(1, "bp 1")
    act(state, (0, "bp 2"))
    v = state.view(None)
    assert v["big_players"] == [2, 3] and v["hand_sizes"] == [6, 6, 8, 8] and v["phase"] == "play"


def test_a_stacked_deck_deals_the_same_whether_the_teams_choose_or_the_option_fixes_the_big_players():
    deck = stack(["KD", "5H", "9D", "3H"], [["7H"], [], ["8H"], []], bigs=(2, 3))
    chosen = ca.make("ccc-combo").new_state(seed=4, deck=deck)
    act(chosen, (0, "bp 2"), (1, "bp 3"))
    fixed = ca.make("ccc-combo", big_players=(3, 2)).new_state(seed=4, deck=deck)
    for seat in range(4):
        assert chosen.view(seat)["hand"] == fixed.view(seat)["hand"]
    assert chosen.view(None)["piles"] == fixed.view(None)["piles"] == [["KD"], ["5H"], ["9D"], ["3H"]]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"big_players": (0, 2)}, "one from each team"),
        ({"big_players": (1, 2, 3)}, "one from each team"),
        ({"big_players": (0, 7)}, "one from each team"),
        ({"big_players": 3}, "big_players"),
        ({"counter_window": -1}, "counter_window': allowed a number from 0 to 60"),
        ({"turn_limit": 0}, "turn_limit': allowed an integer >= 1"),
        ({"players": 2}, "unknown option 'players' for ccc-combo"),
    ],
)
def test_bad_options_name_the_option_and_what_is_allowed(options, message):
    with pytest.raises(ca.OptionError, match=message):
        ca.make("ccc-combo", **options)


def test_big_players_from_the_command_line_in_either_order():
    specs = ca.core.game_class("ccc-combo").info.options
    options = parse_option_texts("ccc-combo", specs, ["big_players=3,0", "counter_window=1.5"])
    game = ca.make("ccc-combo", **options)
    assert game.big_players == (0, 3) and game.counter_window == 1.5
    assert ca.make("ccc-combo", **parse_option_texts("ccc-combo", specs, ["big_players=none"])).big_players is None


@pytest.mark.parametrize(
    ("deck", "message"),
    [(["ZZ"], "not a card"), (["TH", "10h"], "holds only 1"), ("TH", "list of cards"), ([7], "not a card")],
)
def test_bad_stacked_deck_is_an_option_error(deck, message):
    with pytest.raises(ca.OptionError, match=message):
        ca.make("ccc-combo").new_state(seed=1, deck=deck)


def test_unlisted_cards_follow_in_seeded_order():
    game = ca.make("ccc-combo", big_players=(0, 1))
    a, b = game.new_state(seed=5, deck=["TH"]), game.new_state(seed=5, deck=["TH"])
    assert a == b and "TH" in a.view(0)["hand"]
    assert game.new_state(seed=6, deck=["TH"]).view(None) != a.view(None)
