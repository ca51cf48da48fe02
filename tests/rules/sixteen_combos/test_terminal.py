"""Terminal play: a whole game from typed moves, the table drawn with hidden cards, the
ruleset before the first move, and the Combo Table on ``?`` and ``combos``."""

import io
import random

import pytest
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


def test_play_from_the_command_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the "save the record?" prompt at the end takes a "1" as a file name
    moves = "\n".join(["1"] * 400)
    result = CliRunner().invoke(
        app, ["play", "16-combos", "--seed", "2", "-o", "columns=3", "-o", "round_limit=3"], input=moves
    )
    assert "16 Combos, Poikilos 1.0 RC1" in result.output
    assert "Game over" in result.output, result.output[-2000:]


def test_a_refused_action_says_why_at_the_prompt():
    """Issue 21: 'H>9' (no such character), 'D>0' (an ally), 'D>2' (the actor itself) and an
    unavailable type are refused at the real prompt with the rulebook's reason."""
    game = ca.make("16-combos", players=4, teams=True, columns=6, placement="dealt")
    refusals = ["H>9", "D>0", "D>2"]
    ref = []

    def ask(prompt):
        state = ref[0].state
        if state.phase == "turn" and state.action.actor == 2 and refusals:
            return refusals.pop(0)
        if not refusals:
            return "quit"
        return str(state.legal_actions(state.to_act[0])[-1])  # pass, or the last choice

    out = io.StringIO()
    agents = [ca.make_agent("16-combos.heuristic", game) for _ in range(4)]
    agents[2] = None
    session = Session(game, agents, console=Console(file=out, width=200), ask=ask, seed=3)
    ref.append(session)
    session.run()
    text = out.getvalue()
    assert "H>9 is not legal now: there is no character 9: the characters are 0 to 3." in text
    assert "D>0 is not legal now: character 0 is an ally: an action targets an enemy character." in text
    assert "D>2 is not legal now: character 2 is the active character itself" in text


def test_an_unavailable_type_is_refused_with_the_available_actions_rule():
    state = new(TYPES, VALUES)
    (seat,) = state.to_act
    legal = {str(a) for a in state.legal_actions(seat)}
    missing = next(t for t in "HDCS" if f"{t}>1" not in legal)
    with pytest.raises(ca.IllegalAction) as refused:
        state.apply(seat, f"{missing}>1")
    assert refused.value.why.startswith("Available Actions: ") and "needs two" in refused.value.why


def test_the_ruleset_is_shown_once_and_the_prompts_agree_with_you():
    """Issue 21: the Ruleset/Rules and Winning lines were printed again on every screen, and
    the status line said "You decides", "You chooses"."""
    game = ca.make("16-combos", columns=4, round_limit=6)
    out = io.StringIO()
    session = Session(
        game, [None, ca.make_agent("16-combos.heuristic", game)], console=Console(file=out, width=160),
        ask=_typed(), seed=3,
    )
    session.run()
    text = out.getvalue()
    assert text.count("the last side with a character wins") == 1  # the intro, before the first move
    assert text.count("Now  ") > 10  # many screens were drawn
    for wrong in ("You decides", "You chooses", "You adds", "You mays"):
        assert wrong not in text


def test_the_face_card_menu_says_what_each_choice_does():
    """Issue 21: 'swap d' on the Face Card step was not explained."""
    game = ca.make("16-combos")
    ui = game.text_ui()
    for seed in range(100):
        state, rng = game.new_state(seed=seed), random.Random(0)
        agent = ca.make_agent("16-combos.heuristic", game)
        while not state.is_over and state.phase != "face card":
            seat = state.to_act[0]
            state.apply(seat, agent.choose(state.view(seat), state.legal_actions(seat), rng))
        if state.phase == "face card" and any(str(a).startswith("swap") for a in state.legal_actions(state.to_act[0])):
            break
    seat = state.to_act[0]
    ui.render(state.view(seat), ["You", "AI"])
    labels = {str(item.actions[0]): item.label for item in ui.menu(state.legal_actions(seat))}
    assert labels["keep"] == "keep — act with the face card as drawn"
    swap = next(k for k in labels if k.startswith("swap"))
    assert labels[swap].endswith("becomes the action's value; the face card takes its place")


@pytest.mark.parametrize("width", [80, 120])
def test_six_characters_fit_a_40_row_terminal(width):
    """Issue 21: a table of six characters, one under another, overflowed 40 rows."""
    game = ca.make("16-combos", players=3, characters=2, columns=4)
    state, rng = game.new_state(seed=1), random.Random(0)
    for _ in range(60):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    out = io.StringIO()
    Console(file=out, width=width).print(game.text_ui().render(state.view(0), ["You", "B", "C"]))
    lines = out.getvalue().splitlines()
    assert len(lines) <= 30, len(lines)
    assert all(f"Character {c} —" in out.getvalue() for c in range(6))
