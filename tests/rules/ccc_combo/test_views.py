"""What each seat may see, private events, determinization."""

import json
import random

import comboarena as ca

from .helpers import act, new, of, passes

BASES = ["KD", "5H", "9D", "3H"]


def test_a_view_holds_its_own_hand_and_the_public_table_but_never_another_hand():
    state = new(BASES, [["7H"], [], [], ["7D"]], ["AH", "AD"])
    act(state, (0, "7H>1"))
    v = state.view(2)
    assert set(v) >= {
        "hand", "hand_sizes", "piles", "discard", "deck", "window", "burn", "draws",
        "big_players", "turn", "phase", "to_act", "turns", "turn_limit", "reshuffles",
    }
    assert v["hand"] == state.position()["hands"][2] and v["hand_sizes"] == [7, 8, 6, 6]
    assert v["piles"] == [["KD"], ["5H", "7H"], ["9D"], ["3H"]] and v["deck"] == 20
    assert v["big_players"] == [0, 1] and v["turn"] == 0 and v["phase"] == "window"
    assert v["window"]["waiting"] == [1, 2, 3] and v["to_act"] == [1, 2, 3]
    text = json.dumps(v)
    position = state.position()
    hidden = [c for s in (0, 1, 3) for c in position["hands"][s]] + position["deck"]
    assert not [c for c in hidden if f'"{c}"' in text]
    assert json.loads(text) == v


def test_the_discard_pile_is_public_in_order_and_the_spectator_sees_no_hand():
    state = new(BASES, [["7H"], [], [], ["7D"]])
    act(state, (0, "7H>1"), (3, "7D>1"), (0, "draw"))
    spectator, seat1 = state.view(None), state.view(1)
    assert spectator["discard"] == ["5H", "7H"] and "hand" not in spectator
    del seat1["hand"]
    seat1["seat"] = None
    assert spectator == seat1


def test_drawn_and_dealt_cards_are_shown_only_to_their_owner():
    state = ca.make("ccc-combo").new_state(seed=3)
    state.apply(0, "bp 0")
    events = state.apply(1, "bp 1")
    hands = of(events, "hand")
    assert [e.seat for e in hands] == [0, 1, 2, 3]
    for e in hands:
        for seat in (0, 1, 2, 3, None):
            data = ca.events_for([e], seat)[0].data
            assert ("cards" in data) == (seat == e.seat)
    state = new(BASES, [["7C"], [], [], []], ["AH"])
    (draw,) = of(act(state, (0, "discard 7C"), (0, "draw")), "draw")
    assert ca.events_for([draw], 0)[0].data["cards"] == ["AH"]
    assert "cards" not in ca.events_for([draw], 2)[0].data and "cards" not in ca.events_for([draw], None)[0].data


def test_determinize_keeps_the_view_and_deals_the_hidden_cards_afresh():
    game = ca.make("ccc-combo", big_players=(0, 1))
    state = new(BASES, [["7H"], [], [], []])
    act(state, (0, "7H>1"), (2, "pass"))
    view = state.view(3)
    rng = random.Random(0)
    samples = [game.determinize(view, 3, rng) for _ in range(30)]
    for s in samples:
        assert s.view(3) == view and s.seed != state.seed
        game.check_invariants(s)
    # Hidden hands and the deck order are not copied from the real state.
    assert sum(s.position()["hands"][1] == state.position()["hands"][1] for s in samples) == 0
    assert len({tuple(s.position()["deck"]) for s in samples}) == 30
    # A sampled state plays on: the window is still open for seats 1 and 3.
    s = samples[0]
    passes(s)
    assert s.view(None)["burn"] == {"seat": 1, "owed": 1}


def test_determinize_before_the_deal_samples_the_whole_deck():
    game = ca.make("ccc-combo")
    state = game.new_state(seed=2)
    det = game.determinize(state.view(0), 0, random.Random(1))
    assert det.view(0) == state.view(0) and det.position()["deck"] != state.position()["deck"]
    det.apply(0, "bp 2")
    det.apply(1, "bp 1")
    assert det.view(None)["hand_sizes"] == [6, 8, 8, 6]
