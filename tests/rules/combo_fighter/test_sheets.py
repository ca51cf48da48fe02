"""The Character Sheet: the catalog clients read, the terminal's ``sheet`` command and
``comboarena rules combo-fighter --fighter``."""

import json
import re

from rich.console import Console
from typer.testing import CliRunner

import comboarena as ca
from comboarena.cli import app
from comboarena.games.combo_fighter.content import fighters

from .helpers import act, new, play, seat


def text_of(renderable, width=140):
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_the_catalog_holds_every_printed_part_of_each_sheet():
    game = ca.make("combo-fighter", fighters="grace,junior")
    sheets = json.loads(json.dumps(game.catalog()))["fighters"]
    grace, junior = fighters()["grace"], fighters()["junior"]
    g = sheets[0]
    assert g["id"] == "grace" and g["name"] == "Grace Lee" and g["difficulty"] == grace.difficulty
    # The token: both sides with their full printed text, and what is printed on both.
    assert [(s["side"], s["name"], s["text"]) for s in g["token"]["sides"]] == [
        ("A", grace.token.sides[0].name, grace.token.sides[0].text),
        ("B", grace.token.sides[1].name, grace.token.sides[1].text),
    ]
    assert "Phoenix Strike" in g["token"]["text"] and g["token"]["start_aside"] == ["ps"]
    # Signature Combos: the cards in order (codes and titles) and both damages.
    petals = next(s for s in g["signatures"] if s["name"] == "Hundred Petals")
    assert petals["basic"]["cards"] == ["lj", "lj", "cp"]
    assert petals["basic"]["titles"] == ["Lightning Jab", "Lightning Jab", "Crane Palm"]
    assert petals["basic"]["damage"] == "7" and petals["power"]["damage"] == "12"
    assert petals["power"]["cards"] == ["lj", "lj", "cp", "ps"] and petals["power"]["side_b_only"] is False
    acupressure = next(s for s in sheets[1]["signatures"] if s["name"] == "Acupressure")
    assert acupressure["power"]["side_b_only"] is True
    assert acupressure["basic"]["damage_parts"] == {"text": "X+3", "x": 1, "base": 3}
    # The starting hand and the deck list with counts.
    assert [c["code"] for c in g["starting_hand"]] == [grace.cards[t].code for t in grace.starting_hand]
    assert all(c["title"] for c in g["starting_hand"])
    assert sum(c["count"] for c in g["deck"]) == 50
    assert {c["code"]: c["count"] for c in g["deck"]} == {c.code: c.copies for c in grace.cards}
    # The cards as printed, by code (names kept for existing clients: kind, button, combo, box, copies).
    nd = sheets[1]["cards"]["nd"]
    assert nd["title"] == "Needle" and nd["kind"] == "attack" and nd["button"] == "circle" and nd["symbol"] == "●"
    assert nd["copies"] == junior.cards[junior.index["nd"]].copies and nd["combo"] == "1"
    assert sheets[1]["solo"]["start_aside"] == ["nd", "nd"] and "Needle" in sheets[1]["solo"]["text"]


def test_a_sheet_shows_the_token_side_up_x_and_the_cards_aside():
    ui = ca.make("combo-fighter", fighters="junior,boris").text_ui()
    state = new(("junior", "boris"), deck=[seat(["nd", "nd", "gp", "ab", "ws"], aside=["nd"], side="B"), None])
    render, = (cmd[1] for name, cmd in ui.commands().items() if name == "sheet")
    out = text_of(render(state.view(0)))
    # Your fighter first, then the opponent's.
    assert out.index("Junior Aurelus (junior)") < out.index("Boris Wolfram (boris)")
    assert "▶ B: Golden Meridian" in out and "  A: Pressure Points" in out
    x = state.view(0)["fighters"][0]["x"]
    assert x == 2 + 1  # side B: 2 more than the Needles set aside (one)
    assert re.search(rf"X now\s+{x}\b", out)
    assert "set aside" in out and "Needle" in out
    assert "Acupressure" in out and "Basic" in out and "Power" in out and "(side B only)" in out
    assert "Starting hand: " in out and "Action Deck (50 cards)" in out
    assert "▶ A: Iron Guard" in out  # Boris's token is on side A


def test_the_help_for_the_sheet_command_says_what_it_shows():
    ui = ca.make("combo-fighter").text_ui()
    help_text, render = ui.commands()["sheet"]
    assert "Character Sheets" in help_text and callable(render)


def test_rules_with_a_fighter_prints_the_sheet():
    runner = CliRunner()
    out = runner.invoke(app, ["rules", "combo-fighter", "--fighter", "boris"], terminal_width=150)
    assert out.exit_code == 0, out.output
    boris = fighters()["boris"]
    for sig in boris.signatures:
        assert sig.name in out.output
    assert boris.token.sides[0].name in out.output and boris.token.sides[1].name in out.output
    assert "Starting hand:" in out.output and "Hammer Fist (hf)" in out.output
    bad = runner.invoke(app, ["rules", "combo-fighter", "--fighter", "ken"])
    assert bad.exit_code == 2 and "'ken' is not a fighter; the fighters are boris, grace" in bad.output
    other = runner.invoke(app, ["rules", "sixteen", "--fighter", "boris"])
    assert other.exit_code == 2 and "has no fighters" in other.output


def test_the_table_reminds_the_player_of_the_sheet_command():
    ui = ca.make("combo-fighter").text_ui()
    state = new(deck=[seat(["hf", "iw", "cc", "pa", "hs"]), seat(["ls", "lj", "wd", "sb", "fs"])])
    assert "type sheet for the Character Sheets" in text_of(ui.render(state.view(0), ["You", "Bot"]))
    play(state, "hf", "ls")
    act(state, 0, "end")
    assert "Take damage" in text_of(ui.render(state.view(1), ["Bot", "You"]))
