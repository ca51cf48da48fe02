"""Positions: the shared envelope, strict field reading, records that start from a position."""

import json

import pytest

import comboarena as ca
from comboarena.core import Fields


def test_fields_name_the_path_of_every_problem():
    f = Fields({"turn": 5, "hands": [[1]], "nested": {"x": "a"}}, "position")
    with pytest.raises(ca.PositionError, match=r"^position.turn must be a whole number from 0 to 3, got 5$"):
        f.number("turn", 0, 3)
    inner = f.fields("nested")
    with pytest.raises(ca.PositionError, match=r"position.nested.x must be one of 'b', got 'a'"):
        inner.text("x", ("b",))
    with pytest.raises(ca.PositionError, match="position is missing the field 'pile'"):
        f.get("pile")
    with pytest.raises(ca.PositionError, match="must be a list"):
        f.seq("turn")
    with pytest.raises(ca.PositionError, match="must be true or false"):
        f.flag("turn")


def test_fields_refuse_what_was_never_read():
    f = Fields({"turn": 1, "tunr": 2})
    f.number("turn")
    with pytest.raises(ca.PositionError, match="unknown field 'tunr'; the fields here are turn"):
        f.done()
    with pytest.raises(ca.PositionError, match="must be a JSON object, got a list"):
        Fields([1, 2])


def test_the_envelope_names_the_game_version_and_options():
    game = ca.make("sixteen", players=4)
    pos = game.new_state(seed=1).position()
    assert {k: pos[k] for k in ("game", "version", "options")} == {
        "game": "sixteen",
        "version": 1,
        "options": {"players": 4, "matches": True, "wilds": True, "draw": "auto", "bonus": False},
    }
    assert pos["chance"] == {"seed": 1, "draws": 1, "forced": []}
    with pytest.raises(ca.PositionError, match=r"position.options.players is 4, but this game has players=2"):
        ca.make("sixteen").from_position(pos)
    with pytest.raises(ca.PositionError, match="position.game is 'ccc-combo', but this game is 'sixteen'"):
        game.from_position({**pos, "game": "ccc-combo"})
    with pytest.raises(ca.PositionError, match="position.version 9 is not supported"):
        game.from_position({**pos, "version": 9})


def test_a_game_from_a_position_records_it_and_replays_from_it():
    game = ca.make("sixteen")
    state = game.new_state(seed=4)
    for _ in range(3):
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    start = game.from_position(state.position())
    assert start.history == [] and start.view(0) == state.view(0)
    for _ in range(4):
        seat = start.to_act[0]
        action = start.legal_actions(seat)[-1]
        start.apply(seat, action)
        state.apply(seat, action)
    record = ca.Record.from_json(start.record.to_json())
    assert record.position is not None and len(record.actions) == 4
    assert ca.replay(record).position() == state.position()


def test_a_position_is_a_copy_not_a_view_of_the_state():
    state = ca.make("sixteen").new_state(seed=5)
    pos = state.position()
    pos["hands"][0].clear()
    assert state.position()["hands"][0] != []
    json.dumps(state.position())


def test_records_carry_player_names_and_read_them_back():
    state = ca.make("sixteen").new_state(seed=2)
    record = state.record.with_players(["Ada", "sixteen.heuristic"])
    back = ca.Record.from_json(record.to_json())
    assert back.players == ["Ada", "sixteen.heuristic"]
    assert "players" not in json.loads(state.record.to_json())  # unknown names are left out
    with pytest.raises(ca.RecordError, match="players"):
        ca.Record.from_dict({**record.to_dict(), "players": [1, 2]})
    with pytest.raises(ca.RecordError, match="position"):
        ca.Record.from_dict({**record.to_dict(), "position": [1]})
