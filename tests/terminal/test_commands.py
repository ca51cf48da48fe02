"""A game's own commands at the prompt (``TextUI.commands()``): listed by ``?``, shown
from the seat's view, and never used up as a move."""

import io

from rich.console import Console
from rich.text import Text

from comboarena.terminal import Session, TextUI, read_action

from .helpers import Person, Script, Time
from .snap import FLIP, Snap, secret


class SheetUI(TextUI):
    """A game text with one command, ``sheet``: the seat's secret, as a Character Sheet would be."""

    def commands(self):
        return {"sheet": ("your sheet (what only you know)", lambda view: Text(f"SHEET: {view['hand']}"))}


def test_a_command_is_listed_by_help_and_shows_the_seats_view_without_using_a_move():
    game = Snap()
    state = game.new_state()
    out = io.StringIO()
    answers = ["?", "SHEET", "flip"]
    action = read_action(
        Console(file=out, width=200),
        game,
        SheetUI(game),
        state.legal_actions(0),
        lambda prompt: answers.pop(0),
        view=state.view(0),
    )
    assert action == FLIP and answers == []
    text = out.getvalue()
    assert "sheet your sheet (what only you know)" in text and "quit leave the game" in text
    assert f"SHEET: {secret(0)}" in text


def test_the_default_text_has_no_commands_and_a_command_word_is_then_a_typo():
    game = Snap()
    assert TextUI(game).commands() == {}
    out = io.StringIO()
    answers = ["sheet", "flip"]
    read_action(Console(file=out), game, TextUI(game), [FLIP], lambda prompt: answers.pop(0), view={})
    assert "is not a move of Snap" in out.getvalue()


def test_at_the_table_a_command_shows_the_persons_own_view_and_the_game_goes_on():
    person = Person(Time(), [], lines=["sheet", "flip"])
    out = io.StringIO()
    session = Session(Snap(rounds=1), [None, Script(), Script()], console=Console(file=out, width=200), ask=person.line)
    session.ui = SheetUI(session.game)
    assert session.run() is not None
    assert f"SHEET: {secret(0)}" in out.getvalue() and secret(1) not in out.getvalue()
    seat, first = session.state.history[0]
    assert (seat, str(first)) == (0, "flip")
