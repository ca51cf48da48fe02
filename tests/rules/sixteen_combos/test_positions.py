"""Positions: the whole table as JSON, read back strictly."""

import json
import random
from pathlib import Path

import pytest

import comboarena as ca

from .helpers import TYPES, VALUES, attack, new


def _midgame(seed=3, steps=60, **options):
    game = ca.make("16-combos", **options)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("options", [{}, {"one_of_each": True}, {"multiple_values": True, "columns": 6}])
def test_a_position_round_trips_and_plays_on_identically(options):
    state = _midgame(**options)
    pos = json.loads(json.dumps(state.position()))
    again = state.game.from_position(pos)
    assert again.position() == pos
    for seat in (0, 1, None):
        assert again.view(seat) == state.view(seat)
    rng1, rng2 = random.Random(5), random.Random(5)
    for _ in range(30):
        if state.is_over:
            break
        seat = rng1.choice(state.to_act)
        action = rng1.choice(state.legal_actions(seat))
        rng2.choice(again.to_act), rng2.choice(again.legal_actions(seat))
        assert [e.to_dict() for e in state.apply(seat, action)] == [e.to_dict() for e in again.apply(seat, action)]
    assert again.position() == state.position()


def test_a_game_from_a_position_records_and_replays_it():
    state = new(TYPES, VALUES, ["9C"])
    start = state.game.from_position(state.position())
    attack(start, "H>1")
    again = ca.replay(ca.Record.from_json(start.record.to_json()))
    assert again.position() == start.position()


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda p: p["faces"].__setitem__(0, p["faces"][1]), "faces holds .* twice"),
        (lambda p: p["faces"].__setitem__(0, "ZZ"), "not a standard card"),
        (lambda p: p["discard"].extend([p["draw"][-1]] * 2) or p["draw"].pop(), "in the position 2 times"),
        (lambda p: p["draw"].pop(), "cards missing"),
        (lambda p: p["characters"][0].__setitem__("flags", "x"), "flags must be"),
        (lambda p: p.__setitem__("phase", "lunch"), "phase must be one of"),
        (lambda p: p["pairs"][0].__setitem__("colour", 1), "unknown field 'colour'"),
        (lambda p: p["pairs"][0].__setitem__("owner", 1), "names owner 1"),
        # Version 1's Available Actions fact [ids, type, need] is not a fact of version 2.
        (lambda p: p["constraints"].append([[6, 7, 8], 0, 2]), r"constraints\[0\] must be \[card ids"),
        (lambda p: p["constraints"].append([[6, 7, 8], [1, 1, 16], 1, 3]), r"constraints\[0\]\[1\]\[2\]"),
        (lambda p: p["constraints"].append([[6, 7, 8], [1, 1, 1], 1, 4]), r"constraints\[0\]\[2:\]\[1\]"),
    ],
)
def test_a_broken_position_is_refused_with_where_it_is_wrong(change, match):
    state = new(TYPES, VALUES)
    pos = state.position()
    change(pos)
    with pytest.raises(ca.PositionError, match=match):
        state.game.from_position(pos)


def _v1(name: str) -> dict:
    return json.loads((Path(__file__).parent / "data" / f"v1-{name}.json").read_text(encoding="utf-8"))


def test_positions_of_format_version_1_still_load_and_play_on():
    """Positions written before the facts about hidden types grew (version 1, saved by
    the engine of that time) load: each old fact "at least n of these cards have type t"
    reads as the same fact in the new form, and the game plays on."""
    game = ca.make("16-combos")
    old = _v1("mid-game")
    state = game.from_position(old)
    facts = state.position()["constraints"]
    assert len(facts) == len(old["constraints"])
    for (ids, t, need), (ids2, masks, least, most) in zip(old["constraints"], facts, strict=True):
        assert ids2 == ids and masks == [1 << t] * len(ids) and (least, most) == (need, len(ids))
    rng = random.Random(1)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    # Determinizing from an old position's views works too.
    again = game.from_position(old)
    for seat in (0, 1, None):
        game.determinize(again.view(seat), seat, random.Random(2))


def test_a_finished_version_1_position_gets_its_outcome_worked_out_again():
    game = ca.make("16-combos")
    old = _v1("over")
    state = game.from_position(old)
    result = state.result()
    assert state.is_over and list(result.winners) == old["outcome"]["winners"]
    assert state.position()["outcome"]["pairs"] == old["outcome"]["pairs"]
    assert result.reason.startswith("round limit")


#: Positions saved by the engine before the state's fields took the rulebook's names (format 2),
#: with the views that engine showed and a game it played on from each (``*.play.json``).
V2 = ["grapple", "snipe", "shield", "extra-turn"]


def _data(name: str) -> dict:
    return json.loads((Path(__file__).parent / "data" / f"{name}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", V2)
def test_positions_of_format_version_2_load_and_play_on_as_that_engine_did(name):
    """A format-2 position (a Grapple's next-pair turn, a Snipe being chosen with Defend in
    force, a Consultation pair as a shield, an extra turn queued) is the same table: every
    seat's view is what the engine of that time showed, and its moves lead to the same end."""
    old, play = _data(f"v2-{name}"), _data(f"v2-{name}.play")
    game = ca.make("16-combos", **old["options"])
    state = game.from_position(old)
    seats = [*range(game.players), None]
    assert [state.view(seat) for seat in seats] == play["views"]
    for seat, action in play["actions"]:
        state.apply(seat, action)
    assert [state.view(seat) for seat in seats] == play["end"]


def test_a_format_2_position_reads_with_the_rulebooks_names():
    """Format 3 renamed what read badly: ``extra_info``, a character's ``held`` and the
    action's ``tchar``, ``tcol``, ``tpair``, ``diff`` and ``kind``."""
    for name in V2:
        old = _data(f"v2-{name}")
        new = ca.make("16-combos", **old["options"]).from_position(old).position()
        assert new["version"] == 3 and "extra_info" not in new
        assert new["extra_turn_info"] == old["extra_info"]
        assert [ch["grappled"] for ch in new["characters"]] == [ch["held"] for ch in old["characters"]]
        a, b = old["action"], new["action"]
        assert (b["target"], b["target_column"], b["target_pair"], b["difference"], b["shield"]) == (
            a["tchar"], a["tcol"], a["tpair"], a["diff"], a["kind"] == 1
        )
    assert _data("v2-shield")["action"]["kind"] == 1  # the fixtures hold each renamed field in use
    assert _data("v2-extra-turn")["extra_info"] and any(ch["held"] for ch in _data("v2-grapple")["characters"])
