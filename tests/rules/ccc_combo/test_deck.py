"""The deck runs out: "Shuffle up the discard pile, silly!" — seeded, and unforeseeable from a view."""

import random

import comboarena as ca
from comboarena.core.rng import generator

from .helpers import act, new, of, passes, with_hand

BASES = ["KD", "5H", "9D", "3H"]


def _discard_until_the_deck_is_empty(state):
    while not (state.view(None)["deck"] == 0 and state.view(None)["phase"] == "play"):
        seat = state.to_act[0]
        heal = state.view(None)["phase"] == "heal"
        state.apply(seat, "draw" if heal else f"discard {state.view(seat)['hand'][0]}")


def test_when_the_deck_runs_out_the_discard_pile_is_shuffled_into_a_new_deck_by_the_games_seed():
    game = ca.make("ccc-combo", big_players=(0, 1))
    state = game.new_state(seed=11)
    _discard_until_the_deck_is_empty(state)
    seat = state.to_act[0]
    card = state.view(seat)["hand"][0]
    before = state.clone()
    expected = [*state.view(None)["discard"], card]
    generator(11, 1).shuffle(expected)  # the game's seed and the reshuffle's number
    events = act(state, (seat, f"discard {card}"))
    if state.view(None)["phase"] == "heal":
        events += act(state, (seat, "draw"))
    (reshuffle,) = of(events, "reshuffle")
    assert reshuffle.data == {"cards": len(expected), "reshuffles": 1}
    assert ca.events_for(of(events, "draw"), seat)[0].data["cards"] == [expected[-1]]
    v = state.view(None)
    assert v["discard"] == [] and v["deck"] == len(expected) - 1 and v["reshuffles"] == 1
    # A determinization of the same moment has a fresh seed: its reshuffles differ from the real one.
    view = before.view(seat)
    orders = []
    for i in range(10):
        det = game.determinize(view, seat, random.Random(i))
        det.apply(seat, f"discard {card}")
        if det.view(None)["phase"] == "heal":
            det.apply(seat, "draw")
        assert det.view(None)["reshuffles"] == 1
        orders.append(tuple(det.position()["deck"]))
    assert tuple(state.position()["deck"]) not in orders and len(set(orders)) == 10


def test_with_the_deck_and_the_discard_pile_both_empty_a_draw_is_lost():
    state = new(BASES, [["4D"], [], [], []])
    state = with_hand(state, 2, state.view(2)["hand"] + state.position()["deck"])  # every card left goes to seat 2
    assert state.view(None)["deck"] == 0 and state.view(None)["discard"] == []
    act(state, (0, "4D>2"))  # a FEED of 1 for seat 2
    events = passes(state)
    assert [(e.seat, e.data) for e in of(events, "draw")] == [
        (2, {"count": 0, "reason": "feed", "missed": 1}),
        (0, {"count": 0, "reason": "turn", "missed": 1}),  # nothing to draw: no draw-or-heal decision
    ]
    assert state.to_act == (1,) and state.view(None)["hand_sizes"][0] == 7
