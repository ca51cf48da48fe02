"""Notation: every action's text parses back to it; bad input says what is wrong."""

import pytest

import comboarena as ca
from comboarena.games.sixteen_combos.actions import all_actions, parse


def test_every_action_round_trips_and_is_unique():
    actions = all_actions()
    assert len({str(a) for a in actions}) == len(actions)
    for a in actions:
        assert parse(str(a)) is a
        assert parse(str(a).lower()) is a and parse(" " + str(a).upper().replace(" ", "  ") + " ") is a


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("X>1", "one of H \\(vitality\\), D \\(wealth\\)"),
        ("H>", "name the target character"),
        ("H>99", "there is no character 99"),
        ("7Z", "not a 16 Combos move"),
        ("1H", "is not a card"),
        ("BJ", "jokers are never dealt as value cards"),
        ("", "an empty move"),
        ("switch", "not a 16 Combos move"),
    ],
)
def test_malformed_notation_says_what_is_wrong(text, match):
    with pytest.raises(ca.NotationError, match=match):
        parse(text)


def test_ten_may_be_typed_as_10():
    assert str(parse("10h")) == "TH"


def test_an_illegal_move_is_refused_with_what_is_legal_and_changes_nothing():
    game = ca.make("16-combos", columns=3, placement="dealt")
    state = game.new_state(seed=1)
    before = state.position()
    with pytest.raises(ca.IllegalAction, match="legal now for seat"):
        state.apply(state.to_act[0], "change C")
    assert state.position() == before
