"""16 Combos in the lobby, in ``sim``, in records and replays, with its ruleset named."""

import json

from typer.testing import CliRunner

import comboarena as ca
from comboarena.cli import app

from .helpers import TYPES, VALUES, attack, new


def test_the_lobby_lists_the_game_with_its_ruleset_and_options():
    from comboarena.server.catalog import game_info

    info = game_info("16-combos")
    assert info["title"] == "16 Combos" and "Poikilos 1.0 RC1" in info["summary"]
    assert "last side" in info["summary"] and "Combo Table" in info["notation"]
    names = {o["name"] for o in info["options"]}
    assert {"ruleset", "round_limit", "recovery", "one_of_each", "jokers"} <= names
    assert any(a["spec"] == "16-combos.heuristic" for a in info["agents"])
    catalog = ca.make("16-combos").catalog()
    assert catalog["ruleset"] == "16 Combos, Poikilos 1.0 RC1" and len(catalog["combos"]) == 16


def test_sim_runs_the_game_and_reports_it(tmp_path):
    out = tmp_path / "report.json"
    result = CliRunner().invoke(
        app, ["sim", "16-combos", "--agents", "random,16-combos.heuristic", "-n", "4", "-o", "columns=4",
              "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert report["games"] == 4 and report["options"]["ruleset"] == "Poikilos 1.0 RC1"


def test_a_record_names_the_ruleset_and_replays(tmp_path):
    state = new(TYPES, VALUES, ["9C"])
    attack(state, "H>1")
    path = tmp_path / "game.json"
    state.record.save(path)
    data = json.loads(path.read_text())
    assert data["options"]["ruleset"] == "Poikilos 1.0 RC1" and data["deck"]["deal"][:3] == TYPES[0]
    again = ca.replay(ca.Record.load(path))
    assert again.position() == state.position()
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
