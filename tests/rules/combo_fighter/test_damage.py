"""Taking damage card by card, knock-outs, Staggering, the end of a round."""

import pytest

import comboarena as ca

from .helpers import act, card, done_discarding, fv, kinds, new, only, play, seat

GRACE_HAND = ["ls", "fs", "wd", "sb", "lj"]
GRACE_DRAW = ["sk", "cp", "ds", "fk", "sk", "cp"]


def boris_hits(grace=None, combo=("bk",)):
    """Boris wins with Hammer Fist against Light Step and combos ``combo``: returns the state
    with Grace to take the damage, and the damage."""
    grace = grace or seat(GRACE_HAND, GRACE_DRAW)
    state = new(deck=[seat(["hf", "bk", "cc", "iw", "wb"], ["pa", "sg", "st", "hs", "sc"]), grace])
    play(state, "hf", "ls")
    events = act(state, 0, *combo, "end")
    return state, only(events, "damage").data["amount"]


def test_the_taker_discards_one_card_per_point_from_hand_or_deck():
    state, damage = boris_hits()
    assert damage == card("boris", "hf").opening + card("boris", "bk").combo.base
    assert state.to_act == (1,)
    assert [str(a) for a in state.legal_actions(1)] == ["lj", "wd", "sb", "fs", "deck", "rest"]
    events = act(state, 1, "wd")
    assert only(events, "take").data == {"cards": ["wd"], "from": "hand", "left": damage - 1}
    assert "wd" not in state.view(1)["hand"] and fv(state, 1)["discard"] == ["wd"]
    events = act(state, 1, "deck")
    assert only(events, "take").data == {"cards": ["sk"], "from": "deck", "left": damage - 2}
    events = act(state, 1, "rest")  # the rest from the top of the deck, in order
    assert only(events, "take").data["cards"] == GRACE_DRAW[1 : damage - 1]
    assert fv(state, 1)["damage"] == 0 and state.phase == "discard"


def test_damage_is_never_taken_by_the_dealer():
    state, _ = boris_hits()
    assert state.legal_actions(0) == []
    with pytest.raises(ca.IllegalAction, match="not seat 0's decision"):
        state.apply(0, "deck")


def test_discarding_the_last_card_knocks_out():
    # "If by taking damage you are forced to discard your last and 50th card, your fighter is
    # knocked out": Grace holds 4 cards and her deck 2; Boris deals exactly 6.
    grace = seat(GRACE_HAND, ["sk", "cp"], rest="discard")
    state = new(deck=[seat(["hf", "bk", "cc", "iw", "wb"], ["pa", "sg", "st", "hs", "sc"]), grace])
    play(state, "hf", "ls")
    assert len(state.view(1)["hand"]) + fv(state, 1)["deck"] == 6
    events = act(state, 0, "bk", "end")
    assert only(events, "damage").data["amount"] == 6
    assert only(events, "ko").seat == 1
    assert only(events, "fight_over").data == {"fight": 1, "winner": 0, "wins": [1, 0]}
    assert state.view(None)["fight"] == 2 and state.phase == "play"


@pytest.mark.parametrize("order", ["hand first", "deck first", "mixed"])
def test_the_last_card_knocks_out_whatever_order_the_damage_is_taken_in(order):
    # One point less than her cards: she survives in every order, one point more is a K.O.
    grace = seat(GRACE_HAND, ["sk", "cp", "ds"], rest="discard")
    state = new(deck=[seat(["hf", "bk", "cc", "iw", "wb"]), grace])
    play(state, "hf", "ls")
    events = act(state, 0, "bk", "end")
    assert only(events, "damage").data["amount"] == 6 and "ko" not in kinds(events)
    hand = state.view(1)["hand"]
    moves = {"hand first": [*hand, "deck", "deck"], "deck first": ["rest", *hand[:3]], "mixed": ["deck", *hand, "deck"]}
    events = act(state, 1, *moves[order])
    assert "ko" not in kinds(events) and not fv(state, 1)["ko"]
    # Whatever the order, one card of hand and deck is left; if the deck ran out, the discard
    # pile became the new deck after the hit.
    left = {"hand first": (0, False), "deck first": (1, True), "mixed": (0, False)}[order]
    assert (fv(state, 1)["hand_size"], fv(state, 1)["staggering"]) == left
    if not left[1]:
        assert fv(state, 1)["deck"] == 1


