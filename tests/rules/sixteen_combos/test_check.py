"""The Check: outcomes, damage, Lost Reaction and the Counter, the action value card
and the waste, Maximum Value, Static Type, the draw pile's reshuffle."""

import pytest

import comboarena as ca

from .helpers import TYPES, VALUES, attack, edit, new, of, pair, play, value


def _attack(defense: str, draw: str, move: str = "H>1"):
    """Character 0 attacks character 1's defense pair (value card ``defense``) drawing ``draw``."""
    state = new(TYPES, [VALUES[0], ["5C", "6C", defense]], [draw])
    return state, attack(state, move)


@pytest.mark.parametrize(
    ("defense", "draw", "difference", "outcome"),
    [
        ("3S", "9C", 6, "defeated"),
        ("4S", "9C", 5, "damaged"),
        ("8S", "9C", 1, "damaged"),
        ("9S", "9C", 0, "missed"),
        ("8S", "3C", -5, "missed"),
        ("8S", "2C", -6, "critical failure"),
    ],
)
def test_four_outcomes_by_difference(defense, draw, difference, outcome):
    _state, events = _attack(defense, draw)
    (check,) = of(events, "check")
    assert check.data["outcome"] == outcome and check.data["value"] == int(draw[0])
    # The referee tells the target's owner the difference; nobody else learns the hidden value.
    assert ca.events_for([check], 1)[0].data["difference"] == difference
    assert "difference" not in ca.events_for([check], 0)[0].data
    assert "target_value" not in ca.events_for([check], None)[0].data


def test_damage_reduces_the_target_value_by_the_difference_and_zero_defeats_the_pair():
    state, events = _attack("8S", "TC")  # 10 - 8 = 2: damaged
    assert value(state, 1, "c") == 6
    assert pair(state, 1, "c")["value"] is None  # the table does not learn it
    (dmg,) = of(events, "damage")
    assert ca.events_for([dmg], 1)[0].data["amount"] == 2 and "amount" not in dmg.data
    # A hit that takes the value to 0 or below defeats the pair, without a combo.
    state, events = _attack("4S", "8C")  # 8 - 4 = 4: damaged, 4 - 4 = 0
    assert of(events, "check")[0].data["outcome"] == "damaged"
    (gone,) = of(events, "defeat")
    assert gone.data["why"] == "damage" and not of(events, "combo")
    assert state.view(None)["characters"][1]["defense"] == "b"  # the next pair is the defense now


def test_static_type_damage_does_not_change_the_type():
    state, _ = _attack("8S", "TC")
    p = pair(state, 1, "c")
    assert p["type"] == "H" and p["type_card"] == "4H"


def test_the_action_value_card_is_discarded_then_the_defeated_value_is_the_waste():
    state, events = _attack("3S", "9C")  # Poison: the target pair is defeated
    v = state.view(None)
    assert v["waste"] == ["6C"] or v["waste"] == ["3S"]
    # The action value card (9C of the draw deck) went first, then the defeated pair's value.
    discards = [c for c in v["discard"] if c is not None]
    assert "9C'" in discards
    assert of(events, "defeat")[0].data["value_cards"] == ["3S"]


def test_poison_damages_the_next_pair_left_with_the_rest_of_the_action_value():
    state = new(TYPES, [VALUES[0], ["5C", "9C", "3S"]], ["JC"])
    events = attack(state, "H>1")  # 11 - 3 = 8: defeated; 8 more damage the pair to its left (9 -> 1)
    assert of(events, "combo")[0].data["combo"] == "Poison"
    assert [e.data["pair"] for e in of(events, "defeat")] == [5]
    (dmg,) = of(events, "damage")
    assert dmg.data["amount"] == 8 and value(state, 1, "b") == 1
    # With no pair left of the target, the poison starts again from the right end.
    state = new([["2H", "3H", "4C"], ["4H", "3D", "2D"]], [VALUES[0], ["3S", "9C", "TC"]], ["JC"])
    state = edit(state, lambda pos: pos["characters"][1].update(defense_mark=0))  # defense pair: column a
    events = attack(state, "H>1")  # 11 - 3 = 8 on 4H/3S: Poison
    assert of(events, "combo")[0].data["combo"] == "Poison"
    assert of(events, "damage")[0].data["pair"] == 5 and value(state, 1, "c") == 2  # 10 - 8


