"""Positions: the whole table as JSON (like FEN), read back strictly; bad ones say what is wrong and where."""

import copy
import json
import random

import pytest

import comboarena as ca
from comboarena.core.rng import generator

from .helpers import act, new, passes
from .positions import GAME, load, table

BASES = ["KD", "5H", "9D", "3H"]  # seat 0 starts (king); BPs are seats 0 and 1


def _same(a, b):
    assert a.to_act == b.to_act and a.is_over == b.is_over
    for seat in range(4):
        assert a.legal_actions(seat) == b.legal_actions(seat)
    for seat in (0, 1, 2, 3, None):
        assert a.view(seat) == b.view(seat)
    assert a.position() == b.position()


def _moments():
    """States in every phase: before the deal, play, window (one seat answered), burn, heal, over."""
    before = ca.make("ccc-combo").new_state(seed=5)
    state = new(BASES, [["7H"], [], [], []])
    play = state.clone()
    act(state, (0, "7H>1"), (2, "pass"))
    window = state.clone()
    passes(state)
    burn = state.clone()
    act(state, (1, f"burn {state.view(1)['hand'][0]}"))
    heal = state.clone()
    over = ca.make("ccc-combo", turn_limit=2).new_state(seed=1)
    while not over.is_over:
        seat = over.to_act[0]
        over.apply(seat, over.legal_actions(seat)[-1])
    return {"big players": before, "play": play, "window": window, "burn": burn, "heal": heal, "over": over}


@pytest.mark.parametrize("phase", ["big players", "play", "window", "burn", "heal", "over"])
def test_a_position_round_trips_through_json_and_plays_on_the_same(phase):
    state = _moments()[phase]
    assert state.view(None)["phase"] == phase
    pos = state.position()
    back = state.game.from_position(json.loads(json.dumps(pos)))
    _same(back, state)
    if not state.is_over:
        seat = state.to_act[-1]
        action = state.legal_actions(seat)[-1]
        events = state.apply(seat, action)
        again = back.apply(seat, action)
        assert [(e.to_dict(), e.private) for e in again] == [(e.to_dict(), e.private) for e in events]
        _same(back, state)


def test_the_position_holds_every_field_in_the_documented_order_and_nothing_is_shared():
    state = _moments()["window"]
    pos = state.position()
    assert list(pos) == [
        "game",
        "version",
        "options",
        "chance",
        "phase",
        "big_players",
        "turn",
        "turns",
        "hands",
        "piles",
        "discard",
        "deck",
        "window",
        "burn",
        "draws",
    ]
    assert pos["window"] == {"pile": 1, "waiting": [1, 3]} and pos["burn"] is None and pos["draws"] == []
    assert pos["chance"] == {"seed": 1, "draws": 1, "forced": []}
    pos["hands"][0].clear()
    pos["deck"].clear()
    assert state.view(0)["hand"] and state.view(None)["deck"] == 20  # the position is a copy


def test_the_deck_lists_its_top_first_and_a_state_from_a_position_records_it():
    state = load(
        GAME, hands=[["7C", "2C"], ["9S"], ["3D"], ["4C"]], piles=[["KD"], ["5H"], ["9D"], ["3H"]], deck_top=["AH"]
    )
    events = act(state, (0, "discard 7C"), (0, "draw"))
    assert [ca.events_for([e], 0)[0].data["cards"] for e in events if e.kind == "draw"] == [["AH"]]
    record = state.record
    assert record.position is not None and record.position["hands"][0] == ["7C", "2C"]
    assert ca.replay(ca.Record.from_json(record.to_json())) == state


def test_hands_may_be_given_in_any_order_and_come_back_sorted():
    state = load(GAME, hands=[["2C", "7H"], ["9S"], ["3D"], ["4C"]], piles=[["KD"], ["5H"], ["9D"], ["3H"]])
    assert state.position()["hands"][0] == ["7H", "2C"] == state.view(0)["hand"]  # spades, hearts, diamonds, clubs


def test_reshuffles_are_the_chances_draws_after_the_deal():
    state = load(GAME, hands=[["7C"], ["9S"], ["3D"], ["4C"]], piles=[["KD"], ["5H"], ["9D"], ["3H"]], draws_taken=3)
    assert state.view(None)["reshuffles"] == 2
    with pytest.raises(ca.PositionError, match=r"chance.draws must be at least 1: the opening deal"):
        load(GAME, hands=[["7C"], ["9S"], ["3D"], ["4C"]], piles=[["KD"], ["5H"], ["9D"], ["3H"]], draws_taken=0)


# -- bad positions ---------------------------------------------------------------------------

