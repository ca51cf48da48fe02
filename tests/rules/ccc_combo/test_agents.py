"""ccc-combo.heuristic follows its rules of thumb; ISMCTS plays through determinize."""

import random

import comboarena as ca

from .helpers import act, new, passes, with_hand

BASES = ["KD", "5H", "9D", "3H"]  # seat 0 starts (king); BPs are seats 0 and 1


def _choose(state, seat, spec="ccc-combo.heuristic"):
    agent = ca.make_agent(spec, state.game)
    return str(agent.choose(state.view(seat), state.legal_actions(seat), random.Random(0)))


def test_heuristic_counters_a_combo_on_itself_or_its_partner_but_not_its_own_teams():
    state = new(BASES, [["7H"], ["7C"], ["7S"], ["7D"]])
    act(state, (0, "7H>1"))  # burns seat 1
    assert _choose(state, 1) == "7C>1" and _choose(state, 3) == "7D>1"
    assert _choose(state, 2) == "pass"  # seat 0's partner lets it stand


def test_heuristic_counters_a_feed_between_opponents():
    state = new(BASES, [["7C"], ["4H"], ["4S"], ["4C"]])
    act(state, (0, "discard 7C"), (0, "draw"))
    act(state, (1, "4H>3"))  # seat 1 feeds its partner, seat 3 (base 3H): a COUNTER needs a four
    assert _choose(state, 2) == "4S>3"
    assert _choose(state, 3) == "pass"  # the fed player takes the cards


def test_heuristic_wins_outright_when_a_combo_burns_an_opponents_last_cards():
    state = new(BASES, [["7H", "4H", "4C"], [], [], []])
    state = with_hand(state, 3, ["2C", "9C"])
    act(state, (0, "4H>3"))  # seat 3's pile: 3H 4H
    passes(state)
    act(state, (3, "burn 9C"), (0, "draw"))
    act(state, (1, f"discard {state.view(1)['hand'][0]}"), (1, "draw"))
    act(state, (2, f"discard {state.view(2)['hand'][0]}"))
    act(state, (3, "discard 2C"))  # seat 3 holds one card again (its draw)
    assert state.view(None)["hand_sizes"][3] == 1
    assert _choose(state, 0) == "7H>3"  # burn 2 from a hand of 1


def test_heuristic_heals_a_partner_with_fewer_cards_and_draws_otherwise():
    state = new(BASES, [["7C"], [], [], []])
    act(state, (0, "discard 7C"))  # seat 0 holds 7 cards, its partner 6
    assert _choose(state, 0) == "heal"
    state = with_hand(state, 2, state.view(2)["hand"] + state.position()["deck"][-3:])  # the partner now holds 9
    assert _choose(state, 0) == "draw"


def test_ismcts_plays_whole_games_through_determinize():
    game = ca.make("ccc-combo")
    agents = [ca.make_agent("ismcts:iters=8", game), ca.make_agent("random", game)] * 2
    rng = random.Random(1)
    state = game.new_state(seed=4)
    while not state.is_over:
        seat = rng.choice(state.to_act)
        legal = state.legal_actions(seat)
        action = agents[seat].choose(state.view(seat), legal, rng)
        assert action in legal
        state.apply(seat, action)
    assert state.result().reason in ("a player ran out of cards", "both teams ran out of cards")
