"""The match declared once (``fields.py``): positions, clones and equality follow from the
declaration; positions saved before it still load; result reasons are a ``Termination``;
one rule takes a card from the hand."""

import copy
import json
import random
from pathlib import Path

import pytest

import comboarena as ca
from comboarena.core import Chance
from comboarena.core.slots import VALUE, Slot, Slots
from comboarena.games.combo_fighter.fields import FIELDS, PLAIN, SEAT, FighterSeat
from comboarena.games.combo_fighter.seatslots import SeatSlot, SeatSlots
from comboarena.games.combo_fighter.state import FighterState
from comboarena.games.combo_fighter.view import Termination

from .helpers import act, new, seat
from .test_damage import boris_hits

#: Positions written by the code before the state was declared once (issue 18), one per
#: phase and mode, each with the actions played on from it and the position they reach.
SAVED = json.loads((Path(__file__).parent / "data" / "positions_v1.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("saved", SAVED, ids=[f"{s['mode']}-{s['phase']}" for s in SAVED])
def test_a_position_saved_before_the_declaration_loads_and_plays_on(saved):
    game = ca.make("combo-fighter", **saved["options"])
    state = game.from_position(saved["position"])
    assert state.position() == saved["position"]
    for s, action in saved["actions"]:
        state.apply(s, action)
    assert json.loads(json.dumps(state.position())) == saved["after"]


def test_the_saved_positions_cover_every_phase_of_every_mode():
    assert {(s["mode"], s["phase"]) for s in SAVED} >= {
        *(("versus", p) for p in ("play", "retro", "combo", "damage", "discard", "over")),
        *(("tag", p) for p in ("pick", "breath", "tag")),
        ("solo", "damage"),
    }


def test_a_fighters_position_entry_holds_exactly_its_declared_fields():
    state = new()
    assert [k for k in state.position() if k not in ("game", "version", "options", "chance")] == list(FIELDS.saved)
    assert all(list(entry) == list(SEAT.names) for entry in state.position()["fighters"])


class Bruised(FighterState):
    __slots__ = ("bruises",)


class BruisedSeat(FighterSeat):
    __slots__ = ("swelling",)


BRUISED = FIELDS + Slots(Slot("bruises", VALUE, "a field a mode might add"))
BRUISED.install(Bruised)
SWOLLEN = SEAT + SeatSlots(SeatSlot("swelling", PLAIN, "a fighter's field a mode might add"))
SWOLLEN.install(BruisedSeat)


def test_a_field_added_to_the_declaration_is_cloned_compared_and_written():
    """Declared once: a field added to FIELDS (or to SEAT) appears in clone, equality and
    the position without being listed anywhere else."""
    game = ca.make("combo-fighter")
    base = game.new_state(seed=3)
    values = {name: getattr(base, name) for name in FIELDS.names}
    values["fighters"] = [
        SWOLLEN.build(BruisedSeat, f.sheet, {**{n: getattr(f, n) for n in SEAT.names}, "swelling": 2})
        for f in base.fighters
    ]
    state = BRUISED.build(Bruised, game, Chance(3), {**values, "bruises": 1})
    twin = state.clone()
    assert twin == state and twin.bruises == 1 and twin.fighters[0].swelling == 2
    twin.bruises = 2
    assert twin != state
    twin = state.clone()
    twin.fighters[1].swelling = 3
    assert twin != state and state.fighters[1].swelling == 2
    position = state.position()
    assert position["bruises"] == 1 and position["fighters"][0]["swelling"] == 2
    assert list(position)[-1] == "bruises" and list(position["fighters"][0])[-1] == "swelling"


def test_a_clone_shares_no_zone_with_its_original():
    state, _ = boris_hits()
    twin = state.clone()
    assert twin == state
    for f, g in zip(state.fighters, twin.fighters, strict=True):
        assert f is not g and f.sheet is g.sheet
        for name in ("hand", "deck", "discard", "aside", "play", "set_aside", "drawn"):
            assert getattr(f, name) is not getattr(g, name)
    act(twin, 1, "rest")
    assert twin != state and state.fighters[1].damage > 0


@pytest.mark.parametrize("options", [{}, {"mode": "solo"}, {"mode": "tag", "best_of": 1}, {"best_of": 5}])
def test_every_result_reason_is_a_termination_and_records_keep_its_text(options):
    game = ca.make("combo-fighter", **options)
    for seed in range(4):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            s = rng.choice(state.to_act)
            state.apply(s, rng.choice(state.legal_actions(s)))
        reason = state.result().reason
        assert isinstance(reason, Termination)
        a, b = state.view(None)["wins"]
        assert reason == f"fights won {max(a, b)}-{min(a, b)}"
        assert json.loads(state.record.to_json())["result"]["reason"] == str(reason)
        assert ca.replay(ca.Record.from_json(state.record.to_json())).result().reason == reason


def test_termination_names_every_way_a_match_can_end():
    assert Termination.won(2, 1) is Termination.WON_2_1 and Termination.drawn(1) is Termination.DRAWN_1_1
    for best_of in (1, 3, 5):
        need = best_of // 2 + 1
        for most in range(1, need + 1):
            for least in range(most):
                assert Termination.won(most, least) == f"fights won {most}-{least}"
        for each in range(need):
            assert Termination.drawn(each) == f"fights drawn {each}-{each}"


def _refused_alike(state, who, code):
    before = copy.deepcopy(state.position())
    with pytest.raises(ca.IllegalAction) as info:
        state.apply(who, code)
    assert state.position() == before  # refused before anything changed
    return str(info.value).split(";")[0]


def test_a_card_not_in_the_hand_is_refused_alike_when_played_taken_or_discarded():
    """Playing face down, taking a point of damage and discarding before the refill take a
    card from the hand by one rule: a card not held is refused in the same words."""
    state = new(deck=[seat(["hf", "bk", "cc", "iw", "wb"]), seat(["ls", "lj", "wd", "sb", "fs"], ["sk", "cp"])])
    played = _refused_alike(state, 1, "cp")
    state, _ = boris_hits()
    taken = _refused_alike(state, 1, "cp")
    act(state, 1, "rest")
    discarded = _refused_alike(state, 1, "cp")
    assert played == taken == discarded == "cp is not allowed: Crane Palm (cp) is not in your hand"


def test_the_card_taken_from_the_hand_goes_where_its_rule_puts_it():
    state = new(deck=[seat(["hf", "bk", "cc", "iw", "wb"]), seat(["ls", "lj", "wd", "sb", "fs"], ["sk", "cp"])])
    state.apply(0, "hf")
    assert state.fighters[0].face_down == state.game.fighters[0].index["hf"]
    state, _ = boris_hits()
    act(state, 1, "wd")
    grace = state.game.fighters[1]
    assert grace.index["wd"] in state.fighters[1].discard and grace.index["wd"] not in state.fighters[1].hand
