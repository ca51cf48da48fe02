"""Winning (the rulebook never says): the last side standing; at the round limit the most
pairs, then the higher total value, else a draw."""

import comboarena as ca

from .helpers import attack, new, of, play


def test_a_character_without_pairs_is_defeated_and_the_last_side_wins():
    # Poison: 10 - 3 = 7 defeats column b, and the 7 left over finishes column a (value 2).
    state = new([["2H", "3H"], ["2D", "4H"]], [["5H", "6H"], ["2C", "3S"]], ["TC"])
    events = attack(state, "H>1")
    assert [e.data["character"] for e in of(events, "out")] == [1]
    assert state.is_over and state.to_act == ()
    r = state.result()
    assert r.winners == (0,) and r.returns == (1, -1) and r.reason == "last side standing"
    assert r.scores == (2, 0)
    assert of(events, "end")[0].data["winners"] == [0]


def test_at_the_round_limit_the_most_pairs_win():
    state = new([["2H", "3H", "4C"], ["2D", "3D", "4H"]], [["5H", "6H", "7D"], ["5C", "6C", "8S"]], ["TC"],
                round_limit=1)
    attack(state, "H>1")  # 10 - 8 = 2: damaged only
    play(state, "pass")
    assert state.is_over and state.result().reason == "round limit: pairs in play level, higher total value"
    # Equal pairs (3 each): the higher total value wins: 5 + 6 + 7 = 18 against 5 + 6 + 6 = 17.
    r = state.result()
    assert r.winners == (0,) and r.scores == (3, 3)


def test_at_the_round_limit_fewer_pairs_lose_and_equal_everything_is_a_draw():
    state = new([["2H", "3H", "4C"], ["2D", "3D", "4H"]], [["5H", "6H", "7D"], ["5C", "6C", "3S"]], ["TC"],
                round_limit=1)
    attack(state, "H>1")  # Poison: column c defeated (10 - 3 = 7), column b damaged by 7 and defeated too
    play(state, "pass")
    r = state.result()
    assert r.winners == (0,) and r.scores[0] > r.scores[1] and r.reason == "round limit: most pairs in play"
    state = new([["2H", "3H"], ["2D", "4H"]], [["5H", "6H"], ["6C", "5C"]], round_limit=1)
    play(state, "pass", "pass")
    r = state.result()
    assert r.is_draw and r.returns == (0, 0) and r.reason == "round limit: pairs in play and total value level, a draw"


def test_teams_win_together():
    game = ca.make("16-combos", players=4, teams=True, columns=2, placement="dealt", round_limit=1)
    state = game.new_state(seed=3)
    while not state.is_over:
        state.apply(state.to_act[0], "pass")
    r = state.result()
    assert r.winners in ((0, 2), (1, 3), (0, 1, 2, 3))
    assert r.returns[0] == r.returns[2] and r.returns[1] == r.returns[3]