GOOD = table(
    GAME,
    hands=[["7H", "2C"], ["9S", "8S"], ["3D"], ["4C"]],
    piles=[["KD"], ["5H", "6H"], ["9D"], ["3H"]],
    discard=["QS"],
)
HEAL = table(
    GAME,
    phase="heal",
    hands=[["2C"], ["9S", "8S"], ["3D"], ["4C"]],
    piles=[["KD"], ["5H", "6H"], ["9D"], ["3H"]],
    discard=["QS", "7H"],
    draws=[[0, 1, "turn"]],
)
WINDOW = table(
    GAME,
    phase="window",
    hands=[["2C"], ["9S", "8S"], ["3D"], ["4C"]],
    piles=[["KD"], ["5H", "6H", "7H"], ["9D"], ["3H"]],
    window={"pile": 1, "waiting": [1, 2, 3]},
)
BURN = table(
    GAME,
    phase="burn",
    hands=[["2C"], ["9S", "8S"], ["3D"], ["4C"]],
    piles=[["KD"], ["5H", "6H", "7H"], ["9D"], ["3H"]],
    burn={"seat": 1, "owed": 1},
    draws=[[0, 1, "turn"]],
)
CHOOSING = ca.make("ccc-combo")
BEFORE = table(
    CHOOSING,
    phase="big players",
    turn=None,
    big_players=[None, None],
    hands=[[], [], [], []],
    piles=[[], [], [], []],
)


def _broken(base, change):
    pos = copy.deepcopy(base)
    change(pos)
    return pos


def test_the_positions_the_bad_ones_start_from_are_good():
    for pos, game in ((GOOD, GAME), (HEAL, GAME), (WINDOW, GAME), (BURN, GAME), (BEFORE, CHOOSING)):
        game.from_position(pos)


def _set(path, value):
    def change(pos):
        *where, last = path
        for key in where:
            pos = pos[key]
        pos[last] = value

    return change


