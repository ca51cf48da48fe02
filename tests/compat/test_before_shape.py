"""Records and positions written before the games took one shape (issue 18) replay
and load to the very same games: the same result, the same views, the same legal
moves, the same observations and encoder layout. ``before_shape.json`` was made by
``make_fixtures.py`` at commit 3f29ccf."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import comboarena as ca

CASES: list[dict[str, Any]] = json.loads(Path(__file__).with_name("before_shape.json").read_text())
#: Records of random games that broke a rule fixed since: they stop at that move, saying so.
#: (#11 recovered onto the target pair of a Surprise, Hire Assassin: "the target can't make
#: changes to their target pair in any way after the action value is revealed".)
BROKE_A_RULE = {
    "16-combos[placement=dealt,columns=4,recovery=True]#11": (
        r"record action 14 \(1, 'recover d'\) does not replay: recover d is not allowed"
    ),
}


def _id(case: dict[str, Any]) -> str:
    options = ",".join(f"{k}={v}" for k, v in case["options"].items())
    return f"{case['game']}[{options}]#{case['seed']}"


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def test_the_fixtures_cover_every_game():
    assert {c["game"] for c in CASES} == set(ca.games())


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_an_old_record_replays_to_the_same_result_and_table(case):
    record = ca.Record.from_json(case["record"])
    if _id(case) in BROKE_A_RULE:
        with pytest.raises(ca.RecordError, match=BROKE_A_RULE[_id(case)]):
            ca.replay(record)
        return
    state = ca.replay(record)
    assert state.is_over
    result = state.result()
    assert list(result.returns) == case["result"]["returns"]
    assert str(result.reason) == case["result"]["reason"]
    assert len(state.record.actions) == case["steps"]
    assert _json(state.view(None)) == case["final_view"]


@pytest.mark.parametrize("case", [c for c in CASES if c["positions"]], ids=_id)
def test_an_old_position_loads_to_the_same_choices_views_and_encodings(case):
    game = ca.make(case["game"], **case["options"])
    enc = game.encoder()
    assert enc.describe() == case["encoder"], "the encoder's layout is unchanged"
    for saved in case["positions"]:
        state = game.from_position(saved["position"])
        assert list(state.to_act) == saved["to_act"], saved["step"]
        assert [str(a) for a in state.legal_actions(saved["to_act"][0])] == saved["legal"], saved["step"]
        for seat, view in saved["views"].items():
            assert _json(state.view(None if seat == "None" else int(seat))) == view, (saved["step"], seat)
        for seat, numbers in saved["observations"].items():
            assert enc.observe(state.view(None if seat == "None" else int(seat))) == numbers, (saved["step"], seat)
        assert enc.legal_mask(state, saved["to_act"][0]) == saved["mask"], saved["step"]
