"""What each seat may see, notation, stacked decks, determinization and reshuffles."""

import json
import random

import pytest

import comboarena as ca

from .helpers import act, fv, new, only, play, seat

BORIS = ["hf", "iw", "cc", "pa", "hs"]
GRACE = ["ls", "lj", "wd", "sb", "fs"]


def test_a_face_down_card_is_in_no_other_view_until_both_have_chosen():
    a = new(deck=[seat(BORIS), seat(GRACE)])
    b = a.clone()
    events = a.apply(0, "hf")
    b.apply(0, "iw")
    # Whichever card Boris chose, Grace and a spectator see exactly the same.
    assert a.view(1) == b.view(1) and a.view(None) == b.view(None)
    assert a.view(1)["fighters"][0]["chosen"] is True and a.view(1)["fighters"][0]["play"] == []
    assert a.view(0)["choice"] == "hf" and "choice" not in a.view(None)
    # The event carries the card to its owner only.
    choose = only(events, "choose")
    assert ca.events_for([choose], 0)[0].data == {"card": "hf"}
    assert ca.events_for([choose], 1)[0].data == {} and ca.events_for([choose], None)[0].data == {}
    assert a.to_act == (1,) and a.legal_actions(0) == []
    # Once both have chosen, both cards are revealed to everyone.
    reveal = only(a.apply(1, "lj"), "reveal")
    assert reveal.data["cards"] == ["hf", "lj"] and reveal.private is None


def test_views_hold_own_hand_and_public_zones_only():
    state = new(deck=[seat(BORIS), seat(GRACE)])
    v1 = state.view(1)
    assert v1["hand"] == ["lj", "wd", "sb", "ls", "fs"]
    assert v1["fighters"][0]["hand_size"] == 5 and "hand" not in v1["fighters"][0]
    spectator = state.view(None)
    assert "hand" not in spectator and json.loads(json.dumps(spectator)) == spectator
    with pytest.raises(ca.IllegalAction, match="no seat 5"):
        state.view(5)


def test_determinize_keeps_the_view_samples_the_hidden_cards_and_uses_a_fresh_seed():
    state = new(seed=3)
    state.apply(0, str(state.legal_actions(0)[0]))  # Boris's card is face down
    view = state.view(1)
    rng = random.Random(0)
    samples = [state.game.determinize(view, 1, rng) for _ in range(30)]
    assert all(s.view(1) == view and s.seed != state.seed for s in samples)
    boris = [s.position()["fighters"][0] for s in samples]
    grace = [s.position()["fighters"][1] for s in samples]
    assert len({tuple(b["deck"]) for b in boris}) == 30  # Boris's deck order is not known
    assert len({b["face_down"] for b in boris}) > 1  # nor his face-down card
    assert all(g["hand"] == state.view(1)["hand"] for g in grace)  # Grace's own hand is


def deck_of(state, s):
    """Seat ``s``'s deck, top first (a position holds the whole state)."""
    return state.position()["fighters"][s]["deck"]


def stagger_grace(seed):
    """Grace's deck runs out at the end of round 1: her discard pile is reshuffled."""
    state = new(deck=[seat(BORIS), seat(GRACE, ["sk"], rest="discard")], seed=seed)
    play(state, "hs", "wd")  # footwork beats defense
    act(state, 0, "end")
    assert fv(state, 1)["damage"] < 4  # she keeps a card in hand, so she discards (done) before refilling
    act(state, 1, *state.view(1)["hand"][: fv(state, 1)["damage"]])
    return state


def test_a_reshuffle_comes_from_the_states_own_seed_and_a_counter():
    one, two, other = stagger_grace(5), stagger_grace(5), stagger_grace(6)
    for s in (one, two, other):
        act(s, 0, "done")
        act(s, 1, "done")
        assert fv(s, 1)["staggering"]
    assert deck_of(one, 1) == deck_of(two, 1)
    assert deck_of(one, 1) != deck_of(other, 1)


