"""All sixteen combos of the Combo Table, each as written, and their caveats
(Once, Limited, Passive, Save Wild, Surprise, Unlimited, Incapacitated)."""

import pytest

import comboarena as ca
from comboarena.games.sixteen_combos.combos import COMBO, NAMES, TAGS

from .helpers import attack, legal, new, of, pair, play, resolve, value

OTHER = {"H": "D", "D": "C", "C": "D", "S": "D"}


def table(action, target, defense="3S", draws=("TC",), mine=None, theirs=None, **options):
    """Character 0 (acting first) has two cards of the ``action`` type in its value row; character 1's
    defense pair (column c) is of the ``target`` type with value card ``defense``."""
    mine = mine or [f"5{action}", f"6{action}", f"7{OTHER[action]}"]
    theirs = theirs or ["TD", "TS", defense]
    return new([["2H", "3H", "4C"], ["2D", "3D", f"9{target}"]], [mine, theirs], list(draws), **options)


def test_the_combo_table_is_the_rulebooks():
    rows = {
        "H": ("Poison", "Hire Assassin", "Throw", "Insight"),
        "D": ("Scavenge", "Bribe", "Steal", "Snipe"),
        "C": ("Defend", "Hire Guard", "Grapple", "Stealth"),
        "S": ("Adrenaline", "Consultation", "Shove", "Dodge"),
    }
    for t, names in enumerate(rows.values()):
        assert tuple(NAMES[COMBO[t][a]] for a in range(4)) == names
    assert TAGS[COMBO[2][2]] == {"Once", "Incapacitated"} and TAGS[COMBO[1][0]] == {"Unlimited", "Passive"}
    assert TAGS[COMBO[3][0]] == {"Limited", "Surprise"} and TAGS[COMBO[1][1]] == {"Save Wild"}


@pytest.mark.parametrize(("action", "target"), [(a, t) for t in "HDCS" for a in "HDCS"])
def test_a_defeat_triggers_the_combo_of_action_type_and_target_type(action, target):
    state = table(action, target)
    events = attack(state, f"{action}>1")
    (combo,) = of(events, "combo")
    assert combo.data["combo"] == NAMES[COMBO["HDCS".index(target)]["HDCS".index(action)]]
    assert of(events, "check")[0].data["outcome"] == "defeated"


def test_hire_assassin_gives_another_turn_on_any_pair_and_is_a_surprise():
    state = table("D", "H")
    events = play(state, "D>1")
    assert state.phase == "predictive reaction"  # a predictive reaction is allowed against a surprise
    events += resolve(state)
    assert not [e for e in events if e.kind == "react"]
    phases = [state.phase]
    assert of(events, "extra turn")[0].data == {"character": 0, "kind": "any pair"}
    assert state.view(None)["active"] == 0 and state.view(None)["queue"]["extra_turn"]
    moves = legal(state)
    assert "D>1a" in moves and "D>1b" in moves and "D>1" not in moves and "pass" in moves
    assert phases == ["turn"]


def test_surprise_actions_get_no_informed_reaction():
    state = table("D", "H", defense="KS")  # a face card: the target could react
    play(state, "D>1")
    assert state.phase == "predictive reaction"
    play(state, "pass")
    assert state.phase != "informed reaction"  # Hire Assassin is a Surprise: straight to the Check
    state = table("H", "H", defense="KS")  # Poison is not
    play(state, "H>1", "pass")
    assert state.phase == "informed reaction" and "change D" in legal(state)


def test_throw_switches_two_pairs_of_the_target_and_incapacitates():
    state = table("C", "H", theirs=["TD", "TS", "3S"])
    attack(state, "C>1")
    assert state.phase == "effect" and state.view(None)["effect"] == "throw"
    assert set(legal(state)) == {"switch ab", "pass"}
    assert pair(state, 1, "a")["type_card"] is None
    play(state, "switch ab")
    # Column b (the defense pair now) holds the former column a pair; its type card is face up,
    # and the other stays up ("each card ... remains up only if it was": it was the defense pair's).
    assert pair(state, 1, "b")["type_card"] == "2D" and pair(state, 1, "a")["type_card"] == "3D"
    v = state.view(None)
    assert v["characters"][1]["incapacitated"] == 1
    # Character 1's turn this round is skipped: character 0 plays again in round 2.
    assert v["round"] == 2 and v["active"] == 0


def test_incapacitated_on_damaged_too_and_back_at_its_turn_next_round():
    state = table("C", "H", defense="8S", draws=("TC", "9C"))
    events = attack(state, "C>1")  # 10 - 8 = 2: damaged; Throw is Incapacitated
    assert of(events, "incapacitated") and of(events, "skip")[0].data == {"character": 1, "why": "incapacitated"}
    assert state.view(None)["round"] == 2 and state.view(None)["active"] == 0
    play(state, "pass")  # character 0 passes; character 1's turn in round 2 is its own again
    assert state.view(None)["active"] == 1 and state.view(None)["characters"][1]["incapacitated"] == 0


