"""Solo mode: the AI fighter (seat 1) follows the solo rules, and each fighter's own."""

import random

import pytest

import comboarena as ca
from comboarena.games.combo_fighter.content import fighters
from comboarena.games.combo_fighter.rules import plans

from .helpers import act, card, done_discarding, fv, kinds, new, only, seat

BORIS = ["hf", "iw", "cc", "pa", "hs"]
GRACE = ["ls", "lj", "wd", "sb", "fs"]


def solo(player, ai, ai_draw, hand, **ai_more):
    return new((player, ai), mode="solo", deck=[seat(hand), {"draw": ai_draw, **ai_more}])


def test_the_ai_has_no_hand_and_plays_the_top_card_of_its_deck():
    state = solo("grace", "boris", ["iw", "hf"], GRACE)
    v = fv(state, 1)
    assert v["hand_size"] == 0 and v["deck"] == 50
    assert state.to_act == (0,) and state.legal_actions(1) == []
    events = state.apply(0, "lj")
    reveal = only(events, "reveal")
    assert reveal.data["cards"] == ["lj", "iw"] and reveal.data["winner"] == 1  # defense beats attack


def test_the_ai_draws_four_plays_its_best_combo_and_unplayed_cards_deal_1_damage_each():
    # Hammer Fist wins; of Tundra Suplex, Iron Wall, Iron Wall and Stomp only the Suplex follows it.
    state = solo("grace", "boris", ["hf", "ts", "iw", "iw", "st"], GRACE)
    events = state.apply(0, "ls")
    assert only(events, "ai_draw").data["cards"] == ["ts", "iw", "iw", "st"]
    combo = only(events, "ai_combo").data
    assert combo["cards"] == ["hf", "ts"] and sorted(combo["unplayed"]) == ["iw", "iw", "st"]
    hf, ts = card("boris", "hf"), card("boris", "ts")
    assert combo["damage"] == hf.opening + ts.combo.base
    assert only(events, "damage").data == {"to": 0, "amount": combo["damage"] + 3, "how": "solo"}
    assert sorted(fv(state, 1)["discard"]) == ["iw", "iw", "st"]
    # The person takes the damage, card by card.
    assert state.phase == "damage" and state.to_act == (0,)


def test_the_ai_plays_the_combo_dealing_the_most_damage():
    draw = ["cc", "hf", "bk", "wb", "pa"]
    state = solo("grace", "boris", draw, GRACE)
    events = state.apply(0, "lj")  # Counter Crush (defense) beats the attack
    combo = only(events, "ai_combo").data
    boris = fighters()["boris"]
    every = plans(boris, boris.index["cc"], tuple(boris.types(draw[1:])), (), frozenset(), state.x(1), 0)
    assert combo["damage"] == max(p.damage for p in every)


def test_the_ai_takes_its_damage_from_the_deck_without_a_decision():
    draw = ["ls", "sk", "cp", "fk", "ds", "sk", "cp", "fk"]
    state = solo("boris", "grace", draw, BORIS)
    state.apply(0, "hf")  # attack beats footwork
    events = act(state, 0, "end")
    take = only(events, "take")
    assert take.seat == 1 and take.data["from"] == "deck"
    assert take.data["cards"] == draw[1 : 1 + card("boris", "hf").opening]
    assert state.phase == "discard" and state.to_act == (0,)


def test_the_ai_staggers_when_it_draws_its_last_card():
    state = solo("grace", "boris", ["hf", "ts", "iw"], GRACE, rest="discard")
    events = state.apply(0, "ls")
    assert "stagger" in kinds(events) and fv(state, 1)["staggering"]


def test_boris_solo_flips_after_a_win_with_two_blue_cards_drawn():
    state = solo("grace", "boris", ["hf", "iw", "pa", "hs", "st"], GRACE)
    state.apply(0, "ls")
    act(state, 0, "rest")
    events = done_discarding(state)
    assert only(events, "flip").data["side"] == "B"