BAD = [
    # cards: twice, missing, not a card
    (
        "card twice",
        GOOD,
        _set(("hands", 2), ["3D", "KD"]),
        r"card KD is in the position 2 times \(at hands\[2\], piles\[0\]\)",
    ),
    ("card missing", GOOD, lambda p: p["deck"].remove("2S"), r"cards missing from the position: 2S \(every card"),
    (
        "not a card",
        GOOD,
        _set(("discard",), ["QS", "1X"]),
        r"position.discard\[1\] = '1X' is not a card; a card is rank",
    ),
    # a hand over its limit: nothing is dealt before the Big Players are named
    (
        "hand too big",
        BEFORE,
        lambda p: p["hands"][1].append(p["deck"].pop()),
        r"position.hands\[1\] holds 1 card, but before the Big Players are named no cards are dealt",
    ),
    ("field unknown", GOOD, _set(("jokers",), 2), r"position: unknown field 'jokers'; the fields here are"),
    ("field missing", GOOD, lambda p: p.pop("turns"), r"position is missing the field 'turns'"),
    ("wrong type", GOOD, _set(("hands",), "7H 2C"), r"position.hands must be a list, got a text"),
    (
        "wrong type (number)",
        GOOD,
        _set(("turns",), "3"),
        r"position.turns must be a whole number from 0 to 500, got '3'",
    ),
    ("wrong type (seat)", GOOD, _set(("turn",), 4), r"position.turn must be a whole number from 0 to 3, got 4"),
    (
        "unknown phase",
        GOOD,
        _set(("phase",), "combo"),
        r"position.phase must be one of 'big players', 'play', 'window'",
    ),
    (
        "pile mixes suits",
        GOOD,
        lambda p: (p["piles"][2].append("2S"), p["deck"].remove("2S")),
        r"position.piles\[2\] mixes suits \(9D 2S\): a pile holds its base's suit only",
    ),
    (
        "pile empty after the deal",
        GOOD,
        lambda p: p["deck"].append(p["piles"][2].pop()),
        r"position.piles\[2\] is empty, but after the deal every pile has a base",
    ),
    (
        "big player of the other team",
        GOOD,
        _set(("big_players",), [1, 3]),
        r"position.big_players\[0\] is seat 1, who is not on team 0 \(seats 0 and 2\)",
    ),
    (
        "big players not the option's",
        GOOD,
        _set(("big_players",), [2, 1]),
        r"this game fixes them to \[0, 1\] \(option big_players\)",
    ),
    (
        "empty hand at the start of a turn",
        GOOD,
        lambda p: p["deck"].extend(p["hands"][3]) or _set(("hands", 3), [])(p),
        r"position.hands\[3\] is empty at the start of seat 0's turn: the game ended with the turn before",
    ),
    (
        "turn limit reached",
        GOOD,
        _set(("turns",), 500),
        r"position.turns is 500: the game ends as a draw after 500 turns",
    ),
    (
        "no turn after the deal",
        GOOD,
        _set(("turn",), None),
        r"position.turn is null, but in phase 'play' it is someone's",
    ),
    # phases and windows that do not go together
    (
        "window in phase play",
        GOOD,
        _set(("window",), {"pile": 1, "waiting": [1]}),
        r"position.window is set, but phase is 'play': a window is open only in phase 'window'",
    ),
    (
        "burn in phase window",
        WINDOW,
        _set(("burn",), {"seat": 1, "owed": 1}),
        r"position.burn is set, but phase is 'window'",
    ),
    (
        "phase window without a window",
        WINDOW,
        _set(("window",), None),
        r"position.phase is 'window', but position.window is null",
    ),
    (
        "window on the turn player's pile",
        WINDOW,
        _set(("window", "pile"), 0),
        r"position.window.pile is seat 0's own pile, but it is seat 0's turn",
    ),
    ("window on a bare base", WINDOW, _set(("window", "pile"), 2), r"whose pile holds no COMBO \(only its base\)"),
    (
        "window asks the COMBO's player",
        WINDOW,
        _set(("window", "waiting"), [0, 1]),
        r"position.window.waiting holds seat 0, who played the COMBO and may not answer it",
    ),
    (
        "window waits for nobody",
        WINDOW,
        _set(("window", "waiting"), []),
        r"position.window.waiting is empty: a window closes when every seat has answered",
    ),
    ("window with an unknown field", WINDOW, _set(("window", "card"), "7H"), r"position.window: unknown field 'card'"),
    (
        "draws while a window is open",
        WINDOW,
        _set(("draws",), [[0, 1, "turn"]]),
        r"position.draws lists draws, but in phase 'window' none are owed",
    ),
    ("phase burn without a burn", BURN, _set(("burn",), None), r"position.phase is 'burn', but position.burn is null"),
    (
        "burn by the turn player's team",
        BURN,
        _set(("burn", "seat"), 2),
        r"position.burn.seat is 2, on seat 0's team: only a COMBO on an opponent burns",
    ),
    ("burn more than the stack", BURN, _set(("burn", "owed"), 3), r"seat 1's pile stacks 2 cards on its base"),
    (
        "burn with no choice",
        BURN,
        lambda p: (p["burn"].update(owed=2), p["piles"][1].append("8H"), p["deck"].remove("8H")),
        r"position.burn.owed is 2 and seat 1 holds 2: with no more cards than owed there is no choice",
    ),
    ("burn without the turn's draw", BURN, _set(("draws",), []), r"position.draws must be \[\[0, 1, 'turn'\]\]"),
    (
        "heal for a player who is no Big Player",
        HEAL,
        _set(("draws",), [[2, 1, "feed"], [0, 1, "turn"]]),
        r"position.phase is 'heal', but the next draw is seat 2's, who is not a Big Player",
    ),
    (
        "heal with draws in the wrong order",
        HEAL,
        _set(("draws",), [[0, 1, "turn"], [2, 1, "feed"]]),
        r"position.draws owes 'turn', 'feed': a turn owes 'turn'",
    ),
    (
        "heal for a turn draw of another seat",
        HEAL,
        _set(("draws",), [[1, 1, "turn"]]),
        r"position.draws\[0\]: the turn's draw is \[0, 1, 'turn'\]",
    ),
    (
        "draw reason unknown",
        HEAL,
        _set(("draws",), [[0, 1, "heal"]]),
        r"position.draws\[0\]\[2\] must be one of 'turn'",
    ),
    ("draw malformed", HEAL, _set(("draws",), [[0, 1]]), r"position.draws\[0\] must be \[seat, cards, reason\]"),
    (
        "heal with nothing to draw",
        HEAL,
        lambda p: (p["hands"][1].extend(p["deck"] + p["discard"]), p["deck"].clear(), p["discard"].clear()),
        r"position.phase is 'heal', but the deck and the discard pile are empty",
    ),
    (
        "over while everyone holds cards",
        GOOD,
        lambda p: p.update(phase="over", turn=None),
        r"position.phase is 'over', but every player holds cards and the turn limit \(500\) is not reached",
    ),
    (
        "dealt before the Big Players are named",
        GOOD,
        _set(("big_players",), [0, None]),
        r"(this game fixes them|a Big Player is not named)",
    ),
    (
        "another table's options",
        GOOD,
        _set(("options",), {"big_players": None, "counter_window": 3.0, "turn_limit": 500}),
        r"position.options.big_players is None, but this game has big_players=\[0, 1\]: build the game with",
    ),
]


