"""Positions: end games built in public, and every kind of bad position refused."""

import copy
from collections import Counter

import pytest

import comboarena as ca
from comboarena.games.sixteen.cards import deck

from .helpers import new, play


def position(**fields):
    """A legal two-player position: seat 0 to play with 4 cards; the other cards in the draw pile."""
    game = ca.make("sixteen")
    base = game.new_state(seed=1, deck=["1R", "1G", "2R", "2G", "3R", "3G", "4R"]).position()
    base.update(fields)
    return game, base


def test_a_position_round_trips_and_plays_on_identically():
    state = new([["6R", "5G", "1B"], ["4O", "2B", "3G"]], ["6G", "1R", "2R", "5O"])
    play(state, "6R", "4O")
    game = state.game
    again = game.from_position(state.position())
    assert again.position() == state.position()
    for move in ("5G", "2B"):
        (seat,) = state.to_act
        assert again.apply(seat, move) == state.apply(seat, move)
    assert again.position() == state.position()


def test_an_end_game_from_a_position_the_last_card_makes_sixteen():
    game, pos = position()
    rest = ["W=1B" if c == "W" else c for c in (Counter(deck()) - Counter(["6R", "4B", "6B"])).elements()]
    piles = [rest[i : i + 5] for i in range(0, len(rest), 5)]  # 11 piles
    pos.update(
        turn=0,
        hands=[["6R"], []],
        draw_pile=[],
        pile=["4B", "6B"],
        sets=[6, 5],
        set_piles=[piles[:6], piles[6:]],
    )
    state = game.from_position(pos)
    assert [str(a) for a in state.legal_actions(0)] == ["6R"]
    events = state.apply(0, "6R")
    assert [e.kind for e in events] == ["play", "set", "end"]
    assert events[1].data["kind"] == "sixteen"
    assert state.result().winners == (0,) and state.view(None)["sets"] == [7, 5]


def test_a_bust_pile_a_card_twice_or_missing_and_big_hands_are_impossible():
    game, pos = position()
    bad = copy.deepcopy(pos)
    bad["pile"] = ["6R", "6G", "5B"]
    for c in bad["pile"]:
        bad["draw_pile"].remove(c)
    with pytest.raises(ca.PositionError, match="sums to more than 16"):
        game.from_position(bad)
    bad = copy.deepcopy(pos)
    bad["hands"][1].append(bad["hands"][0][0])
    twice = r"card 1R is in the position 3 times \(at hands\[0\], hands\[1\], draw_pile\)"
    with pytest.raises(ca.PositionError, match=twice):
        game.from_position(bad)
    bad = copy.deepcopy(pos)
    bad["draw_pile"].pop()
    with pytest.raises(ca.PositionError, match="cards missing from the position"):
        game.from_position(bad)
    bad = copy.deepcopy(pos)
    bad["hands"][1] += [bad["draw_pile"].pop(), bad["draw_pile"].pop()]
    big = r"hands\[1\] holds 5 cards; a seat waiting for its turn holds at most 3"
    with pytest.raises(ca.PositionError, match=big):
        game.from_position(bad)


def test_a_set_never_stays_on_the_table_and_the_seat_to_play_has_drawn():
    game, pos = position()
    for pile, why in (
        (["6B", "6O", "4B"], "sums to 16: a Sixteen set is removed as it forms"),
        (["5B", "5O", "5G"], "5B, 5O, 5G in a row: a Match is removed as it forms"),
        (["1B", "2B", "6B", "0O"], "1B, 2B, 6B in a row"),
    ):
        bad = copy.deepcopy(pos)
        bad["pile"] = pile
        for c in pile:
            bad["draw_pile"].remove(c)
        with pytest.raises(ca.PositionError, match=why):
            game.from_position(bad)
    # Without the Match rule three of a number may stay on the table.
    plain = ca.make("sixteen", matches=False)
    ok = copy.deepcopy(pos)
    ok["options"]["matches"] = False
    ok["pile"] = ["5B", "5O", "5G"]
    for c in ok["pile"]:
        ok["draw_pile"].remove(c)
    assert plain.from_position(ok).view(None)["pile_sum"] == 15
    # draw=auto: the seat to play drew as its turn began, so it holds 4 while cards are left to draw.
    undrawn = copy.deepcopy(pos)
    undrawn["draw_pile"].insert(0, undrawn["hands"][0].pop())
    with pytest.raises(ca.PositionError, match=r"hands\[0\] holds 3 cards, but with draw=auto"):
        game.from_position(undrawn)
    strict = ca.make("sixteen", draw="strict")  # there the seat to play draws when it chooses
    undrawn["options"]["draw"] = "strict"
    assert str(strict.from_position(undrawn).legal_actions(0)[0]) == "draw"


def test_malformed_fields_are_named():
    game, pos = position()
    with pytest.raises(ca.PositionError, match=r"position.turn must be a whole number from 0 to 1, got 2"):
        game.from_position({**pos, "turn": 2})
    with pytest.raises(ca.PositionError, match=r"position.hands\[0\]\[0\] = 'XX' is not a card here"):
        game.from_position({**pos, "hands": [["XX"], pos["hands"][1]]})
    with pytest.raises(ca.PositionError, match="a declared wild is written W=5G"):
        game.from_position({**pos, "pile": ["W"]})
    with pytest.raises(ca.PositionError, match="unknown field 'colour'"):
        game.from_position({**pos, "colour": "R"})
    with pytest.raises(ca.PositionError, match="missing the field 'sets'"):
        game.from_position({k: v for k, v in pos.items() if k != "sets"})
    with pytest.raises(ca.PositionError, match=r"position.sets\[1\] is 3, but seat 1 won 0 set piles"):
        game.from_position({**pos, "sets": [0, 3]})


def test_a_finished_game_has_no_cards_left_to_play():
    game, pos = position()
    with pytest.raises(ca.PositionError, match="game over"):
        game.from_position({**pos, "turn": None})
