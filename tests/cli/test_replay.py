"""Records carry the players' names; replays show them; ``replay --step --json``
streams every step as one JSON object per line."""

import json

from typer.testing import CliRunner

import comboarena as ca
from comboarena.cli import app

runner = CliRunner()
MOVES = "1\n2G\n" * 60  # the first move on the menu (a wild declared 2G)


def played(tmp_path, *args):
    path = tmp_path / "game.json"
    out = runner.invoke(app, ["play", "sixteen", "--seed", "5", "--save", str(path), *args], input=MOVES)
    assert out.exit_code == 0, out.output
    return path


def test_the_saved_record_names_the_players_and_replay_shows_them(tmp_path):
    path = played(tmp_path, "--name", "Ada")
    record = ca.Record.from_json(path.read_text())
    assert record.players == ["Ada", "sixteen.heuristic"] and record.result is not None
    out = runner.invoke(app, ["replay", str(path), "--step"])
    assert out.exit_code == 0
    assert "Players: seat 0: Ada, seat 1: sixteen.heuristic" in out.output
    assert "   1. Ada: " in out.output and "   2. sixteen.heuristic: " in out.output
    data = json.loads(runner.invoke(app, ["replay", str(path), "--json"]).output)
    assert data["players"] == ["Ada", "sixteen.heuristic"] and data["result"]["winners"]


def test_replay_step_json_streams_every_step(tmp_path):
    path = played(tmp_path)
    record = ca.Record.from_json(path.read_text())
    out = runner.invoke(app, ["replay", str(path), "--step", "--json"])
    assert out.exit_code == 0
    lines = [json.loads(line) for line in out.output.splitlines()]
    steps, end = lines[:-1], lines[-1]
    assert [s["step"] for s in steps] == list(range(1, len(record.actions) + 1))
    assert [(s["seat"], s["action"]) for s in steps] == record.actions
    assert {s["player"] for s in steps} == {"Player 0", "sixteen.heuristic"}
    assert all("hand" not in s["view"] for s in steps)  # a spectator's view: no hands
    assert any(e["kind"] == "play" for e in steps[0]["events"])
    assert end["result"] == record.result and end["steps"] == len(record.actions)
    assert end["view"] == steps[-1]["view"]


def test_records_without_names_still_load_and_replay(tmp_path):
    path = played(tmp_path)
    data = json.loads(path.read_text())
    del data["players"]
    path.write_text(json.dumps(data))
    out = runner.invoke(app, ["replay", str(path), "--step"])
    assert out.exit_code == 0 and "   1. Seat 0: " in out.output and "Players:" not in out.output


def test_a_record_naming_the_wrong_number_of_players_is_a_one_line_error(tmp_path):
    path = played(tmp_path)
    data = json.loads(path.read_text())
    data["players"] = ["Ada"]
    path.write_text(json.dumps(data))
    out = runner.invoke(app, ["replay", str(path)])
    assert out.exit_code == 2 and "names 1 players for a 2-seat game" in out.output
