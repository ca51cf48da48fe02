"""``comboarena report``: the files it writes, ``--compare``, and its one-line errors."""

import json

from typer.testing import CliRunner

from comboarena.cli import app

runner = CliRunner()
REPORT = ["report", "sixteen", "-a", "sixteen.heuristic,random", "-n", "6"]


def one_line_error(out, text):
    lines = out.output.strip().splitlines()
    return out.exit_code == 2 and len(lines) == 1 and text in lines[0] and "Traceback" not in out.output


def test_a_report_writes_the_page_its_data_and_its_sample_games(tmp_path):
    html = tmp_path / "r.html"
    out = runner.invoke(app, [*REPORT, "--samples", "1", "--html", str(html)])
    assert out.exit_code == 0, out.output
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["game"] == "sixteen" and data["total_games"] == 6 and data["cards"]
    (sample,) = data["samples"]["run"]
    assert (tmp_path / "r-games" / f"{sample}.json").is_file()
    page = html.read_text()
    assert f"http://localhost:8000/replay/{sample}" in page and f'href="r-games/{sample}.json"' in page
    text = " ".join(out.output.split())
    assert f"comboarena serve --db sqlite:///{(tmp_path / 'r-games' / 'games.sqlite3').resolve()}" in text


def test_compare_shows_the_changes_since_an_earlier_report(tmp_path):
    first = runner.invoke(app, [*REPORT, "--samples", "0", "--html", str(tmp_path / "a.html")])
    assert first.exit_code == 0, first.output
    args = [
        *REPORT,
        "--seed",
        "9",
        "--samples",
        "0",
        "--html",
        str(tmp_path / "b.html"),
        "--json",
        str(tmp_path / "data.json"),
        "--compare",
        str(tmp_path / "a.json"),
    ]
    out = runner.invoke(app, args)
    assert out.exit_code == 0, out.output
    assert "Changes since the compared report" in (tmp_path / "b.html").read_text()
    assert json.loads((tmp_path / "data.json").read_text())["seed"] == 9
    assert "95% interval" in out.output


def test_bad_input_is_one_line(tmp_path):
    html = str(tmp_path / "r.html")
    cases = [
        ([*REPORT, "--html", str(tmp_path / "r.txt")], "must end in .html"),
        ([*REPORT, "--html", html, "--compare", str(tmp_path / "none.json")], "cannot read"),
        ([*REPORT, "--html", str(tmp_path / "no" / "r.html")], "does not exist"),
        (["report", "sixteen", "-n", "0", "--html", html], "-n must be at least 1"),
        (["report", "sixteen", "--matchups", "--html", html], "at least two different agents"),
        (["report", "sixteen", "-j", "0", "--html", html], "--jobs must be at least 1"),
        (["report", "nosuchgame", "--html", html], "nosuchgame"),
        (["report", "sixteen", "-o", "players=3", "--html", html], "players"),
    ]
    for args, text in cases:
        out = runner.invoke(app, args)
        assert one_line_error(out, text), (args, out.output)
    assert not (tmp_path / "r.html").exists()
