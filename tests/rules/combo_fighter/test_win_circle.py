"""The Win Circle: attack > footwork > defense > attack; Speed and Priority break
clashes of one kind; a tie deals both Opening Damages and nobody combos."""

import pytest

from .helpers import card, fv, new, only, play, seat

BORIS_HAND = ["hf", "iw", "hs", "cc", "pa"]


def mirror(hand0, hand1):
    return new(("boris", "boris"), deck=[seat(hand0), seat(hand1)])


@pytest.mark.parametrize(
    ("mine", "theirs", "why"),
    [
        ("hf", "hs", "attack beats footwork"),
        ("hs", "iw", "footwork beats defense"),
        ("iw", "hf", "defense beats attack"),
    ],
)
def test_the_circle_decides_different_kinds(mine, theirs, why):
    state = mirror(BORIS_HAND, BORIS_HAND)
    events = play(state, mine, theirs)
    reveal = only(events, "reveal")
    assert reveal.data["cards"] == [mine, theirs]
    assert reveal.data["winner"] == 0 and reveal.data["why"] == why
    assert state.phase == "combo" and state.to_act == (0,)
    assert state.legal_actions(1) == []


def test_the_circle_is_the_same_from_the_other_seat():
    state = mirror(BORIS_HAND, BORIS_HAND)
    reveal = only(play(state, "hs", "hf"), "reveal")
    assert reveal.data["winner"] == 1 and state.to_act == (1,)


def test_attack_against_attack_the_higher_speed_wins():
    fast, slow = card("boris", "wb"), card("boris", "hf")
    assert fast.speed > slow.speed
    state = mirror(["wb", "iw", "hs", "cc", "pa"], BORIS_HAND)
    reveal = only(play(state, "wb", "hf"), "reveal")
    assert reveal.data["winner"] == 0
    assert reveal.data["why"] == f"Speed {fast.speed} beats Speed {slow.speed}"


def test_attacks_of_the_same_speed_tie_and_both_deal_opening_damage():
    state = mirror(BORIS_HAND, BORIS_HAND)
    events = play(state, "hf", "hf")
    reveal = only(events, "reveal")
    assert reveal.data["winner"] is None and state.view(None)["tie"]
    damage = [e for e in events if e.kind == "damage"]
    opening = card("boris", "hf").opening
    assert {(e.seat, e.data["to"], e.data["amount"], e.data["how"]) for e in damage} == {
        (0, 1, opening, "opening"),
        (1, 0, opening, "opening"),
    }
    # Nobody combos: both take damage at once.
    assert state.phase == "damage" and state.to_act == (0, 1)
    assert fv(state, 0)["damage"] == fv(state, 1)["damage"] == opening


@pytest.mark.parametrize(
    ("mine", "theirs", "winner"),
    [
        ("iw", "pa", 0),  # defense: only Iron Wall has Priority
        ("pa", "iw", 1),
        ("iw", "sg", None),  # both have Priority
        ("pa", "cc", None),  # neither has Priority
        ("sc", "hs", 0),  # footwork: only Shoulder Charge has Priority
        ("hs", "st", None),  # neither
    ],
)
def test_same_kind_without_speed_is_decided_by_priority(mine, theirs, winner):
    assert card("boris", "iw").priority and card("boris", "sg").priority and card("boris", "sc").priority
    assert not card("boris", "pa").priority and not card("boris", "cc").priority
    assert not card("boris", "hs").priority and not card("boris", "st").priority
    state = mirror([mine, "hf", "hs", "cc", "pa"], [theirs, "hf", "iw", "cc", "pa"])
    reveal = only(play(state, mine, theirs), "reveal")
    assert reveal.data["winner"] == winner
