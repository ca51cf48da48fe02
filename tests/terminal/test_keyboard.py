"""The terminal keyboard on a real pseudo-terminal: countdowns, windows that close
while the person types, and text typed for a closed window thrown away."""

import pytest
from rich.console import Console

from comboarena.terminal import Keyboard, WindowClosed

from .helpers import Time, Typist


@pytest.fixture
def tty():
    typist = Typist()
    yield typist
    typist.close()


def keyboard(tty, time=None):
    console = Console(file=tty, width=100, force_terminal=False)
    return Keyboard(tty.slave, console, clock=(time or Time()).clock)


def test_a_typed_line_is_read_key_by_key_and_arrow_keys_are_ignored(tty):
    kb = keyboard(tty)
    tty.type(b"fl\x1b[Ai\x1bOB\x1b[3~p\n")  # up arrow, down arrow (application mode), Delete
    assert kb.ask("move> ") == "flip"
    tty.type(b"flop\x7f\x7fip\n")  # Backspace
    assert kb.ask("move> ") == "flip"


def test_the_countdown_runs_out(tty):
    kb = keyboard(tty, Time(step=0.25))
    assert kb.ask("move> ", 0.6) is None
    assert "[1s] move> " in tty.getvalue()


def test_ctrl_d_is_end_of_input(tty):
    kb = keyboard(tty)
    tty.when("move> ", b"\x04")
    with pytest.raises(EOFError):
        kb.ask("move> ")


def test_a_window_closing_while_the_person_types_ends_the_prompt_with_what_was_typed(tty):
    kb = keyboard(tty, Time(step=0.01))
    polls = []

    def poll():
        polls.append(1)
        if len(polls) == 3:  # after two keys
            raise WindowClosed("countered")

    tty.type(b"sn")
    with pytest.raises(WindowClosed) as closed:
        kb.ask("move> ", 3.0, poll)
    assert closed.value.typed == "sn"
    assert kb.stale


def test_the_rest_of_a_line_begun_for_a_closed_window_is_thrown_away_at_its_enter(tty):
    kb = keyboard(tty, Time(step=0.1))
    tty.type(b"pa")
    assert kb.ask("window> ", 0.45) is None  # time ran out while typing
    tty.when("Thrown away", b"flip\n")
    tty.type(b"ss\n")  # the person finishes the line after the window closed
    assert kb.ask("your turn> ") == "flip"
    assert "Thrown away: 'pass' was typed for the window that closed." in tty.getvalue()


def test_what_is_typed_after_the_close_and_before_the_next_prompt_is_thrown_away(tty):
    kb = keyboard(tty)
    kb.window_closed()  # e.g. time ran out before the person's prompt came up
    tty.type(b"pass\n")
    tty.when("Thrown away", b"flip\n")
    assert kb.ask("your turn> ") == "flip"
    assert "Thrown away: 'pass'" in tty.getvalue()


def test_an_unfinished_leftover_line_is_finished_at_the_prompt_and_thrown_away(tty):
    kb = keyboard(tty)
    kb.window_closed()
    tty.type(b"pa")  # typed before the prompt, no Enter yet
    tty.when("your turn> ", b"ss\n")  # the person finishes it at the new prompt
    tty.when("Thrown away", b"flip\n")
    assert kb.ask("your turn> ") == "flip"
    out = tty.getvalue()
    assert "The line you began for the closed window ('pa') will be thrown away" in out
    assert "Thrown away: 'pass'" in out


def test_erasing_the_leftover_line_starts_a_fresh_one(tty):
    kb = keyboard(tty)
    kb.window_closed()
    tty.type(b"pa")
    tty.when("your turn> ", b"\x7f\x7fflip\n")
    assert kb.ask("your turn> ") == "flip"
    assert "Thrown away" not in tty.getvalue()


def test_lines_printed_above_the_prompt_keep_what_was_typed(tty):
    kb = keyboard(tty, Time(step=0.01))
    shown = []

    def poll():
        if not shown:
            kb.above(lambda: kb.console.print("seat 2 passed."))
            shown.append(1)

    tty.type(b"sn")
    tty.when("seat 2 passed.", b"ap\n")
    assert kb.ask("move> ", 3.0, poll) == "snap"
    after = tty.getvalue().split("seat 2 passed.")[1]
    assert "move> " in after  # the prompt is drawn again under the line


# Editing keys are typed once the prompt shows, that is once the terminal reads key by key:
# typed ahead, the terminal's own line editing would take Backspace and Ctrl-U first.


def test_the_line_is_edited_with_the_arrow_keys_home_end_and_delete(tty):
    kb = keyboard(tty)
    # "fip", Left, Left, "l" -> "flip"; Home, Delete -> "lip"; End, "s" -> "lips"
    tty.when("move> ", b"fip\x1b[D\x1b[Dl\x1b[H\x1b[3~\x1b[Fs\n")
    assert kb.ask("move> ") == "lips"
    # Ctrl-A and Ctrl-E, and Backspace in the middle of the line
    tty.when("move> ", b"xfight\x01\x1b[C\x7f\x05 d5\n")
    assert kb.ask("move> ") == "fight d5"


def test_up_and_down_bring_back_earlier_lines(tty):
    kb = keyboard(tty)
    tty.when("move> ", b"5R\n")
    assert kb.ask("move> ") == "5R"
    tty.when("move> ", b"draw\n")
    assert kb.ask("move> ") == "draw"
    # Up twice: "5R"; Down once: "draw"; edit it and enter
    tty.when("move> ", b"\x1b[A\x1b[A\x1b[B\x7f\x7f\x7f\x7fW=5G\n")
    assert kb.ask("move> ") == "W=5G"
    tty.when("move> ", b"\x1b[A\x1b[A\n")
    assert kb.ask("move> ") == "draw"
    assert kb.history == ["5R", "draw", "W=5G", "draw"]
