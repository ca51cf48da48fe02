"""The encoder: a fixed, documented action numbering and observations computed from a view only."""

import random
from pathlib import Path

import pytest

import comboarena as ca
from comboarena.core.cards import DECK

from .helpers import act, new

BASES = ["KD", "5H", "9D", "3H"]
DOC = Path(__file__).parents[3] / "docs" / "games" / "ccc-combo.md"


def test_every_action_has_the_documented_number():
    enc = ca.make("ccc-combo").encoder()
    assert enc.num_actions == 319
    assert enc.index("2S>0") == 0 and enc.index("2S>3") == 3 and enc.index("AC>3") == 207
    assert enc.index("7H>2") == 4 * DECK.index("7H") + 2 == 74
    assert enc.index("discard 2S") == 208 and enc.index("discard AC") == 259
    assert enc.index("burn 2S") == 260 and enc.index("burn AC") == 311
    assert [enc.index(a) for a in ("pass", "draw", "heal", "bp 0", "bp 3")] == [312, 313, 314, 315, 318]
    for i in range(enc.num_actions):
        assert enc.index(enc.action(i)) == i


def test_fixed_big_players_drop_the_bp_actions_and_keep_every_other_number():
    fixed = ca.make("ccc-combo", big_players=(0, 1)).encoder()
    chosen = ca.make("ccc-combo").encoder()
    assert fixed.num_actions == 315
    assert [str(fixed.action(i)) for i in range(315)] == [str(chosen.action(i)) for i in range(315)]
    with pytest.raises(ca.IllegalAction, match="not an action of this game with these options"):
        fixed.index("bp 0")


def test_legal_indices_are_the_legal_actions():
    state = new(BASES, [["7H", "8C"], [], [], ["7D"]])
    enc = state.game.encoder()
    assert [str(enc.action(i)) for i in enc.legal_indices(state, 0)] == sorted(
        (str(a) for a in state.legal_actions(0)), key=enc.index
    )
    act(state, (0, "7H>1"))
    assert enc.legal_indices(state, 3) == [enc.index("7D>1"), enc.index("pass")]


def test_the_observation_reads_the_view_seat_relative():
    state = new(BASES, [["7H"], [], [], ["7D"]])
    act(state, (0, "7H>1"), (2, "pass"))
    enc = state.game.encoder()
    f = {feature.name: feature for feature in enc.features}
    obs = enc.observe(state.view(3))
    assert len(obs) == enc.observation_shape[0] == enc.layout.size
    hand = obs[f["hand"].start : f["hand"].stop]
    assert [DECK[i] for i, x in enumerate(hand) if x] == sorted(state.view(3)["hand"], key=DECK.index)
    # Seat 3 sees seat 0 (the turn player) one place clockwise, the window on seat 1's pile two places on.
    assert obs[f["turn"].start : f["turn"].stop] == [0.0, 1.0, 0.0, 0.0]
    assert obs[f["window_pile"].start : f["window_pile"].stop] == [0.0, 0.0, 1.0, 0.0]
    assert obs[f["to_act"].start : f["to_act"].stop] == [1.0, 0.0, 1.0, 0.0]  # seat 3 itself and seat 1
    assert obs[f["phase"].start : f["phase"].stop] == [0.0, 0.0, 1.0, 0.0, 0.0, 0.0]
    assert obs[f["stack"].start + 2] == 0.1
    spectator = enc.observe(state.view(None))
    assert not any(spectator[f["hand"].start : f["hand"].stop])


def test_the_observation_depends_on_the_view_only():
    state = new(BASES, [["7H"], [], [], ["7D"]])
    act(state, (0, "7H>1"))
    enc = state.game.encoder()
    view = state.view(2)
    for i in range(5):
        det = state.game.determinize(view, 2, random.Random(i))
        assert enc.observe(det.view(2)) == enc.observe(view)


def test_the_docs_print_the_encoders_layout():
    text = DOC.read_text()
    enc = ca.make("ccc-combo").encoder()
    assert enc.layout.describe() in text
    assert f"version {enc.version}" in text
