"""Dealing Steps: two decks, Target Type Order, Preparing Pairs, Show Defense Pair Type,
Character Order; options and stacked decks; the ruleset shown everywhere."""

import pytest
from typer.testing import CliRunner

import comboarena as ca
from comboarena.cli import app

from .helpers import TYPES, VALUES, legal, new, of, pair, play


def test_two_decks_deal_and_draw_are_kept_apart():
    # The ten of hearts of each deck: one dealt as a type card, one drawn as an order card.
    state = new([["TH", "3H", "4C"], ["2D", "3D", "4H"]], VALUES, order=["TH", "2S"])
    v = state.view(0)
    assert v["characters"][0]["order_card"] == "TH'" and pair(state, 0, "a", 0)["type_card"] == "TH"
    assert v["characters"][0]["order_id"] != pair(state, 0, "a", 0)["type_id"]
    game = state.game
    with pytest.raises(ca.OptionError, match="deck has 2 x TH"):
        game.new_state(deck={"deal": ["TH", "TH"]})
    with pytest.raises(ca.OptionError, match="not a card of this deck"):
        game.new_state(deck={"deal": ["BJ"]})  # jokers are in the draw deck only
    with pytest.raises(ca.OptionError, match="deck must be an object"):
        game.new_state(deck=["TH"])


def test_type_cards_are_dealt_left_to_right_and_value_cards_after():
    state = new(TYPES, VALUES)
    for c in (0, 1):
        row = state.view(c)["characters"][c]["rows"]
        assert [p["type_card"] for p in row] == TYPES[c]
        assert [p["value_cards"][0] for p in row] == VALUES[c]
        assert [p["type_id"] for p in row] == [3 * c, 3 * c + 1, 3 * c + 2]  # the deal order


def test_only_the_defense_type_card_is_face_up():
    state = new(TYPES, VALUES)
    row = state.view(None)["characters"][1]["rows"]
    assert [p["type_card"] for p in row] == [None, None, "4H"]
    assert [p["value_cards"] for p in row] == [[None]] * 3
    assert state.view(None)["characters"][1]["defense"] == "c"


def test_owners_place_value_cards_secretly_at_once():
    game = ca.make("16-combos", columns=3)
    state = game.new_state(seed=5, deck={"deal": [*TYPES[0], *TYPES[1], *VALUES[0], *VALUES[1]]})
    assert state.to_act == (0, 1) and state.phase == "preparing pairs"
    assert set(legal(state)) == {"5H", "6H", "7D"}
    assert set(str(a) for a in state.legal_actions(1)) == {"5C", "6C", "8S"}
    events = state.apply(1, "8S")  # seat 1 first: the order of the seats does not matter
    assert ca.events_for(events, 1)[0].data["card"] == "8S" and "card" not in ca.events_for(events, 0)[0].data
    assert state.view(0)["characters"][1]["rows"][0]["value_cards"] == [None]
    assert state.view(1)["characters"][1]["rows"][0]["value_cards"] == ["8S"]
    for move in ("7D", "6H", "5H"):
        state.apply(0, move)
    state.apply(1, "6C")
    assert state.to_act == (1,)
    events = state.apply(1, "5C")
    assert state.phase == "turn" and of(events, "placed") and of(events, "round")
    assert [p["value_cards"][0] for p in state.view(0)["characters"][0]["rows"]] == ["7D", "6H", "5H"]


@pytest.mark.parametrize(
    ("orders", "first"),
    [
        (["9S", "TH"], 1),  # highest first
        (["QH", "KS"], 1),  # Q and K are both 12: the king ranks above
        (["8S", "8H"], 1),  # same rank: vitality, wealth, strength, finesse
        (["8D", "8C"], 0),
        (["BJ", "AH"], 0),  # a joker (14) above an ace (13)
    ],
)
def test_character_order_highest_card_first_ties_by_rank_then_type(orders, first):
    state = new(TYPES, VALUES, order=orders)
    assert state.view(None)["active"] == first
    assert state.view(None)["characters"][first]["order_card"] == orders[first] + "'"


def test_options_that_do_not_fit_the_decks_are_refused():
    with pytest.raises(ca.OptionError, match="deal deck holds 52; use columns=8"):
        ca.make("16-combos", players=3)
    with pytest.raises(ca.OptionError, match="teams needs 4 players"):
        ca.make("16-combos", teams=True)
    with pytest.raises(ca.OptionError, match="cannot both be on"):
        ca.make("16-combos", drop_lowest=True, multiple_values=True)
    with pytest.raises(ca.OptionError, match="columns"):
        ca.make("16-combos", columns=14)


def test_the_ruleset_is_shown_in_views_records_rules_and_the_lobby():
    state = new(TYPES, VALUES)
    assert state.view(None)["ruleset"] == "16 Combos, Poikilos 1.0 RC1"
    assert "last side" in state.view(0)["winning"]
    play(state, "pass")
    assert state.record.options["ruleset"] == "Poikilos 1.0 RC1"
    assert state.game.ruleset_line().startswith("16 Combos, Poikilos 1.0 RC1 — 2 players")
    out = CliRunner().invoke(app, ["rules", "16-combos"]).output
    assert "Poikilos 1.0 RC1" in out and "Hire Assassin" in out and "round_limit" in out
    assert "Poikilos 1.0 RC1" in ca.make("16-combos").info.summary
    assert "Combo Table" in ca.make("16-combos").info.notation
