"""BP HEAL: whenever the Big Player may draw — the turn's draw, a counter's
replacement, a feed — they may let their partner draw instead, each time."""

import comboarena as ca

from .helpers import act, new, of, passes

BASES = ["KD", "5H", "9D", "3H"]  # seat 0 starts (king); BPs are seats 0 and 1


def _drawn(events):
    return [(e.seat, ca.events_for([e], e.seat)[0].data["cards"]) for e in of(events, "draw")]


def test_a_big_player_may_heal_with_the_turns_draw():
    state = new(BASES, [["7C"], [], [], []], ["AH", "AD"])
    act(state, (0, "discard 7C"))
    v = state.view(None)
    assert state.to_act == (0,) and v["phase"] == "heal" and v["draws"] == [[0, 1, "turn"]]
    assert [str(a) for a in state.legal_actions(0)] == ["draw", "heal"]
    events = act(state, (0, "heal"))
    assert of(events, "heal")[0].data == {"to": 2, "count": 1, "reason": "turn"}
    assert _drawn(events) == [(2, ["AH"])]
    assert state.view(None)["hand_sizes"] == [7, 8, 7, 6] and state.to_act == (1,)


def test_a_big_player_who_draws_takes_the_card_and_other_players_are_never_asked():
    state = new(BASES, [["7C"], ["8C"], ["9C"], []], ["AH", "AD", "AC"])
    events = act(state, (0, "discard 7C"), (0, "draw"))
    assert _drawn(events) == [(0, ["AH"])] and not of(events, "heal")
    act(state, (1, "discard 8C"), (1, "draw"))
    events = act(state, (2, "discard 9C"))  # seat 2 is no Big Player: it just draws
    assert _drawn(events) == [(2, ["AC"])] and state.to_act == (3,)


def test_a_big_player_may_heal_with_a_counters_replacement():
    state = new(BASES, [["4H"], ["4D"], [], []], ["AH", "AD"])
    act(state, (0, "4H>3"))  # a COMBO on seat 3's pile (3H)
    act(state, (1, "4D>3"))  # seat 1, a Big Player, counters it out of turn
    events = act(state, (0, "draw"))  # the turn player draws first
    assert _drawn(events) == [(0, ["AH"])]
    assert state.to_act == (1,) and state.view(None)["draws"] == [[1, 1, "counter"]]
    events = act(state, (1, "heal"))
    assert of(events, "heal")[0].data == {"to": 3, "count": 1, "reason": "counter"}
    assert _drawn(events) == [(3, ["AD"])]
    assert state.view(None)["hand_sizes"] == [8, 7, 6, 7] and state.to_act == (1,)  # seat 1's turn next


def test_a_big_player_fed_by_a_combo_may_let_the_partner_draw_the_cards():
    state = new(BASES, [["6C"], ["7C"], ["2D", "3D"], []], ["AH", "AD", "AC", "KH", "QH"])
    act(state, (0, "discard 6C"), (0, "draw"), (1, "discard 7C"), (1, "draw"))
    act(state, (2, "2D>0"))  # a COMBO on the partner's pile (KD): a FEED of 1
    passes(state)
    assert state.to_act == (0,) and state.view(None)["draws"] == [[0, 1, "feed"], [2, 1, "turn"]]
    events = act(state, (0, "heal"))
    assert of(events, "heal")[0].data == {"to": 2, "count": 1, "reason": "feed"}
    assert _drawn(events) == [(2, ["AC"]), (2, ["KH"])]  # the feed, then seat 2's own draw
    assert state.view(None)["hand_sizes"] == [8, 8, 7, 6]
