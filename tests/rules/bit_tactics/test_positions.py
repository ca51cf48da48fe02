"""Positions of format 1 (written before the state was declared once, when the battle's
index was called ``battle``) still load, and play on exactly as they did then.

``positions_v1.json`` was written by that code: each case is a position, the moves
then played from it, and the position they led to."""

import json
from pathlib import Path

import pytest

import comboarena as ca

CASES = json.loads(Path(__file__).with_name("positions_v1.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=[c["what"] for c in CASES])
def test_a_format_1_position_loads_and_plays_on_as_it_did(case):
    game = ca.make("16-bit-tactics", **case["options"])
    assert case["position"]["version"] == 1 and "battle" in case["position"]
    state = game.from_position(case["position"])
    for seat, move in case["moves"]:
        state.apply(seat, move)
    want = dict(case["after"])
    want["battle_index"] = want.pop("battle")
    want["version"] = 2
    assert state.position() == want


def test_a_format_1_position_is_read_as_format_2():
    case = next(c for c in CASES if c["position"]["phase"] == "camp")
    state = ca.make("16-bit-tactics", **case["options"]).from_position(case["position"])
    pos = state.position()
    assert pos["version"] == 2 and "battle" not in pos and pos["battle_index"] == case["position"]["battle"] == 1
    assert state.view(0)["battle"] == 1 and state.is_over is False
