"""Words: refusals say why and what is legal; narration in the second person counts right."""

import pytest

import comboarena as ca
from comboarena.core import Event, Result

from .helpers import act, new, play, seat

BORIS = ["hf", "iw", "cc", "pa", "hs"]
GRACE = ["ls", "lj", "wd", "sb", "fs"]


def refusal(state, who, move):
    before = state.clone()
    with pytest.raises(ca.IllegalAction) as info:
        state.apply(who, move)
    assert state == before
    return str(info.value)


def test_a_combo_refusal_names_the_button_and_the_combo_box_and_what_is_legal():
    state = new(deck=[seat(["hf", "bk", "iw", "ts", "wb"]), seat(GRACE)])
    play(state, "hf", "ls")
    assert refusal(state, 0, "iw") == (
        "iw is not allowed: Iron Wall's button ▲ is not in Hammer Fist's Combo Box ■; "
        "legal now for seat 0: bk, ts, end"
    )
    act(state, 0, "ts")  # Tundra Suplex: an empty Combo Box
    assert "Tundra Suplex's Combo Box is empty: the combo must end (end)" in refusal(state, 0, "wb")
    assert "is not a card of Boris Wolfram (codes: hf, bk" in refusal(state, 0, "lj")


def test_a_call_refusal_says_why_it_is_no_signature_combo():
    state = new(deck=[seat(["hf", "bk", "cc", "iw", "wb"]), seat(GRACE)])
    play(state, "hf", "ls")
    act(state, 0, "bk")
    assert "Hammer Fist → Bear Knuckle is not a Signature Combo of Boris Wolfram" in refusal(state, 0, "call")
    # Siberian Express's Power version needs side B.
    state = new(deck=[seat(["hs", "bk", "wb", "ts", "pa"]), seat(GRACE)])
    play(state, "hs", "wd")
    act(state, 0, "bk", "wb", "ts")
    assert "Siberian Express's Power version needs the Power Token on side B" in refusal(state, 0, "call")
    # A Needle set aside: no Signature Combo that round.
    state = new(("junior", "boris"), deck=[seat(["nd", "nd", "nd", "ab", "ws"]), seat(BORIS)])
    play(state, "nd", "hs")
    act(state, 0, "aside:nd", "nd")
    assert "a card was set aside this round (Needle → Needle → Needle), so no Signature Combo" in refusal(
        state, 0, "call"
    )


def test_damage_and_turn_refusals_say_why():
    state = new(deck=[seat(["hf", "bk", "cc", "iw", "wb"]), seat(GRACE)])
    play(state, "iw", "lj")  # Iron Wall beats the attack: Boris combos
    act(state, 0, "end")
    assert state.view(None)["fighters"][1]["damage"] == 1
    assert "you have 1 point to take: deck, or a card from your hand" in refusal(state, 1, "rest")
    assert "it is not seat 0's decision now (Grace Lee: taking damage)" in refusal(state, 0, "deck")
    assert "take damage (1 point to take): a card from your hand, or deck" in refusal(state, 1, "end")


def test_narration_counts_in_the_second_person():
    game = ca.make("combo-fighter", best_of=1)
    ui = game.text_ui()
    names = ["You", "Bot"]
    assert ui.describe(Event("refill", 1, {"count": 1}), 0, names) == "Bot draws 1 card."
    assert ui.describe(Event("refill", 1, {"count": 2}), 0, names) == "Bot draws 2 cards."
    assert ui.describe(Event("stagger", 0, {"deck": 1, "again": False}), 0, names) == (
        "You are Staggering! The discard pile becomes a new deck of 1 card; the next damage knocks out."
    )
    assert ui.describe(Event("ko", 0, {"why": "forced to discard the last card"}), 0, names) == (
        "K.O.! You are knocked out (forced to discard the last card)."
    )
    won = Result((0,), (1, 0), (1, -1), "fights won 1-0")
    assert ui.result_line({"wins": [1, 0]}, won, names) == "You win the match, 1 fight to 0."
    lost = Result((1,), (1, 2), (-1, 1), "fights won 2-1")
    assert ui.result_line({"wins": [1, 2]}, lost, names) == "Bot wins the match, 2 fights to 1."
    solo = ca.make("combo-fighter", mode="solo", fighters="boris,grace").text_ui()
    combo = Event("ai_combo", 1, {"cards": ["lj"], "set_aside": [], "damage": 2, "unplayed": ["wd"]})
    assert solo.describe(combo, 0, names) == "AI Grace combos: Lightning Jab, 2 damage, +1 for the unplayed card."
