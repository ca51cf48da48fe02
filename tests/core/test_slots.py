"""A state's fields are declared once (``core/slots.py``): a field added to the
declaration appears in ``build``, ``clone``, equality and the position, with no
other list to update."""

from __future__ import annotations

import pytest

import comboarena as ca
from comboarena.core import Chance, PositionError
from comboarena.core.position import Fields
from comboarena.core.slots import LIST, VALUE, Slot, Slots
from comboarena.games.sixteen.fields import FIELDS
from comboarena.games.sixteen.state import SixteenState

#: Sixteen's fields and one more, as a variant of the game might add.
NOTED = FIELDS + Slots(
    Slot("notes", LIST, "what each seat has noted"),
    Slot("mood", VALUE, "the table's mood", read=lambda f, name, game: f.text(name, ("calm", "tense"))),
)


class NotedState(SixteenState):
    __slots__ = ("mood", "notes")


NOTED.install(NotedState)


def _noted(state: SixteenState, notes: list[str], mood: str) -> NotedState:
    values = {name: getattr(state, name) for name in FIELDS.names}
    values |= {"notes": notes, "mood": mood}
    noted: NotedState = NOTED.build(NotedState, state.game, state.chance.clone(), values)
    return noted


def test_a_field_added_to_the_declaration_is_in_build_clone_equality_and_positions():
    state = ca.make("sixteen").new_state(seed=4)
    noted = _noted(state, ["5R"], "calm")
    # clone copies it (a list: an independent copy)
    twin = noted.clone()
    assert twin.notes == ["5R"] and twin.notes is not noted.notes and twin.mood == "calm"
    assert twin == noted
    # equality sees it
    twin.notes.append("0B")
    assert twin != noted
    assert _noted(state, ["5R"], "tense") != noted
    # the position holds it, in declared order, and reads it back (checked by its own reader)
    position = noted.position()
    own = [k for k in position if k not in ("game", "version", "options", "chance")]
    assert own == list(NOTED.saved) and own[-2:] == ["notes", "mood"]
    assert position["notes"] == ["5R"] and position["mood"] == "calm"
    fields = Fields(position)
    for key in ("game", "version", "options", "chance"):
        fields.get(key)
    read = NOTED.read(fields, state.game)
    fields.done()
    assert read["notes"] == ["5R"] and read["mood"] == "calm"
    bad = Fields({**position, "mood": "giddy"})
    with pytest.raises(PositionError, match="mood"):
        NOTED.read(bad, state.game)


def test_build_refuses_a_missing_or_unknown_field():
    game = ca.make("sixteen")
    with pytest.raises(TypeError, match="missing fields"):
        FIELDS.build(SixteenState, game, Chance(1), {"hands": [[], []]})
    with pytest.raises(TypeError, match="unknown fields"):
        FIELDS.build(SixteenState, game, Chance(1), {name: None for name in FIELDS.names} | {"extra": 1})


def test_install_needs_the_declared_slots():
    class Forgetful(SixteenState):
        __slots__ = ()

    with pytest.raises(TypeError, match="must have __slots__ for notes, mood"):
        NOTED.install(Forgetful)


def test_a_field_declared_twice_is_refused():
    with pytest.raises(ValueError, match="declared twice"):
        Slots(Slot("a", VALUE, "one"), Slot("a", VALUE, "again"))
