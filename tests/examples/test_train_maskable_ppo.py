"""examples/train_maskable_ppo.py trains end to end on a tiny budget and exports a policy
that the numpy agent plays. It needs the ``train`` extra (sb3-contrib, torch), which
``make test`` does not install: without it this test is skipped, saying so."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

import comboarena as ca

pytest.importorskip("sb3_contrib", reason="the train extra (sb3-contrib, torch) is not installed")

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"


def _script():
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", ["sixteen", "combo-fighter"])
def test_training_runs_end_to_end_and_the_export_plays_legal_moves(name, tmp_path):
    game = ca.make(name)
    out = tmp_path / f"{name}.npz"
    script = _script()
    script.train(game, steps=512, out=out, envs=2, hidden=(16,), seed=1)
    # Training on from an exported policy (--init) starts its actor from those weights.
    again = tmp_path / f"{name}-2.npz"
    script.train(game, steps=256, out=again, envs=2, hidden=(16,), seed=2, init=str(out))
    agent = ca.make_agent(f"policy:path={again}", game)
    state = game.new_state(seed=3)
    rng = random.Random(0)
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        choice = agent.choose(state.view(seat), legal, rng)
        assert choice in legal
        state.apply(seat, choice)
