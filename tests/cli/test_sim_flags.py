"""``sim --paired``, ``--target-ci``, ``--backend`` and ``tournament --backend``: what they
print and write, and their one-line errors."""

import json
import sys

from typer.testing import CliRunner

from comboarena.cli import app

runner = CliRunner()
SIM = ["sim", "sixteen", "-a", "sixteen.heuristic,random"]


def one_line_error(out, text):
    lines = out.output.strip().splitlines()
    return out.exit_code == 2 and len(lines) == 1 and text in lines[0] and "Traceback" not in out.output


def test_a_paired_run_says_so_and_shows_what_its_games_are_worth(tmp_path):
    out = runner.invoke(app, [*SIM, "-n", "60", "--paired", "--out", str(tmp_path / "p.json")])
    assert out.exit_code == 0, out.output
    text = " ".join(out.output.split())
    assert "worth" in text and "paired: each of 30 deals played from all 2 seat assignments" in text
    report = json.loads((tmp_path / "p.json").read_text())
    assert report["paired"] is True and report["deals"] == 30
    assert all("effective_games" in row for row in report["per_agent"])


def test_a_target_width_run_says_how_many_games_it_played_and_why_it_stopped(tmp_path):
    args = [*SIM, "-n", "2000", "--target-ci", "0.1", "--chunk", "20", "--out", str(tmp_path / "t.json")]
    out = runner.invoke(app, args)
    assert out.exit_code == 0, out.output
    report = json.loads((tmp_path / "t.json").read_text())
    assert report["games"] < 2000 and report["max_games"] == 2000 and report["target_ci"] == 0.1
    assert f"stopped: every agent's interval narrower than 0.1 after {report['games']} of at most 2000" in " ".join(
        out.output.split()
    )


def test_a_plain_run_writes_no_keys_of_the_new_flags(tmp_path):
    out = runner.invoke(app, [*SIM, "-n", "4", "--out", str(tmp_path / "r.json")])
    assert out.exit_code == 0
    report = json.loads((tmp_path / "r.json").read_text())
    assert not {"backend", "paired", "deals", "target_ci", "stopped"} & set(report)
    assert "paired" not in out.output and "stopped" not in out.output and "worth" not in out.output


def test_bad_combinations_are_one_line_errors():
    assert one_line_error(runner.invoke(app, [*SIM, "-n", "5", "--paired"]), "-n must be a multiple of 2")
    assert one_line_error(runner.invoke(app, [*SIM, "--paired", "--no-rotate"]), "cannot keep seats fixed")
    assert one_line_error(runner.invoke(app, [*SIM, "--target-ci", "0"]), "between 0 and 1")
    cf = ["sim", "combo-fighter", "--matchups", "-a", "random", "-n", "1"]
    assert one_line_error(runner.invoke(app, [*cf, "--paired"]), "--paired and --target-ci are for plain runs")
    assert one_line_error(runner.invoke(app, [*SIM, "--backend", "dask"]), "unknown --backend 'dask'")
    assert one_line_error(runner.invoke(app, [*SIM, "--address", "h:1"]), "add --backend ray")
    assert one_line_error(runner.invoke(app, [*SIM, "--chunk", "0"]), "--chunk must be at least 1")
    assert one_line_error(runner.invoke(app, ["tournament", "combo-fighter", "--backend", "x"]), "unknown --backend")


def test_without_ray_the_ray_backend_is_one_line_saying_to_install_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails as if it were not installed
    for args in ([*SIM, "-n", "2", "--backend", "ray"], ["tournament", "combo-fighter", "--backend", "ray"]):
        out = runner.invoke(app, args)
        assert one_line_error(out, "pip install 'comboarena[cluster]'"), out.output


def test_bad_paths_and_backends_are_refused_before_any_game(monkeypatch, tmp_path):
    import comboarena.cli.sim as command

    started = []
    monkeypatch.setattr(command, "simulate", lambda *a, **k: started.append(1))
    monkeypatch.setattr(command, "play_matchups", lambda *a, **k: started.append(1))
    for args in (
        [*SIM, "--out", str(tmp_path / "missing" / "r.json")],
        [*SIM, "--backend", "spark"],
        ["sim", "combo-fighter", "--matchups", "-a", "random", "--address", "h:1"],
        ["sim", "combo-fighter", "--matchups", "-a", "random", "--plot", str(tmp_path / "m.pngg")],
    ):
        assert runner.invoke(app, args).exit_code == 2
    assert started == []


def test_the_score_column_is_explained_in_the_games_words():
    out = CliRunner().invoke(app, ["sim", "sixteen", "-a", "random,first", "-n", "4"])
    assert out.exit_code == 0, out.output
    assert "score: the mean per game of sets won by the seat's team" in out.output


def test_a_matchup_matrix_of_eight_keeps_its_row_labels_at_120_columns(monkeypatch):
    """Issue 21: at 120 columns the 16 Bit Tactics matrix lost its row labels and cut its cells."""
    from comboarena.cli import common

    monkeypatch.setattr(common.console, "_width", 120)  # the command's console, made at import
    out = CliRunner().invoke(app, ["sim", "16-bit-tactics", "--matchups", "-a", "first", "-n", "1", "-o", "rounds=1"])
    assert out.exit_code == 0, out.output
    matrix = out.output.split("overall")[0]
    jobs = ("evoker", "herald", "hexer", "lancer", "mender", "ranger", "scout", "vanguard")
    rows = [line for line in matrix.splitlines() if line.strip().split(" ")[0] in jobs]
    assert [r.split()[0] for r in rows] == list(jobs)  # every row starts with its fighter
    assert "…" not in matrix and all(len(line) <= 120 for line in matrix.splitlines())
