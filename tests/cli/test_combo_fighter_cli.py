"""The command line with Combo Fighter: play, matchups with a heatmap, tournaments."""

import json

from typer.testing import CliRunner

from comboarena.cli import app

runner = CliRunner()


def test_rules_show_the_notation_and_the_heuristic():
    out = runner.invoke(app, ["rules", "combo-fighter"])
    assert out.exit_code == 0 and "aside:nd" in out.output and "combo-fighter.heuristic" in out.output
    assert "--fighter" in out.output  # where the Character Sheets are


def test_a_person_plays_a_whole_best_of_3_match_against_the_heuristic(tmp_path):
    path = tmp_path / "match.json"
    out = runner.invoke(app, ["play", "combo-fighter", "--seed", "4", "--save", str(path)], input="1\n" * 3000)
    assert out.exit_code == 0, out.output[-2000:]
    assert "Round 1:" in out.output and " vs " in out.output and "damage" in out.output
    assert "Game over" in out.output and "the match" in out.output and "Record saved" in out.output
    record = json.loads(path.read_text())
    assert record["result"]["winners"] and record["options"]["fighters"] == ["boris", "grace"]
    replayed = runner.invoke(app, ["replay", str(path), "--step"])
    assert replayed.exit_code == 0 and "Round 1:" in replayed.output


def test_a_person_plays_a_solo_game(tmp_path):
    # --save: the record goes there, so no "save?" question takes a stray "1" as a file name.
    args = ["play", "combo-fighter", "-o", "mode=solo", "--seed", "2", "--save", str(tmp_path / "solo.json")]
    out = runner.invoke(app, args, input="1\n" * 3000)
    assert out.exit_code == 0, out.output[-2000:]
    assert "AI Grace" in out.output and "Game over" in out.output


def test_matchups_print_the_matrix_write_the_report_and_draw_the_heatmap(tmp_path):
    report, image = tmp_path / "m.json", tmp_path / "m.png"
    args = ["sim", "combo-fighter", "--matchups", "--agents", "random", "-n", "2", "-o", "best_of=1"]
    out = runner.invoke(app, [*args, "--out", str(report), "--plot", str(image)])
    assert out.exit_code == 0, out.output
    assert "overall" in out.output and "lucia" in out.output
    data = json.loads(report.read_text())
    assert len(data["matrix"]) == 4 and data["games_per_pair"] == 2
    assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_matchup_mistakes_are_one_line_errors():
    for args in (
        ["sim", "combo-fighter", "--agents", "random", "-n", "1", "--plot", "x.png"],
        ["sim", "sixteen", "--matchups", "--agents", "random", "-n", "1"],
        ["sim", "combo-fighter", "--matchups", "--agents", "random,random,random", "-n", "1"],
    ):
        out = runner.invoke(app, args)
        assert out.exit_code == 2 and "error:" in out.output and "Traceback" not in out.output, args


def test_a_tournament_prints_the_bracket_and_the_winner():
    entrants = ["a=random@boris,grace", "b=random@junior,lucia", "c=combo-fighter.heuristic@grace,lucia"]
    args = ["tournament", "combo-fighter", "--seed", "2", "-o", "best_of=1"]
    for e in entrants:
        args += ["-e", e]
    out = runner.invoke(app, args)
    assert out.exit_code == 0, out.output
    assert " W1 " in out.output and " GF " in out.output and "Standings" in out.output and "Winner:" in out.output


def test_tournament_mistakes_are_one_line_errors():
    for args in (
        ["tournament", "combo-fighter", "-e", "a=random@boris,boris", "-e", "b=random@grace,lucia"],
        ["tournament", "combo-fighter", "-e", "random"],
        ["tournament", "sixteen"],
        ["tournament", "combo-fighter", "-o", "mode=solo"],
        ["tournament", "combo-fighter", "-o", "mode=tag"],
        ["sim", "combo-fighter", "-o", "mode=solo", "--agents", "random,combo-fighter.heuristic", "-n", "1"],
    ):
        out = runner.invoke(app, args)
        assert out.exit_code == 2 and "error:" in out.output and "Traceback" not in out.output, args


def test_a_person_reads_the_character_sheets_during_play(tmp_path):
    args = ["play", "combo-fighter", "--seed", "4", "-o", "best_of=1", "--save", str(tmp_path / "m.json")]
    out = runner.invoke(app, args, input="?\nsheet\n" + "1\n" * 3000, terminal_width=160)
    assert out.exit_code == 0, out.output[-2000:]
    assert "sheet" in out.output and "Character Sheets" in out.output  # listed by ?
    first = out.output.index("Boris Wolfram (boris)")
    assert "Grace Lee (grace)" in out.output[first:] and "Signature Combos" in out.output
    assert "▶ A: Iron Guard" in out.output and "Game over" in out.output
