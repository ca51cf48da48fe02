"""Notation a person can type, its errors, and illegal moves that change nothing."""

import pytest

import comboarena as ca
from comboarena.games.ccc_combo.actions import ACTIONS, Burn, ChooseBig, Discard, Play, parse

from .helpers import act, new

BASES = ["KD", "5H", "9D", "3H"]


def test_every_action_reads_back_from_its_notation():
    assert len(ACTIONS) == 3 + 4 + 52 * 4 + 52 + 52
    for text, action in ACTIONS.items():
        assert str(action) == text and parse(text) is action


@pytest.mark.parametrize(
    ("typed", "action"),
    [
        ("7H>2", Play("7H", 2)),
        (" 7h > 2 ", Play("7H", 2)),
        ("10h>0", Play("TH", 0)),
        ("Discard 7s", Discard("7S")),
        ("discard10d", Discard("TD")),
        ("BURN  4s", Burn("4S")),
        ("bp 3", ChooseBig(3)),
        ("PASS", ca.make("ccc-combo").parse_action("pass")),
        ("Heal", ca.make("ccc-combo").parse_action("heal")),
        ("draw", ca.make("ccc-combo").parse_action("DRAW")),
    ],
)
def test_notation_is_case_and_space_insensitive_and_takes_10_for_t(typed, action):
    assert ca.make("ccc-combo").parse_action(typed) == action


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("7H>5", "seats are 0-3"),
        ("7H>", "seats are 0-3"),
        ("7X>2", "'7X' is not a card"),
        ("burn 4S 9D", "burn one card per decision, e.g. 'burn 4S', then 'burn 9D'"),
        ("discard", "write discard and one card"),
        ("discard 7H 8H", "write discard and one card"),
        ("counter", "name the card and the pile"),
        ("bp 4", "seats are 0-3"),
        ("sixteen", "not a c-c-c-COMBO move; write <card>><seat>"),
        ("", "not a c-c-c-COMBO move"),
        (7, "expected notation text"),
    ],
)
def test_malformed_notation_says_what_is_wrong(typed, message):
    with pytest.raises(ca.NotationError, match=message):
        ca.make("ccc-combo").parse_action(typed)


def test_notation_is_unique_among_a_seats_legal_actions():
    state = new(BASES, [["7H", "5D", "9H", "3D"], [], [], []])
    legal = [str(a) for a in state.legal_actions(0)]
    assert len(legal) == len(set(legal))
    assert {"7H>1", "7H>3", "5D>2", "9H>1", "9H>3", "3D>2", "3D>3", "discard 7H"} <= set(legal)


def test_illegal_moves_are_refused_with_a_reason_and_change_nothing():
    state = new(BASES, [["7H", "2H"], [], [], ["7D"]])
    before = state.clone()
    cases = [
        (1, "discard 8S", "it is seat 0's turn"),
        (0, "pass", "on your turn you play a card on another pile"),
        (0, "burn 7H", "on your turn you play a card"),
        (0, "discard AH", "you do not hold AH"),
        (0, "7H>0", "own piles"),
        (0, "bp 2", "on your turn"),
        (9, "pass", "no seat 9"),
    ]
    for seat, move, why in cases:
        with pytest.raises(ca.IllegalAction, match=why):
            state.apply(seat, move)
        assert state == before
    act(state, (0, "7H>1"))
    in_window = state.clone()
    for seat, move, why in [
        (3, "discard 7D", "in the reaction window you pass or COUNTER"),
        (3, "2H>1", "you do not hold 2H"),
        (2, "draw", "in the reaction window"),
    ]:
        with pytest.raises(ca.IllegalAction, match=why):
            state.apply(seat, move)
        assert state == in_window
    with pytest.raises(ca.IllegalAction, match=r"legal now for seat 3: pass, 7D>1"):
        state.apply(3, "heal")