def test_a_knock_out_is_decided_when_the_hit_is_dealt():
    grace = seat(GRACE_HAND, ["sk", "cp", "ds"], rest="discard")
    state = new(deck=[seat(["hf", "bk", "wb", "cc", "iw"]), grace])
    play(state, "hf", "ls")
    events = act(state, 0, "bk", "wb", "end")  # 4 + 2 + 1 = 7: her 4 cards in hand and 3 in the deck
    assert only(events, "damage").data["amount"] == 7
    assert only(events, "ko").data == {"why": "forced to discard the last card"}
    assert only(events, "fight_over").data["winner"] == 0


def test_emptying_the_deck_mid_hit_takes_the_rest_from_the_hand_then_staggers():
    # The hit is finished first (the rest from the hand); then the Staggering Card shows and the
    # discard pile becomes the new deck; the *next* hit is the one that knocks out.
    state, damage = boris_hits(seat(GRACE_HAND, ["sk", "cp", "ds"], rest="discard"))
    assert damage == 6
    pile = len(fv(state, 1)["discard"])
    events = act(state, 1, "rest")
    assert only(events, "take").data == {"cards": ["sk", "cp", "ds"], "from": "deck", "left": 3}
    assert "stagger" not in kinds(events) and not fv(state, 1)["staggering"]
    assert fv(state, 1)["deck"] == 0 and state.to_act == (1,)
    assert [str(a) for a in state.legal_actions(1)] == state.view(1)["hand"]  # only the hand now
    with pytest.raises(ca.IllegalAction, match="your deck is empty"):
        state.apply(1, "deck")
    hand = state.view(1)["hand"]
    events = act(state, 1, *hand[:2])
    assert "stagger" not in kinds(events)
    events = act(state, 1, hand[2])
    assert kinds(events) == ["take", "stagger"]
    # The new deck: the discard pile with the hit's 6 cards (the played card is still in play).
    assert only(events, "stagger").data == {"deck": pile + 6, "again": False}
    assert fv(state, 1)["staggering"] and not fv(state, 1)["ko"] and fv(state, 1)["hand_size"] == 1


def test_taking_from_the_hand_first_keeps_the_fighter_standing():
    state, damage = boris_hits(seat(GRACE_HAND, ["sk", "cp", "ds"], rest="discard"))
    hand = state.view(1)["hand"]
    events = act(state, 1, *hand[: damage - 2], "deck", "deck")
    assert "stagger" not in kinds(events) and "ko" not in kinds(events)
    assert fv(state, 1)["deck"] == 1 and not fv(state, 1)["staggering"]


def test_the_view_warns_of_a_needless_stagger_before_the_choice():
    # Grace can absorb the hit with her hand; taking the rest from the deck would empty it.
    state, damage = boris_hits(seat(GRACE_HAND, ["sk", "cp", "ds"], rest="discard"))
    assert damage == 6 and fv(state, 1)["deck"] == 3
    assert fv(state, 1)["risks"] == {"rest": "stagger"}
    act(state, 1, "deck", "deck")
    assert fv(state, 1)["risks"] == {"deck": "stagger", "rest": "stagger"}
    act(state, 1, state.view(1)["hand"][0])
    assert fv(state, 1)["risks"] == {"deck": "stagger", "rest": "stagger"}
    assert fv(state, 0)["risks"] == {}  # nobody else owes damage
    # The terminal menu says so before the person chooses.
    ui = state.game.text_ui()
    ui.render(state.view(1), ["Boris", "You"])
    labels = {str(item.actions[0]): item.label for item in ui.menu(state.legal_actions(1))}
    assert "empties your deck" in labels["rest"] and "empties your deck" in labels["deck"]
    assert "empties" not in labels[state.view(1)["hand"][0]]