@pytest.mark.parametrize(("what", "base", "change", "message"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_position_is_refused_saying_what_is_wrong_and_where(what, base, change, message):
    pos = _broken(base, change)
    kept = copy.deepcopy(pos)
    with pytest.raises(ca.PositionError, match=message):
        (CHOOSING if base is BEFORE else GAME).from_position(pos)
    assert pos == kept  # the data given is not changed


def test_before_the_deal_the_teams_still_to_name_their_big_player_are_to_act():
    game = CHOOSING
    pos = {**BEFORE, "big_players": [None, 3]}
    state = game.from_position(pos)
    assert state.to_act == (0,) and state.view(None)["phase"] == "big players"
    act(state, (0, "bp 2"))
    assert state.view(None)["hand_sizes"] == [6, 6, 8, 8]
    with pytest.raises(ca.PositionError, match="both Big Players are named: the deal has happened"):
        game.from_position({**pos, "big_players": [2, 3]})


# -- end games built from positions -------------------------------------------------------------


def test_end_game_a_combo_burns_an_opponents_last_card_and_their_team_loses_at_the_end_of_the_turn():
    # Seat 1 holds one card; seat 0 stacks a second heart on seat 1's pile. Nobody holds a seven.
    state = load(
        GAME,
        hands=[["7H", "AS"], ["2C"], ["3D", "4S"], ["4C", "5S"]],
        piles=[["KD"], ["5H"], ["9D"], ["3H"]],
        discard=["7S", "7D", "7C"],
    )
    act(state, (0, "7H>1"))
    passes(state)  # no choice: seat 1 burns its last card at once
    v = state.view(None)
    assert v["hand_sizes"][1] == 0 and not state.is_over and v["phase"] == "heal"  # the turn is still on
    act(state, (0, "draw"))
    r = state.result()
    assert state.is_over and r.winners == (0, 2) and r.reason == "a player ran out of cards"


def test_end_game_a_counter_saves_the_partner_with_one_card_left():
    state = load(
        GAME,
        hands=[["7H", "AS"], ["2C"], ["3D", "4S"], ["7C", "5S"]],
        piles=[["KD"], ["5H"], ["9D"], ["3H"]],
    )
    act(state, (0, "7H>1"), (3, "7C>1"))  # seat 3 counters the COMBO on its partner's pile
    act(state, (0, "draw"))
    v = state.view(None)
    assert not state.is_over and v["hand_sizes"][1] == 1 and v["piles"][1] == ["7C"] and state.to_act == (1,)


def test_end_game_the_deck_is_reshuffled_when_the_turn_player_draws_from_an_empty_deck():
    # The deck is empty: seat 2 (no Big Player) discards and must draw from the discard pile shuffled.
    hands = [["KS", "QS"], ["JS", "TS"], ["3D", "2D"], ["4C", "5C"]]
    piles = [["KD"], ["5H"], ["9D"], ["3H"]]
    named = {c for h in hands for c in h} | {c for p in piles for c in p}
    rest = [c for c in ca.core.cards.DECK if c not in named]
    state = load(GAME, hands=hands, piles=piles, discard=rest, deck=[], turn=2, turns=6, seed=42)
    assert state.view(None)["deck"] == 0 and state.view(None)["reshuffles"] == 0
    events = act(state, (2, "discard 2D"))
    expected = [*rest, "2D"]
    generator(42, 1).shuffle(expected)  # the reshuffle is the chance's draw 1 (the deal was draw 0)
    (reshuffle,) = [e for e in events if e.kind == "reshuffle"]
    assert reshuffle.data == {"cards": len(expected), "reshuffles": 1}
    (draw,) = [e for e in events if e.kind == "draw"]
    assert ca.events_for([draw], 2)[0].data["cards"] == [expected[-1]]
    assert state.position()["deck"] == expected[-2::-1]  # the rest of the new deck, top first
    assert state.view(None)["reshuffles"] == 1 and state.position()["chance"]["draws"] == 2
    assert state.to_act == (3,)


def test_end_game_a_burn_decision_from_a_position():
    state = GAME.from_position(BURN)
    assert state.to_act == (1,) and [str(a) for a in state.legal_actions(1)] == ["burn 8S", "burn 9S"]
    act(state, (1, "burn 9S"))
    assert state.view(None)["discard"] == ["9S"] and state.to_act == (0,)  # then the turn player's draw


def test_a_determinized_position_is_a_valid_position():
    state = _moments()["window"]
    det = state.game.determinize(state.view(3), 3, random.Random(4))
    back = state.game.from_position(det.position())
    _same(back, det)
