"""Encoders: a fixed action numbering and observations laid out feature by feature."""

import pytest

import comboarena as ca
from comboarena.core import Action, Encoder, Layout, one_hot


class Coin(Encoder):
    version = 3

    def __init__(self):
        layout = Layout()
        self.turn = layout.add("turn", 2, "whose turn")
        self.score = layout.add("score", 1, "your score / 10")
        super().__init__([Action("heads"), Action("tails")], layout)

    def observe(self, view):
        out = self.blank()
        one_hot(out, self.turn, view["turn"])
        out[self.score.start] = view["score"] / 10
        return out


def test_actions_are_numbered_in_the_order_given_and_map_back():
    enc = Coin()
    assert enc.num_actions == 2 and enc.index("tails") == 1 and enc.action(0) == Action("heads")
    with pytest.raises(ca.IllegalAction, match="numbered 0..1"):
        enc.action(2)
    with pytest.raises(ca.IllegalAction, match="not an action of this game"):
        enc.index("edge")


def test_the_layout_documents_each_feature_and_sizes_the_observation():
    enc = Coin()
    assert enc.observation_shape == (3,)
    assert [(f.name, f.start, f.size) for f in enc.features] == [("turn", 0, 2), ("score", 2, 1)]
    assert "| 2 | 1 | `score` | your score / 10 |" in enc.describe()
    assert enc.observe({"turn": 1, "score": 5}) == [0.0, 1.0, 0.5]
    lay = Layout()
    lay.add("x", 1, "")
    with pytest.raises(ValueError, match="declared twice"):
        lay.add("x", 1, "")


def test_two_actions_with_one_notation_cannot_be_numbered():
    with pytest.raises(ValueError, match="numbered twice"):
        Encoder.__init__(Coin.__new__(Coin), [Action("a"), Action("a")], Layout())


def test_sixteen_numbers_every_card_every_wild_declaration_and_draw():
    game = ca.make("sixteen", draw="strict")
    enc = game.encoder()
    assert enc.num_actions == 57 and str(enc.action(56)) == "draw" and str(enc.action(28)) == "W=0B"
    state = game.new_state(seed=1, deck=["W", "1R", "2R", "3R", "4R", "5R", "6R"])
    legal = state.legal_actions(0)
    assert enc.legal_indices(state, 0) == sorted(enc.index(a) for a in legal)
    assert sum(enc.legal_mask(state, 0)) == len(legal)
    view = state.view(0)
    obs = enc.observe(view)
    assert len(obs) == enc.observation_shape[0]
    hand = next(f for f in enc.features if f.name == "hand")
    assert obs[hand.stop - 1] == 0.5  # one wild in hand


def test_an_observation_never_depends_on_hidden_cards():
    game = ca.make("sixteen")
    a = game.new_state(seed=1, deck=["1R", "2G", "3B", "4O", "5R", "6G", "0B"])
    b = game.new_state(seed=1, deck=["1R", "6R", "3B", "6O", "5R", "6B", "0B"])  # seat 1's hand differs
    enc = game.encoder()
    assert enc.observe(a.view(0)) == enc.observe(b.view(0))
    assert enc.observe(a.view(1)) != enc.observe(b.view(1))


def test_whole_feature_writes_stay_inside_their_feature():
    from comboarena.core.encoder import Observation

    layout = Layout()
    layout.add("a", 3, "")
    layout.add("b", 2, "")
    obs = Observation(layout)
    obs.put("b", [0.5, 0.25])
    obs.count("a", [2, 2, 0], 0.5)
    obs.mark("a", [1])
    assert obs.values == [0.5, 1.0, 1.0, 0.5, 0.25]
    with pytest.raises(ValueError, match="holds 2 numbers, not 3"):
        obs.put("b", [1.0, 1.0, 1.0])
    # an index past the feature is an error, never the neighbour's number
    with pytest.raises(IndexError, match="3 is outside feature 'a'"):
        obs.count("a", [3])
    with pytest.raises(IndexError, match="-1 is outside feature 'a'"):
        obs.mark("a", [-1])
    with pytest.raises(IndexError, match="outside feature 'b'"):
        obs["b"][2] = 1.0
    assert obs.values == [0.5, 1.0, 1.0, 0.5, 0.25]
