"""Terminal play: a whole battle and a two-battle campaign typed by a person, the
campaign saved after a victory and continued from its file; ``comboarena map show``."""

import io
import random
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

import comboarena as ca
from comboarena.cli import app
from comboarena.terminal import Session


def _person(session_ref, game, seed=0):
    """What a person types: the notation the heuristic would choose (never a menu number)."""
    agent = ca.make_agent("16-bit-tactics.heuristic", game)
    rng = random.Random(seed)
    typed = []

    def ask(prompt):
        state = session_ref[0].state
        (seat,) = state.to_act
        move = str(agent.choose(state.view(seat), state.legal_actions(seat), rng))
        typed.append(move)
        return move

    return ask, typed


def _session(game, seed, out):
    ref = []
    ask, typed = _person(ref, game, seed)
    agents = [None] + [ca.make_agent("16-bit-tactics.heuristic", game) for _ in range(game.players - 1)]
    session = Session(game, agents, console=Console(file=out, width=140), ask=ask, seed=seed)
    ref.append(session)
    return session, typed


def test_a_person_plays_a_whole_battle_in_the_terminal():
    game = ca.make("16-bit-tactics")
    out = io.StringIO()
    session, typed = _session(game, 3, out)
    final = session.run()
    text = out.getvalue()
    assert final is not None and final.is_over and len(typed) > 10
    assert "Initiative:" in text and " a   b   c   d   e   f   g   h" in text  # the map and the order
    assert "rolls" in text and "→" in text  # each roll and its band in words
    assert ("won:" in text) or ("draw" in text)


def test_a_two_battle_campaign_is_saved_after_a_victory_and_continued_from_its_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    game = ca.make("16-bit-tactics", mode="campaign")
    for seed in range(1, 13):  # seed 1: the party wins the first battle
        out = io.StringIO()
        session, _ = _session(game, seed, out)
        final = session.run()
        saved = tmp_path / "first-march.battle2.toml"
        if saved.exists():
            break
    else:
        raise AssertionError("the party never won the first battle in 12 tries")
    text = out.getvalue()
    assert "Campaign saved to" in text and "Camp before battle 2" in text
    assert final is not None and final.is_over
    # Continue later from the saved file: the camp before battle 2, with the XP earned.
    again = ca.make("16-bit-tactics", mode="campaign", campaign=str(saved))
    state = again.new_state(seed=1)
    view = state.view(0)
    assert view["phase"] == "camp" and view["battle"] == 1
    assert all(r["xp"] > 0 for r in view["roster"])
    out = io.StringIO()
    session, _ = _session(again, 5, out)
    final = session.run()
    assert final is not None and final.is_over
    assert "The Ruined Keep" in out.getvalue()  # the second battle's map


def test_map_show_draws_a_map_and_names_the_line_of_a_mistake(tmp_path):
    runner = CliRunner()
    result = runner.invoke(app, ["map", "show", "keep"])
    assert result.exit_code == 0
    assert "The Ruined Keep" in result.output and "rune door" in result.output and "lore" in result.output
    bad = Path(tmp_path) / "bad.txt"
    bad.write_text("title: Bad\n3 | 0. 0. 0.\n2 | 0. 0? 0.\n1 | 0. 0. 0.\ndeploy 1: a1\ndeploy 2: c3\n")
    result = runner.invoke(app, ["map", "show", str(bad)])
    assert result.exit_code == 2
    assert "line 3: square b2 cannot be read" in " ".join(result.output.split())


def test_typing_odds_shows_each_attacks_chances_before_committing():
    from comboarena.agents import Agent

    class Idle(Agent):
        def choose(self, view, legal, rng):
            return next(a for a in legal if a.text == "end")

    from .helpers import FLAT, scenario, unit

    state = scenario(FLAT, [unit("vanguard", "c3"), unit("goblin", "c4", side=1, facing="e")], mode="monsters")
    out = io.StringIO()
    typed = ["odds", "quit"]
    session = Session(state.game, [None, Idle()], console=Console(file=out, width=160), ask=lambda p: typed.pop(0))
    session.state = state
    assert session.run() is None
    text = out.getvalue()
    assert "Odds of your attacks" in text and "fight c4" in text and "62%" in text
