"""Issue 21, item 3: after a unit's turn ends by itself (``face`` after moving and acting), an
``end`` typed at the next prompt, as if for that unit, must not end the next unit's turn
unseen: the prompt says so and asks again; ``end`` typed again ends the turn shown."""

import io

from rich.console import Console

import comboarena as ca
from comboarena.terminal import Session

WARNING = "'s turn is already over (it ended after 'face "


def _play(after_face):
    """A person (seat 0) moves, acts and turns its first unit, then types ``after_face`` (one
    line per prompt; ``MOVE``: the unit's first legal move) and quits; returns what was shown,
    per line typed after the turn the unit whose turn its prompt was drawn for, and the session."""
    game = ca.make("16-bit-tactics")
    out = io.StringIO()
    ref = []
    then = list(after_face)
    prompted_for = []

    def ask(prompt):
        state = ref[0].state
        (seat,) = state.to_act
        view = state.view(seat)
        legal = [str(a) for a in state.legal_actions(seat)]
        turned = any(line.startswith("face") for line in typed)
        if turned:
            if not then:
                return "quit"
            prompted_for.append(view["queue"]["current"])
            line = then.pop(0)
            typed.append(next(a for a in legal if a.startswith("move")) if line == "MOVE" else line)
        elif not view["turn"]["moved"]:
            typed.append(next(a for a in legal if a.startswith("move")))
        elif not view["turn"]["acted"]:
            typed.append(next(a for a in legal if a.split()[0] not in ("move", "face", "end")))
        else:
            typed.append(next(a for a in legal if a.startswith("face")))  # ends the turn by itself
        return typed[-1]

    typed: list[str] = []
    agents = [None, ca.make_agent("16-bit-tactics.heuristic", game)]
    session = Session(game, agents, console=Console(file=out, width=200), ask=ask, seed=1)
    ref.append(session)
    assert session.run() is None
    return out.getvalue(), prompted_for, session


def test_an_end_typed_after_a_turn_ended_by_itself_is_not_taken_for_the_next_unit():
    shown, prompted_for, session = _play(["end", "end"])
    assert shown.count(WARNING) == 1, shown[-3000:]
    # The first 'end' was refused: the second prompt was for the same unit, whose turn it ended.
    first, second = prompted_for
    assert first == second
    name = session.state.view(0)["units"][first]["name"]
    assert f"'end' now would end {name}'s turn" in shown
    steps = [str(a) for seat, a in session.state.history if seat == 0]
    assert steps[-2].startswith("face") and steps[-1] == "end"  # two 'end's typed, one taken


def test_an_end_after_a_step_for_the_unit_shown_is_taken_at_once():
    """Only an unseen unit's first step is guarded: after a move for it, 'end' ends its turn."""
    shown, prompted_for, session = _play(["MOVE", "end"])
    assert WARNING not in shown
    assert prompted_for[0] == prompted_for[1]
    steps = [str(a) for seat, a in session.state.history if seat == 0]
    assert steps[-2].startswith("move") and steps[-1] == "end"
