"""A turn: COMBO (burn or feed by the stack's size), DISCARD, then draw."""

import pytest

import comboarena as ca

from .helpers import act, new, of, passes, with_hand

BASES = ["KD", "5H", "9D", "3H"]  # seat 0 starts (king); BPs are seats 0 and 1


def test_a_combo_on_an_opponent_burns_as_many_cards_as_the_stack_holds_and_the_stack_stays():
    # seat 0: 7H 9H, seat 2: 8H; the filler gives seat 1: 8S 9S TS JS QS KS AS 2C, seat 3: 8C ... KC.
    state = new(BASES, [["7H", "9H"], [], ["8H"], []])
    assert state.view(1)["hand"] == ["8S", "9S", "TS", "JS", "QS", "KS", "AS", "2C"]
    act(state, (0, "7H>1"))
    passes(state)
    assert state.view(None)["burn"] == {"seat": 1, "owed": 1}  # base + 1 stacked = burn 1
    assert [str(a) for a in state.legal_actions(1)][:2] == ["burn 8S", "burn 9S"]
    act(state, (1, "burn 8S"), (0, "draw"))
    act(state, (1, "discard 9S"), (1, "draw"))
    act(state, (2, "8H>1"))
    passes(state)
    assert state.view(None)["burn"] == {"seat": 1, "owed": 2}  # base + 2 stacked = burn 2
    act(state, (1, "burn TS"), (1, "burn JS"))
    act(state, (3, "discard 8C"))
    assert state.view(None)["hand_sizes"][1] == 5
    events = act(state, (0, "9H>1"))
    assert of(events, "combo")[0].data == {"card": "9H", "pile": 1, "stack": 3, "effect": "burn"}
    passes(state)
    assert state.view(None)["burn"] == {"seat": 1, "owed": 3}  # base + 3 stacked = burn 3
    act(state, (1, "burn QS"), (1, "burn KS"))
    events = act(state, (1, "burn AS"))
    assert of(events, "burn")[0].data == {"cards": ["AS"], "owed": 0}
    v = state.view(None)
    assert v["hand_sizes"][1] == 2 and v["piles"][1] == ["5H", "7H", "8H", "9H"]
    # Burned and discarded cards lie face up on the discard pile, in order.
    assert v["discard"] == ["8S", "9S", "TS", "JS", "8C", "QS", "KS", "AS"]
    assert state.to_act == (0,) and v["phase"] == "heal"


def test_the_owner_chooses_which_cards_to_burn_but_burns_everything_when_that_is_all_there_is():
    state = new(BASES, [["7H"], [], [], []])
    state = with_hand(state, 1, ["2C"])
    act(state, (0, "7H>1"))
    events = passes(state)
    assert of(events, "burn")[0].data == {"cards": ["2C"], "owed": 0}  # no decision: nothing to choose
    assert state.view(None)["hand_sizes"][1] == 0 and state.to_act == (0,)


def test_a_combo_on_an_ally_feeds_them_as_many_cards_as_the_stack_holds():
    draws = ["2H", "3D", "4H", "6D", "7D", "8D", "JD"]
    state = new(BASES, [["4D", "5D"], ["6S"], [], []], draws)
    events = act(state, (0, "4D>2"))
    assert of(events, "combo")[0].data["effect"] == "feed"
    events = passes(state)
    (fed,) = of(events, "draw")
    assert (fed.seat, fed.data) == (2, {"count": 1, "reason": "feed"})
    assert ca.events_for([fed], 2)[0].data["cards"] == ["2H"]  # the top of the deck
    assert state.view(None)["hand_sizes"][2] == 7 and state.view(None)["burn"] is None
    events = act(state, (0, "draw"))  # the turn player draws after the feed
    assert ca.events_for(of(events, "draw"), 0)[0].data["cards"] == ["3D"]
    act(state, (1, "discard 6S"), (1, "draw"), (2, "discard 2H"), (3, f"discard {state.view(3)['hand'][0]}"))
    act(state, (0, "5D>2"))
    events = passes(state)
    assert of(events, "draw")[0].data == {"count": 2, "reason": "feed"}  # base + 2 stacked = feed 2
    assert state.view(None)["hand_sizes"][2] == 9 and state.view(None)["piles"][2] == ["9D", "4D", "5D"]


def test_a_discard_goes_face_up_to_the_discard_pile_and_the_player_draws():
    state = new(BASES, [["7H"], [], [], []], ["AH"])
    events = act(state, (0, "discard 7H"))
    assert of(events, "discard")[0].data == {"card": "7H"} and state.view(None)["discard"] == ["7H"]
    assert state.legal_actions(0) == [ca.make("ccc-combo").parse_action("draw"), state.game.parse_action("heal")]
    act(state, (0, "draw"))
    assert "AH" in state.view(0)["hand"] and state.view(None)["hand_sizes"][0] == 8 and state.to_act == (1,)


def test_a_combo_needs_the_pile_suit_and_never_goes_on_your_own_pile_on_your_turn():
    state = new(BASES, [["7H", "8C", "KH"], [], [], []])
    before = state.clone()
    with pytest.raises(ca.IllegalAction, match="8C on 5H .* neither a COMBO \\(needs hearts\\) nor a COUNTER"):
        state.apply(0, "8C>1")
    with pytest.raises(ca.IllegalAction, match="may not play on their own piles on their turn"):
        state.apply(0, "KH>0")
    with pytest.raises(ca.IllegalAction, match="you do not hold 6H"):
        state.apply(0, "6H>1")
    assert state == before
    legal = [str(a) for a in state.legal_actions(0)]
    assert "7H>1" in legal and "7H>3" in legal and "KH>3" in legal and "KH>0" not in legal
    assert "8C>1" not in legal and "discard 8C" in legal
