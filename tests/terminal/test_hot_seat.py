"""Several people at one keyboard: before each one plays, the previous one's hand is
cleared from the screen and a pass-the-keyboard screen waits for them."""

import io
import random

from rich.console import Console

from comboarena.terminal import ReactionDelay, Session

from .helpers import Person, Script, Time
from .snap import Snap, secret

CLEAR = "\x1b[2J"


def screens(text):
    """The output split at each clearing of the screen: what was on screen each time."""
    return text.split(CLEAR)


def test_the_next_person_never_sees_the_last_ones_hand():
    # Seat 0 (Ada) flips; seat 1 (Ben) and the agent at seat 2 answer the window; rounds=2: then Ben flips.
    lines = ["", "flip", "", "pass", "", "flip", "", "pass"]  # Enter on each pass-the-keyboard screen, then a move
    person = Person(Time(), [], lines=lines)
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=True, color_system=None)
    session = Session(
        Snap(rounds=2),
        [None, None, Script()],
        console=console,
        ask=person.line,
        people={0: "Ada", 1: "Ben"},
        rng=random.Random(1),
    )
    assert session.run() is not None
    assert [(s, str(a)) for s, a in session.state.history][:4] == [(0, "flip"), (1, "pass"), (2, "pass"), (1, "flip")]
    shown = screens(out.getvalue())
    bens = [s for s in shown if "Pass the keyboard to Ben" in s]
    adas = [s for s in shown if "Pass the keyboard to Ada" in s]
    assert bens and adas
    for screen in bens:
        assert secret(0) not in screen and secret(1) in screen  # Ben sees his own hand only
    for screen in adas:
        assert secret(1) not in screen and secret(0) in screen
    assert "\x1b[3J" in out.getvalue()  # the scroll-back goes too
    # The public story so far is told again on the new screen.
    assert "Ada: flip" in bens[0]


def test_the_hand_is_hidden_while_agents_answer_a_window_in_real_time():
    time = Time()
    person = Person(time, [(0.2, "pass")], lines=["", "flip", ""])
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=True, color_system=None)
    session = Session(
        Snap(rounds=1),
        [None, None, Script(time=time)],
        console=console,
        ask=person.line,
        ask_timed=person.timed,
        clock=time.clock,
        sleep=time.sleep,
        reaction_delay=ReactionDelay(1.0, 1.0),
        rng=random.Random(1),
        people={0: "Ada", 1: "Ben"},
    )
    session.run()
    text = out.getvalue()
    before_agent = text.split("seat 2): pass")[0]
    assert secret(1) not in screens(before_agent)[-1]  # Ben's hand was cleared before the agent's answer
    assert person.asked == [(0.0, 3.0)]  # the pass-the-keyboard screen did not eat the window's time


def test_records_carry_the_peoples_and_the_agents_names():
    person = Person(Time(), [], lines=["", "flip", "", "pass"])
    session = Session(
        Snap(rounds=1), [None, None, Script()], console=Console(file=io.StringIO()), ask=person.line,
        people={1: "Ben"},
    )
    session.run()
    assert session.record.players == ["Player 0", "Ben", "script"]
    assert session.names == ["Player 0", "Ben", "script (seat 2)"]


def test_quit_at_the_pass_the_keyboard_screen_leaves_and_says_who():
    person = Person(Time(), [], lines=["", "flip", "quit"])
    out = io.StringIO()
    session = Session(
        Snap(rounds=1), [None, None, Script()], console=Console(file=out), ask=person.line, people={1: "Ben"}
    )
    assert session.run() is None and session.quit
    assert "Ben left the game." in out.getvalue()
