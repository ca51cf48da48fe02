"""Optional rules A, C-G as options (B needs none: see docs/rules/16-combos.md)."""

import random

import pytest

import comboarena as ca
from comboarena.games.sixteen_combos.cards import FACE_INDEX, FACE_VALUE

from .helpers import TYPES, VALUES, attack, legal, new, of, pair, play, value


def test_a_recovery_the_target_takes_the_failed_actions_value_card():
    state = new(TYPES, [VALUES[0], ["5C", "6C", "9S"]], ["2C"], recovery=True)
    attack(state, "H>1")  # 2 - 9 = -7: critical failure
    assert state.phase == "recovery" and state.to_act == (1,)
    assert set(legal(state)) == {"recover a", "recover b", "recover c", "pass"}
    events = play(state, "recover a")
    assert of(events, "recover")[0].data["cards"] == ["2C'"] and value(state, 1, "a") == 7  # 5 + 2
    assert state.phase == "counter"  # the Counter is still to come
    # Without the option there is no recovery step.
    state = new(TYPES, [VALUES[0], ["5C", "6C", "9S"]], ["2C"])
    attack(state, "H>1")
    assert state.phase == "counter"


def test_a_recovery_never_changes_the_target_pair_of_a_surprise_action():
    # Wealth on a vitality defense pair is Hire Assassin, a Surprise: "the target can't make
    # changes to their target pair in any way after the action value is revealed".
    state = new([["2H", "3H", "4C"], ["2D", "3D", "4H"]], [["5D", "6D", "7H"], ["5C", "6C", "QS"]], ["2C"],
                recovery=True)
    attack(state, "D>1")  # 2 - 12 = -10: critical failure
    assert state.phase == "recovery"
    assert set(legal(state)) == {"recover a", "recover b", "pass"}
    with pytest.raises(ca.IllegalAction):
        play(state, "recover c")
    play(state, "recover a")
    assert value(state, 1, "a") == 7 and value(state, 1, "c") == 12


def test_a_recovery_on_a_defended_pair_keeps_the_defend_and_its_expiry_leaves_the_cards_value():
    # Defend is Unlimited and "for one round": 8D + TD' = 18. A Recovery's 2C' is capped
    # (Maximum Value) on what the pair's own cards add up to, 8 + 2 = 10, so the pair holds 20,
    # and 10 once the Defend card goes (it once fell to 14, then to 4).
    state = new([["2H", "3H", "4C"], ["2D", "3D", "9C"]], [["5H", "6H", "8D"], ["TC", "6C", "3S"]], ["TD", "2C"],
                recovery=True)
    attack(state, "H>1")
    play(state, "defend c")
    assert value(state, 0, "c") == 18
    attack(state, "C>0")  # 2 against 18: a critical failure
    play(state, "recover c")
    assert value(state, 0, "c") == 20
    while state.phase != "turn":
        play(state, "pass")
    assert state.view(0)["characters"][0]["rows"][2]["value_cards"] == ["8D", "2C'"] and value(state, 0, "c") == 10
    # Seat 1 cannot see 8D; in each world it samples, the pair is its own value card plus 2, at most 14.
    values = set()
    for k in range(20):
        row = state.game.determinize(state.view(1), 1, random.Random(k)).view(0)["characters"][0]["rows"][2]
        first = FACE_VALUE[FACE_INDEX[row["value_cards"][0]]]
        assert row["value"] == min(first + 2, 14)
        values.add(row["value"])
    assert len(values) > 1


def test_a_recovery_is_capped_at_14():
    state = new(TYPES, [VALUES[0], ["5C", "6C", "KS"]], ["2C"], recovery=True)
    attack(state, "H>1")
    play(state, "recover c")
    assert value(state, 1, "c") == 14


def test_c_drop_lowest_dealt_the_dealer_drops_the_lowest_openly():
    state = new(TYPES, [["5H", "2C", "6H", "7D"], ["5C", "6C", "8S", "3S"]], drop_lowest=True, columns=3)
    row = state.view(0)["characters"][0]["rows"]
    assert [p["value_cards"][0] for p in row] == ["5H", "6H", "7D"]
    assert [p["value_cards"][0] for p in state.view(1)["characters"][1]["rows"]] == ["5C", "6C", "8S"]
    v = state.view(None)
    assert sorted(c for c in v["discard"] if c) == ["2C", "3S"]  # dropped openly


