"""Reactions: Predictive and Informed, Face Cards as Target Value (change, swap) and as
Action Value (keep, change, swap), one reaction per round, windows that do not leak."""

import comboarena as ca

from .helpers import TYPES, VALUES, attack, legal, new, of, pair, play, resolve, value


def test_predictive_reaction_face_card_change():
    # Character 1's defense value card is a jack: it may change its pair's type to strength.
    state = new(TYPES, [VALUES[0], ["5C", "6C", "JS"]], ["9C"])
    play(state, "H>1")
    assert state.phase == "predictive reaction" and state.to_act == (1,)
    assert set(legal(state)) == {"pass", "change C", "swap"}
    events = play(state, "change C")
    (react,) = of(events, "react")
    assert react.data["reaction"] == "change" and react.data["card"] == "JS" and react.data["step"] == "predictive"
    # The change is shown: the jack is face up, and the pair is strength now (Defend for vitality).
    assert pair(state, 1, "c")["value_cards"] == ["JS"] and pair(state, 1, "c")["type"] == "C"
    # Its reaction is used: no informed window; the Check follows at once.
    assert of(events, "check")[0].data["combo"] == "Defend" and of(events, "check")[0].data["target_type"] == "C"


def test_swap_exchanges_the_type_and_value_cards():
    state = new(TYPES, [VALUES[0], ["5C", "6C", "KS"]], ["3C"])
    events = play(state, "H>1", "swap")
    assert of(events, "react")[0].data["reaction"] == "swap"
    p = pair(state, 1, "c")
    # The king is the type card now (spades: finesse), the old type card 4H the value card (4).
    assert p["type_card"] == "KS" and p["type"] == "S" and p["value_cards"] == ["4H"] and p["value"] == 4
    # 3 - 4 = -1 on finesse: missed (the combo would have been Adrenaline).
    assert of(events, "check")[0].data["combo"] == "Adrenaline" and of(events, "check")[0].data["outcome"] == "missed"


def test_doing_neither_is_no_reaction_and_a_reaction_is_one_per_round():
    state = new(TYPES, [VALUES[0], ["5C", "6C", "JS"]], ["9C", "9D"])
    play(state, "H>1", "pass")  # predictive: pass is not a reaction
    assert state.phase == "informed reaction" and "change C" in legal(state)  # informed is still possible
    play(state, "change C")  # informed reaction: used
    resolve(state)
    assert state.view(None)["characters"][1]["reacted"]
    play(state, "pass")  # character 1's turn: it passes
    # Round 2: reactions come back at the start of the round.
    assert state.view(None)["round"] == 2 and not state.view(None)["characters"][1]["reacted"]


def test_informed_reaction_is_refused_after_a_surprise_action():
    # Wealth on vitality is Hire Assassin (Surprise): no informed window even with a face card.
    state = new(TYPES, [["5D", "6D", "7C"], ["5C", "6C", "JS"]], ["9C"])
    play(state, "D>1")
    assert state.phase == "predictive reaction"
    events = play(state, "pass")
    assert of(events, "check") and state.phase != "informed reaction"


def test_a_window_opens_when_the_table_cannot_rule_a_face_card_out():
    # A face-down value card might be a face card: the window opens (and the owner may only pass).
    state = new(TYPES, [VALUES[0], ["5C", "6C", "8S"]], ["9C"])
    play(state, "H>1")
    assert state.phase == "predictive reaction" and legal(state) == ["pass"]
    # A value card the table has seen to be plain, with a known value under 14: no window.
    state = new(TYPES, [VALUES[0], ["5C", "6C", "8S"]], ["9C"])
    state = state.game.from_position(_public(state.position(), 11))
    events = play(state, "H>1")
    assert of(events, "check")


def _public(pos, card):
    pos["known"][card] |= 1 << 15
    return pos


def test_face_card_as_action_value_change_the_type_level_10_vitality():
    # Character 0 announces wealth (5D, 6D), draws the ace: with one spade in its row it may
    # announce "level 13 finesse" instead.
    state = new(TYPES, [["5D", "6D", "7S"], ["5C", "6C", "8S"]], ["AC"])
    play(state, "D>1", "pass")
    assert state.phase == "face card" and set(legal(state)) == {"keep", "change S", "swap a", "swap b"}
    events = play(state, "change S")
    (val,) = of(events, "value")
    assert val.data["value"] == 13 and val.data["type"] == "S"
    events += resolve(state)
    assert of(events, "check")[0].data["type"] == "S" and of(events, "check")[0].data["combo"] == "Insight"


def test_face_card_as_action_value_swap_with_a_row_card_of_the_announced_type():
    state = new(TYPES, [["5D", "6D", "7S"], ["5C", "6C", "8S"]], ["AC"])
    events = play(state, "D>1", "pass", "swap b")
    # The ace takes column b's place in the value row; 6D (value 6) is the action's value.
    assert value(state, 0, "b") == 13 and pair(state, 0, "b")["value_cards"] == ["AC'"]
    assert of(events, "value")[0].data == {"actor": 0, "value": 6, "type": "D", "cards": ["6D"]}


def test_keep_announces_the_face_card_as_drawn():
    state = new(TYPES, [["5H", "6H", "7D"], ["5C", "6C", "8S"]], ["AC"])
    events = play(state, "H>1", "pass", "keep")
    assert of(events, "value")[0].data == {"actor": 0, "value": 13, "type": "H", "cards": ["AC'"]}


def test_a_changed_type_is_available_only_with_one_of_it_in_the_row():
    # The jack (strength) could change the action to strength only with a club in the value row.
    state = new(TYPES, [["5D", "6D", "7S"], ["5C", "6C", "8S"]], ["JC"])
    play(state, "D>1", "pass")
    assert "change C" not in legal(state)


def test_counter_events_are_public_and_the_target_alone_learns_its_numbers():
    state = new(TYPES, [VALUES[0], ["5C", "6C", "8S"]], ["2C"])
    events = attack(state, "H>1")
    assert all("difference" not in e.data for e in ca.events_for(events, None))
