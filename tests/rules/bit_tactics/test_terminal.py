"""Terminal play: a whole battle and a two-battle campaign typed by a person, the
campaign saved after a victory and continued from its file; ``comboarena map show``."""

import io
import random
import re
from pathlib import Path

import pytest
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
    # the map (5-wide cells: the height stays under units) and the order
    assert "Initiative:" in text and " a    b    c    d    e    f    g    h" in text
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


def test_a_refused_command_says_why_at_the_prompt():
    """Issue 21: each refusal at the real prompt says the rules' reason, as the browser does."""
    typed = "\n".join(["fight g4", "fight j1", "magic cinder e4", "face n", "move d1", "move a1", "quit"]) + "\n"
    result = CliRunner().invoke(app, ["play", "16-bit-tactics", "--seed", "1"], input=typed, env={"COLUMNS": "220"})
    out = result.output
    assert "fight g4 is not legal now: nobody stands on g4." in out
    assert "fight j1 is not legal now: 'j1' is not a square of this 8x8 map (a1-h8)." in out
    assert "magic cinder e4 is not legal now: Ranger does not know Cinder" in out
    assert "face n is not legal now: a unit turns freely at the end of its movement" in out
    assert "move a1 is not legal now: you have already moved this turn." in out


def _typed_in_play(*lines):
    typed = "\n".join([*lines, "quit"]) + "\n"
    result = CliRunner().invoke(app, ["play", "16-bit-tactics", "--seed", "1"], input=typed, env={"COLUMNS": "220"})
    return result.output


def test_map_in_a_game_draws_the_map_with_its_legend_and_heights_under_units():
    out = _typed_in_play("map")
    assert "is not a 16 Bit Tactics move" not in out
    assert "The Crossing — 8x8" in out and "Each square: its height, then . open" in out
    # The Ranger (B) stands on d2, a square of height 1: the height stays in view under it.
    assert " 1B▲ " in out


def test_help_on_a_name_says_what_an_ability_spell_or_item_does():
    out = _typed_in_play("? ward", "help volley", "? tonic", "? nothing")
    assert "Ward (spell, jobs/mender.toml): Protect: the ally resists all physical attacks." in out
    assert "MP cost 8 · range 3 squares · area one square · targets ally" in out
    assert "Volley (job ability" in out and "range the weapon's range · area the square and the four around it" in out
    assert "Tonic (item): Restores 15 HP." in out
    assert "No help on 'nothing'" in out


def test_the_units_table_gives_a_fights_damage_with_the_weapon():
    """The Ranger's DMG is 6 and its Hunting Bow adds 2: it hits for 8, and the table says 8."""
    out = _typed_in_play("units")
    ranger = next(line for line in out.splitlines() if line.strip().startswith("Ranger  "))
    assert ranger.split()[3] == "8", ranger
    assert "DMG: a Fight's damage rating with each weapon in hand" in out


def test_a_turn_that_ends_by_itself_says_so():
    """After moving and acting, facing ends the unit's turn: the log says the turn is over,
    so nobody types 'end' for it (which would end the next unit's turn)."""
    game = ca.make("16-bit-tactics")
    state = game.new_state(seed=1)
    rng = random.Random(0)
    while True:
        seat = state.to_act[0]
        turn = state.view(seat)["turn"]
        if seat == 0 and turn["moved"] and turn["acted"]:
            break
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    events = state.apply(0, "face w")
    narration = game.narration()
    lines = [narration.describe(e, 0, ["You", "AI"]) for e in events]
    assert "Ranger's turn is over: nothing is left for it to do" in lines
    # An 'end' typed by the person ends its own turn without that line.
    unit_seat = state.to_act[0]
    ended = state.apply(unit_seat, "end") if "end" in map(str, state.legal_actions(unit_seat)) else []
    assert not any((narration.describe(e, 0, ["You", "AI"]) or "").endswith("nothing is left for it to do")
                   for e in ended)


