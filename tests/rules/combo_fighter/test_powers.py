"""Power Tokens: side A at setup, flips at the end of a round, X, set-aside cards,
and a retroactive power offered before the opponent plays on."""

import comboarena as ca
from comboarena.games.combo_fighter.content import ATTACK, fighters

from .helpers import act, card, done_discarding, fv, kinds, new, only, play, seat

GRACE_HAND = ["lj", "ds", "ls", "wd", "sb"]


def finish_round(state):
    """Whoever still has damage to take takes it from the deck; everyone is done discarding."""
    events = []
    while state.phase == "damage":
        s = state.to_act[0]
        events += state.apply(s, "rest" if fv(state, s)["damage"] > 1 else "deck")
    events += done_discarding(state)
    return events


def test_every_token_starts_on_side_a():
    state = new(("junior", "lucia"))
    assert [fv(state, s)["side"] for s in (0, 1)] == ["A", "A"]


def test_boris_flips_to_side_b_after_a_round_won_on_defense_and_x_grows():
    boris = fighters()["boris"]
    a, b = boris.token.sides
    state = new(deck=[seat(["iw", "cc", "hf", "pa", "hs"], ["sg"] * 5), seat(GRACE_HAND, ["sk"] * 4)])
    assert state.x(0) == a.x_base
    play(state, "iw", "lj")  # defense beats attack
    act(state, 0, "end")
    assert fv(state, 0)["flip"] is False  # decided at the end of the round...
    events = act(state, 1, "deck")
    assert fv(state, 0)["flip"] is True and fv(state, 0)["side"] == "A"
    events = done_discarding(state)
    flip = only(events, "flip")  # ...and resolved after the refill
    assert flip.seat == 0 and flip.data == {"side": "B", "power": b.name}
    assert kinds(events).index("refill") < kinds(events).index("flip")
    assert fv(state, 0)["side"] == "B" and state.x(0) == b.x_base


def test_boris_side_b_adds_speed_to_his_attacks():
    assert fighters()["boris"].token.sides[1].speed == 1
    hand = ["hf", "iw", "cc", "pa", "hs"]
    state = new(("boris", "boris"), deck=[seat(hand, side="B"), seat(hand)])
    reveal = only(play(state, "hf", "hf"), "reveal")  # the same card, one Speed apart
    speed = card("boris", "hf").speed
    assert reveal.data["winner"] == 0 and reveal.data["why"] == f"Speed {speed + 1} beats Speed {speed}"


def slower_grace_attack(than: int, retro: int) -> str:
    """A Grace attack that loses to Speed ``than`` but wins with ``retro`` more."""
    return next(
        c.code
        for c in fighters()["grace"].cards
        if c.kind == ATTACK and c.code != "ps" and c.speed < than < c.speed + retro
    )


def test_a_retroactive_power_is_offered_to_its_owner_before_the_winner_plays_on():
    retro = fighters()["grace"].token.sides[0].retro
    boris_speed = card("boris", "wb").speed
    mine = slower_grace_attack(boris_speed, retro.speed)
    state = new(deck=[seat(["wb", "iw", "cc", "hf", "pa"]), seat([mine, "lj", "ls", "wd", "sb"], ["sk", "cp"])])
    events = play(state, "wb", mine)
    assert only(events, "reveal").data["winner"] == 0
    # Boris won, but Grace decides first: the winner may not combo yet.
    assert state.phase == "retro" and state.to_act == (1,)
    assert state.legal_actions(0) == [] and [str(a) for a in state.legal_actions(1)] == ["power", "pass"]
    events = act(state, 1, "power")
    assert only(events, "power").data == {"power": "Blazing Speed", "speed": retro.speed, "paid": ["sk"]}
    assert fv(state, 1)["discard"] == ["sk"] and fv(state, 1)["speed_bonus"] == retro.speed
    outcome = only(events, "outcome")
    assert outcome.data["winner"] == 1
    assert outcome.data["why"] == f"Speed {card('grace', mine).speed + retro.speed} beats Speed {boris_speed}"
    assert state.phase == "combo" and state.to_act == (1,)


def test_declining_the_retroactive_power_lets_the_winner_combo():
    boris_speed = card("boris", "wb").speed
    mine = slower_grace_attack(boris_speed, fighters()["grace"].token.sides[0].retro.speed)
    state = new(deck=[seat(["wb", "iw", "cc", "hf", "pa"]), seat([mine, "lj", "ls", "wd", "sb"], ["sk", "cp"])])
    play(state, "wb", mine)
    events = act(state, 1, "pass")
    assert "outcome" not in kinds(events) and fv(state, 1)["retro"] == "declined"
    assert state.phase == "combo" and state.to_act == (0,)