def test_insight_turns_a_card_the_actor_chooses_face_up():
    state = table("S", "H")
    attack(state, "S>1")
    assert "insight a value" in legal(state) and "insight b type" not in legal(state)  # b is the defense now
    play(state, "insight a value")
    assert pair(state, 1, "a")["value_cards"] == ["TD"]


def test_scavenge_is_passive_and_the_next_action_draws_two():
    state = table("H", "D", draws=("TC", "9C", "8C"))
    events = attack(state, "H>1")
    assert not of(events, "defeat") and value(state, 1, "c") == 3  # Passive: neither discarded nor damaged
    assert state.view(None)["characters"][0]["scavenge"]
    play(state, "pass")  # character 1 passes
    play(state, "H>1")
    events = play(state, "pass")  # the predictive reaction; then two cards are drawn
    assert of(events, "draw")[0].data["cards"] == ["9C'", "8C'"] and state.phase == "scavenge"
    assert set(legal(state)) == {"add", "waste"}
    events = play(state, "add") + resolve(state)
    assert of(events, "value")[0].data["value"] == 17  # Unlimited: 9 + 8 is not capped at 14


def test_scavenge_may_take_the_waste_value_and_the_second_drawn_is_the_new_waste():
    state = table("H", "D", draws=("TC", "9C", "8C"))
    attack(state, "H>1")  # the action value card 10C is the waste
    assert state.view(None)["waste"] == ["TC'"]
    play(state, "pass", "H>1", "pass")
    events = play(state, "waste") + resolve(state)
    assert of(events, "value")[0].data["value"] == 10
    assert state.view(None)["waste"] == ["8C'"]  # the second drawn; the first went into the pile


def test_bribe_the_target_loses_the_pair_and_may_keep_the_card_as_a_saved_wild():
    state = table("D", "D", theirs=["TD", "TS", "3S"])
    attack(state, "D>1")
    assert state.phase == "effect" and state.to_act == (1,)  # the target decides
    play(state, "accept")
    ch = state.view(None)["characters"][1]
    assert ch["wild"] == ["TC'"] and ch["wild_value"] == 10 and pair(state, 1, "c") is None
    # A saved wild matches any type: one diamond in the row (TD) is enough.
    assert "D>0 wild" in legal(state) and "D>0" not in legal(state)
    events = play(state, "D>0 wild")
    events += resolve(state)
    assert of(events, "value")[0].data["value"] == 10 and not of(events, "draw")


def test_steal_add_the_pair_as_the_new_defense_pair():
    state = table("C", "D", theirs=["TD", "TS", "3S"])
    attack(state, "C>1")
    assert set(legal(state)) == {"add", "hold"}
    play(state, "add")
    v = state.view(None)
    assert v["characters"][0]["defense"] == "d" and pair(state, 0, "d")["type_card"] == "9D"
    assert pair(state, 0, "d", 0)["value_cards"] == ["3S"]  # the thief now knows it
    assert pair(state, 0, "d", None)["value_cards"] == [None]  # the table does not
    assert v["characters"][1]["defense"] == "b"


def test_steal_hold_the_pair_and_use_it_as_the_next_action():
    state = table("C", "D", theirs=["TD", "TS", "9S"], draws=("AC",))
    attack(state, "C>1")  # 13 - 9 = 4: damaged only; try again with a lower defense
    state = table("C", "D", theirs=["TD", "TS", "3S"])
    attack(state, "C>1")
    play(state, "hold")
    play(state, "pass")  # character 1
    assert set(legal(state)) == {"D>1", "pass"}  # the stolen pair's type, no Available Actions
    events = play(state, "D>1") + resolve(state)
    assert of(events, "value")[0].data["value"] == 3 and not of(events, "draw")
    assert state.view(None)["characters"][0]["stolen"] is None


def test_snipe_moves_the_defeat_to_any_pair_of_the_target():
    state = table("S", "D", theirs=["TD", "QS", "3S"])
    attack(state, "S>1")
    assert set(legal(state)) == {"snipe a", "snipe b", "snipe c"}
    events = play(state, "snipe b")
    assert [e.data["pair"] for e in of(events, "defeat")] == [4]  # column b's pair, not the target
    assert value(state, 1, "c") == 3 and pair(state, 1, "b") is None


def test_snipe_moves_the_damage_too():
    state = table("S", "D", theirs=["TD", "QS", "8S"])
    attack(state, "S>1")  # 10 - 8 = 2: damaged; Snipe chooses the pair that takes it
    assert state.view(None)["effect"] == "snipe"
    play(state, "snipe b")
    assert value(state, 1, "b") == 10 and value(state, 1, "c") == 8