def test_c_drop_lowest_choose_the_fourth_card_is_dropped_face_down():
    game = ca.make("16-combos", columns=3, drop_lowest=True)
    deal = [*TYPES[0], *TYPES[1], "5H", "2C", "6H", "7D", "5C", "6C", "8S", "3S"]
    state = game.new_state(seed=1, deck={"deal": deal})
    assert len(state.legal_actions(0)) == 4  # four value cards for three columns
    for move in ("5H", "6H"):
        state.apply(0, move)
    events = state.apply(0, "7D")  # the last column: 2D is left over and dropped
    dropped = [e for e in events if e.data.get("dropped")]
    assert ca.events_for(dropped, 0)[0].data["card"] == "2C" and "card" not in ca.events_for(dropped, 1)[0].data
    assert state.view(0)["discard"] == ["2C"] and state.view(1)["discard"] == [None]


def test_d_round_robin_order_highest_first_then_by_number():
    types = [["2H", "3H"], ["2D", "3D"], ["2C", "3C"]]
    values = [["5H", "6H"], ["5D", "6D"], ["5C", "6C"]]
    state = new(types, values, order=["5S", "KS", "2S"], players=3)
    assert state.view(None)["queue"]["order"] == [1, 0, 2]  # by order card: K, 5, 2
    game = ca.make("16-combos", players=3, columns=2, placement="dealt", order="round-robin")
    from .helpers import deck

    state = game.new_state(seed=1, deck=deck(types, values, [], ["5S", "KS", "2S"]))
    assert state.view(None)["queue"]["order"] == [1, 2, 0]


def test_e_one_of_each_type_four_pairs_and_the_type_number_added():
    # Deal pile: 2H 3H(skipped: a second vitality) 4D 5C 6S for character 0, then 3H 7D 8C 9S for 1.
    deal = ["2H", "3H", "4D", "5C", "6S", "7D", "8C", "9S", "TH", "JD", "QC", "KS", "AH", "2D", "3C", "4S"]
    game = ca.make("16-combos", one_of_each=True, placement="dealt")
    state = game.new_state(seed=1, deck={"deal": deal})
    rows0 = state.view(0)["characters"][0]["rows"]
    rows1 = state.view(1)["characters"][1]["rows"]
    assert [p["type_card"] for p in rows0] == ["2H", "4D", "5C", "6S"]
    assert [p["type_card"] for p in rows1] == ["3H", "7D", "8C", "9S"]
    # Value cards: TH JD QC KS for character 0: value + type number, at most 14.
    assert [p["value"] for p in rows0] == [12, 14, 14, 14]
    assert [p["value"] for p in rows1] == [14, 9, 11, 13]  # AH 2D 3C 4S + 3, 7, 8, 9
    # Only the defense type card is face up; the table knows each character holds one of each type.
    assert [p["type_card"] for p in state.view(None)["characters"][0]["rows"]] == [None, None, None, "6S"]
    assert state.view(None)["groups"] == [[0, 1, 2, 3], [4, 5, 6, 7]]


def test_e_which_cards_the_deal_passed_over_does_not_show():
    # Card ids are public. Character 0 passes over 3H (a second vitality) in the first deal and
    # meets it after its four in the second: the same table, so every seat must see the same.
    # (Ids once followed the deal pile, and a skipped id told which type was passed over.)
    rest = ["7D", "8C", "9S", "TH", "JD", "QC", "KS", "AH", "2D", "3C", "4S"]
    game = ca.make("16-combos", one_of_each=True, placement="dealt")
    skipped = game.new_state(seed=1, deck={"deal": ["2H", "3H", "4D", "5C", "6S", *rest]})
    in_turn = game.new_state(seed=1, deck={"deal": ["2H", "4D", "5C", "6S", "3H", *rest]})
    for seat in (0, 1, None):
        assert skipped.view(seat) == in_turn.view(seat)


