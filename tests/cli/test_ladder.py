"""``comboarena ladder``: the rated table, the JSON ladder, the plot and one-line errors."""

import json
import sys

import pytest
from typer.testing import CliRunner

import comboarena as ca
from comboarena.cli import app
from comboarena.cli.ladder import lobby_entrants
from comboarena.server.presets import presets
from comboarena.sim.ladder import LadderReport

pytest.importorskip("openskill")

runner = CliRunner()


def one_line_error(out, text):
    lines = out.output.strip().splitlines()
    return out.exit_code == 2 and len(lines) == 1 and text in lines[0] and "Traceback" not in out.output


def test_a_ladder_prints_ratings_and_writes_them(tmp_path):
    path = tmp_path / "ladder.json"
    out = runner.invoke(
        app, ["ladder", "sixteen", "-a", "random,sixteen.heuristic", "-n", "6", "--seed", "2", "--out", str(path)]
    )
    assert out.exit_code == 0, out.output
    text = " ".join(out.output.split())
    assert "sixteen ladder · 6 games · 6 per pairing · seed 2" in text
    assert "provisional" in text  # 6 games is below the default threshold
    report = LadderReport.from_dict(json.loads(path.read_text()))
    assert report.seed == 2 and report.games == 6 and [r.games for r in report.ratings] == [6, 6]
    first = report.ratings[0]
    assert f"{first.mu:.1f}" in text and f"{first.low:.1f}–{first.high:.1f}" in text


def test_the_threshold_is_an_option(tmp_path):
    out = runner.invoke(app, ["ladder", "sixteen", "-a", "random,first", "-n", "2", "--provisional", "2"])
    assert out.exit_code == 0, out.output
    assert "provisional below 2 games" in " ".join(out.output.split())
    assert "provisional " not in out.output.split("results by pairing")[0].replace("provisional below", "")


def test_the_lobby_presets_are_rated_under_their_names(tmp_path):
    path = tmp_path / "lobby.json"
    args = ["ladder", "sixteen", "--presets", "-a", "random,first,sixteen.heuristic", "-n", "2", "--out", str(path)]
    out = runner.invoke(app, args)
    assert out.exit_code == 0, out.output
    data = json.loads(path.read_text())
    assert [a["agent"] for a in data["agents"]] == ["random", "first", "sixteen.heuristic"]
    names = {p.name for p in presets(ca.make("sixteen"), 3.0)}
    assert {r["agent"] for r in data["ratings"]} <= names


def test_search_presets_play_without_their_time_budget():
    entrants = {e.label: e.spec for e in lobby_entrants(ca.make("sixteen"))}
    assert entrants["ismcts:iters=200"].startswith("ismcts:iters=200")
    assert not any("time=" in spec for spec in entrants.values())


def test_a_plot_is_drawn(tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "ladder.png"
    out = runner.invoke(app, ["ladder", "sixteen", "-a", "random,first", "-n", "2", "--plot", str(path)])
    assert out.exit_code == 0, out.output
    assert path.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-a", "random"], "a ladder needs at least two agents"),
        (["-a", "random,nobody"], "unknown agent 'nobody'"),
        (["-a", "random,first", "-n", "0"], "-n must be at least 1"),
        (["-a", "random,first", "-o", "colour=red"], "unknown option 'colour'"),
        (["-a", "random,first", "-o", "players=3"], "players"),
        ([], "name the agents with --agents"),
        (["--presets", "-a", "random,ismcts"], "with --presets, --agents names presets"),
        (["-a", "random,first", "--provisional", "-1"], "--provisional"),
        (["-a", "random,first", "--backend", "cloud"], "unknown --backend"),
        (["-a", "random,first", "--plot", "x.nope"], "--plot"),
    ],
)
def test_bad_input_is_one_line(args, message):
    out = runner.invoke(app, ["ladder", "sixteen", *args])
    assert one_line_error(out, message), out.output


def test_without_openskill_the_ladder_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "openskill.models", None)  # import fails as if not installed
    out = runner.invoke(app, ["ladder", "sixteen", "-a", "random,first", "-n", "2"])
    assert one_line_error(out, "ratings need openskill: pip install -e '.[ratings]'"), out.output