def test_a_determinized_state_cannot_predict_the_real_reshuffle():
    state = stagger_grace(5)
    act(state, 0, "done")
    view = state.view(1)
    rng = random.Random(1)
    guesses = []
    for _ in range(10):
        det = state.game.determinize(view, 1, rng)
        act(det, 1, "done")
        guesses.append(deck_of(det, 1))
    act(state, 1, "done")
    assert all(fv(state, 1)["deck"] == len(g) for g in guesses)
    assert deck_of(state, 1) not in guesses and len({tuple(g) for g in guesses}) == 10


def test_notation_reads_back_and_mistakes_say_what_is_allowed():
    game = ca.make("combo-fighter")
    for text in ("hf", "aside:nd", "end", "call", "deck", "rest", "power", "pass", "done", "tag", "stay", "lucia"):
        assert str(game.parse_action(text)) == text
    assert str(game.parse_action(" Aside : ND ")) == "aside:nd"
    with pytest.raises(ca.NotationError, match="not a Combo Fighter move"):
        game.parse_action("punch")
    with pytest.raises(ca.NotationError, match="no fighter has a card 'zz'"):
        game.parse_action("aside:zz")
    state = new(deck=[seat(BORIS), seat(GRACE)])
    before = state.clone()
    with pytest.raises(
        ca.IllegalAction, match=r"Tundra Suplex \(ts\) is not in your hand; legal now for seat 0: hf, iw, cc, pa, hs"
    ):
        state.apply(0, "ts")
    with pytest.raises(ca.IllegalAction, match="play a card from your hand face down"):
        state.apply(0, "end")
    with pytest.raises(ca.IllegalAction, match="hf is not a card of Grace Lee"):
        state.apply(1, "hf")  # a card of the other fighter
    assert state == before


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        ("hf", "deck must be a list"),
        ([["hf"]], "must list 2 entries"),
        ([["zz"], None], "names 'zz', not a card of Boris"),
        ([{"hand": ["ts", "ts", "ts", "ts"]}, None], "uses 4 x 'ts'"),
        ([["hf"] * 4, None], "uses 5 x 'hf'"),  # with the Character Sheet's starting Hammer Fist
        ([{"hand": []}, None], "hand must hold 1 to 7"),
        ([{"hnd": ["hf"]}, None], "unknown key 'hnd'"),
        ([{"rest": "void"}, None], "rest must be 'deck' or 'discard'"),
        ([None, {"draw": ["ps"]}], "uses 2 x 'ps'"),  # Phoenix Strike is set aside by Grace's token
        ({"fights": []}, "one key, 'fights'"),
    ],
)
def test_bad_stacked_decks_are_option_errors(deck, message):
    with pytest.raises(ca.OptionError, match=message):
        new(deck=deck)


def test_the_solo_ai_cannot_be_given_a_hand():
    with pytest.raises(ca.OptionError, match="solo AI has no hand"):
        new(mode="solo", deck=[None, {"hand": ["lj"]}])


def test_a_stacked_deck_is_recorded_and_replays():
    state = new(deck=[["bk", "ts"], {"hand": GRACE, "draw": ["sk"]}])
    play(state, "hf", "ls")
    record = ca.Record.from_json(state.record.to_json())
    assert record.deck == {"fights": [[{"draw": ["bk", "ts"]}, {"hand": GRACE, "draw": ["sk"]}]]}
    assert ca.replay(record) == state


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"fighters": ("boris",)}, "mode versus takes 2 fighters"),
        ({"fighters": ("boris", "ryu")}, "'ryu' is not a fighter"),
        ({"mode": "tag", "fighters": ("boris", "grace", "boris", "lucia")}, "four different fighters"),
        ({"mode": "tag"}, None),
        ({"mode": "brawl"}, "allowed one of 'versus', 'solo', 'tag'"),
    ],
)
def test_options(options, message):
    if message is None:
        assert ca.make("combo-fighter", **options).options["fighters"] == ("boris", "grace", "junior", "lucia")
        return
    with pytest.raises(ca.OptionError, match=message):
        ca.make("combo-fighter", **options)


def test_mirror_matches_are_allowed_in_versus():
    state = new(("lucia", "lucia"))
    assert [f["fighter"] for f in state.view(None)["fighters"]] == ["lucia", "lucia"]
