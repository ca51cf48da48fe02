"""Positions: the whole match as JSON, read back strictly; end games built from positions."""

import copy
import json

import pytest

import comboarena as ca

from .helpers import act, fv, kinds, new, only, play, seat

BORIS = ["hf", "iw", "cc", "pa", "hs"]
GRACE = ["ls", "lj", "wd", "sb", "fs"]


def mid_round():
    """Boris won with Hammer Fist and combos; Grace owes the damage."""
    state = new(deck=[seat(["hf", "bk", "cc", "iw", "wb"]), seat(GRACE, ["sk", "cp", "ds", "fk"])], seed=5)
    play(state, "hf", "ls")
    act(state, 0, "bk", "end")
    return state


def test_a_position_round_trips_through_json_with_the_same_views_and_future():
    state = mid_round()
    pos = json.loads(json.dumps(state.position()))
    assert pos["game"] == "combo-fighter" and pos["phase"] == "damage" and pos["window"]["waiting"] == [1]
    assert pos["fighters"][1]["deck"][:4] == ["sk", "cp", "ds", "fk"]  # top first
    assert pos["fighters"][1]["damage"] == 6 and pos["round_winner"] == 0
    back = state.game.from_position(pos)
    assert back.position() == pos and back.to_act == state.to_act
    assert all(back.view(s) == state.view(s) for s in (0, 1, None))
    assert back.record.position == pos
    a, b = state.apply(1, "rest"), back.apply(1, "rest")
    assert [e.to_dict() for e in a] == [e.to_dict() for e in b] and back.position() == state.position()


@pytest.mark.parametrize(
    ("options", "moves"),
    [({"mode": "solo"}, 3), ({"mode": "tag", "best_of": 1}, 5), ({"fighters": "junior,lucia"}, 4)],
)
def test_every_mode_round_trips(options, moves):
    game = ca.make("combo-fighter", **options)
    state = game.new_state(seed=2)
    for _ in range(moves):
        s = state.to_act[0]
        state.apply(s, state.legal_actions(s)[0])
        back = game.from_position(json.loads(json.dumps(state.position())))
        assert back.position() == state.position() and back.view(None) == state.view(None)


def broken(change, state=None):
    state = state or mid_round()
    pos = copy.deepcopy(state.position())
    change(pos)
    with pytest.raises(ca.PositionError) as info:
        state.game.from_position(pos)
    return str(info.value)


def f1(pos):
    return pos["fighters"][1]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        # a card that is not the fighter's
        (
            lambda p: f1(p)["hand"].__setitem__(0, "hf"),
            "position.fighters[1].hand[0] = 'hf' is not a card of Grace Lee",
        ),
        # more copies than the deck list has (and where they are)
        (
            lambda p: (f1(p)["deck"].append("ps"), f1(p)["hand"].append("ps")),
            "card ps is in the position 3 times (at position.fighters[1].hand",
        ),
        # a card missing
        (lambda p: f1(p)["deck"].pop(0), "cards missing from the position: sk (every card of Grace Lee's"),
        # a hand over 7
        (
            lambda p: f1(p)["hand"].extend([f1(p)["deck"].pop() for _ in range(4)]),
            "position.fighters[1].hand holds 8 cards; a hand holds at most 7",
        ),
        # unknown fields, at the top and in a fighter
        (lambda p: p.update(rounds=3), "position: unknown field 'rounds'"),
        (lambda p: f1(p).update(stagger=True), "position.fighters[1]: unknown field 'stagger'"),
        # impossible phases and values
        (lambda p: p.update(phase="brawl"), "position.phase must be one of"),
        (lambda p: p.update(phase="pick"), "position.phase 'pick' exists only in 2 vs 2"),
        (lambda p: p.update(phase="combo"), "position.fighters[1].damage is 6, but only a fighter taking damage"),
        (lambda p: p["window"].update(waiting=[0]), "position.window.waiting names seats that were not asked"),
        (lambda p: p.update(window={"asked": [0], "waiting": [0]}), "position.fighters[1].damage is 6"),
        (lambda p: f1(p).update(damage=49), "damage 49 would have knocked the fighter out when it was dealt"),
        (lambda p: f1(p).update(staggering=True), "would have knocked the fighter out when it was dealt"),
        (lambda p: f1(p).update(side="C"), "position.fighters[1].side must be one of 'A', 'B'"),
        (lambda p: f1(p).update(retro="maybe"), "position.fighters[1].retro must be one of"),
        (lambda p: p.update(wins=[1, 0]), "position.wins[0] is 1, but position.fights shows 0 won"),
        (lambda p: p.update(ring=[1, 0]), "position.ring[0] = 1 is not a seat of team 0"),
        (lambda p: p.update(round_winner=None), "position.round_winner names no round winner"),
        (lambda p: f1(p).update(set_aside=[0]), "position.fighters[1].set_aside[0] = 0 does not name a card"),
        (lambda p: f1(p).update(ko=True), "position.fighters[1].ko is true, but a knocked-out fighter ends the fight"),
        (lambda p: p.update(stacked={"fights": [[["zz"], None]]}), "names 'zz', not a card of Boris"),
        (
            lambda p: p["options"].update(mode="solo"),
            "position.options.mode is 'solo', but this game has mode='versus'",
        ),
    ],
)
def test_bad_positions_say_what_is_wrong_and_where(change, message):
    assert message in broken(change)