def test_critical_failure_loses_the_reaction_and_allows_a_counter():
    state, events = _attack("8S", "2C")
    assert state.phase == "counter" and state.to_act == (1,)
    assert state.view(None)["characters"][0]["reacted"]  # Lost Reaction
    events = play(state, "counter")
    (counter,) = of(events, "counter")
    # The counter uses the defense pair's type (vitality, 4H) and value (8S = 8), announced.
    assert counter.data == {"character": 1, "target": 0, "type": "H", "value": 8, "pair": 5}
    (check,) = of(events, "check")
    # Character 0's defense pair is 4C/7D: strength, value 7: 8 - 7 = 1, damaged.
    assert check.data["outcome"] == "damaged" and check.data["combo"] == "Defend"
    assert value(state, 0, "c") == 7  # Defend is Passive: no damage
    assert state.view(None)["characters"][1]["reacted"]  # the counter was its reaction
    assert state.to_act == (1,) and state.phase == "turn"  # the turn is over; character 1 plays


def test_passing_the_counter_ends_the_turn():
    state, _ = _attack("8S", "2C")
    events = play(state, "pass")
    assert not of(events, "counter") and state.phase == "turn" and state.view(None)["active"] == 1


def test_the_countered_character_cannot_counter_back():
    state = new(TYPES, [["5H", "6H", "KD"], ["5C", "6C", "8S"]], ["2C"])
    attack(state, "H>1")  # 2 - 8 = -6
    events = play(state, "counter")  # the counter: 8 - 12 = -4, missed
    assert of(events, "check")[0].data["outcome"] == "missed"
    assert state.phase == "turn" and state.view(None)["active"] == 1


def test_a_counter_that_critically_fails_is_not_countered():
    state = new(TYPES, [["5H", "6H", "KD"], ["5C", "6C", "4S"]], ["2C"])
    attack(state, "H>1")  # 2 - 4 = -2: missed, no counter
    assert state.phase == "turn"
    state = new(TYPES, [["5H", "6H", "KD"], ["5C", "6C", "9S"]], ["2C"])
    attack(state, "H>1")  # 2 - 9 = -7: critical failure
    events = play(state, "counter")  # 9 - 12 = -3: missed
    assert of(events, "check")[0].data["outcome"] == "missed" and state.phase == "turn"


def test_maximum_value_caps_at_14_and_behaves_as_a_joker():
    # Vitality on finesse is Adrenaline: the action value card goes on the actor's defense value.
    state = new([["2H", "3H", "4C"], ["2D", "3D", "4S"]], [["5H", "6H", "KD"], ["5C", "6C", "3S"]], ["AC"])
    events = attack(state, "H>1")
    assert of(events, "combo")[0].data["combo"] == "Adrenaline"
    assert value(state, 0, "c") == 14  # 12 + 13 is capped at 14 (Limited)
    assert pair(state, 0, "c", 0)["value_cards"] == ["KD", "AC'"]
    # A value of 14 behaves as a Joker: the pair may change to finesse or vitality as a reaction.
    play(state, "C>0")
    assert {"change S", "change H"} <= {str(a) for a in state.legal_actions(0)}


def test_the_draw_pile_is_reshuffled_from_the_discarded_draw_deck_cards():
    state = new(TYPES, VALUES, ["9C"])

    def nearly_empty(pos):
        pos["discard"] += pos["draw"][1:]
        pos["draw"] = pos["draw"][:1]

    state = edit(state, nearly_empty)
    assert state.view(None)["draw_pile"] == 1
    attack(state, "H>1")  # draws the last card, 9C: 9 - 8 = 1, damaged
    assert state.view(None)["draw_pile"] == 0 and state.view(None)["active"] == 1
    events = attack(state, "C>0")
    # The 51 discarded draw-deck cards come back; the waste (9C) stays where it is.
    assert of(events, "reshuffle")[0].data["cards"] == 51
    assert state.view(None)["waste"] in (["9C'"], [of(events, "draw")[0].data["cards"][0]])
    assert state.view(None)["draw_pile"] == 50


def test_lost_reaction_means_no_reaction_later_in_the_round():
    # Character 0 fails critically (and loses its reaction); character 1's action on it later in
    # the round opens no window, though character 0's defense value card is a face card.
    state = new(TYPES, [["5H", "6H", "KD"], ["5C", "6C", "AS"]], ["2C", "9D"])
    attack(state, "H>1")
    play(state, "pass")  # character 1 does not counter
    events = play(state, "C>0")
    assert state.phase not in ("predictive reaction", "informed reaction") and of(events, "check")
