"""The encoder: every action the table can offer, numbered; observations from views only;
and the names it all uses, documented in docs/games/combo-fighter.md."""

import random
from pathlib import Path

import pytest

import comboarena as ca
from comboarena.games.combo_fighter.view import EventKind, FighterSeatView, FighterView, Phase

from .helpers import new, play, seat

DOC = Path(__file__).parents[3] / "docs" / "games" / "combo-fighter.md"


def test_the_actions_are_the_tables_cards_then_the_words():
    enc = ca.make("combo-fighter").encoder()
    boris, grace = ca.make("combo-fighter").fighters
    codes = [c.code for c in boris.cards] + [c.code for c in grace.cards if c.code not in boris.index]
    texts = [str(enc.action(i)) for i in range(enc.num_actions)]
    assert texts[: len(codes)] == codes
    assert texts[len(codes) :] == ["end", "call", "deck", "rest", "done", "power", "pass"]
    assert enc.index("hf") == 0 and enc.index(ca.make("combo-fighter").parse_action("pass")) == len(texts) - 1
    with pytest.raises(ca.IllegalAction, match="tag is not an action of this game"):
        enc.index("tag")


def test_each_mode_numbers_what_it_can_offer():
    tag = ca.make("combo-fighter", mode="tag").encoder()
    texts = {str(tag.action(i)) for i in range(tag.num_actions)}
    assert {"aside:nd", "tag", "stay", "pass", "boris", "grace", "junior", "lucia"} <= texts
    # Solo against AI Grace: the AI's retroactive power is the rules' to use, not an agent's.
    solo = ca.make("combo-fighter", mode="solo", fighters="boris,grace").encoder()
    assert "power" not in {str(solo.action(i)) for i in range(solo.num_actions)}


def test_legal_actions_map_to_distinct_numbers_throughout_a_game():
    game = ca.make("combo-fighter", mode="tag", best_of=1)
    enc = game.encoder()
    state = game.new_state(seed=4)
    rng = random.Random(4)
    while not state.is_over:
        s = rng.choice(state.to_act)
        legal = state.legal_actions(s)
        indices = enc.legal_indices(state, s)
        assert sorted(enc.index(a) for a in legal) == indices and len(set(indices)) == len(legal)
        mask = enc.legal_mask(state, s)
        assert sum(mask) == len(legal) and all(mask[i] for i in indices)
        state.apply(s, rng.choice(legal))


def test_the_observation_depends_on_the_view_only():
    enc = ca.make("combo-fighter").encoder()
    a = new(deck=[seat(["hf", "iw", "cc", "pa", "hs"]), seat(["ls", "lj", "wd", "sb", "fs"])])
    b = a.clone()
    a.apply(0, "hf")
    b.apply(0, "iw")  # a different hidden card: Grace's observation cannot tell
    assert enc.observe(a.view(1)) == enc.observe(b.view(1))
    assert enc.observe(a.view(0)) != enc.observe(b.view(0))  # Boris knows his own card
    obs = enc.observe(a.view(0))
    assert len(obs) == enc.observation_shape[0] and all(isinstance(x, float) for x in obs)
    feature = next(f for f in enc.features if f.name == "choice")
    assert obs[feature.start + a.game.fighters[0].index["hf"]] == 1.0


def test_the_risks_are_observed():
    enc = ca.make("combo-fighter").encoder()
    state = new(deck=[seat(["hf", "bk", "cc", "iw", "wb"]), seat(["ls", "lj", "wd", "sb", "fs"], ["sk", "cp", "ds"])])
    play(state, "hf", "ls")
    state.apply(0, "bk")
    state.apply(0, "end")
    risks = next(f for f in enc.features if f.name == "seat1_risks")
    obs = enc.observe(state.view(1))
    assert obs[risks.start : risks.stop] == [0.0, 0.0]  # a long deck: no risk
    assert state.view(1)["fighters"][1]["risks"] == {}


def test_the_documentation_names_every_view_key_event_kind_and_position_field():
    doc = DOC.read_text(encoding="utf-8")
    for key in list(FighterView.__annotations__) + list(FighterSeatView.__annotations__):
        assert f"`{key}`" in doc, f"view key {key} is not documented"
    for kind in EventKind:
        assert f"`{kind}`" in doc, f"event kind {kind} is not documented"
    for phase in Phase:
        assert f"`{phase}`" in doc
    state = ca.make("combo-fighter").new_state(seed=1)
    pos = state.position()
    for key in list(pos) + list(pos["fighters"][0]):
        assert f"`{key}`" in doc, f"position field {key} is not documented"
    enc = ca.make("combo-fighter").encoder()
    for feature in enc.features:
        assert f"`{feature.name}`" in doc, f"observation feature {feature.name} is not documented"


def test_the_fast_event_names_mirror_the_event_kinds():
    from comboarena.games.combo_fighter.view import Ev, TakeFrom

    fast = {k: v for k, v in vars(Ev).items() if k.isupper()}
    assert {k: v for k, v in fast.items() if k not in ("HAND", "DECK")} == {k.name: k for k in EventKind}
    assert all(getattr(Ev, k.name) is k for k in EventKind)
    assert Ev.HAND is TakeFrom.HAND and Ev.DECK is TakeFrom.DECK
