"""The Combo Fighter heuristic, and the generic agents on a simultaneous game."""

import random

import comboarena as ca
from comboarena.sim import SimReport, run

from .helpers import act, fv, new, play, seat

GRACE = ["ls", "lj", "wd", "sb", "fs"]


def choose(agent, state, who):
    return str(agent.choose(state.view(who), state.legal_actions(who), random.Random(0)))


def test_heuristic_beats_random():
    specs = ["combo-fighter.heuristic", "random"]
    report = SimReport.start("combo-fighter", {}, specs, 2, 0, 1, True)
    report.extend(run("combo-fighter", {}, specs, 40, seed=7))
    lo, _ = report.agent_tallies[0].interval
    assert lo > 0.5


def test_heuristic_plays_its_highest_damage_combo_and_calls_the_signature():
    state = new(deck=[seat(["cc", "hf", "bk", "wb", "iw"]), seat(GRACE)])
    play(state, "cc", "lj")  # Counter Crush beats the attack
    agent = ca.make_agent("combo-fighter.heuristic", state.game)
    agent.reset(0)
    moves = []
    while state.phase == "combo":
        moves.append(choose(agent, state, 0))
        state.apply(0, moves[-1])
    assert moves == ["hf", "bk", "wb", "call"]  # Wolf Trap's power version


def test_heuristic_finishes_a_staggering_opponent_with_the_fewest_cards():
    # An empty deck: Grace is Staggering from the start, and any damage knocks her out.
    state = new(deck=[seat(["hf", "bk", "cc", "wb", "iw"]), {"hand": GRACE, "draw": [], "rest": "discard"}])
    assert fv(state, 1)["staggering"]
    play(state, "hf", "ls")
    agent = ca.make_agent("combo-fighter.heuristic", state.game)
    agent.reset(0)
    assert choose(agent, state, 0) == "end"


def test_heuristic_takes_damage_from_the_hand_when_the_deck_would_run_dry():
    # Grace holds 6 cards after playing one, her deck 6, and owes 6: taking the rest from the
    # deck would empty it (Staggering after the hit) while her hand can absorb part of it.
    hand = ["ls", "fs", "wd", "sb", "lj", "sk", "cp"]
    deck = ["ds", "fk", "lj", "wd", "sb", "fs"]
    state = new(deck=[seat(["hf", "bk", "cc", "wb", "iw"]), seat(hand, deck, rest="discard")])
    play(state, "hf", "ls")
    act(state, 0, "bk", "end")
    agent = ca.make_agent("combo-fighter.heuristic", state.game)
    agent.reset(1)
    assert fv(state, 1)["damage"] == fv(state, 1)["deck"] == 6 and fv(state, 1)["risks"] == {"rest": "stagger"}
    while state.phase == "damage":
        move = choose(agent, state, 1)
        assert move not in fv(state, 1)["risks"], f"{move} empties the deck needlessly"
        state.apply(1, move)
    assert not fv(state, 1)["staggering"] and fv(state, 1)["deck"] >= 1


def test_heuristic_learns_what_the_opponent_tends_to_play():
    game = ca.make("combo-fighter")
    agent = ca.make_agent("combo-fighter.heuristic", game)
    agent.reset(0)
    state = new(deck=[seat(["hf", "bk", "cc", "wb", "iw"]), seat(GRACE)])
    agent.observe(ca.events_for(play(state, "iw", "lj"), 0))
    assert agent.habits[1] == [1.0, 0.0, 0.0]


def test_ismcts_chooses_a_legal_card_in_a_simultaneous_round():
    game = ca.make("combo-fighter")
    state = game.new_state(seed=2)
    state.apply(1, str(state.legal_actions(1)[0]))
    agent = ca.make_agent("ismcts:iters=40", game)
    assert agent.choose(state.view(0), state.legal_actions(0), random.Random(0)) in state.legal_actions(0)


def test_agents_play_every_mode_to_the_end():
    for options in ({"mode": "solo"}, {"mode": "tag", "best_of": 1}):
        players = ca.make("combo-fighter", **options).players
        report = SimReport.start("combo-fighter", options, ["combo-fighter.heuristic"], players, 0, 1, True)
        report.extend(run("combo-fighter", options, ["combo-fighter.heuristic"], 4, seed=1))
        assert report.games == 4
