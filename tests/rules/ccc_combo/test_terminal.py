"""Terminal play: the reaction window as a timed prompt (from ``state.timer()``), whole games from typed moves."""

import io
import json

from rich.console import Console
from typer.testing import CliRunner

import comboarena as ca
from comboarena.agents import Agent
from comboarena.cli import app
from comboarena.terminal import Session

from .helpers import new

BASES = ["KD", "5H", "9D", "3H"]  # seat 0 starts (king); BPs are seats 0 and 1


class Script(Agent):
    """Plays its moves in order when legal, otherwise the first legal action (a pass in a window)."""

    def __init__(self, *moves):
        self.moves = list(moves)

    def choose(self, view, legal, rng):
        for action in legal:
            if self.moves and str(action) == self.moves[0]:
                self.moves.pop(0)
                return action
        return legal[0]


def _table(ask_timed, clock, answers=("quit",)):
    """Seat 1 is a person; seat 0 plays a COMBO on seat 1's pile; seats 2 and 3 pass."""
    game = ca.make("ccc-combo", big_players=(0, 1))
    out = io.StringIO()
    typed = list(answers)
    session = Session(
        game,
        [Script("7H>1"), None, Script(), Script()],
        console=Console(file=out, width=120),
        ask=lambda prompt: typed.pop(0),
        ask_timed=ask_timed,
        clock=clock,
    )
    session.state = new(BASES, [["7H"], ["7C"], [], []])
    return session, out


def test_a_person_who_does_not_answer_the_counter_window_in_time_passes():
    asked = []

    def too_slow(prompt, seconds):
        asked.append(seconds)
        return None  # the countdown ran out

    session, out = _table(too_slow, clock=lambda: 100.0)
    assert session.run() is None  # the person quits at the next (untimed) prompt: the burn
    assert asked == [3.0]  # asked once, with the window's 3 seconds
    assert "Time's up: You — pass." in out.getvalue()
    history = [(seat, str(a)) for seat, a in session.state.history]
    # The agents answer inside the window (in the order of their reaction delays), the person passes at its end.
    assert history[0] == (0, "7H>1") and sorted(history[1:3]) == [(2, "pass"), (3, "pass")]
    assert history[3] == (1, "pass")
    assert session.state.view(None)["burn"] == {"seat": 1, "owed": 1}


def test_a_person_who_answers_in_time_counters():
    session, _ = _table(lambda prompt, seconds: "7C>1", clock=lambda: 0.0)
    session.run()
    assert (1, "7C>1") in [(seat, str(a)) for seat, a in session.state.history]
    assert session.state.view(None)["piles"][1] == ["7C"]


def test_the_clock_runs_from_when_the_window_opens():
    times = iter([0.0] + [5.0] * 10)  # the window opens at 0; the person's prompt comes at 5 s
    asked = []
    session, out = _table(lambda prompt, seconds: asked.append(seconds), clock=lambda: next(times))
    session.run()
    assert asked == [] and "Time's up" in out.getvalue()  # 3 s were gone before the person was asked


def test_play_a_whole_game_from_typed_moves_without_a_terminal_clock(tmp_path):
    runner = CliRunner()
    path = tmp_path / "game.json"
    out = runner.invoke(app, ["play", "ccc-combo", "--seed", "3", "--save", str(path)], input="1\n" * 3000)
    assert out.exit_code == 0, out.output
    assert "Game over" in out.output and "Record saved" in out.output
    record = json.loads(path.read_text())
    assert record["result"] is not None
    assert ca.replay(ca.Record.from_json(path.read_text())).is_over
    out = runner.invoke(app, ["replay", str(path), "--step"])
    assert out.exit_code == 0 and "COMBO" in out.output
