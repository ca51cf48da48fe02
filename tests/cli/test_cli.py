"""The comboarena command."""

import json

from typer.testing import CliRunner

from comboarena.cli import app

runner = CliRunner()


def test_games_and_rules():
    out = runner.invoke(app, ["games"])
    assert out.exit_code == 0 and "sixteen" in out.output
    out = runner.invoke(app, ["rules", "sixteen"])
    assert out.exit_code == 0 and "W=5G" in out.output and "sixteen.heuristic" in out.output


def test_sim_prints_a_table_and_writes_a_report(tmp_path):
    path = tmp_path / "r.json"
    out = runner.invoke(app, ["sim", "sixteen", "--agents", "sixteen.heuristic,random", "-n", "20", "--out", str(path)])
    assert out.exit_code == 0, out.output
    assert "95% CI" in out.output and "games/s" in out.output
    report = json.loads(path.read_text())
    assert report["games"] == 20 and report["per_agent"][0]["label"] == "sixteen.heuristic"


def test_user_errors_are_one_line_without_traceback():
    for args in (
        ["sim", "sixteen", "--agents", "random,random", "-n", "2", "-o", "players=3"],
        ["sim", "chess", "--agents", "random", "-n", "2"],
        ["rules", "chess"],
        ["play", "sixteen", "--vs", "nobody"],
        ["replay", "/no/such/file.json"],
    ):
        out = runner.invoke(app, args)
        assert out.exit_code == 2, args
        assert "error:" in out.output and "Traceback" not in out.output, out.output


def test_play_a_whole_game_from_typed_moves_and_save_the_record(tmp_path):
    # A person who types '1' (the first move on the menu) and, if that was a wild, declares it 2G;
    # when '2G' reaches the move prompt instead it is played if held or explained if not.
    path = tmp_path / "game.json"
    out = runner.invoke(app, ["play", "sixteen", "--seed", "3", "--save", str(path)], input="1\n2G\n" * 60)
    assert out.exit_code == 0, out.output
    assert "Game over" in out.output and "Record saved" in out.output
    record = json.loads(path.read_text())
    assert record["result"] is not None and len(record["actions"]) == 54


def test_play_explains_typos_and_quits_cleanly():
    out = runner.invoke(app, ["play", "sixteen", "--seed", "3"], input="banana\n99\n?\nquit\n")
    assert out.exit_code == 0
    assert "not a Sixteen move" in out.output and "Pick a number from 1 to" in out.output
    assert "Legal moves:" in out.output and "You left the game." in out.output


def test_replay_shows_the_end_and_json(tmp_path):
    path = tmp_path / "game.json"
    runner.invoke(app, ["play", "sixteen", "--seed", "5", "--save", str(path)], input="1\n2G\n" * 60)
    out = runner.invoke(app, ["replay", str(path), "--json"])
    data = json.loads(out.output)
    assert data["result"]["winners"] and "hand" not in data["view"]
    out = runner.invoke(app, ["replay", str(path), "--step"])
    assert out.exit_code == 0 and "  54." in out.output
    path.write_text("{broken")
    out = runner.invoke(app, ["replay", str(path)])
    assert out.exit_code == 2 and "invalid JSON" in out.output