def test_no_warning_when_the_deck_keeps_a_card():
    state, damage = boris_hits(seat(GRACE_HAND, ["sk", "cp", "ds", "fk", "sk", "cp", "lj"], rest="discard"))
    assert damage < fv(state, 1)["deck"] and fv(state, 1)["risks"] == {}


def test_a_staggering_fighter_is_knocked_out_by_the_next_damage():
    state = new(deck=[seat(["hf", "bk", "cc", "iw", "wb"]), seat(GRACE_HAND, [], rest="discard")])
    # An empty deck at the start shows the Staggering Card at once.
    v = fv(state, 1)
    assert v["staggering"] and v["aside"] == ["ps"] and v["deck"] == 50 - 5 - 1 and v["discard"] == []
    play(state, "hf", "ls")
    events = act(state, 0, "end")
    assert kinds(events) == ["damage", "ko", "fight_over", "fight"]
    assert state.view(None)["wins"] == [1, 0]


def test_drawing_the_last_card_shows_the_staggering_card_and_the_discard_pile_becomes_the_deck():
    state, damage = boris_hits(seat(GRACE_HAND, ["sk"], rest="discard"), combo=())
    assert damage == card("boris", "hf").opening
    act(state, 1, *state.view(1)["hand"][:damage])
    # The played card went to the discard pile before the refill, so it is in the new deck.
    assert fv(state, 1)["discard"][-1] == "ls"
    discarded = len(fv(state, 1)["discard"])
    events = done_discarding(state)
    stagger = only(events, "stagger")
    assert stagger.seat == 1 and not stagger.data["again"]
    assert stagger.data["deck"] == discarded
    v = fv(state, 1)
    assert v["staggering"] and v["discard"] == [] and v["hand_size"] == 5
    # She drew the deck's last card, then the rest of her refill from the new deck.
    assert v["deck"] == discarded - (5 - (4 - damage) - 1)


def test_end_of_round_discards_played_cards_then_optional_discards_then_refill():
    state, damage = boris_hits()
    act(state, 1, "rest")
    assert state.phase == "discard" and state.to_act == (0, 1)
    assert fv(state, 0)["play"] == [] and fv(state, 0)["discard"] == ["hf", "bk"]
    assert fv(state, 1)["discard"] == [*GRACE_DRAW[:damage], "ls"]  # the damage, then the played card
    events = act(state, 0, "iw")
    assert only(events, "discard").data == {"card": "iw"}
    assert fv(state, 0)["discard"] == ["hf", "bk", "iw"]
    assert state.to_act == (0, 1)  # still discarding
    act(state, 0, "done")
    assert state.to_act == (1,)
    events = act(state, 1, "done")
    refill = [e for e in events if e.kind == "refill"]
    assert [(e.seat, e.data["count"]) for e in refill] == [(0, 3), (1, 1)]
    assert ca.events_for(refill, 0)[0].data["cards"] == ["pa", "sg", "st"]  # the top of the deck, in order
    assert "cards" not in ca.events_for(refill, 1)[0].data  # the opponent sees only how many
    index = state.game.fighters[0].index
    assert state.view(0)["hand"] == sorted(["cc", "wb", "pa", "sg", "st"], key=index.get)
    assert state.phase == "play" and state.view(None)["round"] == 2


def test_a_tie_on_two_staggering_fighters_is_a_double_knock_out_and_a_drawn_fight():
    assert not card("boris", "pa").priority and not card("grace", "sb").priority
    stag = {"draw": [], "rest": "discard"}
    state = new(deck=[{"hand": ["pa", "hf", "cc", "iw", "wb"], **stag}, {"hand": GRACE_HAND, **stag}])
    events = play(state, "pa", "sb")
    assert only(events, "reveal").data["winner"] is None
    assert [e.seat for e in events if e.kind == "ko"] == [0, 1]
    assert only(events, "fight_over").data == {"fight": 1, "winner": -1, "wins": [0, 0]}
    assert state.view(None)["fights"] == [-1] and state.view(None)["fight"] == 2