def test_solo_boris_keeps_his_tokens_flip_after_a_round_won_on_defense():
    # His solo rule is added to his Power Token's: a round won with a defense card flips him,
    # even though he drew no blue card.
    state = solo("grace", "boris", ["iw", "hs", "st", "hf", "bk"], GRACE)
    state.apply(0, "lj")
    act(state, 0, "rest")
    events = done_discarding(state)
    assert only(events, "flip").data["side"] == "B" and fv(state, 1)["side"] == "B"


def test_solo_boris_without_either_rule_does_not_flip():
    # He wins with an attack card and draws one blue card: neither his token nor his solo rule.
    state = solo("grace", "boris", ["hf", "iw", "hs", "st", "bk"], GRACE)
    state.apply(0, "ls")
    act(state, 0, "rest")
    events = done_discarding(state)
    assert "flip" not in kinds(events) and fv(state, 1)["side"] == "A"


def test_the_ai_is_knocked_out_by_discarding_its_last_card():
    # The AI's life is its deck: with 2 cards left it does not survive 2 damage.
    state = solo("boris", "grace", ["ls", "sk", "cp"], BORIS, rest="discard")
    assert fv(state, 1)["deck"] == 3
    hf = card("boris", "hf")
    events = state.apply(0, "hf")  # Light Step (the top card) loses to the attack
    assert fv(state, 1)["deck"] == 2 and hf.opening >= 2
    events = act(state, 0, "end")
    assert only(events, "ko").data["why"] == "forced to discard the last card"
    assert only(events, "fight_over").data["winner"] == 0


def test_the_ai_keeps_standing_with_one_card_more_than_the_damage():
    state = solo("boris", "grace", ["ls", "sk", "cp", "fk", "ds", "wd"], BORIS, rest="discard")
    state.apply(0, "hf")
    events = act(state, 0, "end")
    take = only(events, "take")
    assert take.data["cards"] == ["sk", "cp", "fk", "ds"][: card("boris", "hf").opening]
    assert "ko" not in kinds(events) and fv(state, 1)["deck"] == 5 - card("boris", "hf").opening


def test_the_ai_uses_its_retroactive_power_when_it_then_wins():
    # "Play according to the normal rules": the AI keeps its Power Token, retroactive power
    # included. AI Grace's Swallow Kick (Speed 6) ties Boris's Wolf Bite on side B (5 + 1).
    wb, sk = card("boris", "wb"), card("grace", "sk")
    assert sk.speed == wb.speed + 1
    state = new(
        ("boris", "grace"),
        mode="solo",
        deck=[seat(["wb", "iw", "cc", "pa", "hs"], side="B"), {"draw": ["sk", "lj", "wd", "wd", "wd", "wd"]}],
    )
    events = state.apply(0, "wb")
    assert only(events, "reveal").data["winner"] is None  # Speed 6 against Speed 6
    power = only(events, "power")
    assert power.seat == 1 and power.data["speed"] == 2 and power.data["paid"] == ["lj"]
    assert only(events, "outcome").data["winner"] == 1
    assert "ai_combo" in kinds(events) and state.to_act == (0,)


def test_the_ai_declines_its_retroactive_power_when_it_would_not_win():
    # Dragon Spin (Speed 4) + 2 still loses to Wolf Bite on side B (Speed 6).
    state = new(
        ("boris", "grace"),
        mode="solo",
        deck=[seat(["wb", "iw", "cc", "pa", "hs"], side="B"), {"draw": ["ds", "lj", "wd"]}],
    )
    events = state.apply(0, "wb")
    assert "power" not in kinds(events) and only(events, "pass").seat == 1
    assert fv(state, 1)["retro"] == "declined" and state.phase == "combo" and state.to_act == (0,)


