"""Reaction windows in the terminal are fair to people: everyone is asked when the
window opens, agents answer after a human-like delay inside it, and what a person
typed for a window that closed is thrown away, never played later."""

import io
import random

from rich.console import Console

from comboarena.terminal import ReactionDelay, Session

from .helpers import Person, Script, Time, Typist
from .snap import Snap


def table(person, agents, time, *, window=3.0, rounds=1, delay=(1.0, 1.0), seat=1, keyboard=None, console=None):
    """Snap with a person at ``seat`` (the others: ``agents`` in seat order)."""
    seats = list(agents)
    seats.insert(seat, None)
    out = io.StringIO()
    session = Session(
        Snap(window=window, rounds=rounds),
        seats,
        console=console or Console(file=out, width=120),
        ask=None if keyboard else person.line,
        ask_timed=None if keyboard else person.timed,
        keyboard=keyboard,
        clock=time.clock,
        sleep=time.sleep,
        reaction_delay=ReactionDelay(*delay),
        rng=random.Random(1),
    )
    return session, out


def history(session):
    return [(seat, str(a)) for seat, a in session.state.history]


def test_a_person_is_asked_the_moment_the_window_opens_before_any_agent_answers():
    time = Time()
    person = Person(time, [(0.5, "pass")])
    flipper, partner = Script("flip", time=time), Script("snap", time=time)
    session, _ = table(person, [flipper, partner], time)
    assert session.run() is not None
    assert person.asked == [(0.0, 3.0)]  # at the opening, with the whole window
    assert partner.times == [1.0]  # the agent answered after its delay, not at once
    assert history(session) == [(0, "flip"), (1, "pass"), (2, "snap")]


def test_an_agent_partner_that_answers_first_closes_the_window_and_the_late_answer_is_thrown_away():
    time = Time()
    person = Person(time, [(1.5, "snap")])
    session, out = table(person, [Script("flip"), Script("snap")], time)
    session.run()
    assert history(session) == [(0, "flip"), (2, "snap")]  # the person's snap is not played
    assert "Too late: the window closed before you answered; 'snap' was thrown away." in out.getvalue()


def test_a_person_faster_than_the_agents_wins_the_race():
    time = Time()
    person = Person(time, [(0.4, "snap")])
    partner = Script("snap", time=time)
    session, _ = table(person, [Script("flip"), partner], time)
    session.run()
    assert history(session) == [(0, "flip"), (1, "snap")]
    assert partner.times == []  # the window closed before its turn to answer came


def test_agents_always_answer_inside_the_window_even_a_short_one():
    time = Time()
    person = Person(time, [], lines=["flip"])
    agents = [Script(time=time), Script(time=time)]
    session, _ = table(person, agents, time, window=0.5, delay=(0.6, 2.0), seat=0)
    session.run()
    assert history(session)[0] == (0, "flip") and len(history(session)) == 3
    assert all(0.0 < t < 0.5 for a in agents for t in a.times)  # both passed before the window's end


def test_a_person_who_lets_the_time_run_out_passes_after_the_agents():
    time = Time()
    person = Person(time, [(0.0, None)])
    session, out = table(person, [Script("flip"), Script()], time, window=0.5, delay=(0.6, 2.0))
    session.run()
    assert history(session) == [(0, "flip"), (2, "pass"), (1, "pass")]
    assert "Time's up: You — pass." in out.getvalue()


def test_each_decision_draws_its_own_delay():
    time = Time()
    agents = [Script(prefer=("flip", "pass"), time=time), Script(prefer=("flip", "pass"), time=time)]
    person = Person(time, [(0.1, "pass"), (0.1, "pass")], lines=["flip"])
    session, _ = table(person, agents, time, rounds=3, delay=(0.6, 2.0), seat=0)
    session.run()
    assert len(history(session)) == 9  # three flips, each answered by two seats
    assert len(time.sleeps) == 4 and len({round(s, 6) for s in time.sleeps}) == 4
    assert all(0.0 < s <= 2.0 for s in time.sleeps)


def test_without_a_clock_the_people_answer_before_the_agents():
    # Piped input: no countdown and no delays; an agent never pre-empts a person.
    person = Person(Time(), [], lines=["snap"])
    out = io.StringIO()
    agents = [Script("flip"), None, Script("snap")]
    session = Session(Snap(rounds=1), agents, console=Console(file=out), ask=person.line)
    session.run()
    assert [(s, str(a)) for s, a in session.state.history] == [(0, "flip"), (1, "snap")]


def test_a_late_answer_typed_for_a_closed_window_is_never_played_on_the_persons_own_turn():
    # A real (pseudo-)terminal: the person types "pa" in the window, the time runs out, and
    # they finish "ss" + Enter after it closed. Their own turn comes next: "pass" would be legal
    # there, and must not be played; the move they then type is.
    time = Time(step=0.1)
    tty = Typist()
    try:
        from comboarena.terminal import Keyboard

        console = Console(file=tty, width=120)
        keyboard = Keyboard(tty.slave, console, clock=time.clock)
        session, _ = table(None, [Script("flip"), Script()], time, window=1.0, rounds=2, keyboard=keyboard,
                           console=console)
        tty.type(b"pa")
        tty.when("Time's up", b"ss\n")
        tty.when("Thrown away", b"1\n")
        session.run()
        moves = history(session)
        assert moves[:3] == [(0, "flip"), (2, "pass"), (1, "pass")]  # the window: the person passed on time-up
        assert moves[3] == (1, "flip")  # their own turn: what they typed for it, not the late "pass"
        assert "Thrown away: 'pass' was typed for the window that closed." in tty.getvalue()
    finally:
        tty.close()