def test_no_retroactive_power_when_the_round_was_not_attack_against_attack():
    state = new(deck=[seat(["iw", "cc", "hf", "pa", "hs"]), seat(GRACE_HAND)])
    play(state, "iw", "lj")  # Grace lost with an attack, but to a defense card: Speed cannot help
    assert state.phase == "combo" and state.to_act == (0,)


def test_grace_keeps_phoenix_strike_aside_and_brings_it_into_a_combo():
    state = new(deck=[seat(["hs", "iw", "cc", "hf", "pa"]), seat(GRACE_HAND, ["sk"] * 3)])
    assert fv(state, 1)["aside"] == ["ps"] and "ps" not in state.view(1)["hand"]
    play(state, "hs", "lj")  # attack beats footwork
    assert card("grace", "lj").box >> card("grace", "ps").button & 1
    assert "ps" in [str(a) for a in state.legal_actions(1)]
    events = act(state, 1, "ps")
    assert only(events, "combo").data == {"card": "ps", "number": 2, "from_aside": True}
    assert fv(state, 1)["aside"] == [] and len(state.view(1)["hand"]) == 4
    events = act(state, 1, "end")
    lj, ps = card("grace", "lj"), card("grace", "ps")
    assert only(events, "damage").data["amount"] == lj.opening + ps.combo.base
    events = finish_round(state)
    assert only(events, "flip").data["side"] == "B"  # flip rule: played Phoenix Strike
    assert "ps" in fv(state, 1)["discard"]


def test_junior_sets_needles_aside_for_x_and_flips_at_three():
    junior = fighters()["junior"]
    a, b = junior.token.sides
    state = new(("junior", "boris"), deck=[seat(["nd", "nd", "gp", "ab", "ws"], ["sp"] * 5, aside=["nd"]), None])
    assert state.x(0) == a.x_base + a.x_per_aside * 1
    boris_footwork = next(c for c in state.view(1)["hand"] if card("boris", c).kind == 2)
    play(state, "nd", boris_footwork)
    legal = [str(a) for a in state.legal_actions(0)]
    assert "aside:nd" in legal and "nd" in legal
    events = act(state, 0, "aside:nd")
    assert only(events, "combo").data == {"card": "nd", "number": 2, "aside": True}
    assert state.x(0) == a.x_base + a.x_per_aside * 1  # "set aside in earlier rounds": this one counts next round
    assert "call" not in [str(x) for x in state.legal_actions(0)]  # no Signature Combo once a card is set aside
    events = act(state, 0, "end")
    assert only(events, "damage").data["amount"] == card("junior", "nd").opening  # the set-aside Needle deals none
    finish_round(state)
    assert fv(state, 0)["aside"] == ["nd", "nd"] and fv(state, 0)["side"] == "A"
    assert state.x(0) == a.x_base + 2 * a.x_per_aside
    # A third Needle set aside flips the token at the end of that round.
    state = new(("junior", "boris"), deck=[seat(["nd", "nd", "gp", "ab", "ws"], ["sp"] * 5, aside=["nd", "nd"]), None])
    play(state, "nd", boris_footwork)
    act(state, 0, "aside:nd", "end")
    events = finish_round(state)
    assert only(events, "flip").data["side"] == "B"
    assert state.x(0) == b.x_base + 3 * b.x_per_aside


def test_lucia_flips_to_b_on_a_win_refills_to_six_and_flips_back_when_she_loses():
    lucia = fighters()["lucia"]
    assert lucia.token.sides[1].hand == 6
    hand = ["sw", "hk", "gl", "pi", "sl"]
    state = new(("lucia", "boris"), deck=[seat(hand, ["fl"] * 4 + ["gl"] * 4), seat(["hs", "hf", "iw", "cc", "pa"])])
    play(state, "sw", "hs")  # attack beats footwork: Lucia wins
    act(state, 0, "end")
    events = finish_round(state)
    assert only(events, "flip").data["side"] == "B" and fv(state, 0)["hand_size"] == 5  # flipped after the refill
    play(state, "hk", "iw")  # defense beats attack: Lucia loses
    act(state, 1, "end")
    events = finish_round(state)
    assert fv(state, 0)["hand_size"] == 6  # refilled to side B's hand limit...
    flips = [e.data["side"] for e in events if e.kind == "flip" and e.seat == 0]
    assert flips == ["A"]  # ...then flipped back: she lost the round


def test_the_token_side_shows_in_every_view():
    state = new(deck=[seat(["iw", "cc", "hf", "pa", "hs"], side="B"), None])
    assert all(state.view(s)["fighters"][0]["side"] == "B" for s in (0, 1, None))
    assert ca.make("combo-fighter").fighters[0].token.sides[1].name in str(state.game.fighters[0].token)
