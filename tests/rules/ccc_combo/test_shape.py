"""The game's shape (issue 18): the state declared once (``fields.py``), positions saved
before still loading, the invariant on the state, result reasons a ``Termination``, the
game's own narration, and rule modules that say which fields they change."""

import ast
import inspect
import json
import random
import re
from pathlib import Path

import pytest

import comboarena as ca
from comboarena.core import Chance, Event, InvariantError
from comboarena.core.slots import LIST, Slot, Slots
from comboarena.games.ccc_combo import combo, counter, draws, end, gameplay, setup
from comboarena.games.ccc_combo.fields import FIELDS
from comboarena.games.ccc_combo.narration import CccNarration
from comboarena.games.ccc_combo.state import CccState
from comboarena.games.ccc_combo.view import Termination
from comboarena.server.words import Words

from .helpers import act, new

#: Positions written by the code before the state was declared once (issue 18), one per
#: phase and option set, each with the moves played on from it, where they led, and the result.
SAVED = json.loads((Path(__file__).parent / "data" / "positions_v1.json").read_text(encoding="utf-8"))
BASES = ["KD", "5H", "9D", "3H"]


@pytest.mark.parametrize("saved", SAVED, ids=[f"{s['phase']}-{'-'.join(map(str, s['options']))}" for s in SAVED])
def test_a_position_saved_before_the_declaration_loads_and_plays_on(saved):
    game = ca.make("ccc-combo", **saved["options"])
    state = game.from_position(saved["position"])
    assert state.position() == saved["position"]
    for seat, action in saved["actions"]:
        state.apply(seat, action)
        state.check_invariants()
    assert json.loads(json.dumps(state.position())) == saved["end"]
    assert json.loads(json.dumps(state.result().to_dict())) == saved["result"]


def test_the_saved_positions_cover_every_phase():
    phases = {"big players", "play", "window", "burn", "heal", "over", "play after a reshuffle"}
    assert {s["phase"] for s in SAVED} == phases
    assert {s["phase"] for s in SAVED if s["options"].get("big_players")} == phases - {"big players"}


def test_a_position_holds_exactly_the_declared_saved_fields_in_order():
    state = new(BASES)
    assert [k for k in state.position() if k not in ("game", "version", "options", "chance")] == list(FIELDS.saved)
    assert set(FIELDS.names) - set(FIELDS.saved) == {"owes"}  # who acts follows from the rest


class Noted(CccState):
    __slots__ = ("notes",)


NOTED = FIELDS + Slots(Slot("notes", LIST, "a field a variant might add"))
NOTED.install(Noted)


def test_a_field_added_to_the_declaration_is_cloned_compared_and_written():
    state = new(BASES)
    values = {name: getattr(state, name) for name in FIELDS.names}
    noted = NOTED.build(Noted, state.game, Chance(1, draws=1), {**values, "notes": ["7H"]})
    twin = noted.clone()
    assert twin == noted and twin.notes == ["7H"] and twin.notes is not noted.notes
    twin.notes.append("8H")
    assert twin != noted
    assert noted.position()["notes"] == ["7H"] and list(noted.position())[-1] == "notes"


def test_the_state_checks_its_own_invariant_and_the_game_asks_it():
    state = new(BASES, [["7H"], [], [], []])
    state.check_invariants()
    twice = state.clone()
    twice.hands[1].append("7H")  # seat 0's card in seat 1's hand too
    with pytest.raises(InvariantError, match="7H"):
        twice.check_invariants()
    with pytest.raises(InvariantError):
        state.game.check_invariants(twice)
    left_open = state.clone()
    left_open.window = (1, left_open.owes)  # a reaction window outside phase window
    with pytest.raises(InvariantError, match="window"):
        left_open.check_invariants()


def test_result_reasons_are_terminations_and_records_keep_the_text():
    game = ca.make("ccc-combo", turn_limit=30)
    reasons = set()
    for seed in range(20):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        reason = state.result().reason
        assert isinstance(reason, Termination)
        assert json.loads(state.record.to_json())["result"]["reason"] == reason.value
        reasons.add(reason)
    assert Termination.TURN_LIMIT in reasons and Termination.OUT_OF_CARDS in reasons


def test_the_terminal_and_the_browsers_log_share_the_games_own_sentences():
    game = ca.make("ccc-combo", big_players=(0, 1))
    narration = game.narration()
    assert isinstance(narration, CccNarration)
    combo_event = Event("combo", 0, {"card": "7H", "pile": 1, "stack": 2, "effect": "burn"})
    said = "Ann: COMBO 7H on your pile — stack 2, burn 2 cards!"
    names = ["Ann", "Bob", "Cy", "Di"]
    assert narration.describe(combo_event, 1, names) == said
    assert game.text_ui().describe(combo_event, 1, names) == said
    assert Words(game).event(combo_event, 1, names) == said
    state = new(BASES, [["7H"], [], [], ["7D"]])
    events = act(state, (0, "7H>1"), (3, "7D>1"))
    lines = [Words(game).event(e, 3, names) for e in ca.events_for(events, 3)]
    assert "You: COUNTER out of turn with 7D on Bob's pile — 5H 7H cleared." in lines


RULE_MODULES = [setup, gameplay, combo, counter, draws, end]


@pytest.mark.parametrize("module", RULE_MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[1])
def test_each_rule_module_names_its_rulebook_section_and_the_fields_it_changes(module):
    """A rule module's docstring names its section of the rulebook and the fields it
    changes; it assigns no other field of the state."""
    doc = module.__doc__
    assert "Rulebook:" in doc or "*The" in doc
    changes = doc[doc.index("Changes ") :]
    named = set(re.findall(r"``(\w+)``", changes[: changes.index(".\n") if ".\n" in changes else None]))
    assert named and named <= set(FIELDS.names), named - set(FIELDS.names)
    assigned = set()
    for node in ast.walk(ast.parse(inspect.getsource(module))):
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign):
            targets = [node.target]
        for t in targets:
            for sub in ast.walk(t):
                if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and sub.value.id == "s":
                    assigned.add(sub.attr)
    assert assigned <= named, f"{module.__name__} assigns {sorted(assigned - named)} but does not say so"
