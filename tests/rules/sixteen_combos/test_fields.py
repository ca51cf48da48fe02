"""16 Combos' state is declared once (``fields.py``): a field added in one place appears in
``build``, ``clone``, equality and positions, for the state's own fields, a pair's and a
character's columns and the action in progress alike."""

import random
from dataclasses import dataclass, field

import comboarena as ca
from comboarena.core import Chance
from comboarena.core.position import ENVELOPE
from comboarena.core.slots import VALUE, Slot, Slots
from comboarena.games.sixteen_combos.fields import FIELDS, Act, Characters, Pairs
from comboarena.games.sixteen_combos.records import NUMBERS, column, columns, field_names, record
from comboarena.games.sixteen_combos.state import ComboState, empty_table


def _midgame(seed=5, steps=40, **options):
    game = ca.make("16-combos", **options)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_a_position_holds_exactly_the_declared_fields_of_the_state_pairs_characters_and_action():
    pos = _midgame().position()
    assert [k for k in pos if k not in ENVELOPE] == list(FIELDS.saved)
    assert pos["pairs"] and all(list(p) == list(field_names(Pairs)) for p in pos["pairs"])
    assert all(list(ch) == list(field_names(Characters)) for ch in pos["characters"])
    assert list(pos["action"]) == list(field_names(Act))


@columns
@dataclass(slots=True, eq=False)
class ScarredPairs(Pairs):
    """Pairs with one more column, declared in this one place."""

    scars: list[int] = field(metadata=column(NUMBERS, 0))


@record
@dataclass(slots=True, eq=False)
class LoudAct(Act):
    """The action with one more field, declared in this one place."""

    shout: str = ""


def test_a_column_added_in_one_place_is_copied_compared_and_written():
    pairs = ScarredPairs.from_json([{**row, "scars": 0} for row in _midgame().pairs.to_json()])
    copy = pairs.copy()
    assert copy.key() == pairs.key() and [row["scars"] for row in copy.to_json()] == [0] * len(pairs.scars)
    copy.scars[0] = 2
    assert pairs.scars[0] == 0 and copy.key() != pairs.key()
    assert ScarredPairs.from_json(copy.to_json()).key() == copy.key()
    assert ScarredPairs.blank(3).scars == [0, 0, 0]


def test_a_field_added_to_the_action_in_one_place_is_copied_compared_and_written():
    act = LoudAct(1)
    act.shout = "level 10 vitality"
    copy = act.copy()
    assert copy.shout == act.shout and copy.key() == act.key() and copy.to_json()["shout"] == act.shout
    copy.shout = ""
    assert act.shout and copy.key() != act.key()
    assert LoudAct.from_json(act.to_json()).key() == act.key()


MOODY = FIELDS + Slots(Slot("mood", VALUE, "a made-up field, declared in this one place"))


class MoodyState(ComboState):
    __slots__ = ("mood",)


MOODY.install(MoodyState)


def test_a_state_field_added_in_one_place_is_built_cloned_compared_and_written():
    game = ca.make("16-combos")
    values = {**empty_table(game, list(range(52))), "card_type": (), "legal_cache": None, "seen": None,
              "mood": "calm"}
    state = MOODY.build(MoodyState, game, Chance(1), values)
    copy = state.clone()
    assert copy.mood == "calm" and copy == state
    assert list(state.position())[-1] == "mood" and state.position()["mood"] == "calm"
    copy.mood = "cross"
    assert copy != state and state.mood == "calm"