def _campaign_into_its_second_battle(tmp_path):
    """A campaign record that goes 12 steps into its second battle (heuristic both sides)."""
    game = ca.make("16-bit-tactics", mode="campaign")
    agent = ca.make_agent("16-bit-tactics.heuristic", game)
    state, rng = game.new_state(seed=1), random.Random(0)
    extra = 12
    while extra:
        seat = state.to_act[0]
        state.apply(seat, agent.choose(state.view(seat), state.legal_actions(seat), rng))
        view = state.view(None)
        assert not state.is_over, "the party was to win its first battle with these seeds"
        if view["battle"] >= 1 and view["phase"] == "battle":
            extra -= 1
    path = tmp_path / "campaign.json"
    path.write_text(state.record.to_json())
    return path


def test_a_campaign_replay_names_every_unit_in_every_battle(tmp_path):
    """Issue 21: campaign units were numbers ("6 guards 5", "— 7's turn —") in the opening
    events of each battle and in every event of `replay --step`."""
    path = _campaign_into_its_second_battle(tmp_path)
    out = CliRunner().invoke(app, ["replay", str(path), "--step"], env={"COLUMNS": "220"}).output
    numbered = re.compile(r"— \d+'s|^\s+\d+ (→|guards|takes|gains)|Initiative .*: \d+ →", re.M)
    assert not numbered.search(out), numbered.search(out).group(0)
    second = out.split(": ready")[-1]  # the second battle, from its first step
    assert "Plague Gnawer's turn" in second and "— Cave Flitter's turn —" in out


def test_one_turn_is_one_turn_in_the_log():
    from comboarena.core import Event
    from comboarena.games.bit_tactics.view import EventKind

    narration = ca.make("16-bit-tactics").narration()
    tick = Event(EventKind.TICK, 0, {"unit": 0, "status": "poison", "turns": 1,
                                     "roll": {"rolls": [[3, 5]], "won": False}})
    gain = Event(EventKind.STATUS, 0, {"unit": 0, "status": "slow", "turns": 1, "why": ""})
    assert "poison: 1 turn left" in narration.describe(tick, 0, ["You", "AI"])
    assert narration.describe(gain, 0, ["You", "AI"]).endswith("gains slow for 1 turn")


def test_replaying_a_campaign_record_never_writes_a_file(tmp_path, monkeypatch):
    """Issue 21: `replay` of a record that ends at camp wrote the campaign's next-battle file
    (and so changed what a newer record of that campaign replays from)."""
    game = ca.make("16-bit-tactics", mode="campaign")
    agent = ca.make_agent("16-bit-tactics.heuristic", game)
    state, rng = game.new_state(seed=1), random.Random(0)
    while state.view(None)["phase"] != "camp":
        seat = state.to_act[0]
        state.apply(seat, agent.choose(state.view(seat), state.legal_actions(seat), rng))
    record = tmp_path / "at-camp.json"
    record.write_text(state.record.to_json())
    monkeypatch.chdir(tmp_path)
    for args in (["replay", str(record)], ["replay", str(record), "--step"]):
        out = CliRunner().invoke(app, args)
        assert out.exit_code == 0, out.output
        assert sorted(p.name for p in tmp_path.iterdir()) == ["at-camp.json"], args
        assert "Campaign saved" not in out.output


@pytest.mark.parametrize("width", [100, 120])
def test_the_units_table_keeps_each_unit_on_one_line(width):
    """Issue 21: "(seat 1)" wrapped onto a second line of every row of the units table (at 120
    columns with long statuses; at 100 with these)."""
    game = ca.make("16-bit-tactics")
    state, rng = game.new_state(seed=1), random.Random(0)
    for _ in range(120):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    out = io.StringIO()
    names = ["You", "16-bit-tactics.heuristic (seat 1)"]
    Console(file=out, width=width).print(game.text_ui().render(state.view(0), names))
    rows = [line for line in out.getvalue().splitlines() if "16-bit-tactics.heuristic" in line]
    assert len(rows) == 4 and all("(seat 1)" in row for row in rows)
