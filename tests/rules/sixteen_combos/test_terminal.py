"""Terminal play: a whole game from typed moves, the table drawn with hidden cards, the
ruleset before the first move, and the Combo Table on ``?`` and ``combos``."""

import io

from rich.console import Console
from typer.testing import CliRunner

import comboarena as ca
from comboarena.cli import app
from comboarena.terminal import Session

from .helpers import TYPES, VALUES, new


def _typed(*first):
    answers = list(first)

    def ask(prompt):
        return answers.pop(0) if answers else "1"

    return ask


def test_a_person_plays_a_whole_game_in_the_terminal():
    game = ca.make("16-combos", columns=4, round_limit=6)
    out = io.StringIO()
    session = Session(
        game,
        [None, ca.make_agent("16-combos.heuristic", game)],
        console=Console(file=out, width=160),
        ask=_typed("?", "combos", "ruleset"),
        seed=3,
    )
    final = session.run()
    assert final is not None and final.is_over
    text = out.getvalue()
    assert text.index("16 Combos, Poikilos 1.0 RC1") < text.index("Preparing Pairs")  # before the first move
    assert "Combo Table" in text and "Hire Assassin" in text and "Draw two value cards" in text
    assert "Winning" in text and "Game over" in text


def test_the_table_shows_face_down_cards_and_your_own_known_ones():
    state = new(TYPES, VALUES)
    ui = state.game.text_ui()
    out = io.StringIO()
    Console(file=out, width=160).print(ui.render(state.view(0), ["You", "bot (seat 1)"]))
    text = out.getvalue()
    assert "(5♥)" in text and "(2♥)" in text  # your own face-down cards, marked as known to you
    assert "4♥" in text and "??" in text  # the enemy's defense type face up, the rest face down
    assert "▼" in text and "order K♠'" in text and "Draw pile" in text


def test_play_from_the_command_line():
    moves = "\n".join(["1"] * 400)
    result = CliRunner().invoke(
        app, ["play", "16-combos", "--seed", "2", "-o", "columns=3", "-o", "round_limit=3"], input=moves
    )
    assert "16 Combos, Poikilos 1.0 RC1" in result.output
    assert "Game over" in result.output, result.output[-2000:]