def test_the_solo_ai_holds_no_hand_in_a_position():
    state = new(("grace", "boris"), mode="solo", deck=[seat(GRACE), {"draw": ["iw"]}])
    message = broken(lambda p: p["fighters"][1]["hand"].append(p["fighters"][1]["deck"].pop()), state)
    assert "position.fighters[1].hand holds cards, but seat 1 is the solo AI, which has no hand" in message


def test_a_face_down_card_belongs_to_a_seat_that_has_played():
    state = new(deck=[seat(BORIS), seat(GRACE)])
    state.apply(0, "hf")
    pos = state.position()
    assert pos["fighters"][0]["face_down"] == "hf" and pos["window"] == {"asked": [0, 1], "waiting": [1]}
    message = broken(lambda p: p["window"].update(waiting=[0, 1]), state)
    assert "position.fighters[0].face_down holds a card, but seat 0 has yet to play one" in message


def end_game(boris_cards, grace):
    """A position built by hand: fight 3 of a match at 1-1, Boris to play, Grace as given."""
    state = new(deck=[seat(BORIS), seat(GRACE)], seed=9)
    pos = state.position()
    pos.update(fight=3, wins=[1, 1], fights=[0, 1], round=12)
    boris = pos["fighters"][0]
    everything = boris["hand"] + boris["deck"] + boris["discard"]
    for card in boris_cards:
        everything.remove(card)
    boris.update(hand=list(boris_cards), deck=everything[:20], discard=everything[20:])
    g = pos["fighters"][1]
    every = g["hand"] + g["deck"] + g["discard"]
    for zone in ("hand", "deck", "discard"):
        for card in grace.get(zone, []):
            every.remove(card)
    g.update(hand=grace["hand"], deck=grace.get("deck", []), discard=every + grace.get("discard", []))
    g.update(staggering=grace.get("staggering", False))
    return state.game.from_position(pos)


def test_end_game_a_fighter_with_one_card_left_faces_a_hit():
    # Grace: one card in hand and one in her deck (2 of life); Boris's Hammer Fist deals 4.
    state = end_game(["hf", "iw", "cc", "pa", "hs"], {"hand": ["ls"], "deck": ["sk"]})
    assert fv(state, 1)["hand_size"] + fv(state, 1)["deck"] == 2 and not fv(state, 1)["staggering"]
    events = play(state, "hf", "ls")
    assert only(events, "reveal").data["winner"] == 0
    events = act(state, 0, "end")
    assert only(events, "ko").data["why"] == "forced to discard the last card"
    assert state.is_over and state.result().winners == (0,) and state.result().scores == (2, 1)


def test_end_game_a_one_point_hit_on_two_cards_of_life_is_survived():
    state = end_game(["pa", "iw", "cc", "hf", "hs"], {"hand": ["ls"], "deck": ["sk", "cp"]})
    events = play(state, "hs", "ls")  # both footwork: Light Step has Priority and wins
    assert only(events, "reveal").data["winner"] == 1
    events = act(state, 1, "end")  # Light Step's Opening Damage to Boris: he has plenty
    assert "ko" not in kinds(events) and not state.is_over


def test_end_game_a_staggering_fighter_falls_to_the_next_hit():
    state = end_game(["hf", "iw", "cc", "pa", "hs"], {"hand": ["ls", "wd"], "deck": ["sk", "cp"], "staggering": True})
    assert fv(state, 1)["staggering"]
    play(state, "hf", "ls")
    events = act(state, 0, "end")
    assert only(events, "ko").data["why"] == "damage while Staggering"
    assert state.is_over and state.result().winners == (0,)