def test_defend_raises_a_pair_for_one_round_and_is_passive_and_unlimited():
    state = table("H", "C", mine=["5H", "6H", "KD"], draws=("TC",))
    events = attack(state, "H>1")
    assert not of(events, "defeat")
    play(state, "defend c")
    assert value(state, 0, "c") == 22  # 12 + 10: Unlimited
    assert pair(state, 0, "c")["value_cards"][-1] == "TC'"
    events = play(state, "pass")  # character 1 passes; at character 0's next turn the card leaves
    assert of(events, "expire")[0].data["cards"] == ["TC'"]
    assert value(state, 0, "c") == 12 and pair(state, 0, "c", 0)["value_cards"] == ["KD"]
    assert state.view(None)["waste"] == ["TC'"]


def test_defend_passive_means_no_damage():
    state = table("H", "C", defense="8S", draws=("TC",))
    attack(state, "H>1")  # 10 - 8 = 2: damaged, but Defend is Passive
    assert value(state, 1, "c") == 8


def test_hire_guard_replaces_a_type_card_with_the_drawn_card():
    state = table("D", "C", draws=("TC",))
    attack(state, "D>1")
    assert "guard drawn c" in legal(state) and "guard a c" in legal(state)
    play(state, "guard drawn c")
    p = pair(state, 0, "c")
    assert p["type_card"] == "TC'" and p["type"] == "C"
    assert 2 in state.view(None)["discard_ids"]  # the replaced type card (4C, dealt third)


def test_hire_guard_swaps_a_value_row_card_of_the_action_type_with_a_type_card():
    state = table("D", "C", mine=["5D", "6D", "7S"], draws=("TC",))
    attack(state, "D>1")
    play(state, "guard a c")  # 5D (column a's value) becomes column c's type card; 4C goes to a's value
    assert pair(state, 0, "c")["type"] == "D" and pair(state, 0, "c", 0)["type_card"] == "5D"
    assert value(state, 0, "a") == 4 and pair(state, 0, "a", 0)["value_cards"] == ["4C"]


def test_grapple_holds_the_pair_gives_an_extra_turn_on_the_next_pair_and_shows_it():
    state = table("C", "C", theirs=["TD", "TS", "3S"], draws=("TC", "2C"))
    events = attack(state, "C>1")
    assert of(events, "extra turn")[0].data["kind"] == "next pair"
    v = state.view(None)
    assert v["characters"][1]["rows"][2] == "held" and v["characters"][1]["held"][0]["value_cards"] == ["3S"]
    assert v["characters"][0]["reacted"]  # the second turn uses the reaction
    assert v["active"] == 0 and set(legal(state)) == {"C>1", "pass"}
    events = attack(state, "C>1")  # on column b (10S): 2 - 10 = -8, a critical failure
    assert of(events, "announce")[0].data["column"] == "b"
    # Character 1 is incapacitated (Grapple): no counter, and its turn this round is skipped; the
    # held pair returns to its column at the start of that turn.
    assert [e.kind for e in events][-4:] == ["return", "skip", "round", "turn"]
    v = state.view(None)
    assert v["round"] == 2 and v["characters"][1]["rows"][2] != "held" and v["characters"][1]["defense"] == "c"


def test_grapple_is_once_on_an_extra_turn():
    # Character 1's next pair (column b) is strength too: the extra turn's Grapple only defeats it.
    state = new([["2H", "3H", "4C"], ["2D", "8C", "9C"]], [["5C", "6C", "7D"], ["TD", "2S", "3S"]], ["TC", "KC"])
    attack(state, "C>1")
    events = attack(state, "C>1")  # 12 - 2 = 10 on column b: Grapple again, on a second action
    assert of(events, "combo")[0].data["combo"] == "Grapple"
    assert not of(events, "extra turn") and of(events, "defeat")[0].data["pair"] == 4
    ch = state.view(None)["characters"][1]
    # Column b is discarded (not held); column c, held by the first Grapple, is back at its owner's turn.
    assert ch["rows"][1] is None and ch["held"] == [] and ch["rows"][2]["type_card"] == "9C"


