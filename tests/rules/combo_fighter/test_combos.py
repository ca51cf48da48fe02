"""Combos by Combo Box, Opening vs Combo Damage, X damage, Signature Combos."""

import pytest

import comboarena as ca

from .helpers import act, card, fv, new, only, play, seat

GRACE = ["ls", "fs", "wd", "sb", "lj"]


def boris_wins_with(opening, hand, draw=None, side="A"):
    """Boris (seat 0) wins the first round with ``opening`` against Grace's footwork or attack."""
    kind = card("boris", opening).kind
    theirs = {0: "ls", 1: "lj", 2: "wd"}[kind]  # attack > footwork, defense > attack, footwork > defense
    state = new(deck=[seat([opening, *hand], draw, side=side), seat(GRACE)])
    play(state, opening, theirs)
    assert state.phase == "combo" and state.to_act == (0,)
    return state


def test_only_cards_whose_button_is_in_the_combo_box_may_follow():
    state = boris_wins_with("hf", ["bk", "cc", "iw", "wb"])
    box = card("boris", "hf").box
    expected = sorted(c for c in ("bk", "cc", "iw", "wb") if box >> card("boris", c).button & 1)
    legal = [str(a) for a in state.legal_actions(0)]
    assert sorted(legal[:-1]) == expected and legal[-1] == "end"
    before = state.clone()
    with pytest.raises(
        ca.IllegalAction, match=r"Iron Wall's button ▲ is not in Hammer Fist's Combo Box ■; legal now for seat 0: "
    ):
        state.apply(0, "iw")
    assert state == before


def test_the_first_card_deals_opening_damage_and_the_rest_combo_damage():
    state = boris_wins_with("hf", ["bk", "cc", "iw", "wb"])
    events = act(state, 0, "bk", "end")
    hit = only(events, "damage")
    hf, bk = card("boris", "hf"), card("boris", "bk")
    assert hit.data == {"to": 1, "amount": hf.opening + bk.combo.base, "how": "combo"}
    assert state.phase == "damage" and state.to_act == (1,) and fv(state, 1)["damage"] == hit.data["amount"]


def test_ending_at_once_deals_only_the_opening_damage():
    state = boris_wins_with("bk", ["hf", "cc", "iw", "wb"])
    assert only(act(state, 0, "end"), "damage").data["amount"] == card("boris", "bk").opening


def test_x_damage_comes_from_the_power_token():
    # Counter Crush deals X Combo Damage; Boris's token says X on side A.
    assert str(card("boris", "cc").combo) == "X"
    state = boris_wins_with("hf", ["cc", "iw", "pa", "wb"])
    x = state.x(0)
    assert x == ca.make("combo-fighter").powers[0].sides[0].x_base
    events = act(state, 0, "cc", "end")
    assert only(events, "damage").data["amount"] == card("boris", "hf").opening + x


def test_a_signature_combo_is_called_on_its_exact_cards_and_replaces_their_damage():
    boris = ca.make("combo-fighter").fighters[0]
    trap = next(s for s in boris.signatures if s.name == "Wolf Trap")
    codes = [boris.cards[t].code for t in trap.basic.cards]
    assert codes == ["cc", "hf", "bk"]
    state = boris_wins_with("cc", ["hf", "bk", "wb", "pa"])
    act(state, 0, "hf")
    assert "call" not in [str(a) for a in state.legal_actions(0)]  # cc, hf is no Signature Combo
    act(state, 0, "bk")
    assert [str(a) for a in state.legal_actions(0)][-2:] == ["end", "call"]
    events = act(state, 0, "call")
    sig = only(events, "signature")
    assert sig.data == {"name": "Wolf Trap", "version": "basic", "damage": trap.basic.damage.base}
    assert only(events, "damage").data == {"to": 1, "amount": trap.basic.damage.base, "how": "signature"}


def test_the_power_version_adds_its_cards_and_its_own_damage():
    state = boris_wins_with("cc", ["hf", "bk", "wb", "pa"])
    events = act(state, 0, "hf", "bk", "wb", "call")
    trap = next(s for s in state.game.fighters[0].signatures if s.name == "Wolf Trap")
    assert only(events, "signature").data["version"] == "power"
    assert only(events, "damage").data["amount"] == trap.power.damage.base


def test_no_other_card_may_come_before_or_after_a_signature_combo():
    # Parry, then exactly Wolf Trap's cards: not called (a card before it).
    state = boris_wins_with("pa", ["cc", "hf", "bk", "iw"])
    act(state, 0, "cc", "hf", "bk")
    assert "call" not in [str(a) for a in state.legal_actions(0)]
    with pytest.raises(ca.IllegalAction, match="not a Signature Combo"):
        state.apply(0, "call")
    # Wolf Trap then one more card that is no Power version: not called either (a card after it).
    state = boris_wins_with("cc", ["hf", "bk", "pa", "iw"])
    act(state, 0, "hf", "bk")
    assert card("boris", "bk").box >> card("boris", "pa").button & 1
    act(state, 0, "pa")
    assert "call" not in [str(a) for a in state.legal_actions(0)]


def test_calling_is_optional_the_cards_may_deal_their_own_damage():
    state = boris_wins_with("cc", ["hf", "bk", "wb", "pa"])
    events = act(state, 0, "hf", "bk", "end")
    cc, hf, bk = (card("boris", c) for c in ("cc", "hf", "bk"))
    assert only(events, "damage").data["amount"] == cc.opening + hf.combo.base + bk.combo.base
    assert not [e for e in events if e.kind == "signature"]


def test_a_power_version_marked_requires_b_is_called_only_on_side_b():
    express = next(s for s in ca.make("combo-fighter").fighters[0].signatures if s.name == "Siberian Express")
    assert express.power.requires == 1
    state = boris_wins_with("hs", ["bk", "wb", "ts", "pa"])
    assert card("boris", "hs").kind == 2  # footwork: Grace played defense
    act(state, 0, "bk", "wb")
    assert "call" in [str(a) for a in state.legal_actions(0)]  # the basic version
    act(state, 0, "ts")
    assert "call" not in [str(a) for a in state.legal_actions(0)]  # side A: no power version
    state = boris_wins_with("hs", ["bk", "wb", "ts", "pa"], side="B")
    act(state, 0, "bk", "wb", "ts")
    events = act(state, 0, "call")
    assert only(events, "signature").data == {
        "name": "Siberian Express",
        "version": "power",
        "damage": express.power.damage.base,
    }