def grace_ai(player_deck=None):
    """AI Grace wins with Lightning Jab; nothing she draws follows it, but Phoenix Strike
    (set aside) could. Boris's deck is ``player_deck`` exactly, if given."""
    boris = seat(["hs", "iw", "cc", "pa", "hf"])
    if player_deck is not None:
        boris = seat(["hs", "iw", "cc", "pa", "hf"], player_deck, rest="discard")
    return new(("boris", "grace"), mode="solo", deck=[boris, {"draw": ["lj", "sk", "sk", "wd", "wd"]}])


def test_grace_solo_keeps_phoenix_strike_unless_it_wins_the_fight_outright():
    state = grace_ai()
    assert fv(state, 1)["aside"] == ["ps"]
    events = state.apply(0, "hs")
    assert only(events, "ai_combo").data["cards"] == ["lj"] and fv(state, 1)["aside"] == ["ps"]
    # With 4 cards in hand and 3 in the deck, Boris falls to 8 damage: Phoenix Strike gets there.
    state = grace_ai(["st", "st", "st"])
    events = state.apply(0, "hs")
    combo = only(events, "ai_combo").data
    assert combo["cards"] == ["lj", "ps"] and combo["damage"] + len(combo["unplayed"]) >= 4 + 3 + 1


def test_lucia_solo_draws_five_on_side_b():
    for side, drawn in (("A", 4), ("B", 5)):
        state = new(("boris", "lucia"), mode="solo", deck=[seat(BORIS), {"draw": ["sw"] + ["gl"] * 5, "side": side}])
        events = state.apply(0, "hs")  # attack beats footwork
        assert len(only(events, "ai_draw").data["cards"]) == drawn


def test_junior_solo_begins_the_game_with_two_needles_aside_not_every_fight():
    # "Junior begins the game with 2 Needle already set aside" (Grace "begins a fight" with hers).
    for player, ai, first, later in (("boris", "junior", ["nd", "nd"], []), ("boris", "grace", ["ps"], ["ps"])):
        state = ca.make("combo-fighter", fighters=[player, ai], mode="solo").new_state(seed=3)
        assert fv(state, 1)["aside"] == first
        rng = random.Random(0)
        fights = []
        while not state.is_over and not fights:
            (who,) = state.to_act
            events = state.apply(who, rng.choice(state.legal_actions(who)))
            fights = [e for e in events if e.kind == "fight" and e.data["fight"] == 2]
        assert fights, "the match reached a second fight"
        assert fv(state, 1)["aside"] == later


def test_a_stacked_second_fight_may_deal_junior_every_needle():
    # His two Needles lie aside in the first fight only, so a second fight's stack may name all 6.
    game = ca.make("combo-fighter", fighters=["boris", "junior"], mode="solo")
    state = game.new_state(seed=1, deck={"fights": [[None, None], [None, {"draw": ["nd"] * 6}]]})
    assert fv(state, 1)["aside"] == ["nd", "nd"]
    with pytest.raises(ca.OptionError, match=r"uses 8 x 'nd'"):
        game.new_state(seed=1, deck={"fights": [[None, {"draw": ["nd"] * 6}]]})


def test_junior_solo_starts_with_two_needles_aside_sets_a_third_aside_first_and_flips():
    # (His token's own flip, a third Needle aside, holds too: both are at work here.)
    state = new(("boris", "junior"), mode="solo", deck=[seat(BORIS), {"draw": ["mk", "nd", "gp", "sp", "ws"]}])
    assert fv(state, 1)["aside"] == ["nd", "nd"] and fv(state, 1)["deck"] == 48
    events = state.apply(0, "hs")  # Meridian Kick beats footwork
    combo = only(events, "ai_combo").data
    assert combo["set_aside"], "prefers setting a Needle aside over damage"
    assert combo["cards"][combo["set_aside"][0]] == "nd"
    act(state, 0, "rest")
    events = done_discarding(state)
    assert only(events, "flip").data["side"] == "B" and fv(state, 1)["aside"] == ["nd", "nd", "nd"]