def test_grapple_with_no_next_pair_keeps_the_reaction():
    # Once: "The second turn uses your reaction for the round" - with no next pair there is no
    # second turn, so character 0 may still Counter in round 3 when character 2 fails against it.
    state = new([["2H", "4C"], ["3C", "9C"], ["6H", "7H"]], [["5C", "8C"], ["2S", "3S"], ["4D", "5D"]],
                ["TC", "9C", "9S", "2H"], columns=2, players=3)
    attack(state, "C>1")
    attack(state, "C>1")
    while state.view(None)["round"] < 3:
        play(state, "pass")
    events = attack(state, "C>1")  # a Grapple on character 1's only pair left
    assert of(events, "combo")[0].data["combo"] == "Grapple" and not of(events, "extra turn")
    assert not state.view(None)["characters"][0]["reacted"]
    events = attack(state, "D>0")  # character 2: 2 against 8, a critical failure
    assert of(events, "check")[0].data["outcome"] == "critical failure"
    assert state.phase == "counter" and state.to_act == (0,)


def test_stealth_switches_own_pairs_and_keeps_the_new_defense_face_down():
    state = table("S", "C")
    attack(state, "S>1")
    assert set(legal(state)) == {"switch ab", "switch ac", "switch bc"}
    play(state, "switch ac")
    assert pair(state, 0, "c")["type_card"] is None and pair(state, 0, "a")["type_card"] == "4C"


def test_dodge_switches_own_pairs_and_shows_the_new_defense_type():
    state = table("S", "S")
    attack(state, "S>1")
    play(state, "switch ac")
    assert pair(state, 0, "c")["type_card"] == "2H" and pair(state, 0, "a")["type_card"] == "4C"


def test_adrenaline_puts_the_action_card_on_the_actors_defense_value():
    state = table("H", "S", mine=["5H", "6H", "2C"], draws=("TC",))
    events = attack(state, "H>1")
    assert of(events, "combo")[0].data["combo"] == "Adrenaline"
    assert value(state, 0, "c") == 12 and pair(state, 0, "c", 0)["value_cards"] == ["2C", "TC'"]


def test_consultation_makes_a_pair_that_may_face_the_next_action_instead():
    state = table("D", "S", theirs=["TS", "QS", "3S"], draws=("TC", "5C", "4C"))
    attack(state, "D>1")
    cp = state.view(None)["characters"][0]["consultation"]
    assert cp["type_card"] == "5C'" and cp["value_cards"] == ["TC'"] and cp["value"] == 10
    play(state, "S>0")  # character 1 acts on character 0's defense pair
    assert state.phase == "consultation" and state.to_act == (0,)
    events = play(state, "consult")
    # "then discard the other pair": the defense pair goes, the consultation pair takes column c.
    assert of(events, "defeat")[0].data["why"] == "consultation"
    assert pair(state, 0, "c")["type_card"] == "5C'" and state.view(None)["characters"][0]["consultation"] is None


def test_consultation_shield_reading():
    state = table("D", "S", theirs=["TS", "QS", "3S"], draws=("TC", "5C", "4C"), consultation="shield")
    attack(state, "D>1")
    events = play(state, "S>0", "consult")  # no reaction can change a known plain pair: straight to the Check
    # 4 - 10 = -6 on the consultation pair: a critical failure
    assert of(events, "check")[0].data["pair"] == state.view(None)["pair_count"] - 1
    play(state, "pass")  # no counter
    assert state.view(None)["characters"][0]["consultation"] is None and value(state, 0, "c") == 7


def test_shove_forces_the_next_action_with_the_defense_pair():
    state = table("C", "S", theirs=["TD", "TS", "3S"], draws=("TC",))
    attack(state, "C>1")
    v = state.view(None)
    assert v["characters"][1]["shoved"] and v["characters"][1]["incapacitated"]
    assert v["round"] == 2 and v["active"] == 0  # character 1's turn this round is skipped
    play(state, "pass")
    # Next round: it must act (no pass) with its defense pair (3D / TS: wealth, 10), drawing nothing.
    assert legal(state) == ["D>0"]
    events = play(state, "D>0") + resolve(state)
    assert of(events, "value")[0].data["value"] == 10 and not of(events, "draw")
    assert not state.view(None)["characters"][1]["shoved"]


def test_incapacitated_characters_cannot_react():
    # Throw incapacitates character 1, whose defense value is a face card: it may not react.
    state = table("C", "H", defense="8S", mine=["5C", "6C", "7C"], draws=("TC", "9C"))
    attack(state, "C>1")  # damaged, incapacitated
    play(state, "C>1")  # round 2, character 0 again: no predictive window for character 1
    assert state.phase != "predictive reaction"


def test_a_combo_never_happens_on_a_miss():
    state = table("D", "H", defense="TH", draws=("TC",))
    events = attack(state, "D>1")
    assert of(events, "check")[0].data["outcome"] == "missed" and not of(events, "combo")
    assert not of(events, "extra turn")


def test_events_never_show_a_hidden_value_to_the_table():
    state = table("H", "H", defense="8S", draws=("TC",))
    events = attack(state, "H>1")
    for e in ca.events_for(events, 0):
        assert "target_value" not in e.data and "difference" not in e.data
