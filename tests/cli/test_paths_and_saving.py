"""Bad paths are one-line errors found before any work; records are saved when a
person quits a game started with --save, and a bad name at the save question asks again."""

import io
import json

from rich.console import Console
from typer.testing import CliRunner

import comboarena as ca
from comboarena.cli import app
from comboarena.terminal import Session
from tests.terminal.helpers import Person, Script, Time
from tests.terminal.snap import Snap

runner = CliRunner()


def one_line_error(out, flag):
    lines = out.output.strip().splitlines()
    ok = out.exit_code == 2 and len(lines) == 1 and lines[0].startswith(f"error: {flag}")
    return ok and "Traceback" not in out.output


def test_sim_out_that_cannot_be_written_is_refused_before_the_run(monkeypatch, tmp_path):
    import comboarena.sim as sim

    started = []
    monkeypatch.setattr(sim, "run", lambda *a, **k: started.append(1) or iter(()))
    (tmp_path / "file").write_text("x")
    for bad in (tmp_path / "missing" / "r.json", tmp_path, tmp_path / "file" / "r.json"):
        out = runner.invoke(app, ["sim", "sixteen", "-a", "random", "-n", "5", "--out", str(bad)])
        assert one_line_error(out, "--out"), out.output
    assert started == []


def test_sim_out_is_written_and_a_report_there_before_is_kept_until_then(tmp_path):
    path = tmp_path / "r.json"
    out = runner.invoke(app, ["sim", "sixteen", "-a", "random", "-n", "2", "--out", str(path)])
    assert out.exit_code == 0 and json.loads(path.read_text())["games"] == 2
    missing = tmp_path / "new.json"
    runner.invoke(app, ["sim", "sixteen", "-a", "random", "-n", "0", "--out", str(missing)])
    assert not missing.exists()  # the check leaves no empty file behind when the run stops early


def test_plot_path_and_type_are_checked_before_the_matchups(monkeypatch, tmp_path):
    import comboarena.sim.matchups as matchups

    started = []
    monkeypatch.setattr(matchups, "run_matchups", lambda *a, **k: started.append(1) or iter(()))
    args = ["sim", "combo-fighter", "--matchups", "-a", "random", "-n", "1", "--plot"]
    for bad in (tmp_path / "missing" / "m.png", tmp_path / "m.pngg", tmp_path):
        out = runner.invoke(app, [*args, str(bad)])
        assert one_line_error(out, "--plot"), out.output
    assert "must end in an image type" in runner.invoke(app, [*args, str(tmp_path / "m.txt")]).output
    assert started == []


def test_play_save_that_cannot_be_written_is_refused_before_the_game(tmp_path):
    out = runner.invoke(app, ["play", "sixteen", "--save", str(tmp_path / "no" / "g.json")], input="1\n" * 10)
    assert one_line_error(out, "--save"), out.output
    assert "Your hand" not in out.output


def test_replay_of_a_path_that_is_no_record_file_is_one_line():
    for bad in ("/no/such/file.json", "/"):
        out = runner.invoke(app, ["replay", bad])
        assert out.exit_code == 2 and len(out.output.strip().splitlines()) == 1 and "error:" in out.output


def test_quitting_a_game_started_with_save_saves_the_record_so_far(tmp_path):
    path = tmp_path / "g.json"
    args = ["play", "sixteen", "--seed", "3", "--save", str(path), "--name", "Ada"]
    out = runner.invoke(app, args, input="1\nquit\n")
    assert out.exit_code == 0 and "You left the game." in out.output
    assert "Record so far (2 moves) saved to" in out.output.replace("\n", " ")
    record = ca.Record.from_json(path.read_text())
    assert record.result is None and record.players == ["Ada", "sixteen.heuristic"]
    assert len(record.actions) == 2 and not ca.replay(record).is_over


def test_a_bad_name_at_the_save_question_asks_again(tmp_path):
    good = tmp_path / "g.json"
    person = Person(Time(), [], lines=["flip", str(tmp_path / "no" / "g.json"), str(tmp_path), str(good)])
    out = io.StringIO()
    session = Session(Snap(rounds=1), [None, Script(), Script()], console=Console(file=out, width=200), ask=person.line)
    assert session.run() is not None
    assert session.offer_save() == good
    assert person.lines == []  # asked three times
    assert out.getvalue().count("Could not save") == 2 and "Give another file name" in out.getvalue()
    assert ca.Record.from_json(good.read_text()).players == ["Player 0", "script", "script"]


def test_enter_at_the_save_question_skips():
    person = Person(Time(), [], lines=["flip", ""])
    session = Session(Snap(rounds=1), [None, Script(), Script()], console=Console(file=io.StringIO()), ask=person.line)
    session.run()
    assert session.offer_save() is None and person.lines == []


def test_bad_play_flags_are_one_line_errors_before_the_game():
    for args, flag in (
        (["--reaction-delay", "2-1"], "reaction delay"),
        (["--reaction-delay", "soon"], "reaction delay"),
        (["--name", "Ada", "--name", "Ben"], "2 --name given for 1 person at the table"),
    ):
        out = runner.invoke(app, ["play", "sixteen", *args], input="quit\n")
        assert out.exit_code == 2 and flag in out.output and "Your hand" not in out.output, out.output
