"""Option errors show values as typed; ``games`` gives the real player counts;
``--help`` names only the games that exist."""

import pytest
from typer.testing import CliRunner

import comboarena as ca
from comboarena.cli import app
from comboarena.core import game_class, games

runner = CliRunner()


@pytest.mark.parametrize(
    ("game", "option", "shown", "python"),
    [
        ("sixteen", "players=3", "players=3", None),
        ("ccc-combo", "counter_window=100", "counter_window=100 ", "100.0"),
        ("ccc-combo", "big_players=0,2", "big_players=0,2 ", "(0, 2)"),
        ("ccc-combo", "big_players=x", "big_players=x ", "('x',)"),
        ("ccc-combo", "turn_limit=1.5", "turn_limit=1.5 ", "'1.5'"),
        ("sixteen", "wilds=maybe", "wilds=maybe ", "'maybe'"),
    ],
)
def test_option_errors_show_the_value_as_typed(game, option, shown, python):
    out = runner.invoke(app, ["sim", game, "-a", "random", "-n", "1", "-o", option])
    assert out.exit_code == 2 and shown in out.output, out.output
    assert len(out.output.strip().splitlines()) == 1
    if python:
        assert python not in out.output


def test_option_errors_from_python_show_the_value_as_it_would_be_typed():
    message = r"^counter_window=100 is not allowed — option 'counter_window': allowed a number from 0 to 60$"
    with pytest.raises(ca.OptionError, match=message):
        ca.make("ccc-combo", counter_window=100)
    with pytest.raises(ca.OptionError, match=r"^big_players=0,2 is not allowed"):
        ca.make("ccc-combo", big_players=(0, 2))


def test_games_lists_the_player_counts_each_game_really_takes():
    out = runner.invoke(app, ["games"])
    rows = {line.split("│")[1].strip(): line for line in out.output.splitlines() if line.count("│") > 3}
    assert "│ 2 or 4 " in rows["sixteen"] and "2-4" not in rows["sixteen"]
    assert "│ 4 " in rows["ccc-combo"]
    assert "│ 2 or 4 " in rows["combo-fighter"]
    # Ranges of a players option: 16 Combos 2-4 (with fewer columns), 16 Bit Tactics 2-5 (monsters, campaign).
    assert "│ 2-4 " in rows["16-combos"] and "│ 2-5 " in rows["16-bit-tactics"]
    assert "big_players=none" in out.output  # defaults as they are typed, not None


def test_help_names_only_the_games_that_exist():
    out = runner.invoke(app, ["--help"])
    text = " ".join(out.output.split())
    titles = [game_class(g).info.title for g in games()]
    for title in titles:
        assert title in text
    for title in ("16 Combos", "16 Bit Tactics"):
        assert (title in text) == (title in titles)
    play = " ".join(runner.invoke(app, ["play", "--help"]).output.split())
    assert all(name in play for name in games())
