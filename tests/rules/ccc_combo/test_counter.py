"""COUNTERs: the reaction window after a COMBO, negation and the new base,
pre-emptive counters, own-pile counters out of turn only, the real-time window."""

import pytest

import comboarena as ca
from comboarena.core import Timer
from comboarena.games.ccc_combo import PASS

from .helpers import act, new, of, passes

BASES = ["KD", "5H", "9D", "3H"]  # seat 0 starts (king); BPs are seats 0 and 1


def test_after_a_combo_every_other_player_may_answer_and_the_timer_passes_for_those_who_do_not():
    state = new(BASES, [["7H"], [], [], []])
    assert state.timer() is None  # no time limit on a turn's play
    act(state, (0, "7H>1"))
    assert state.to_act == (1, 2, 3)  # the pile's owner, the partner, the other opponent
    assert state.view(None)["window"] == {
        "pile": 1, "card": "7H", "by": 0, "effect": "burn", "count": 1, "waiting": [1, 2, 3]
    }
    assert state.timer() == Timer(3.0, {1: PASS, 2: PASS, 3: PASS})
    assert state.legal_actions(0) == []
    with pytest.raises(ca.IllegalAction, match="you played the COMBO"):
        state.apply(0, "pass")
    act(state, (2, "pass"))
    assert state.to_act == (1, 3) and state.timer() == Timer(3.0, {1: PASS, 3: PASS})
    assert state.view(None)["window"]["waiting"] == [1, 3]
    with pytest.raises(ca.IllegalAction, match="already answered"):
        state.apply(2, "pass")
    for seat, action in state.timer().on_expiry.items():  # what a client does when time runs out
        state.apply(seat, action)
    assert state.view(None)["burn"] == {"seat": 1, "owed": 1} and state.timer() is None


def test_the_counter_window_length_is_an_option_and_zero_means_no_time_limit():
    for seconds, expected in ((0, None), (1.5, Timer(1.5, {1: PASS, 2: PASS, 3: PASS}))):
        state = new(BASES, [["7H"], [], [], []], counter_window=seconds)
        act(state, (0, "7H>1"))
        assert state.timer() == expected


def test_a_counter_negates_the_combo_clears_the_pile_and_the_counter_card_is_the_new_base():
    state = new(BASES, [["7H"], [], [], ["7D", "8D"]], ["AH", "AD"])
    assert state.view(None)["hand_sizes"] == [8, 8, 6, 6]
    act(state, (0, "7H>1"))
    assert [str(a) for a in state.legal_actions(3)] == ["pass", "7D>1"]
    with pytest.raises(ca.IllegalAction, match="a COUNTER to 7H needs a seven"):
        state.apply(3, "8D>1")
    events = act(state, (3, "7D>1"))
    assert of(events, "counter")[0].data == {"card": "7D", "pile": 1, "cleared": ["5H", "7H"], "out_of_turn": True}
    v = state.view(None)
    assert v["piles"][1] == ["7D"] and v["discard"] == ["5H", "7H"]
    assert v["burn"] is None and v["window"] is None and v["hand_sizes"] == [7, 8, 6, 5]  # no burn
    # The first counter closes the window: seat 2 (holding 7C) may no longer answer.
    assert "7C" in state.view(2)["hand"] and state.legal_actions(2) == []
    with pytest.raises(ca.IllegalAction):
        state.apply(2, "7C>1")
    # The turn player draws first (a BP: draw or heal), then the counter player's replacement.
    assert v["draws"] == [[0, 1, "turn"], [3, 1, "counter"]] and state.to_act == (0,)
    events = act(state, (0, "draw"))
    drawn = [(e.seat, ca.events_for([e], e.seat)[0].data["cards"]) for e in of(events, "draw")]
    assert drawn == [(0, ["AH"]), (3, ["AD"])]
    assert state.view(None)["hand_sizes"] == [8, 8, 6, 6] and state.to_act == (1,)


def test_the_owner_may_counter_a_combo_on_their_own_pile_out_of_turn_but_never_on_their_turn():
    state = new(BASES, [["7H"], ["7C", "4C", "7S"], [], []])
    act(state, (0, "7H>1"))
    act(state, (1, "7C>1"))
    assert state.view(None)["piles"][1] == ["7C"]
    act(state, (0, "draw"), (1, "draw"))
    assert state.to_act == (1,)
    assert all(getattr(a, "pile", None) != 1 for a in state.legal_actions(1))
    with pytest.raises(ca.IllegalAction, match="may not play on their own piles on their turn"):
        state.apply(1, "4C>1")  # a COMBO (clubs) on its own pile
    with pytest.raises(ca.IllegalAction, match="may not play on their own piles on their turn"):
        state.apply(1, "7S>1")  # a COUNTER (the value of 7C) on its own pile


def test_on_your_turn_a_counter_clears_another_pile_preemptively_and_opens_no_window():
    state = new(BASES, [["7H"], [], ["7D"], []])
    act(state, (0, "7H>1"))
    passes(state)
    act(state, (1, f"burn {state.view(1)['hand'][0]}"), (0, "draw"))
    act(state, (1, f"discard {state.view(1)['hand'][0]}"), (1, "draw"))
    assert state.view(None)["piles"][1] == ["5H", "7H"]  # the stack stayed
    events = act(state, (2, "7D>1"))  # same value as the top card: a COUNTER, not on a COMBO
    assert not of(events, "combo") and not of(events, "pass")
    assert of(events, "counter")[0].data == {"card": "7D", "pile": 1, "cleared": ["5H", "7H"], "out_of_turn": False}
    assert state.view(None)["piles"][1] == ["7D"] and state.to_act == (3,)  # drew; the turn passed


def test_out_of_turn_a_counter_only_answers_the_combo_just_played():
    state = new(BASES, [["7H"], [], [], ["5D", "3D", "7D"]])
    before = state.clone()
    with pytest.raises(ca.IllegalAction, match="it is seat 0's turn; out of turn a COUNTER may only answer a COMBO"):
        state.apply(3, "5D>1")  # the value of seat 1's base, but nobody played a COMBO
    assert state == before
    act(state, (0, "7H>1"))
    with pytest.raises(ca.IllegalAction, match="only answer the COMBO just played, on seat 1's pile"):
        state.apply(3, "3D>3")
    with pytest.raises(ca.IllegalAction, match="needs a seven"):
        state.apply(3, "5D>1")
    passes(state)
    with pytest.raises(ca.IllegalAction, match="seat 1 is burning"):
        state.apply(3, "7D>1")