def test_e_the_owner_chooses_the_defense_pair_and_may_change_stance():
    deal = ["2H", "4D", "5C", "6S", "3H", "7D", "8C", "9S", "TH", "JD", "QC", "KS", "AH", "2D", "3C", "4S"]
    game = ca.make("16-combos", one_of_each=True)
    state = game.new_state(seed=1, deck={"deal": deal, "draw": ["KH", "2H"]})
    assert set(str(a) for a in state.legal_actions(0)) == {"defense a", "defense b", "defense c", "defense d"}
    state.apply(0, "defense b")
    state.apply(1, "defense a")
    for seat, cards in ((0, ["TH", "JD", "QC", "KS"]), (1, ["AH", "2D", "3C", "4S"])):
        for card in cards:
            state.apply(seat, card)
    v = state.view(None)
    assert v["characters"][0]["defense"] == "b" and v["characters"][1]["defense"] == "a"
    assert pair(state, 0, "b")["type_card"] == "4D" and pair(state, 0, "a")["type_card"] is None
    # Character 0 passes: at the end of its turn it may Change Stance.
    play(state, "pass")
    assert state.phase == "change stance" and set(legal(state)) == {"stance a", "stance c", "stance d", "pass"}
    events = play(state, "stance d")
    assert of(events, "stance") and state.view(None)["characters"][0]["defense"] == "d"
    assert pair(state, 0, "d")["type_card"] == "6S"


def test_e_no_change_of_stance_after_a_critical_failure():
    deal = ["2H", "4D", "5C", "6S", "3H", "7D", "8C", "9S", "TH", "JD", "QC", "KS", "AH", "2D", "3C", "4S"]
    game = ca.make("16-combos", one_of_each=True, placement="dealt")
    state = game.new_state(seed=1, deck={"deal": deal, "draw": ["KH", "2H", "2C"]})
    assert state.view(None)["active"] == 0
    # Character 0 has no two of a type in its value row (TH JD QC KS): it can only pass here.
    assert legal(state) == ["pass"]


def test_f_multiple_values_dealt_stacks_the_extra_card():
    state = new(TYPES, [["5H", "6H", "7D", "4S"], ["5C", "6C", "8S", "9D"]], multiple_values=True, columns=3)
    p = pair(state, 0, "c", 0)
    assert p["value_cards"] == ["7D", "4S"] and p["value"] == 11
    assert value(state, 1, "c") == 14  # 8 + 9 capped at 14
    assert state.view(None)["characters"][1]["rows"][2]["value_cards"] == [None, None]


def test_f_multiple_values_the_owner_chooses_where_to_stack():
    game = ca.make("16-combos", columns=3, multiple_values=True)
    deal = [*TYPES[0], *TYPES[1], "5H", "2C", "6H", "7D", "5C", "6C", "8S", "3S"]
    state = game.new_state(seed=1, deck={"deal": deal})
    for move in ("5H", "6H", "7D"):
        state.apply(0, move)
    assert set(str(a) for a in state.legal_actions(0)) == {"stack a", "stack b", "stack c"}
    state.apply(0, "stack a")
    assert state.view(0)["characters"][0]["rows"][0]["value"] == 7


def test_g_using_jokers_exactly_two_in_the_draw_deck():
    state = new(TYPES, VALUES, ["BJ"])
    assert state.view(None)["draw_pile"] == 52  # 52 + 2 jokers - 2 order cards
    events = attack(state, "H>1")
    assert of(events, "draw")[0].data["cards"] == ["BJ'"] and of(events, "value")[0].data["value"] == 14
    state = new(TYPES, VALUES, jokers=False)
    assert state.view(None)["draw_pile"] == 50
    with pytest.raises(ca.OptionError, match="no jokers"):
        state.game.new_state(deck={"draw": ["BJ"]})


def test_g_a_drawn_joker_may_change_the_action_to_finesse_or_vitality():
    state = new(TYPES, [["5D", "6D", "7S"], ["5C", "6C", "8S"]], ["RJ"])
    play(state, "D>1", "pass")
    assert {"change S", "keep"} <= set(legal(state)) and "change H" not in legal(state)  # no heart in the row
